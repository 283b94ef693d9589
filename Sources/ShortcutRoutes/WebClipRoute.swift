import HTTPVocabulary
import ShortcutHTTP
import ShortcutPages
import ShortcutRecords

/// `GET /w/<id>.mobileconfig`: a configuration profile whose web clip opens the shortcut's app URL (or, with
/// `?target=page`, its page), and `GET /w/all.mobileconfig` (every stored shortcut, or `?ids=a,b,c`).
/// Query options: `target=app|page`, `full_screen=true|false`, `ignore_manifest_scope=true|false`.
///
/// The default profile of a shortcut is built once per version of its record, as pages are. The profile of
/// every stored shortcut lists them all, as `/` does, so it is behind the same DNS-rebinding guard; a
/// profile of named ids is open, as `/p/<id>` is.
struct WebClipRoute: Sendable {
    let delivery: ShortcutDelivery
    let profiles: WebClipProfiles
    let links: LinkBuilder
    let answers: ResponseCache
    /// The built-in demo's default profile, built once.
    let demoAnswer: HTTPResponse

    static let fileSuffix = ".mobileconfig"
    /// The most ids `?ids=` may name.
    static let maxIDs = 100
    /// The most icon bytes one profile may carry (a profile holds each icon in base64): about 8 MiB.
    static let maxIconBytes = 6 << 20

    init(delivery: ShortcutDelivery, profiles: WebClipProfiles, links: LinkBuilder) {
        self.delivery = delivery
        self.profiles = profiles
        self.links = links
        answers = ResponseCache(.webClip, in: delivery.answers)
        let demo = WebClipProfiles.Shortcut(id: ShortcutRecord.demoID, metadata: delivery.demo.metadata)
        demoAnswer = WebClipRoute.answer(
            profiles.profile(for: demo, options: .init(), pageURL: { _ in "" }), fileTitle: demo.metadata["title"] ?? ""
        )
        .prepared()
    }

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/w/:file"] = { request in
            let listsAll = request.params["file"] == WebClipProfiles.allName + Self.fileSuffix && request.queryValue("ids") == nil
            if listsAll, let refusal = access.listingRefusal(for: request) { return refusal }
            let answer = respond(request)
            return answer.status.code == 200 ? answer.noted(ExchangeNotes.profileDownload) : answer
        }
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = request.params["file"], file.hasSuffix(Self.fileSuffix) else {
            return .error(.notFound, "profiles are at /w/<id>.mobileconfig and /w/all.mobileconfig")
        }
        let name = String(file.dropLast(Self.fileSuffix.count))
        let options: WebClipProfiles.Options
        switch Self.options(of: request) {
        case .success(let parsed): options = parsed
        case .failure(let failure): return .badRequest(failure.reason)
        }
        let pageURL = { (id: String) in links.absolute(RecordPath.page(id), for: request) }
        if name == WebClipProfiles.allName { return several(request, options: options, pageURL: pageURL) }
        if request.queryValue("ids") != nil { return .badRequest("ids= goes with /w/all.mobileconfig") }
        guard PageID.isValid(name), let (page, isDemo) = delivery.shortcut(name) else {
            return .error(.notFound, "no shortcut '\(name.prefix(80))'")
        }
        let shortcut = WebClipProfiles.Shortcut(id: page.id, metadata: page.metadata)
        let build = {
            Self.answer(profiles.profile(for: shortcut, options: options, pageURL: pageURL), fileTitle: page.metadata["title"] ?? page.id)
        }
        guard options.isDefault else { return build() }
        return isDemo ? demoAnswer : answers.response(for: page) { _ in build() }
    }

    /// `/w/all.mobileconfig[?ids=a,b,c]`.
    private func several(_ request: HTTPRequest, options: WebClipProfiles.Options, pageURL: (String) -> String) -> HTTPResponse {
        var shortcuts: [WebClipProfiles.Shortcut] = []
        var profileName = WebClipProfiles.allName
        if let list = request.queryValue("ids") {
            var ids: [String] = []
            for id in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) where !ids.contains(id) {
                guard PageID.isValid(id) else { return .badRequest("ids: '\(id.prefix(80))' is not a shortcut id") }
                ids.append(id)
            }
            guard ids.count <= Self.maxIDs else { return .badRequest("ids names \(ids.count) shortcuts; the limit is \(Self.maxIDs)") }
            for id in ids {
                guard let (page, _) = delivery.shortcut(id) else { return .error(.notFound, "no shortcut '\(id)'") }
                shortcuts.append(.init(id: page.id, metadata: page.metadata))
            }
            // One profile per set of ids, whatever their order: downloading the same set again replaces it.
            profileName = "set-" + String(SHA256.hex(SHA256.hash(Array(ids.sorted().joined(separator: ",").utf8))).prefix(16))
        } else {
            shortcuts = WebClipProfiles.Shortcut.stored(in: delivery.shortcuts)
            guard !shortcuts.isEmpty else {
                return .error(.notFound, "no shortcuts are stored; add one, or name the demo with ?ids=demo")
            }
        }
        let iconBytes = shortcuts.reduce(0) { $0 + ($1.metadata["icon"]?.utf8.count ?? 0) }
        guard iconBytes <= Self.maxIconBytes else {
            return .badRequest(
                "the profile would carry \(iconBytes) bytes of icons; the limit is \(Self.maxIconBytes): name fewer shortcuts with ?ids=")
        }
        return Self.answer(
            profiles.profile(for: shortcuts, name: profileName, options: options, pageURL: pageURL),
            fileTitle: shortcuts.count == 1 ? shortcuts[0].metadata["title"] ?? "shortcuts" : "shortcuts")
    }

    static func answer(_ profile: WebClipProfile, fileTitle: String) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": WebClipProfile.mediaType,
                "Content-Disposition": "attachment; filename=\"\(WebClipProfile.fileName(for: fileTitle))\"",
                "Cache-Control": "no-store",
            ], body: profile.document)
    }

    /// Why a query option was refused.
    struct OptionFailure: Error {
        let reason: String
    }

    static func options(of request: HTTPRequest) -> Result<WebClipProfiles.Options, OptionFailure> {
        var options = WebClipProfiles.Options()
        if let text = request.queryValue("target") {
            guard let target = WebClipProfiles.Target(rawValue: text) else {
                return .failure(OptionFailure(reason: "target is app or page, not '\(text.prefix(40))'"))
            }
            options.target = target
        }
        switch (flag(request, "full_screen"), flag(request, "ignore_manifest_scope")) {
        case (.failure(let failure), _), (_, .failure(let failure)):
            return .failure(failure)
        case (.success(let fullScreen), .success(let ignoresScope)):
            options.fullScreen = fullScreen
            options.ignoresManifestScope = ignoresScope ?? false
        }
        return .success(options)
    }

    /// A `true`/`false` (or `1`/`0`) query option; nil when absent.
    private static func flag(_ request: HTTPRequest, _ name: String) -> Result<Bool?, OptionFailure> {
        switch request.queryValue(name) {
        case nil: .success(nil)
        case "true", "1": .success(true)
        case "false", "0": .success(false)
        case let text?: .failure(OptionFailure(reason: "\(name) is true or false, not '\(text.prefix(40))'"))
        }
    }
}
