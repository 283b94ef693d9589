import ShortcutHTTP
import ShortcutRecords

/// `GET /qr/<id>.svg`: a shortcut's `/s/<id>` as a QR code (`image/svg+xml`), at the address a phone
/// reaches (`DeviceLinks`); 409 with the reason when the server knows none (loopback only). Not behind the Host guard: it tells nothing but an address the asker used.
struct QRRoute: Sendable {
    let delivery: ShortcutDelivery
    let links: DeviceLinks
    let images: QRImageCache

    static let suffix = ".svg"

    func install(on server: HTTPServer) {
        server.GET["/qr/:file"] = { [self] request in respond(request) }
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = request.params["file"], file.hasSuffix(QRRoute.suffix) else {
            return .error(.notFound, "QR codes are at /qr/<id>.svg")
        }
        let id = String(file.dropLast(QRRoute.suffix.count))
        guard PageID.isValid(id), delivery.shortcut(id) != nil else { return .error(.notFound, "no shortcut '\(id.prefix(80))'") }
        guard let root = links.phoneRoot(for: request) else { return .error(.conflict, "no code: \(DeviceURLs.loopbackOnlyReason)") }
        let url = root + RecordPath.shortcut(id)
        do {
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": "image/svg+xml", "Cache-Control": "no-store"],
                body: try images.svg(of: url))
        } catch {
            // Only a Host of thousands of bytes makes the URL too long for a QR code.
            return .badRequest("cannot draw \(url.utf8.count) bytes as a QR code: \(error)")
        }
    }
}
