import ShortcutPlatform

/// One name in a directory, with the inode it points to (from `readdir`, so no `stat` per file).
struct DirectoryEntry: Sendable, Equatable {
    /// The file name, without the directory.
    var name: String
    /// The inode number; a replaced file (written elsewhere and renamed over) gets a new one.
    var inode: UInt64
}

/// A directory's names, sorted by kind.
struct RecordListing: Sendable {
    /// Record files, by the id in their name, with their inodes.
    var records: [String: UInt64] = [:]
    /// Temp files of writers, live or crashed.
    var temporary: [DirectoryEntry] = []
    /// Every other name.
    var others: [String] = []
}

/// What a directory looked like at one moment: when its entries last changed, cheaply (one `stat`).
struct DirectoryStamp: Sendable, Equatable {
    /// The modification time in nanoseconds since 1970; creating, renaming or removing a name changes it.
    var modifiedNanoseconds: Int64
    /// The change time in nanoseconds since 1970.
    var changedNanoseconds: Int64
    /// The directory's own inode, in case the folder itself was replaced.
    var inode: UInt64
}

/// Reads directories (`Platform.scanDirectory`: `readdir`) and stamps them with `stat`.
enum DirectoryListing {
    /// The names in `path`, without `.` and `..`, in directory order.
    static func entries(_ path: String) throws(PageStoreError) -> [DirectoryEntry] {
        var result: [DirectoryEntry] = []
        try scan(path) { name, inode in
            result.append(DirectoryEntry(name: String(decoding: name, as: UTF8.self), inode: inode))
        }
        return result
    }

    /// Calls `visit` with the raw bytes of each name in `path` (without `.` and `..`) and its inode.
    /// Raw bytes let a caller classify 100,000 names without making a `String` for each.
    static func scan(
        _ path: String, _ visit: (UnsafeBufferPointer<UInt8>, UInt64) -> Void
    ) throws(PageStoreError) {
        try StoreIO.io { () throws(SystemError) in try Platform.scanDirectory(path, visit) }
    }

    /// The id in a file name `<id><suffix>` (e.g. `abc.page`), or nil when the name is anything else.
    /// Checks the bytes as `PageID.isValid` does, without making a `String` for names that fail.
    static func id(inFileName name: UnsafeBufferPointer<UInt8>, suffix: StaticString) -> String? {
        let suffixLength = suffix.utf8CodeUnitCount
        let idLength = name.count - suffixLength
        guard idLength >= 1, idLength <= PageID.maximumLength, let base = name.baseAddress else { return nil }
        let suffixBytes = suffix.utf8Start
        for index in 0..<suffixLength where base[idLength + index] != suffixBytes[index] { return nil }
        for index in 0..<idLength {
            let byte = base[index]
            let isIDByte =
                (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5f || byte == 0x2d
            if !isIDByte { return nil }
        }
        return String(decoding: UnsafeBufferPointer(start: base, count: idLength), as: UTF8.self)
    }

    /// Whether a file name is a writer's temp file: ours start with `DurableFile.temporaryPrefix`
    /// (`.tmp-`); names like `x.page.tmp` or `.tmp.x` (other tools' temp files) count too. Only called
    /// for names that are not records.
    static func isTemporary(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: name, as: UTF8.self).lowercased()
        return text.hasPrefix(".tmp") || text.hasSuffix(".tmp") || text.contains(".tmp-") || text.contains(".tmp.")
    }

    /// Whether a name is one that macOS leaves in any folder a person opens or copies: Finder's `.DS_Store`,
    /// and `._<name>` AppleDouble files that hold extended attributes on volumes without them (exFAT, FAT,
    /// SMB). Neither is a record or damage, so both are passed over in silence.
    static func isSystemMetadata(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let dsStore: StaticString = ".DS_Store"
        if name.count == dsStore.utf8CodeUnitCount,
            name.elementsEqual(UnsafeBufferPointer(start: dsStore.utf8Start, count: dsStore.utf8CodeUnitCount))
        {
            return true
        }
        return name.count > 2 && name[0] == UInt8(ascii: ".") && name[1] == UInt8(ascii: "_")
    }

    /// The names in `path` sorted into records `<id><suffix>` (by id, with inodes), temp files, and
    /// anything else.
    static func records(in path: String, suffix: StaticString) throws(PageStoreError) -> RecordListing {
        var listing = RecordListing()
        try scan(path) { name, inode in
            if let id = id(inFileName: name, suffix: suffix) {
                listing.records[id] = inode
            } else if isTemporary(name) {
                listing.temporary.append(DirectoryEntry(name: String(decoding: name, as: UTF8.self), inode: inode))
            } else if isSystemMetadata(name) {
                return
            } else {
                listing.others.append(String(decoding: name, as: UTF8.self))
            }
        }
        return listing
    }

    /// The directory's current stamp.
    static func stamp(_ path: String) throws(PageStoreError) -> DirectoryStamp {
        let status = try StoreIO.io { () throws(SystemError) in try Platform.status(ofPath: path) }
        return DirectoryStamp(
            modifiedNanoseconds: status.modifiedNanoseconds, changedNanoseconds: status.changedNanoseconds,
            inode: status.inode)
    }
}
