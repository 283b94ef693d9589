#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One name in a directory, with the inode it points to (from `readdir`, so no `stat` per file).
struct DirectoryEntry: Sendable, Equatable {
    /// The file name, without the directory.
    var name: String
    /// The inode number; a replaced file (written elsewhere and renamed over) gets a new one.
    var inode: UInt64
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

/// Reads directories with `opendir`/`readdir` and stamps them with `stat`.
enum DirectoryListing {
    /// The regular files and other names in `path`, without `.` and `..`, in directory order.
    static func entries(_ path: String) throws(PageStoreError) -> [DirectoryEntry] {
        guard let handle = opendir(path) else { throw PageStoreError.io(path: path, errno: errno) }
        defer { closedir(handle) }
        var result: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw PageStoreError.io(path: path, errno: errno) }
                return result
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            result.append(DirectoryEntry(name: name, inode: UInt64(entry.pointee.d_ino)))
        }
    }

    /// The directory's current stamp.
    static func stamp(_ path: String) throws(PageStoreError) -> DirectoryStamp {
        var info = stat()
        _ = try SystemCalls.retryingEINTR(path) { stat(path, &info) }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
        #else
        let modified = info.st_mtim
        let changed = info.st_ctim
        #endif
        return DirectoryStamp(
            modifiedNanoseconds: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changedNanoseconds: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            inode: UInt64(info.st_ino)
        )
    }
}
