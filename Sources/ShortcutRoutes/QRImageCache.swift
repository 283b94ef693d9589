import ShortcutQR

/// QR code SVGs by the text they hold, so that `/qr/<id>.svg` and the index draw each address once
/// (drawing one costs about 0.1 ms of CPU; answering from here, a dictionary lookup). The text is all a
/// code depends on. Kept in the product's shared `AnswerCache`, within its budget.
struct QRImageCache: Sendable {
    let shared: AnswerCache

    /// Images kept in `shared` (by default a cache of its own with the default answer budget, for tests).
    init(in shared: AnswerCache = AnswerCache()) {
        self.shared = shared
    }

    /// The SVG of `text` at `pixelsPerModule`; throws when the text is too long for a QR code.
    func svg(of text: String, pixelsPerModule: Int = 4) throws(QRCodeError) -> [UInt8] {
        try shared.image(for: "\(pixelsPerModule) \(text)") { () throws(QRCodeError) in
            Array(try QRCode(text: text).svg(pixelsPerModule: pixelsPerModule).utf8)
        }
    }

    /// How many bytes the shared cache holds (answers and images).
    var heldBytes: Int { shared.heldBytes }
}
