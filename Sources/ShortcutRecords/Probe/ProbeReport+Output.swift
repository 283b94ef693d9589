import ShortcutJSON

/// A report as `GET /api/probes` lists it and as the server's standard error and `shortcut-serve probe`
/// print it.
extension ProbeReport {
    /// The members as the page sent them (snake case, absent ones left out), the server's own, the parsed
    /// iOS version and the advice.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("sequence", .number(Double(sequence))), ("peer", .string(peer)),
            ("received_at", .number(receivedAt.rounded())),
        ]
        func add(_ name: String, _ value: Bool?) { if let value { members.append((name, .bool(value))) } }
        func add(_ name: String, _ value: String?) { if let value { members.append((name, .string(value))) } }
        add("secure_context", secureContext)
        add("service_worker", serviceWorker)
        add("service_worker_reason", serviceWorkerReason)
        add("data_redirect", dataRedirect?.rawValue)
        add("standalone", standalone)
        add("controlled", controlled)
        add("storage_persisted", storagePersisted)
        add("app_url", appURL?.rawValue)
        add("kept_offline", keptOffline)
        add("user_agent", userAgent)
        add("ios_version", iOSVersion)
        add("origin", origin)
        let advice = ProbeAdvice(self)
        members.append(("use", .string(advice.use)))
        members.append(("findings", .array(advice.findings.map(JSONValue.string))))
        return .object(members)
    }

    /// Lines for a terminal: who, each check, then the advice. Every text in them is inert (`inert`).
    package var lines: [String] {
        let device = iOSVersion ?? userAgent.map { String($0.prefix(80)) } ?? "an unknown browser"
        var head = "probe #\(sequence) from \(peer.isEmpty ? "?" : peer): \(device)"
        if let origin { head += " at \(origin)" }
        if standalone == true { head += ", launched from the home screen" }
        func say(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "not checked" }
        var checks = "secure context \(say(secureContext)); service worker \(say(serviceWorker))"
        if serviceWorker == false, let reason = serviceWorkerReason { checks += " (\(reason))" }
        checks += "; redirect to data: \(dataRedirect?.rawValue ?? "not checked"); app URL \(appURL?.rawValue ?? "not tried")"
        checks += "; storage persisted \(say(storagePersisted))"
        let advice = ProbeAdvice(self)
        return [head, "  " + checks] + advice.findings.map { "  - " + $0 } + ["  => " + advice.use]
    }
}
