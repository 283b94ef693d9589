/// Bytes from the system's cryptographic generator (`SystemRandomNumberGenerator`: `getrandom` on Linux,
/// `arc4random_buf` on Darwin), eight for each call to it. Drawn a byte at a time with `UInt8.random`, a
/// 16-byte salt cost 16 system calls on Linux (`strace -c` of a `POST /api/mock`); now it costs two.
package enum SecureRandom {
    /// `count` random bytes.
    package static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
