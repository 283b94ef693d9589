#if canImport(Glibc)
    import CSystemShims
    import Glibc

    /// Linux's table of system calls: every call the project makes, one static function each, under the same
    /// names and signatures as `Syscall+Darwin.swift`, so that the code above never spells a call per OS.
    /// Each returns what the C call returns (-1 and `errno` on failure); `Platform` and the types of this
    /// module add the EINTR retry and the errors.
    @usableFromInline
    enum Syscall {
        /// madvise(MADV_DONTNEED) over the executable's code (`CSystemShims_unmapStartupCode`).
        static func unmapStartupCode() { _ = CSystemShims_unmapStartupCode() }

        // MARK: Sockets

        /// A stream socket, close-on-exec from the start.
        @inlinable static func streamSocket(family: Int32) -> Int32 {
            Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }

        /// `accept`, the new socket non-blocking and close-on-exec (one call: accept4).
        @inlinable static func acceptNonBlocking(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
        ) -> Int32 {
            CSystemShims_accept4(fd, address, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        }

        /// Linux asks per send (`MSG_NOSIGNAL`) instead.
        @inlinable static func disableSIGPIPE(_ fd: Int32) {}

        /// `send` that never raises SIGPIPE.
        @inlinable static func send(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            CSystemShims_send(fd, buffer, count, Int32(MSG_NOSIGNAL))
        }

        /// `sendmsg` that never raises SIGPIPE.
        @inlinable static func sendMessage(_ fd: Int32, _ message: UnsafePointer<msghdr>) -> Int {
            Glibc.sendmsg(fd, message, Int32(MSG_NOSIGNAL))
        }

        /// `recv` without flags: a socket's `read`. (The shims call the system directly: glibc's wrappers
        /// are cancellation points, which cost a threaded process two atomic operations a call.)
        @inlinable static func receive(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            CSystemShims_receive(fd, buffer, count)
        }

        /// Looks at up to `count` waiting bytes without taking them or waiting.
        @inlinable static func peek(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Glibc.recv(fd, buffer, count, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        }

        /// Stops further sends (`SHUT_WR`).
        @inlinable static func shutdownWrite(_ fd: Int32) -> Int32 { Glibc.shutdown(fd, Int32(SHUT_WR)) }
        @inlinable static func shutdownBoth(_ fd: Int32) -> Int32 { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

        /// Linux's `sockaddr` has no length field.
        static func setLength(_ storage: inout sockaddr_storage, _ length: socklen_t) {}

        @inlinable static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Glibc.bind(fd, address, length)
        }

        @inlinable static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }

        @inlinable static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Glibc.connect(fd, address, length)
        }

        @inlinable static func localName(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
        ) -> Int32 {
            Glibc.getsockname(fd, address, &length)
        }

        @inlinable static func getOption(
            _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeMutableRawPointer, _ length: inout socklen_t
        ) -> Int32 {
            Glibc.getsockopt(fd, level, name, value, &length)
        }

        @inlinable static func setOption(
            _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer, _ length: socklen_t
        ) -> Int32 {
            Glibc.setsockopt(fd, level, name, value, length)
        }

        /// `SO_LINGER` {on, 0}: `close` sends RST and drops unsent data (socket(7)).
        static func lingerReset(_ fd: Int32) -> Int32 {
            var value = linger(l_onoff: 1, l_linger: 0)
            return Glibc.setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
        }

        // MARK: Names

        /// The stream-socket addresses of `host`, any family (`getaddrinfo` with no service: the caller sets
        /// the port), as a list to free with `freeAddresses`. Returns 0, or an `EAI_` code (`EAI_SYSTEM`: see
        /// errno) whose text is `resolverErrorText`.
        static func resolveStream(_ host: String, _ list: inout UnsafeMutablePointer<addrinfo>?) -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            // glibc imports SOCK_STREAM as an enum (`__socket_type`), the field is its raw Int32.
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            return Glibc.getaddrinfo(host, nil, &hints, &list)
        }

        static func freeAddresses(_ list: UnsafeMutablePointer<addrinfo>) { Glibc.freeaddrinfo(list) }

        static func resolverErrorText(_ code: Int32) -> String { String(cString: Glibc.gai_strerror(code)) }

        // MARK: Descriptors

        @inlinable static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Glibc.read(fd, buffer, count)
        }

        @inlinable static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Glibc.write(fd, buffer, count)
        }

        @inlinable static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }

        @inlinable static func getFlags(_ fd: Int32) -> Int32 { Glibc.fcntl(fd, F_GETFL) }

        @inlinable static func setFlags(_ fd: Int32, _ flags: Int32) -> Int32 { Glibc.fcntl(fd, F_SETFL, flags) }

        @inlinable static func isTerminal(_ fd: Int32) -> Bool { Glibc.isatty(fd) == 1 }

        // MARK: Files

        @inlinable static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }

        @inlinable static func status(_ fd: Int32, _ info: inout stat) -> Int32 { Glibc.fstat(fd, &info) }

        // Unqualified: `Glibc.stat` is the struct
        @inlinable static func status(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }

        @inlinable static func linkStatus(_ path: String, _ info: inout stat) -> Int32 { Glibc.lstat(path, &info) }

        @inlinable static func linkStatus(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32 {
            Glibc.fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW)
        }

        /// When the file's status (inode) last changed.
        @inlinable static func changeTime(_ info: stat) -> timespec { info.st_ctim }

        /// When the file's contents (a folder's names) last changed.
        @inlinable static func modificationTime(_ info: stat) -> timespec { info.st_mtim }

        @inlinable static func sync(_ fd: Int32) -> Int32 { Glibc.fsync(fd) }

        /// None: Linux's fsync(2) already flushes the drive's write cache.
        @usableFromInline static let fullSync: (@Sendable (Int32) -> Int32)? = nil

        // Unqualified: `Glibc.flock` is the struct
        @inlinable static func lock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }

        @inlinable static func rename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }

        @inlinable static func link(_ from: String, _ to: String) -> Int32 { Glibc.link(from, to) }

        @inlinable static func unlink(_ path: String) -> Int32 { Glibc.unlink(path) }

        @inlinable static func makeDirectory(_ path: String, _ mode: mode_t) -> Int32 { Glibc.mkdir(path, mode) }

        @inlinable static func access(_ path: String, _ mode: Int32) -> Int32 { Glibc.access(path, mode) }

        @inlinable static func open(at directory: Int32, _ name: String, _ flags: Int32) -> Int32 { Glibc.openat(directory, name, flags) }

        /// The target of the symbolic link `name` in the folder open as `directory`, into `buffer` (not
        /// terminated); its length, or -1.
        @inlinable static func readLink(at directory: Int32, _ name: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
            Glibc.readlinkat(directory, name, buffer, size)
        }

        /// The target of the symbolic link `path`, into `buffer` (not terminated); its length, or -1.
        @inlinable static func readLink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
            Glibc.readlink(path, buffer, size)
        }

        /// glibc's `DIR` is opaque.
        @usableFromInline typealias DirectoryHandle = OpaquePointer

        @inlinable static func openDirectory(_ path: String) -> DirectoryHandle? { Glibc.opendir(path) }

        @inlinable static func readDirectory(_ handle: DirectoryHandle) -> UnsafeMutablePointer<dirent>? { Glibc.readdir(handle) }

        @inlinable static func closeDirectory(_ handle: DirectoryHandle) { _ = Glibc.closedir(handle) }

        /// An inotify descriptor watching `path` for `mask`, non-blocking; -1 when none can be had. Linux only:
        /// `DirectoryWatch` says why Darwin needs none.
        static func watchDirectory(_ path: String, _ mask: UInt32) -> Int32 {
            let fd = Glibc.inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if fd >= 0 && Glibc.inotify_add_watch(fd, path, mask) < 0 {
                _ = Glibc.close(fd)
                return -1
            }
            return fd
        }

        // MARK: Unnamed files (O_TMPFILE)

        /// A new file in the folder `dirfd` with no name yet; -1 and errno where there is none.
        static func openUnnamed(_ dirfd: Int32) -> Int32 { CSystemShims_openUnnamed(dirfd) }

        /// Names the unnamed file `fd` as `name` in `dirfd`.
        static func linkUnnamed(_ fd: Int32, _ dirfd: Int32, _ name: String) -> Int32 { CSystemShims_linkUnnamed(fd, dirfd, name) }

        // MARK: Processes

        /// `kill(pid, 0)`: 0 when the process exists and may be signalled; -1 and errno otherwise.
        static func probeProcess(_ pid: Int32) -> Int32 { Glibc.kill(pid, 0) }

        // MARK: Resource limits

        // glibc declares the resource as an enum (`__rlimit_resource`) and the parameter as its raw `Int32`.
        static func getOpenFileLimit(_ limit: inout rlimit) -> Int32 {
            Glibc.getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }

        static func setOpenFileLimit(_ limit: inout rlimit) -> Int32 {
            Glibc.setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }

        /// Linux takes any soft limit up to the hard one.
        static func highestSoftLimit(hard: rlim_t) -> rlim_t { hard }

        // MARK: Network interfaces

        /// The interfaces' addresses as a linked list (`getifaddrs`, the same call on Linux and the BSDs);
        /// free it with `freeInterfaceAddresses`.
        static func interfaceAddresses(_ list: inout UnsafeMutablePointer<ifaddrs>?) -> Int32 { Glibc.getifaddrs(&list) }

        static func freeInterfaceAddresses(_ list: UnsafeMutablePointer<ifaddrs>) { Glibc.freeifaddrs(list) }

        // MARK: Process, time, memory

        /// The calling thread's `errno`.
        @inlinable static func lastError() -> Int32 { Glibc.errno }

        @inlinable static func setLastError(_ value: Int32) { Glibc.errno = value }

        static func ignoreSignal(_ signal: Int32) { _ = Glibc.signal(signal, SIG_IGN) }

        static func environment(_ name: String) -> String? { Glibc.getenv(name).map { String(cString: $0) } }

        static func processID() -> Int32 { Glibc.getpid() }

        static func exit(_ code: Int32) -> Never { Glibc.exit(code) }

        static func tuneAllocator(arenas: Int32, mmapThreshold: Int32, trimThreshold: Int32) {
            _ = CSystemShims_tuneMalloc(arenas, mmapThreshold, trimThreshold)
        }

        @inlinable static func secondsSince1970() -> Int { Int(Glibc.time(nil)) }

        /// `CLOCK_MONOTONIC`: the clock Dispatch's uptime reads on Linux (it stops while the system sleeps).
        @inlinable static func monotonicTime(_ time: inout timespec) { _ = Glibc.clock_gettime(CLOCK_MONOTONIC, &time) }

        @inlinable static func wallTime(_ time: inout timespec) { _ = Glibc.clock_gettime(CLOCK_REALTIME, &time) }

        static func utcTime(_ seconds: Int, _ parts: inout tm) {
            var value = time_t(seconds)
            _ = Glibc.gmtime_r(&value, &parts)
        }

        static func errorText(_ code: Int32) -> String { String(cString: Glibc.strerror(code)) }

        @inlinable static func findByte(_ start: UnsafeRawPointer, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer? {
            Glibc.memchr(start, byte, count)
        }
    }
#endif
