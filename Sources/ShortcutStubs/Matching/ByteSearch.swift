/// Substring search over UTF-8 bytes in linear time (Knuth–Morris–Pratt), for `contains` on bodies of any
/// size: a naive search of `aaa…ab` in `aaa…a` is quadratic. On code points, as Java's `String.contains` is
/// on code units, not on Swift's grapheme clusters.
enum ByteSearch {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        var failure = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0 && pattern[index] != pattern[length] { length = failure[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            failure[index] = length
        }
        var matched = 0
        for byte in haystack.utf8 {
            while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }
}
