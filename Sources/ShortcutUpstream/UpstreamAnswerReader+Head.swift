import HTTPVocabulary

/// The status line and header fields of an answer (RFC 9112 §4, §5).
extension UpstreamAnswerReader {
    /// The final answer's status line and fields; interim 1xx answers before it are read and dropped
    /// (RFC 9110 §15.2: a client must be able to parse them even when it did not ask for one). All the heads
    /// together stay within `maxHeadBytes`.
    mutating func readHead() throws(UpstreamFailure) -> (status: Int, reason: String, headers: [(name: String, value: String)]) {
        var budget = limits.maxHeadBytes
        var first = true
        while true {
            guard let statusLine = try line(budget: &budget, what: "header section") else {
                throw UpstreamFailure(
                    .connectionClosed,
                    first ? "\(url) closed the connection without answering" : "\(url) closed the connection after an interim answer")
            }
            first = false
            let (status, reason) = try parseStatusLine(statusLine)
            var headers: [(name: String, value: String)] = []
            while true {
                guard let fieldLine = try line(budget: &budget, what: "header section") else {
                    throw UpstreamFailure(.connectionClosed, "\(url) closed the connection in the middle of its header section")
                }
                if fieldLine.isEmpty { break }
                headers.append(try parseField(fieldLine))
            }
            // RFC 9110 §15.2.2: 101 answers an Upgrade, which this client never sends (it drops the field).
            if status == 101 { throw UpstreamFailure.malformed(url, "switched protocols (101) though no upgrade was asked for") }
            if status < 200 { continue }
            return (status, reason, headers)
        }
    }

    /// `HTTP/1.1 200 OK`: the code and the reason (RFC 9112 §4). The reason may be missing with its space:
    /// a recipient should accept that (§4: "a client SHOULD ignore the reason-phrase content").
    private func parseStatusLine(_ line: ArraySlice<UInt8>) throws(UpstreamFailure) -> (Int, String) {
        let bytes = Array(line)
        guard bytes.count >= 12, bytes.starts(with: Array("HTTP/1.".utf8)), (0x30...0x39).contains(bytes[7]), bytes[8] == 0x20,
            bytes[9...11].allSatisfy({ (0x30...0x39).contains($0) }), bytes.count == 12 || bytes[12] == 0x20
        else {
            throw UpstreamFailure(.malformedAnswer, "\(url) answered no HTTP response (it began \"\(UpstreamText.excerpt(bytes))\")")
        }
        let status = bytes[9...11].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard status >= 100 else { throw UpstreamFailure.malformed(url, "has the status \(status), below 100") }
        let reason = bytes.count > 13 ? bytes[13...] : []
        if let bad = reason.first(where: { !HTTPSyntax.isFieldValueByte($0) }) {
            throw UpstreamFailure.malformed(url, "has byte \(UpstreamText.hex(bad)) in its reason phrase")
        }
        return (status, String(decoding: reason, as: UTF8.self))
    }

    /// `Name: value` (RFC 9112 §5): a token, a colon, the value without the whitespace around it.
    private func parseField(_ line: ArraySlice<UInt8>) throws(UpstreamFailure) -> (name: String, value: String) {
        // RFC 9112 §5.2: obs-fold (a line starting with SP or HTAB continues the last field) is deprecated; a
        // proxy must replace it or reject the message, and joining lines is where smuggling hides.
        if line.first == 0x20 || line.first == 0x09 {
            throw UpstreamFailure.malformed(url, "has a folded header line (obs-fold, RFC 9112 §5.2), which is refused")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw UpstreamFailure.malformed(url, "has a header line without a colon: \"\(UpstreamText.excerpt(line))\"")
        }
        let name = line[..<colon]
        // §5.1: no whitespace between the name and the colon; a server must reject that, a proxy must remove it.
        guard !name.isEmpty, name.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw UpstreamFailure.malformed(url, "has a header name that is not a token: \"\(UpstreamText.excerpt(name))\"")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        if let bad = value.first(where: { !HTTPSyntax.isFieldValueByte($0) }) {
            throw UpstreamFailure.malformed(
                url, "has byte \(UpstreamText.hex(bad)) in the value of \(String(decoding: name, as: UTF8.self))")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
}
