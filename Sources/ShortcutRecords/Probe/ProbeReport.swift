import ShortcutJSON

/// What the probe page (`GET /probe`, opened on the user's phone) found of each delivery path, as it
/// reported it (`POST /probe/report`). Every member is optional: a page may not get as far as a check.
///
/// Anything here came from the network: members are checked by type, texts are cut to a named number of
/// bytes and carry no control characters (a report is printed on a terminal, where an escape sequence would
/// be obeyed), unknown members are dropped, and nesting is bounded (`maxDepth`).
package struct ProbeReport: Sendable, Equatable {
    /// The largest body `POST /probe/report` takes, in bytes; more gets 413.
    package static let maxBodyBytes = 16_384
    /// The most bytes kept of a text member (the user agent, the origin, a reason); the rest is cut.
    package static let maxTextBytes = 512
    /// The deepest nesting a report's JSON may have (its known members are plain values; an unknown member
    /// may hold anything this shallow, and is dropped). Deeper is refused while parsing.
    package static let maxDepth = 8

    /// A check that was made, or not: `followed` / `refused` for the redirect to `data:`, `opened` /
    /// `not opened` for the app URL.
    package enum Outcome: String, Sendable, CaseIterable {
        case followed, refused, opened
        case notOpened = "not opened"
    }

    /// Set by the server: the report's number (from 1, per server run), and who sent it.
    package var sequence = 0
    package var peer = ""
    /// Seconds since 1970 when the server received it.
    package var receivedAt = 0.0

    /// `window.isSecureContext`.
    package var secureContext: Bool?
    /// Whether a worker with scope `/probe/` registered and controlled a frame; `serviceWorkerReason` says
    /// why not.
    package var serviceWorker: Bool?
    package var serviceWorkerReason: String?
    /// What a frame did with `/probe/data-redirect`, a 301 to a `data:` page (data mode's delivery).
    package var dataRedirect: Outcome?
    /// Launched from the home screen (`navigator.standalone`, or the `standalone` display mode).
    package var standalone: Bool?
    /// The page itself came through the probe's worker (a home-screen launch of `/probe/home`).
    package var controlled: Bool?
    /// `navigator.storage.persisted()`.
    package var storagePersisted: Bool?
    /// Whether the app URL brought an app forward (the page became hidden in time).
    package var appURL: Outcome?
    /// Made while the server could not be reached, kept by the page and sent at a later launch.
    package var keptOffline: Bool?
    /// `navigator.userAgent` and `location.origin`, cut.
    package var userAgent: String?
    package var origin: String?

    /// A refused report: the one-line reason of the 400.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// A report with nothing checked.
    package init() {}

    /// The report in `body`; unknown members are dropped. Throws for a body that is not a JSON object of
    /// scalars, or a known member of the wrong type or value.
    package init(body: [UInt8]) throws(Refusal) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body, maxDepth: Self.maxDepth)
        } catch {
            throw Refusal(description: "a probe report must be a JSON object: \(error)")
        }
        guard case .object(let members) = value else {
            throw Refusal(description: "a probe report must be a JSON object, not \(Self.kind(of: value))")
        }
        try read(members)
    }

    /// A report as `GET /api/probes` lists it (`json`), for `shortcut-serve probe`: the page's members as
    /// above, and the server's number, peer and time.
    package init(listed value: JSONValue) throws(Refusal) {
        guard case .object(let members) = value, case .number(let number)? = value["sequence"] else {
            throw Refusal(description: "a listed probe report must be an object with a sequence number")
        }
        try read(members)
        sequence = Int(number)
        if case .string(let text)? = value["peer"] { peer = Self.inert(text) }
        if case .number(let time)? = value["received_at"] { receivedAt = time }
    }

    private mutating func read(_ members: [(String, JSONValue)]) throws(Refusal) {
        for (name, member) in members {
            switch name {
            case "secure_context": secureContext = try Self.bool(member, name)
            case "service_worker": serviceWorker = try Self.bool(member, name)
            case "service_worker_reason": serviceWorkerReason = try Self.text(member, name)
            case "data_redirect": dataRedirect = try Self.outcome(member, name, [.followed, .refused])
            case "standalone": standalone = try Self.bool(member, name)
            case "controlled": controlled = try Self.bool(member, name)
            case "storage_persisted": storagePersisted = try Self.bool(member, name)
            case "app_url": appURL = try Self.outcome(member, name, [.opened, .notOpened])
            case "kept_offline": keptOffline = try Self.bool(member, name)
            case "user_agent": userAgent = try Self.text(member, name)
            case "origin": origin = try Self.text(member, name)
            default: continue  // dropped: a newer page's, someone's extra, or what the server adds to a listing
            }
        }
    }

    /// `object`, `array`, `string`, `number`, `boolean` or `null`: JSON's own names, for a reason.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    private static func bool(_ value: JSONValue, _ name: String) throws(Refusal) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .null: return nil
        default: throw Refusal(description: "\(name) must be true, false or null, not \(Self.kind(of: value))")
        }
    }

    private static func outcome(_ value: JSONValue, _ name: String, _ allowed: [Outcome]) throws(Refusal) -> Outcome? {
        if case .null = value { return nil }
        guard case .string(let text) = value, let outcome = Outcome(rawValue: text), allowed.contains(outcome) else {
            throw Refusal(description: "\(name) must be " + allowed.map { "\"\($0.rawValue)\"" }.joined(separator: " or ") + " or null")
        }
        return outcome
    }

    private static func text(_ value: JSONValue, _ name: String) throws(Refusal) -> String? {
        switch value {
        case .string(let text): return inert(text)
        case .null: return nil
        default: throw Refusal(description: "\(name) must be a string or null, not \(Self.kind(of: value))")
        }
    }

    /// `text` without control characters (each becomes a space: a terminal obeys escape sequences, and a line
    /// break would forge a line of the server's output), cut to `maxTextBytes` on a character boundary.
    package static func inert(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isControl = category == .control || category == .format || scalar.value == 0x2028 || scalar.value == 0x2029
            clean.append(isControl ? " " : scalar)
        }
        let whole = String(clean)
        guard whole.utf8.count > maxTextBytes else { return whole }
        var kept = ""
        var bytes = 0
        for character in whole {
            let size = character.utf8.count
            guard bytes + size <= maxTextBytes - 3 else { break }  // 3: the "…"
            kept.append(character)
            bytes += size
        }
        return kept + "…"
    }

    /// `iOS 17.5` (or `iPadOS`), from an iPhone's or iPad's user agent (`… iPhone OS 17_5 like Mac OS X …`);
    /// nil for other agents, and for an iPad that asks for desktop sites (it says `Macintosh`).
    package var iOSVersion: String? {
        guard let agent = userAgent else { return nil }
        let device = agent.contains("iPad") ? "iPadOS" : (agent.contains("iPhone") || agent.contains("iPod")) ? "iOS" : nil
        guard let device else { return nil }
        let words = agent.split(separator: " ")
        for (word, next) in zip(words, words.dropFirst()) where word == "OS" {
            let digits = next.prefix { $0.isASCII && ($0.isNumber || $0 == "_") }
            let parts = digits.split(separator: "_").prefix(3)
            if !parts.isEmpty { return "\(device) " + parts.joined(separator: ".") }
        }
        return nil
    }

    /// The major version of `iOSVersion`, for the advice (data mode ended with 16.4).
    package var iOSMajorMinor: (Int, Int)? {
        guard let version = iOSVersion?.split(separator: " ").last else { return nil }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return nil }
        return (major, parts.count > 1 ? parts[1] : 0)
    }
}
