#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `errno` values the layers above look at, named (swift-system's names), so that they need not
/// import the C library. Values differ between systems (Darwin's `EOPNOTSUPP` is 102 and its `ENOTSUP` 45;
/// Linux's are both 95): always compare with these, never with numbers.
public enum Errno {
    /// `EINTR`: a signal interrupted the call.
    public static let interrupted = EINTR
    /// `EAGAIN`: try again (non-blocking).
    public static let resourceTemporarilyUnavailable = EAGAIN
    /// `EWOULDBLOCK`: the call would block (equal to `EAGAIN` on Linux and Darwin).
    public static let wouldBlock = EWOULDBLOCK
    /// `ENOENT`.
    public static let noSuchFileOrDirectory = ENOENT
    /// `EEXIST`.
    public static let fileExists = EEXIST
    /// `ENOTDIR`.
    public static let notDirectory = ENOTDIR
    /// `EISDIR`.
    public static let isDirectory = EISDIR
    /// `EIO`.
    public static let ioError = EIO
    /// `EPIPE`: the reader has gone.
    public static let brokenPipe = EPIPE
    /// `EROFS`.
    public static let readOnlyFileSystem = EROFS
    /// `ENOSPC`: the volume is full.
    public static let noSpace = ENOSPC
    /// `EDQUOT`: the user's disk quota is used up.
    public static let diskQuotaExceeded = EDQUOT
    /// `EACCES`.
    public static let permissionDenied = EACCES
    /// `EPERM`.
    public static let notPermitted = EPERM
    /// `ENOTSUP`.
    public static let notSupported = ENOTSUP
    /// `EOPNOTSUPP`.
    public static let operationNotSupported = EOPNOTSUPP
    /// `ENOSYS`.
    public static let noFunction = ENOSYS
    /// `EMLINK`.
    public static let tooManyLinks = EMLINK
    /// `EXDEV`: a link or rename across file systems.
    public static let crossDevice = EXDEV
    /// `EMFILE`: the process is out of descriptors.
    public static let tooManyOpenFiles = EMFILE
    /// `ENFILE`: the system is out of descriptors.
    public static let tooManyOpenFilesInSystem = ENFILE
    /// `EBADF`.
    public static let badFileDescriptor = EBADF
    /// `ENOTSOCK`.
    public static let notSocket = ENOTSOCK
    /// `EINVAL`.
    public static let invalidArgument = EINVAL
    /// `EADDRINUSE`.
    public static let addressInUse = EADDRINUSE
    /// `EINPROGRESS`: a blocking `connect` whose `SO_SNDTIMEO` ran out before the peer answered.
    public static let inProgress = EINPROGRESS
    /// `ETIMEDOUT`: the system gave up on the peer (a connect unanswered past the kernel's own retries).
    public static let timedOut = ETIMEDOUT
}
