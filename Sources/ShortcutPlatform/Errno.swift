#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `errno` values the layers above look at, named (swift-system's names), so that they need not
/// import the C library. Values differ between systems (Darwin's `EOPNOTSUPP` is 102 and its `ENOTSUP` 45;
/// Linux's are both 95): always compare with these, never with numbers.
package enum Errno {
    /// `EINTR`: a signal interrupted the call.
    package static let interrupted = EINTR
    /// `EAGAIN`: try again (non-blocking).
    package static let resourceTemporarilyUnavailable = EAGAIN
    /// `EWOULDBLOCK`: the call would block (equal to `EAGAIN` on Linux and Darwin).
    package static let wouldBlock = EWOULDBLOCK
    /// `ENOENT`.
    package static let noSuchFileOrDirectory = ENOENT
    /// `EEXIST`.
    package static let fileExists = EEXIST
    /// `ENOTDIR`.
    package static let notDirectory = ENOTDIR
    /// `EISDIR`.
    package static let isDirectory = EISDIR
    /// `EIO`.
    package static let ioError = EIO
    /// `EPIPE`: the reader has gone.
    package static let brokenPipe = EPIPE
    /// `EROFS`.
    package static let readOnlyFileSystem = EROFS
    /// `ENOSPC`: the volume is full.
    package static let noSpace = ENOSPC
    /// `EDQUOT`: the user's disk quota is used up.
    package static let diskQuotaExceeded = EDQUOT
    /// `EACCES`.
    package static let permissionDenied = EACCES
    /// `EPERM`.
    package static let notPermitted = EPERM
    /// `ENOTSUP`.
    package static let notSupported = ENOTSUP
    /// `EOPNOTSUPP`.
    package static let operationNotSupported = EOPNOTSUPP
    /// `ENOSYS`.
    package static let noFunction = ENOSYS
    /// `EMLINK`.
    package static let tooManyLinks = EMLINK
    /// `EXDEV`: a link or rename across file systems.
    package static let crossDevice = EXDEV
    /// `EMFILE`: the process is out of descriptors.
    package static let tooManyOpenFiles = EMFILE
    /// `ENFILE`: the system is out of descriptors.
    package static let tooManyOpenFilesInSystem = ENFILE
    /// `EBADF`.
    package static let badFileDescriptor = EBADF
    /// `ENOTSOCK`.
    package static let notSocket = ENOTSOCK
    /// `EINVAL`.
    package static let invalidArgument = EINVAL
    /// `EADDRINUSE`.
    package static let addressInUse = EADDRINUSE
    /// `EINPROGRESS`: a blocking `connect` whose `SO_SNDTIMEO` ran out before the peer answered.
    package static let inProgress = EINPROGRESS
    /// `ETIMEDOUT`: the system gave up on the peer (a connect unanswered past the kernel's own retries).
    package static let timedOut = ETIMEDOUT
}
