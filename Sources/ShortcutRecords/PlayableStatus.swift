/// Which status and content a stored page may have, given that `/v3/<id>` plays it as the final answer
/// to a request. Checked when a page is created or replaced (422 through the API) and again when it is
/// played, for records written before the rule existed.
package enum PlayableStatus {
    /// Why `status` cannot be played as a final answer, or nil. A 1xx is an interim answer (RFC 9110
    /// §15.2): a client would go on waiting for the final one, and take the next pipelined answer for it.
    package static func statusProblem(_ status: Int) -> String? {
        guard (100...199).contains(status) else { return nil }
        return "status \(status) is an interim (1xx) answer and a stored page is played as the final one; use 200–999"
    }

    /// Why `status` cannot go with `contentBytes` bytes of content, or nil: 204 and 304 end at their header
    /// section (RFC 9112 §6.3), and 205 must not have content (RFC 9110 §15.3.6), so the content would be
    /// lost or, sent anyway, read as the start of the next answer.
    package static func contentProblem(status: Int, contentBytes: Int) -> String? {
        guard contentBytes > 0, [204, 205, 304].contains(status) else { return nil }
        return "status \(status) has no content; content must be empty, not \(contentBytes) bytes"
    }
}
