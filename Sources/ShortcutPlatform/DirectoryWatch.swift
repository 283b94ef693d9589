#if canImport(Glibc)
    import Glibc
#endif

/// What the kernel saw change in one folder since the last look: the names (inotify, on Linux), or that
/// its entries changed at all (kqueue's `EVFILT_VNODE`, on Darwin, which names nothing).
///
/// Why names: a record removed and made again, or replaced twice between two checks, can come back with
/// the inode number it had (ext4 hands a freed inode number to the next file made), so a listing of names
/// and inodes cannot see that it changed; the kernel's note of the change's name can. Where only "changed"
/// is known (Darwin, whose APFS and HFS+ do not hand out a freed file id again soon), or no watch can be had
/// (Linux out of inotify instances), the store compares the version of every record it has read instead,
/// at each change of the folder (about 1.3 µs per record); on Darwin the watch spares it the listing and
/// that comparison while the folder does not change.
///
/// Confined to the store's maintenance queue after `init`.
package final class DirectoryWatch {
    /// What changed since the last `drain`.
    package enum Changes: Equatable, Sendable {
        /// The names of files made, written, renamed or removed (none if nothing happened).
        case names(Set<String>)
        /// Entries were made, renamed or removed; the kernel does not say which (Darwin).
        case unnamed
        /// Changes may have been missed: the kernel's queue overflowed, or the watch ended.
        case unknown
    }

    /// The inotify descriptor, or the kqueue; -1 when there is no watch. Confined to the maintenance queue.
    private var fd: Int32
    /// Darwin: the watched folder's `O_EVTONLY` descriptor, which the kqueue's event is registered on; -1 else.
    private var folder: Int32 = -1

    /// Watches `path` if the system can (nil: no watch); `isWatching` says whether it does.
    package init(path: String?) {
        #if canImport(Glibc)
            // Made, written in place, renamed in or out, removed; the folder itself removed or moved.
            let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
            fd = path.map { Syscall.watchDirectory($0, mask) } ?? -1
        #else
            if let path, let watch = Syscall.watchDirectory(path) {
                (fd, folder) = (watch.queue, watch.folder)
            } else {
                fd = -1
            }
        #endif
    }

    deinit { stopWatching() }

    /// Whether changes are watched; false from the start where no watch could be made, or once it ended.
    package var isWatching: Bool { fd >= 0 }

    private func stopWatching() {
        if fd >= 0 { Platform.close(fd) }
        if folder >= 0 { Platform.close(folder) }
        fd = -1
        folder = -1
    }

    /// The changes since the last call; `.unknown` when not watching.
    package func drain() -> Changes {
        #if !canImport(Glibc)
            guard fd >= 0 else { return .unknown }
            guard let (changed, ended) = Syscall.drainDirectoryEvents(fd), !ended else {
                stopWatching()
                return .unknown
            }
            return changed ? .unnamed : .names([])
        #else
            guard fd >= 0 else { return .unknown }
            var names: Set<String> = []
            var outcome = Outcome()
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { Syscall.read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    let code = Syscall.lastError()
                    if code == EINTR { continue }
                    if code != EAGAIN && code != EWOULDBLOCK { outcome.ended = true }
                    break
                }
                if count == 0 { break }
                buffer.withUnsafeBytes { raw in DirectoryWatch.parse(raw[0..<count], into: &names, &outcome) }
            }
            if outcome.ended { stopWatching() }
            return outcome.lost || outcome.ended ? .unknown : .names(names)
        #endif
    }

    #if canImport(Glibc)
        /// What a drain learnt besides names.
        private struct Outcome {
            /// Events were dropped (the kernel's queue overflowed, or a read was cut).
            var lost = false
            /// No more events will come (the folder was removed or moved, its file system unmounted).
            var ended = false
        }

        /// Adds the names in the `struct inotify_event`s in `events`, and what else they say to `outcome`.
        private static func parse(_ events: Slice<UnsafeRawBufferPointer>, into names: inout Set<String>, _ outcome: inout Outcome) {
            // struct inotify_event { int wd; uint32_t mask; uint32_t cookie; uint32_t len; char name[]; }
            let maskOffset = 4
            let lengthOffset = 12
            let headerSize = MemoryLayout<inotify_event>.size
            let ending = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
            var offset = events.startIndex
            while offset + headerSize <= events.endIndex {
                let mask = events.base.loadUnaligned(fromByteOffset: offset + maskOffset, as: UInt32.self)
                let length = Int(events.base.loadUnaligned(fromByteOffset: offset + lengthOffset, as: UInt32.self))
                let nameStart = offset + headerSize
                guard nameStart + length <= events.endIndex else {
                    outcome.lost = true  // the kernel writes whole events; never seen, but not trusted blindly
                    return
                }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { outcome.lost = true }
                if mask & ending != 0 { outcome.ended = true }
                let name = events.base[nameStart..<nameStart + length].prefix { $0 != 0 }
                if !name.isEmpty { names.insert(String(decoding: name, as: UTF8.self)) }
                offset = nameStart + length
            }
        }
    #endif
}
