/// A file of the store found damaged or unreadable, or a failed write to it: one line of
/// `PageStore.problems`, with the file it is about.
package struct StoreProblem: Sendable, Equatable {
    /// Which file the problem is about.
    package enum File: Sendable, Equatable {
        /// A record's file (`pages/<id>.page`): removing the record clears it.
        case record(id: String)
        /// A record's play counts (`stats/<id>.stats`): the line says how to clear it.
        case stats(id: String)
        /// A file in `pages/` that is no record (its name is not `<id>.page`): moving it out clears it.
        case foreign
        /// Any other file or folder (a folder that cannot be written, `stats/.lock`).
        case other
    }

    /// The file.
    package let file: File
    /// `<path>: <what is wrong>`.
    package let line: String

    /// The record id the file belongs to, if any.
    package var id: String? {
        switch file {
        case .record(let id), .stats(let id): id
        case .foreign, .other: nil
        }
    }
}
