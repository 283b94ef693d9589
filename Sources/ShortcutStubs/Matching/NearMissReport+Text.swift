extension NearMissReport {
    /// WireMock's console width for its diff table.
    static let tableWidth = 119

    /// WireMock's plain-text "Request was not matched" table, one per near miss: each criterion of the stub on
    /// the left, what the request had on the right, and `<<<<< Header does not match` on each line that failed,
    /// with its notes (JSON differences, a regex that gave up) beneath.
    package var text: String { text(width: NearMissReport.tableWidth) }

    /// `text` for a console `width` characters wide.
    package func text(width: Int) -> String {
        var table = DiffTable(width: max(width, 40))
        table.title("Request was not matched")
        if nearMisses.isEmpty {
            table.row("No stub mappings are configured.", "", message: nil)
            table.rule()
        }
        for (index, nearMiss) in nearMisses.enumerated() {
            table.header(index == 0 ? "Closest stub" : "Closest stub #\(index + 1)", "Request")
            if let name = nearMiss.mapping.name {
                table.row(name, "", message: nil)
                table.blank()
            }
            var previous: CriterionResult.Part?
            for criterion in nearMiss.report.criteria {
                if let previous, previous != criterion.part, previous != .method { table.blank() }
                previous = criterion.part
                table.row(NearMissReport.left(criterion), NearMissReport.right(criterion), message: NearMissReport.message(criterion))
                for note in criterion.notes { table.row("", "  * " + note, message: nil) }
            }
            table.blank()
            table.rule()
        }
        return table.text
    }

    private static func left(_ criterion: CriterionResult) -> String {
        switch criterion.part {
        case .method, .url: criterion.expected
        default: "\(criterion.label) \(criterion.expected)"
        }
    }

    private static func right(_ criterion: CriterionResult) -> String {
        switch criterion.part {
        case .header, .query, .form, .cookie, .pathParameter:
            let name = criterion.label.split(separator: ":", maxSplits: 1).last.map { $0.dropFirst() } ?? ""
            return "\(name): \(criterion.actual)"
        default: return criterion.actual
        }
    }

    private static func message(_ criterion: CriterionResult) -> String? {
        guard !criterion.matched else { return nil }
        if criterion.part == .header && criterion.actual == CriterionResult.absent { return "Header is not present" }
        return "\(criterion.part.rawValue) does not match"
    }
}

/// The two-column table of WireMock's `PlainTextDiffRenderer`: columns of (width / 2 - 2) characters,
/// long cells wrapped, a failure's message after the right cell.
struct DiffTable {
    let width: Int
    private(set) var text = ""

    private var middle: Int { width / 2 - 1 }
    private var columnWidth: Int { width / 2 - 2 }

    init(width: Int) { self.width = width }

    mutating func title(_ title: String) {
        let padding = String(repeating: " ", count: max(0, middle - title.count / 2))
        text += "\n" + padding + title + "\n" + padding + String(repeating: "=", count: title.count) + "\n\n"
    }

    mutating func header(_ left: String, _ right: String) {
        rule()
        text += "|" + padded(" " + left, middle) + "|" + padded(" " + right, middle) + "|\n"
        rule()
        blank()
    }

    mutating func rule() { text += String(repeating: "-", count: width) + "\n" }

    mutating func blank() { line("", "", message: nil) }

    /// A row: each side wrapped to the column, the message on the first line only.
    mutating func row(_ left: String, _ right: String, message: String?) {
        let leftLines = DiffTable.wrap(left, columnWidth)
        let rightLines = DiffTable.wrap(right, columnWidth)
        for index in 0..<max(leftLines.count, rightLines.count) {
            line(
                index < leftLines.count ? leftLines[index] : "", index < rightLines.count ? rightLines[index] : "",
                message: index == 0 ? message : nil)
        }
    }

    private mutating func line(_ left: String, _ right: String, message: String?) {
        var out = padded(left, middle + 1) + "|"
        if !right.isEmpty {
            out += " " + (message.map { padded(right, middle - 6) + "<<<<< " + $0 } ?? right)
        } else if let message {
            out += padded("", middle - 5) + "<<<<< " + message
        }
        text += out + "\n"
    }

    private func padded(_ text: String, _ length: Int) -> String {
        text.count >= length ? text : text + String(repeating: " ", count: length - text.count)
    }

    /// `text` in lines of at most `limit` characters, broken at a space where one is near.
    static func wrap(_ text: String, _ limit: Int) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            while rest.count > limit {
                let window = rest.prefix(limit)
                let breakAt = window.lastIndex(of: " ").flatMap { window.distance(from: window.startIndex, to: $0) > limit / 2 ? $0 : nil }
                let cut = breakAt ?? window.endIndex
                lines.append(String(rest[..<cut]))
                rest = rest[cut...].drop { $0 == " " }
            }
            lines.append(String(rest))
        }
        return lines
    }
}
