/// A whole-string regular-expression test the JSON engines borrow from the stub engine's regex engine (they
/// carry none of their own). `pattern` is Java-style, as WireMock users write it (inline flags such as `(?i)`
/// included); the answer says whether all of `text` matches; `nil` means the engine refuses the pattern (its
/// syntax or its limits), whatever the text.
package typealias JSONRegexMatcher = @Sendable (_ pattern: String, _ text: String) -> Bool?
