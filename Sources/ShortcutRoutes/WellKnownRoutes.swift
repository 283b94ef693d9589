import ShortcutHTTP
import ShortcutLinks

/// `GET /.well-known/apple-app-site-association` (and `/apple-app-site-association`, which iOS 9 read)
/// and `GET /.well-known/assetlinks.json`: the `--aasa` and `--assetlinks` files, byte for byte, as
/// `application/json` with 200, never a redirect (Apple's CDN and Android refuse to follow one). Without
/// `--aasa`, the association built from the landing links that name an app (`AASASource`). Not behind
/// the Host guard: Apple's CDN, Android and phones fetch them by the public name.
struct WellKnownRoutes: Sendable {
    let files: AssociationFiles
    let aasa: AASASource

    static let aasaPaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]
    static let assetLinksPath = "/.well-known/assetlinks.json"

    func install(on server: HTTPServer) {
        for path in WellKnownRoutes.aasaPaths {
            server.GET[path] = { [aasa] request in
                let answer: HTTPResponse
                switch aasa.current() {
                case .success(let built?): answer = WellKnownRoutes.serve(built.bytes)
                case .success(nil): answer = .error(.notFound, AASASource.missingReason)
                case .failure(let failure): answer = .error(.internalServerError, failure.description)
                }
                return answer.noted(ExchangeNotes.aasaFetch(request))
            }
        }
        server.GET[WellKnownRoutes.assetLinksPath] = { [files] request in
            guard let bytes = files.assetLinks else {
                return HTTPResponse.error(.notFound, "no assetlinks.json: start shortcut-serve with --assetlinks FILE")
                    .noted(ExchangeNotes.assetLinksFetch(request))
            }
            return WellKnownRoutes.serve(bytes).noted(ExchangeNotes.assetLinksFetch(request))
        }
    }

    static func serve(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Cache-Control": "no-cache"], body: .json(bytes: bytes))
    }
}
