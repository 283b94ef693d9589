/// `basicAuthCredentials`: the request must carry `Authorization: Basic base64(username:password)` (the
/// scheme name compared case-insensitively, the credentials exactly, as WireMock does).
package struct BasicCredentials: Sendable, Equatable {
    /// The user name.
    package var username: String
    /// The password.
    package var password: String

    /// Makes credentials.
    package init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The encoded credentials, the part after `Basic `.
    package var encoded: String { Base64.encode(Array("\(username):\(password)".utf8)) }

    static func parse(_ cursor: JSONCursor) throws(MappingError) -> BasicCredentials {
        let fields = try cursor.object(known: ["username", "password"])
        guard let username = try fields.string("username") else {
            throw MappingError(path: cursor.childPath("username"), reason: "required")
        }
        guard let password = try fields.string("password") else {
            throw MappingError(path: cursor.childPath("password"), reason: "required")
        }
        return BasicCredentials(username: username, password: password)
    }
}
