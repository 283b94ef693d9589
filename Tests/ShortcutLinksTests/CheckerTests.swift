import Testing

@testable import ShortcutLinks

@Suite struct AASACheckerTests {
    func problems(_ json: String) -> [String] {
        AASAChecker.check(Array(json.utf8), file: "f.json").problems.map { "\($0.severity.rawValue): \($0.path): \($0.message)" }
    }

    @Test func applesExampleHasNoProblems() {
        #expect(problems(appleExample).isEmpty)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        /// The start of the one expected line: `severity: path`.
        let expected: String
        var testDescription: String { expected }
    }

    @Test(arguments: [
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["abcde12345.com.x"], "components": []}]}}"#,
            expected: "error: applinks.details[0].appIDs[0]: 'abcde12345.com.x': the team ID 'abcde12345' is not 10 characters"),
        Case(
            json: #"{"applinks": {"details": [{"appID": "ABCDE1234.com.x", "paths": ["*"]}]}}"#,
            expected: "error: applinks.details[0].appID: 'ABCDE1234.com.x': the team ID"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com..x"], "components": []}]}}"#,
            expected: "error: applinks.details[0].appIDs[0]: 'ABCDE12345.com..x': the bundle ID"),
        Case(
            json: #"{"applinks": {"details": [{"components": [{"/": "*"}]}]}}"#,
            expected: "error: applinks.details[0]: has neither \"appIDs\" nor \"appID\""),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"]}]}}"#,
            expected: "error: applinks.details[0]: has neither \"components\" nor \"paths\""),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": 3}]}]}}"#,
            expected: "error: applinks.details[0].components[0][\"/\"]: is a number 3; it must be a pattern string"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"?": {"a": 1}}]}]}}"#,
            expected: "error: applinks.details[0].components[0][\"?\"].a: is a number 1"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/$(food)"}]}]}}"#,
            expected: "error: applinks.details[0].components[0][\"/\"]: $(food) is not a substitution variable"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/$(lang"}]}]}}"#,
            expected: "error: applinks.details[0].components[0][\"/\"]: '/$(lang' opens a substitution variable"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"exclude": "yes"}]}]}}"#,
            expected: "error: applinks.details[0].components[0].exclude: is a string \"yes\"; it must be true or false"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "buy/*"}]}]}}"#,
            expected: "warning: applinks.details[0].components[0][\"/\"]: \"buy/*\" can never match"),
        Case(
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"path": "/x"}]}]}}"#,
            expected: "warning: applinks.details[0].components[0].path: is not a known key"),
        Case(
            json: #"{"applinks": {"details": [], "defaults": {"caseSensitive": 0}}}"#,
            expected: "error: applinks.defaults.caseSensitive: is a number 0; it must be true or false"),
        Case(
            json: #"{"applinks": {"details": [], "substitutionVariables": {"a(b": ["x"]}}}"#,
            expected: "error: applinks.substitutionVariables[\"a(b\"]: 'a(b' is not a variable name"),
        Case(
            json: #"{"applinks": {"details": [], "substitutionVariables": {"v": ["$(lang)"]}}}"#,
            expected: "error: applinks.substitutionVariables.v[0]: '$(lang)' refers to another substitution variable"),
        Case(json: #"{"webcredentials": {"apps": ["nope"]}}"#, expected: "error: webcredentials.apps[0]: 'nope' has no '.'"),
        Case(json: #"{"appclips": {"apps": []}}"#, expected: "error: appclips.apps: is empty"),
        Case(json: #"{"applinks": {"detail": []}}"#, expected: "warning: applinks.detail: is not a known key"),
        Case(json: #"[1]"#, expected: "error: (root): is an array; it must be an object"),
        Case(json: #"{"applinks": "#, expected: "error: (file): malformed JSON at byte 13: unexpected end of input"),
    ])
    func eachProblemNamesItsPath(_ row: Case) {
        let found = problems(row.json)
        #expect(found.contains { $0.hasPrefix(row.expected) }, "\(found)")
    }

    @Test func theSizeLimitIsAtItsEdge() {
        func padded(_ size: Int) -> [UInt8] {
            let body = Array(#"{"webcredentials": {"apps": ["ABCDE12345.com.x"]}}"#.utf8)
            return body + [UInt8](repeating: 0x20, count: size - body.count)
        }
        #expect(AASAChecker.check(padded(131_072), file: "f").file != nil)
        let refused = AASAChecker.check(padded(131_073), file: "f")
        #expect(refused.file == nil)
        #expect(
            refused.problems.map(\.description) == [
                "f: (file): the file is 131073 bytes; the limit is 131072 (128 KB, Apple's CDN refuses larger association files)"
            ])
    }
}

@Suite struct AssetLinksCheckerTests {
    static let print = (0..<32).map { _ in "AB" }.joined(separator: ":")

    func problems(_ json: String) -> [String] {
        AssetLinksChecker.check(Array(json.utf8), file: "a.json").map { "\($0.severity.rawValue): \($0.path): \($0.message)" }
    }

    @Test func aValidStatementHasNoProblems() {
        #expect(
            problems(
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [""#
                    + Self.print + #""]}}]"#
            ).isEmpty)
    }

    @Test(arguments: [
        (
            #"[{"relation": ["x"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": ["AB:CD"]}}]"#,
            "error: [0].target.sha256_cert_fingerprints[0]: 'AB:CD' is not a SHA-256 fingerprint"
        ),
        (
            #"[{"relation": ["x"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": ["ab"]}}]"#,
            "error: [0].target.sha256_cert_fingerprints[0]: 'ab' is not a SHA-256 fingerprint: 32 bytes as upper-case hex pairs joined by ':' (AB:CD:…), here 1 part (lower-case hex is not accepted)"
        ),
        (
            #"[{"relation": ["x"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": []}}]"#,
            "warning: [0].relation[0]: 'x' is not a relation Android reads"
        ),
        (
            #"[{"relation": [], "target": {"namespace": "ios_app"}}]"#,
            "error: [0].target.namespace: is 'ios_app'; it must be \"android_app\""
        ),
        (
            #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "1com", "sha256_cert_fingerprints": []}}]"#,
            "error: [0].target.package_name: '1com' is not a package name"
        ),
        (#"[{"target": {}}]"#, "error: [0]: has no \"relation\""),
        (#"{}"#, "error: (root): is an object; it must be an array"),
    ])
    func eachProblemNamesItsPath(_ json: String, _ expected: String) {
        let found = problems(json)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test func fingerprintsAreExactly32UpperCaseBytes() {
        #expect(AssetLinksChecker.fingerprintProblem(Self.print) == nil)
        #expect(AssetLinksChecker.fingerprintProblem(Self.print + ":AB") != nil)
        #expect(AssetLinksChecker.fingerprintProblem(String(Self.print.dropLast(3))) != nil)
        #expect(AssetLinksChecker.fingerprintProblem(Self.print.replacingFirstPair()) != nil)
    }
}

extension String {
    /// The first byte as lower-case hex.
    func replacingFirstPair() -> String { "ab" + dropFirst(2) }
}
