/// Why a text cannot be drawn as a QR code.
package enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is longer than the largest symbol (version 40) holds at this level.
    case tooLong(bytes: Int, limit: Int, level: QRErrorCorrection)

    package var description: String {
        switch self {
        case .tooLong(let bytes, let limit, let level):
            "text is \(bytes) bytes; a QR code holds at most \(limit) at error correction level \(level)"
        }
    }
}
