/// `data:` URIs (RFC 2397), always base64-encoded.
package enum DataURI {
    /// The page as `data:text/html;base64,<base64 of its UTF-8 bytes>`, which Safari opens as a
    /// page of its own, with no server behind it.
    package static func html(_ html: String) -> String {
        encode(Array(html.utf8), mediaType: "text/html")
    }

    /// `bytes` as `data:<mediaType>;base64,<base64>`.
    package static func encode(_ bytes: [UInt8], mediaType: String) -> String {
        "data:\(mediaType);base64,\(Base64.encode(bytes))"
    }
}
