import Foundation
import TestSupport
import Testing

/// `shortcut-serve links check|match` and a broken `--aasa`, through the real binary.
@Suite struct LinksCLITests {
    static let broken = #"{"applinks": {"details": [{"appIDs": ["abc.x"], "components": [{"/": 3, "x": 1}]}]}}"#

    @Test func checkPrintsOneLinePerProblemAndExits1() throws {
        let bad = try SampleInputs.file(Array(Self.broken.utf8))
        let good = try SampleInputs.file(Array(SampleInputs.aasa.utf8))
        let run = try ServeBinary.run(["links", "check", bad, good])
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n").map(String.init) == [
                "error: \(bad): applinks.details[0].appIDs[0]: 'abc.x': the team ID 'abc' is not 10 characters of A-Z and 0-9; an app ID is TEAMID.bundle.id, a 10-character team ID of A-Z and 0-9 (e.g. ABCDE12345.com.example.app)",
                "warning: \(bad): applinks.details[0].components[0].x: is not a known key (ignored); known here: \"/\", \"?\", \"#\", \"exclude\", \"comment\", \"caseSensitive\", \"percentEncoded\"",
                "error: \(bad): applinks.details[0].components[0][\"/\"]: is a number 3; it must be a pattern string (* any run, ? one character)",
                "\(good): ok",
            ])
        let clean = try ServeBinary.run(["links", "check", good])
        #expect(clean.status == 0)
        #expect(clean.stdout == "\(good): ok\n")
    }

    @Test func checkReadsAnArrayAsAssetLinks() throws {
        let file = try SampleInputs.file(
            Array(
                #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "com.x", "sha256_cert_fingerprints": ["AB"]}}]"#
                    .utf8))
        let run = try ServeBinary.run(["links", "check", file])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("error: \(file): [0].relation: is empty"))
        #expect(run.stdout.contains("error: \(file): [0].target.sha256_cert_fingerprints[0]: 'AB' is not a SHA-256 fingerprint"))
    }

    @Test func matchPrintsTheTraceAndExits0WhenAnAppOpensIt() throws {
        let file = try SampleInputs.file(Array(SampleInputs.aasa.utf8))
        let opens = try ServeBinary.run(["links", "match", "https://example.com/buy/1", "--aasa", file])
        #expect(opens.status == 0)
        #expect(
            opens.stdout == """
                url: https://example.com/buy/1
                path: /buy/1  query: (none)  fragment: (none)
                applinks.details[0] (ABCDE12345.com.example.app)
                  components[0] # "no_universal_links"  exclude: no match: fragment "" does not match "no_universal_links"
                  components[1] / "/buy/*": match: the URL matches
                decided by: applinks.details[0].components[1]
                result: opens in ABCDE12345.com.example.app

                """)
        // Every command takes --store (issue 26: match refused it with exit 64); match and check read none.
        let withStore = try ServeBinary.run(["links", "match", "https://example.com/buy/1", "--aasa", file, "--store", "/nonexistent"])
        #expect(withStore.status == 0 && withStore.stdout == opens.stdout, "\(withStore.stderr)")
        #expect(try ServeBinary.run(["links", "check", file, "--store", "/nonexistent"]).status == 0)
        #expect(try ServeBinary.run(["qr", "--url", "hello", "--store", "/nonexistent"]).status == 0, "qr --url takes --store too")
        let safari = try ServeBinary.run(["links", "match", "https://example.com/buy/1#no_universal_links", "--aasa", file])
        #expect(safari.status == 1)
        #expect(
            safari.stdout.hasSuffix(
                """
                decided by: applinks.details[0].components[0]
                result: Safari opens it: applinks.details[0].components[0] excludes it and no other entry matches

                """))
    }

    @Test func matchRefusesBadInputWithAReason() throws {
        let file = try SampleInputs.file(Array(SampleInputs.aasa.utf8))
        let badURL = try ServeBinary.run(["links", "match", "example.com/buy", "--aasa", file])
        #expect(badURL.status == 64)
        #expect(badURL.stderr.hasPrefix("Error: 'example.com/buy' is not an absolute URL"))
        let noFile = try ServeBinary.run(["links", "match", "https://e.com/"])
        #expect(noFile.status == 64)
        #expect(noFile.stderr.hasPrefix("Error: links match needs --aasa FILE\n"))
        let brokenFile = try SampleInputs.file(Array(Self.broken.utf8))
        let broken = try ServeBinary.run(["links", "match", "https://e.com/", "--aasa", brokenFile])
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.split(separator: "\n").count == 2)
    }

    @Test func aBrokenAASARefusesTheStart() throws {
        let file = try SampleInputs.file(Array(Self.broken.utf8))
        let run = try ServeBinary.run(["--port", "0", "--store", ServeBinary.temporaryStore(), "--aasa", file])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                error: \(file): applinks.details[0].appIDs[0]: 'abc.x': the team ID 'abc' is not 10 characters of A-Z and 0-9; an app ID is TEAMID.bundle.id, a 10-character team ID of A-Z and 0-9 (e.g. ABCDE12345.com.example.app)
                error: \(file): applinks.details[0].components[0]["/"]: is a number 3; it must be a pattern string (* any run, ? one character)

                """)
        let missing = try ServeBinary.run([
            "--port", "0", "--store", ServeBinary.temporaryStore(), "--assetlinks", "/nonexistent/assetlinks.json",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: /nonexistent/assetlinks.json: cannot read the file (missing, a folder, or not readable)\n")
    }

    @Test func aServerWithAnAASAServesItAndWarnsAtStart() throws {
        let file = try SampleInputs.file(
            Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "*"}]}]}, "extra": 1}"#.utf8))
        let server = try ServeBinary.Server(["--store", ServeBinary.temporaryStore(), "--aasa", file, "--quiet"])
        let status = server.stop()
        let stderr = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0)
        #expect(stderr.contains("warning: \(file): (root).extra: is not a known key (ignored)"))
    }
}
