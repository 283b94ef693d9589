/// Why a stub mapping was refused: the JSON path of the field at fault and one line saying what is wrong,
/// e.g. `request.headers.Accept: unknown matcher 'equalsTo' (expected one of equalTo, contains, ...)`. A
/// mapping file's errors also name the file (`mappings/users.json: mappings[3].request.url: ...`).
package struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the mapping came from, when it came from one.
    package var file: String?
    /// The JSON path of the field (`request.bodyPatterns[0].matches`); empty for the whole document.
    package var path: String
    /// What is wrong, one line.
    package var reason: String

    /// Makes an error for the field at `path`.
    package init(path: String, reason: String, file: String? = nil) {
        self.path = path
        self.reason = reason
        self.file = file
    }

    /// `file: path: reason`, leaving out what is empty.
    package var description: String {
        [file, path.isEmpty ? nil : path, reason].compactMap { $0 }.joined(separator: ": ")
    }

    /// The text of refusals for WireMock features this subset does not implement.
    static let notSupported = "not supported by shortcut-serve (see docs/stubs.md)"
}
