import ShortcutPlatform

@testable import ShortcutUpstream

/// Bytes in memory handed out `step` at a time (or in two parts split at `split`), then the end of input
/// or, with `endError`, a failed read: an upstream's answer without a socket, for drip-feed tests.
struct ScriptedByteSource: UpstreamByteSource {
    let bytes: [UInt8]
    var step = Int.max
    var split: Int?
    var endError: Int32?
    private(set) var offset = 0

    init(_ text: String, step: Int = .max, split: Int? = nil, endError: Int32? = nil) {
        bytes = Array(text.utf8)
        self.step = step
        self.split = split
        self.endError = endError
    }

    mutating func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        guard offset < bytes.count else {
            if let endError { throw SystemError("read", "the upstream", errno: endError) }
            return 0
        }
        var end = min(bytes.count, offset + min(step, buffer.count))
        if let split, offset < split { end = min(end, split) }
        let count = end - offset
        buffer.replaceSubrange(0..<count, with: bytes[offset..<end])
        offset = end
        return count
    }
}
