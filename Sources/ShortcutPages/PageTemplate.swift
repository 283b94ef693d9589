import HTTPVocabulary

/// An HTML page with slots where a shortcut's values go, each value escaped for where it is put.
///
/// Slots (spaces inside the braces are allowed, as in `{{ title }}`):
/// - `{{title}}`, `{{app_name}}`, `{{url}}`: the value with `& < > " '` escaped, safe in HTML text
///   and in quoted attributes.
/// - `{{icon}}`: the icon's full data URI, `data:image/png;base64,…`.
/// - `{{url_js}}`: the URL as a double-quoted JavaScript string literal, safe inside `<script>`.
///
/// Templates written for the in-app method of the original article work unchanged:
/// `\(title)` and `\(urlToRedirect.absoluteString)` are filled HTML-escaped, and `\(feature_icon)`
/// with the icon's raw base64, because such templates write `data:image/jpeg;base64,\(feature_icon)`.
package struct PageTemplate: Sendable {
    /// The largest template accepted: 1 MiB of UTF-8.
    package static let maxBytes = 1_048_576

    /// The template's text as given.
    package let text: String
    /// The text cut at its slots.
    private let segments: [Segment]

    /// A place in the template: text copied as it is, or a slot to fill.
    enum Segment: Sendable, Equatable {
        case literal(String)
        case slot(Slot)
    }

    /// A value a template can take, and how it is written.
    enum Slot: String, Sendable, CaseIterable {
        case title = "{{title}}"
        case icon = "{{icon}}"
        case url = "{{url}}"
        case urlJS = "{{url_js}}"
        case appName = "{{app_name}}"
        case legacyTitle = "\\(title)"
        case legacyIcon = "\\(feature_icon)"
        case legacyURL = "\\(urlToRedirect.absoluteString)"

        /// The slot written `{{name}}`, if `name` is known.
        init?(braced name: String) {
            self.init(rawValue: "{{\(name)}}")
        }

        /// The legacy `\(…)` slots, longest first.
        static let legacy: [Slot] = [.legacyURL, .legacyIcon, .legacyTitle]
    }

    /// Parses `text` and checks it has at least one known slot and no unknown `{{name}}` slot.
    /// - Throws: `error.size` when over ``maxBytes``, `error.slot` when no known slot is present
    ///   (most likely the wrong file) or a `{{name}}` slot is unknown (most likely a typo).
    package init(text: String) throws(ShortcutPageError) {
        if text.utf8.count > Self.maxBytes {
            throw ShortcutPageError(
                field: "template", code: ShortcutPageError.size,
                reason: "template is \(text.utf8.count) bytes; the limit is \(Self.maxBytes)")
        }
        let parsed = Self.parse(text)
        if let unknown = parsed.unknown.first {
            let known = Slot.allCases.filter { !Slot.legacy.contains($0) }.map(\.rawValue).joined(separator: ", ")
            throw ShortcutPageError(
                field: "template", code: ShortcutPageError.slot,
                reason: "template has an unknown slot {{\(unknown.prefix(40))}}; known slots are \(known)")
        }
        guard parsed.segments.contains(where: { if case .slot = $0 { true } else { false } }) else {
            throw ShortcutPageError(
                field: "template", code: ShortcutPageError.slot,
                reason: "template (\(text.utf8.count) bytes) has no slot; put {{title}}, {{icon}}, {{url}} "
                    + "or {{app_name}} (or \\(title), \\(feature_icon), \\(urlToRedirect.absoluteString)) "
                    + "where the values go")
        }
        self.text = text
        self.segments = parsed.segments
    }

    /// A template known to be good, such as the built-in one; unknown slots stay as text.
    init(trusted text: String) {
        self.text = text
        self.segments = Self.parse(text).segments
    }

    /// The built-in page: a guide to "Add to Home Screen" in Safari, and an "about to enter" screen
    /// that opens the app when launched from the home screen.
    package static let `default` = PageTemplate(trusted: DefaultTemplate.html)

    /// Fills the slots. The values are escaped but not validated: validate them first, as
    /// ``ShortcutPage`` does. An empty `appName` is replaced by `title`.
    package func render(title: String, url: String, icon: ShortcutIcon, appName: String) -> String {
        let appName = appName.isEmpty ? title : appName
        var cache: [Slot: String] = [:]
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                out += text
            case .slot(let slot):
                if let value = cache[slot] {
                    out += value
                    continue
                }
                let value: String =
                    switch slot {
                    case .title, .legacyTitle: Escape.html(title)
                    case .appName: Escape.html(appName)
                    case .url, .legacyURL: Escape.html(url)
                    case .urlJS: Escape.javaScriptString(url)
                    case .icon: icon.dataURI
                    case .legacyIcon: icon.base64
                    }
                cache[slot] = value
                out += value
            }
        }
        return out
    }

    /// The slots in the template, in order, each once (for tests and diagnostics).
    var slots: [Slot] {
        var seen: [Slot] = []
        for case .slot(let slot) in segments where !seen.contains(slot) { seen.append(slot) }
        return seen
    }

    /// Cuts `text` at its slots; `unknown` lists the names of `{{name}}` slots that are not known.
    static func parse(_ text: String) -> (segments: [Segment], unknown: [String]) {
        var segments: [Segment] = []
        var unknown: [String] = []
        var literalStart = text.startIndex
        var index = text.startIndex
        func cut(at end: String.Index, slot: Slot) {
            if literalStart < index { segments.append(.literal(String(text[literalStart..<index]))) }
            segments.append(.slot(slot))
            index = end
            literalStart = end
        }
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("{{"), let (name, end) = bracedName(in: rest) {
                if let slot = Slot(braced: name) {
                    cut(at: end, slot: slot)
                    continue
                }
                if isSlotName(name) { unknown.append(name) }
            } else if rest.hasPrefix("\\("), let slot = Slot.legacy.first(where: { rest.hasPrefix($0.rawValue) }) {
                cut(at: text.index(index, offsetBy: slot.rawValue.count), slot: slot)
                continue
            }
            index = text.index(after: index)
        }
        if literalStart < text.endIndex { segments.append(.literal(String(text[literalStart...]))) }
        return (segments, unknown)
    }

    /// The trimmed text between `{{` at the start of `rest` and the nearest `}}` within 64
    /// characters, and the index after the `}}`; bounded so that stray braces stay linear.
    private static func bracedName(in rest: Substring) -> (String, String.Index)? {
        let start = rest.index(rest.startIndex, offsetBy: 2)
        var index = start
        var steps = 0
        while index < rest.endIndex, steps <= 64 {
            if rest[index...].hasPrefix("}}") {
                return (rest[start..<index].trimmingASCIIWhitespace(), rest.index(index, offsetBy: 2))
            }
            index = rest.index(after: index)
            steps += 1
        }
        return nil
    }

    /// Whether `name` looks like a slot name: a letter or `_`, then letters, digits or `_`.
    private static func isSlotName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
        }
    }
}
