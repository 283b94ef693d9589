import HTTPVocabulary

extension ResponseWriter {
    /// A 101 answer's head: the status line, the handler's fields as given (`Connection: Upgrade` included,
    /// which `appendHead` would replace with its own), `Date`, and no framing fields (a 101 has no body).
    static func appendUpgradeHead(_ response: HTTPResponse, to out: inout [UInt8], date: [UInt8]) {
        appendStatusLine(response.status, to: &out)
        for field in response.headers.fields {
            switch field.name.utf8.count {
            case 4 where field.name.equalsIgnoringASCIICase("date"): continue
            case 14 where field.name.equalsIgnoringASCIICase("content-length"): continue
            case 17 where field.name.equalsIgnoringASCIICase("transfer-encoding"): continue
            default: break
            }
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: crlf)
        }
        out.append(contentsOf: date)
        out.append(contentsOf: crlf)
    }
}
