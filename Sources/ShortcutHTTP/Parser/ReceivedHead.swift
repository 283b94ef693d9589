/// A request's head as the parser received it, handed on with the request for the journal: its bytes from
/// the request line to the empty line, and what the parser saw in them while it parsed, so that the journal
/// copies a head that needs no change (most) without another look (`JournalHead`).
package struct ReceivedHead {
    /// The bytes; valid only while the parser's `emit` runs (`KeptHead` holds a copy).
    package let bytes: UnsafeRawBufferPointer
    /// Whether a field carries credentials (`Authorization`, `Cookie`, `Proxy-Authorization`).
    package let carriesCredentials: Bool
    /// The longest field value, in bytes (without the whitespace around it).
    package let longestValue: Int

    /// No head: none was kept (a request with a body, when the parser does not keep heads).
    static var none: ReceivedHead {
        ReceivedHead(bytes: UnsafeRawBufferPointer(start: nil, count: 0), carriesCredentials: false, longestValue: 0)
    }
}

/// A `ReceivedHead` copied out of the parser's bytes, for a request answered after they are gone (one whose
/// body came later, an answer delayed or deferred).
package struct KeptHead: Sendable {
    let bytes: [UInt8]
    let carriesCredentials: Bool
    let longestValue: Int

    static let none = KeptHead(bytes: [], carriesCredentials: false, longestValue: 0)

    init(bytes: [UInt8], carriesCredentials: Bool, longestValue: Int) {
        (self.bytes, self.carriesCredentials, self.longestValue) = (bytes, carriesCredentials, longestValue)
    }

    init(_ head: ReceivedHead) {
        self.init(bytes: Array(head.bytes), carriesCredentials: head.carriesCredentials, longestValue: head.longestValue)
    }

    /// Calls `body` with the copy as a `ReceivedHead`.
    func withReceived<Result>(_ body: (ReceivedHead) -> Result) -> Result {
        bytes.withUnsafeBytes { body(ReceivedHead(bytes: $0, carriesCredentials: carriesCredentials, longestValue: longestValue)) }
    }
}
