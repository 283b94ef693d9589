/// SHA-256 (FIPS 180-4), written here so the store needs no crypto library. Used for record checksums
/// and for salted secret hashes.
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Lowercase hexadecimal text of `bytes` (two digits per byte), e.g. for printing a digest.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits: StaticString = "0123456789abcdef"
        let table = digits.utf8Start
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(table[Int(byte >> 4)])
            text.append(table[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of lowercase or uppercase hexadecimal `text`, or nil if it is not an even run of hex digits.
    package static func bytes(fromHex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = hexValue(utf8[index]), let low = hexValue(utf8[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// An incremental SHA-256: feed bytes with `update`, then take the digest with `finalize`.
struct SHA256Hasher {
    // FIPS 180-4 §5.3.3: the initial hash value.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var block = [UInt8](repeating: 0, count: 64)
    private var blockCount = 0
    private var totalBytes: UInt64 = 0

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    /// Adds the bytes in `buffer` to the message.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(buffer.count)
        var offset = 0
        if blockCount > 0 {
            let take = min(64 - blockCount, buffer.count)
            appendToBlock(UnsafeRawBufferPointer(rebasing: buffer[0..<take]))
            offset = take
            if blockCount == 64 {
                let full = block
                full.withUnsafeBytes { compress($0) }
                blockCount = 0
            }
        }
        while buffer.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + 64]))
            offset += 64
        }
        if offset < buffer.count { appendToBlock(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
    }

    /// Copies `bytes` (which fit) after the partial block.
    private mutating func appendToBlock(_ bytes: UnsafeRawBufferPointer) {
        let start = blockCount
        block.withUnsafeMutableBytes { raw in
            UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + bytes.count]).copyMemory(from: bytes)
        }
        blockCount += bytes.count
    }

    /// Pads the message (FIPS 180-4 §5.1.1) and returns the 32-byte digest.
    mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        let afterOne = (blockCount + 1) % 64
        let zeros = afterOne <= 56 ? 56 - afterOne : 120 - afterOne
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedTotal = totalBytes
        padding.withUnsafeBytes { update($0) }
        totalBytes = savedTotal
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(contentsOf: [UInt8(word >> 24), UInt8(word >> 16 & 0xff), UInt8(word >> 8 & 0xff), UInt8(word & 0xff)])
        }
        return digest
    }

    // FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    // FIPS 180-4 §6.2.2: one 64-byte block.
    private mutating func compress(_ chunk: UnsafeRawBufferPointer) {
        guard let input = chunk.baseAddress else { return }
        var (a, b, c, d, e, f, g, h) = state
        // Plain pointer arithmetic and inline rotations, so that even an unoptimised (debug) build
        // hashes at a usable speed: tests hash hundreds of thousands of records.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
            guard let w = buffer.baseAddress else { return }
            for index in 0..<16 {
                w[index] = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let w15 = w[index &- 15]
                let w2 = w[index &- 2]
                let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
                let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
                w[index] = w[index &- 16] &+ s0 &+ w[index &- 7] &+ s1
            }
            Self.roundConstants.withUnsafeBufferPointer { constants in
                guard let k = constants.baseAddress else { return }
                for index in 0..<64 {
                    let sum1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ sum1 &+ choice &+ k[index] &+ w[index]
                    let sum0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    h = g
                    g = f
                    f = e
                    e = d &+ temp1
                    d = c
                    c = b
                    b = a
                    a = temp1 &+ sum0 &+ majority
                }
            }
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
            state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
        )
    }
}
