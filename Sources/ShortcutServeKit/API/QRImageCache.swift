import ShortcutPlatform
import ShortcutQR

/// QR code SVGs by the text they hold, so that `/qr/<id>.svg` and the index draw each address once
/// (drawing one costs about 0.1 ms of CPU; answering from here, a dictionary lookup). The text is all a
/// code depends on. Bounded in bytes: emptied when the next image would pass `budgetBytes` (the codes in
/// use come back at once). Thread-safe: guarded by `lock`.
final class QRImageCache: @unchecked Sendable {
    private let lock = Lock()
    @exclusivity(unchecked) private var images: [String: [UInt8]] = [:]  // guarded by lock
    @exclusivity(unchecked) private var bytes = 0  // guarded by lock: keys and images held
    let budgetBytes: Int

    init(budgetBytes: Int = 2 << 20) {
        self.budgetBytes = budgetBytes
    }

    /// The SVG of `text` at `pixelsPerModule`; throws when the text is too long for a QR code.
    func svg(of text: String, pixelsPerModule: Int = 4) throws(QRCodeError) -> [UInt8] {
        let key = "\(pixelsPerModule) \(text)"
        if let image = lock.withLock({ images[key] }) { return image }
        let image = Array(try QRCode(text: text).svg(pixelsPerModule: pixelsPerModule).utf8)
        let size = image.count + key.utf8.count
        lock.withLock {
            if bytes + size > budgetBytes {
                images.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if images.updateValue(image, forKey: key) == nil { bytes += size }
        }
        return image
    }

    /// How many bytes the cache holds (keys and images).
    var heldBytes: Int { lock.withLock { bytes } }
}
