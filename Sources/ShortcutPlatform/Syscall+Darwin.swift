#if canImport(Darwin)
    import Darwin

    /// Darwin's table of system calls (macOS 13, iOS 16): the same names and signatures as `Syscall+Glibc.swift`.
    /// With the kqueue poller (`EventPoller+Kqueue.swift`) this is all the Darwin-only code of the project;
    /// it is never compiled on Linux, so every declaration used is cited from the SDK's headers.
    @usableFromInline
    enum Syscall {
        /// Nothing on Darwin (`Platform.releaseStartupCode`).
        static func unmapStartupCode() {}

        // MARK: Sockets

        /// A stream socket, close-on-exec from the start, that never raises SIGPIPE (`disableSIGPIPE`).
        @inlinable static func streamSocket(family: Int32) -> Int32 {
            // No SOCK_CLOEXEC on Darwin (<sys/socket.h>: `#define SOCK_STREAM 1`, a plain Int32).
            let fd = Darwin.socket(family, SOCK_STREAM, 0)
            if fd >= 0 {
                _ = Darwin.fcntl(fd, F_SETFD, FD_CLOEXEC)
                disableSIGPIPE(fd)
            }
            return fd
        }

        /// `accept`, the new socket non-blocking and close-on-exec (Darwin has no accept4: three calls).
        @inlinable static func acceptNonBlocking(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
        ) -> Int32 {
            let client = Darwin.accept(fd, address, &length)
            if client >= 0 {
                _ = Darwin.fcntl(client, F_SETFL, Darwin.fcntl(client, F_GETFL) | O_NONBLOCK)
                _ = Darwin.fcntl(client, F_SETFD, FD_CLOEXEC)
            }
            return client
        }

        /// `SO_NOSIGPIPE` (<sys/socket.h>): no send on this socket raises SIGPIPE, once set. Set on every socket
        /// made or accepted here, and by `Socket.disableBrokenPipeSignal` on the app's own. (The SDKs define
        /// `MSG_NOSIGNAL` too, but whether each kernel honours the flag is not documented; the option is.)
        @inlinable static func disableSIGPIPE(_ fd: Int32) {
            var on: Int32 = 1
            _ = Darwin.setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }

        /// `send` that never raises SIGPIPE.
        @inlinable static func send(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.send(fd, buffer, count, 0)  // SO_NOSIGPIPE is set on the socket
        }

        /// `sendmsg` that never raises SIGPIPE.
        @inlinable static func sendMessage(_ fd: Int32, _ message: UnsafePointer<msghdr>) -> Int {
            Darwin.sendmsg(fd, message, 0)
        }

        /// `recv` without flags: a socket's `read`.
        @inlinable static func receive(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Darwin.recv(fd, buffer, count, 0)
        }

        /// Looks at up to `count` waiting bytes without taking them or waiting.
        @inlinable static func peek(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Darwin.recv(fd, buffer, count, MSG_PEEK | MSG_DONTWAIT)
        }

        /// Stops further sends (`SHUT_WR`).
        @inlinable static func shutdownWrite(_ fd: Int32) -> Int32 { Darwin.shutdown(fd, SHUT_WR) }
        @inlinable static func shutdownBoth(_ fd: Int32) -> Int32 { Darwin.shutdown(fd, SHUT_RDWR) }

        /// BSD's `sockaddr` starts with its length (<sys/socket.h>: `__uint8_t ss_len`).
        static func setLength(_ storage: inout sockaddr_storage, _ length: socklen_t) { storage.ss_len = UInt8(length) }

        @inlinable static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Darwin.bind(fd, address, length)
        }

        @inlinable static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }

        @inlinable static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Darwin.connect(fd, address, length)
        }

        @inlinable static func localName(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
        ) -> Int32 {
            Darwin.getsockname(fd, address, &length)
        }

        @inlinable static func getOption(
            _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeMutableRawPointer, _ length: inout socklen_t
        ) -> Int32 {
            Darwin.getsockopt(fd, level, name, value, &length)
        }

        @inlinable static func setOption(
            _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer, _ length: socklen_t
        ) -> Int32 {
            Darwin.setsockopt(fd, level, name, value, length)
        }

        /// `SO_LINGER` {on, 0}: `close` sends RST and drops unsent data. Darwin counts `SO_LINGER`'s time in
        /// clock ticks and `SO_LINGER_SEC`'s in seconds (<sys/socket.h>); 0 is 0 in both.
        static func lingerReset(_ fd: Int32) -> Int32 {
            var value = linger(l_onoff: 1, l_linger: 0)
            return Darwin.setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
        }

        // MARK: Names

        /// The stream-socket addresses of `host`, any family (`getaddrinfo` with no service: the caller sets
        /// the port), as a list to free with `freeAddresses`. Returns 0, or an `EAI_` code (`EAI_SYSTEM`: see
        /// errno) whose text is `resolverErrorText`.
        static func resolveStream(_ host: String, _ list: inout UnsafeMutablePointer<addrinfo>?) -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            // <sys/socket.h>: `#define SOCK_STREAM 1`, a plain Int32.
            hints.ai_socktype = SOCK_STREAM
            return Darwin.getaddrinfo(host, nil, &hints, &list)
        }

        static func freeAddresses(_ list: UnsafeMutablePointer<addrinfo>) { Darwin.freeaddrinfo(list) }

        static func resolverErrorText(_ code: Int32) -> String { String(cString: Darwin.gai_strerror(code)) }

        // MARK: Descriptors

        @inlinable static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Darwin.read(fd, buffer, count)
        }

        @inlinable static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.write(fd, buffer, count)
        }

        @inlinable static func close(_ fd: Int32) -> Int32 { Darwin.close(fd) }

        @inlinable static func getFlags(_ fd: Int32) -> Int32 { Darwin.fcntl(fd, F_GETFL) }

        @inlinable static func setFlags(_ fd: Int32, _ flags: Int32) -> Int32 { Darwin.fcntl(fd, F_SETFL, flags) }

        @inlinable static func isTerminal(_ fd: Int32) -> Bool { Darwin.isatty(fd) == 1 }

        // MARK: Files

        @inlinable static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }

        @inlinable static func status(_ fd: Int32, _ info: inout stat) -> Int32 { Darwin.fstat(fd, &info) }

        // Unqualified: `Darwin.stat` is the struct
        @inlinable static func status(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }

        @inlinable static func linkStatus(_ path: String, _ info: inout stat) -> Int32 { Darwin.lstat(path, &info) }

        @inlinable static func linkStatus(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32 {
            Darwin.fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW)
        }

        /// When the file's status (inode) last changed.
        @inlinable static func changeTime(_ info: stat) -> timespec { info.st_ctimespec }

        /// When the file's contents (a folder's names) last changed.
        @inlinable static func modificationTime(_ info: stat) -> timespec { info.st_mtimespec }

        @inlinable static func sync(_ fd: Int32) -> Int32 { Darwin.fsync(fd) }

        /// `fcntl(F_FULLFSYNC)`: Darwin's `fsync` only hands the data to the drive, which may keep it in its
        /// volatile cache (fsync(2): "the disk drive may ... write the data out of order"); this also asks the
        /// drive to flush, which "durable before acknowledged" needs.
        @usableFromInline static let fullSync: (@Sendable (Int32) -> Int32)? = { Darwin.fcntl($0, F_FULLFSYNC) }

        // Unqualified: `Darwin.flock` is the struct
        @inlinable static func lock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }

        @inlinable static func rename(_ from: String, _ to: String) -> Int32 { Darwin.rename(from, to) }

        @inlinable static func link(_ from: String, _ to: String) -> Int32 { Darwin.link(from, to) }

        @inlinable static func unlink(_ path: String) -> Int32 { Darwin.unlink(path) }

        @inlinable static func makeDirectory(_ path: String, _ mode: mode_t) -> Int32 { Darwin.mkdir(path, mode) }

        @inlinable static func access(_ path: String, _ mode: Int32) -> Int32 { Darwin.access(path, mode) }

        @inlinable static func open(at directory: Int32, _ name: String, _ flags: Int32) -> Int32 { Darwin.openat(directory, name, flags) }

        /// The target of the symbolic link `name` in the folder open as `directory`, into `buffer` (not
        /// terminated); its length, or -1.
        @inlinable static func readLink(at directory: Int32, _ name: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
            Darwin.readlinkat(directory, name, buffer, size)
        }

        /// The target of the symbolic link `path`, into `buffer` (not terminated); its length, or -1.
        @inlinable static func readLink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
            Darwin.readlink(path, buffer, size)
        }

        /// <dirent.h> defines `DIR` as a struct, so it imports as a typed pointer (an opaque one on Glibc).
        @usableFromInline typealias DirectoryHandle = UnsafeMutablePointer<DIR>

        @inlinable static func openDirectory(_ path: String) -> DirectoryHandle? { Darwin.opendir(path) }

        @inlinable static func readDirectory(_ handle: DirectoryHandle) -> UnsafeMutablePointer<dirent>? { Darwin.readdir(handle) }

        @inlinable static func closeDirectory(_ handle: DirectoryHandle) { _ = Darwin.closedir(handle) }

        // MARK: Directory watch (kqueue)

        /// The flags of a directory's `EVFILT_VNODE` events that end its watch: the folder removed, renamed
        /// or its volume revoked (<sys/event.h>).
        static let directoryWatchEnding = UInt32(NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE)

        /// A kqueue watching the entries of the folder at `path`: `EVFILT_VNODE` on a descriptor opened with
        /// `O_EVTONLY` (<sys/fcntl.h>: for events only; it does not keep the volume from unmounting). A file
        /// made, renamed in or out, or removed writes the folder (`NOTE_WRITE`); a hard link made, `NOTE_LINK`.
        /// Returns the kqueue and the folder's descriptor, or nil when either cannot be had.
        static func watchDirectory(_ path: String) -> (queue: Int32, folder: Int32)? {
            let folder = Darwin.open(path, O_EVTONLY | O_CLOEXEC)
            guard folder >= 0 else { return nil }
            let queue = kqueue()
            guard queue >= 0 else {
                _ = Darwin.close(folder)
                return nil
            }
            _ = Darwin.fcntl(queue, F_SETFD, FD_CLOEXEC)
            let watched = UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_LINK) | directoryWatchEnding
            var change = kevent(
                ident: UInt(folder), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR), fflags: watched, data: 0, udata: nil)
            guard kevent(queue, &change, 1, nil, 0, nil) == 0 else {
                _ = Darwin.close(queue)
                _ = Darwin.close(folder)
                return nil
            }
            return (queue, folder)
        }

        /// What the kqueue of `watchDirectory` reported since the last call, without waiting: whether the
        /// folder's entries changed, and whether the watch ended; nil when the kqueue itself failed.
        static func drainDirectoryEvents(_ queue: Int32) -> (changed: Bool, ended: Bool)? {
            var events: [kevent] = Array(repeating: kevent(), count: 8)
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            var changed = false
            var ended = false
            while true {
                let count = events.withUnsafeMutableBufferPointer { kevent(queue, nil, 0, $0.baseAddress, Int32($0.count), &noWait) }
                if count < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                for event in events.prefix(Int(count)) {
                    changed = true
                    if event.flags & UInt16(EV_ERROR) != 0 || event.fflags & directoryWatchEnding != 0 { ended = true }
                }
                if Int(count) < events.count { return (changed, ended) }
            }
        }

        // MARK: Unnamed files

        /// Darwin has no O_TMPFILE: callers write a named temp file instead.
        static func openUnnamed(_ dirfd: Int32) -> Int32 {
            errno = EOPNOTSUPP
            return -1
        }

        static func linkUnnamed(_ fd: Int32, _ dirfd: Int32, _ name: String) -> Int32 {
            errno = EOPNOTSUPP
            return -1
        }

        // MARK: Processes

        /// `kill(pid, 0)`: 0 when the process exists and may be signalled; -1 and errno otherwise.
        static func probeProcess(_ pid: Int32) -> Int32 { Darwin.kill(pid, 0) }

        // MARK: Resource limits

        // <sys/resource.h>: `#define RLIMIT_NOFILE 8`, imported as a plain Int32; `getrlimit(int, struct rlimit *)`.
        static func getOpenFileLimit(_ limit: inout rlimit) -> Int32 { Darwin.getrlimit(RLIMIT_NOFILE, &limit) }

        static func setOpenFileLimit(_ limit: inout rlimit) -> Int32 { Darwin.setrlimit(RLIMIT_NOFILE, &limit) }

        /// getrlimit(2), COMPATIBILITY: setrlimit "no longer accepts rlim_cur = RLIM_INFINITY for RLIM_NOFILE.
        /// Use rlim_cur = min(OPEN_MAX, rlim_max)." (`OPEN_MAX` is 10240, <sys/syslimits.h>; the hard limit is
        /// often RLIM_INFINITY, and the default soft limit 256.)
        static func highestSoftLimit(hard: rlim_t) -> rlim_t { min(hard, rlim_t(OPEN_MAX)) }

        // MARK: Network interfaces

        /// The interfaces' addresses as a linked list (`getifaddrs`, the same call on Linux and the BSDs);
        /// free it with `freeInterfaceAddresses`.
        static func interfaceAddresses(_ list: inout UnsafeMutablePointer<ifaddrs>?) -> Int32 { Darwin.getifaddrs(&list) }

        static func freeInterfaceAddresses(_ list: UnsafeMutablePointer<ifaddrs>) { Darwin.freeifaddrs(list) }

        // MARK: Process, time, memory

        /// The calling thread's `errno`.
        @inlinable static func lastError() -> Int32 { Darwin.errno }

        @inlinable static func setLastError(_ value: Int32) { Darwin.errno = value }

        static func ignoreSignal(_ signal: Int32) { _ = Darwin.signal(signal, SIG_IGN) }

        static func environment(_ name: String) -> String? { Darwin.getenv(name).map { String(cString: $0) } }

        static func processID() -> Int32 { Darwin.getpid() }

        static func exit(_ code: Int32) -> Never { Darwin.exit(code) }

        /// Nothing to do: macOS's allocator has per-CPU magazines, not per-thread arenas.
        static func tuneAllocator(arenas: Int32, mmapThreshold: Int32, trimThreshold: Int32) {}

        @inlinable static func secondsSince1970() -> Int { Int(Darwin.time(nil)) }

        /// `CLOCK_UPTIME_RAW` (time.h, macOS 10.12 / iOS 10): `mach_absolute_time` in nanoseconds, the clock
        /// Dispatch's uptime reads (it stops while the system sleeps).
        @inlinable static func monotonicTime(_ time: inout timespec) { _ = Darwin.clock_gettime(CLOCK_UPTIME_RAW, &time) }

        /// `CLOCK_REALTIME` (time.h, macOS 10.12 / iOS 10).
        @inlinable static func wallTime(_ time: inout timespec) { _ = Darwin.clock_gettime(CLOCK_REALTIME, &time) }

        static func utcTime(_ seconds: Int, _ parts: inout tm) {
            var value = time_t(seconds)
            _ = Darwin.gmtime_r(&value, &parts)
        }

        static func errorText(_ code: Int32) -> String { String(cString: Darwin.strerror(code)) }

        @inlinable static func findByte(_ start: UnsafeRawPointer, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer? {
            Darwin.memchr(start, byte, count)
        }
    }
#endif
