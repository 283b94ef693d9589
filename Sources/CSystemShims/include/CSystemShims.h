// System interfaces that Swift's Glibc module does not export (epoll, eventfd, accept4, mallopt, O_TMPFILE,
// recv and send without glibc's cancellation), and the C11 atomics that Swift's `Synchronization` offers only
// from macOS 15 (the package supports macOS 13). Nothing else lives here.
#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H
#include <stdint.h>

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

/// recv(2) and send(2) as plain system calls. glibc's wrappers are cancellation points: in a process with
/// more than one thread each call switches asynchronous cancellation on and off around the system call
/// (two atomic read-modify-writes, ~0.3% of a keep-alive `GET /s`'s server time by perf). Nothing in the
/// server cancels a thread.
static inline long CSystemShims_receive(int fd, void *buffer, size_t count) {
    return syscall(SYS_recvfrom, fd, buffer, count, 0, (void *)0, (void *)0);
}

static inline long CSystemShims_send(int fd, const void *buffer, size_t count, int flags) {
    return syscall(SYS_sendto, fd, buffer, count, flags, (void *)0, 0);
}

/// madvise(MADV_DONTNEED) over the executable's code (`__executable_start` to `etext`, whole pages inside):
/// the process stops mapping the code it ran to start (option parsing, the store's opening, the routes'
/// registration) and maps back, from the page cache, the pages it runs from then on. Code is never written,
/// so what comes back is the file's bytes. 0 on success.
int CSystemShims_unmapStartupCode(void);

/// accept4(2), which glibc declares only under _GNU_SOURCE.
int CSystemShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// glibc's mallopt: at most `arenas` malloc arenas (M_ARENA_MAX), blocks from `mmapThreshold` bytes mapped
/// on their own (M_MMAP_THRESHOLD), free memory above `trimThreshold` bytes at a heap's top given back
/// (M_TRIM_THRESHOLD). Returns 1 when all three were taken.
int CSystemShims_tuneMalloc(int arenas, int mmapThreshold, int trimThreshold);

/// openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644): a new regular file in the folder `dirfd`
/// without a name, which no listing shows until `CSystemShims_linkUnnamed` names it. -1 with errno
/// EOPNOTSUPP (or what openat says: EISDIR, EINVAL on a file system without it) where there is none.
int CSystemShims_openUnnamed(int dirfd);

/// Names the unnamed file `fd` as `name` in the folder `dirfd` (linkat through /proc/self/fd, which needs no
/// privilege, unlike AT_EMPTY_PATH); fails with EEXIST when the name is taken, ENOENT without /proc.
int CSystemShims_linkUnnamed(int fd, int dirfd, const char *name);
#endif

/// An acquiring load: what was written before the matching release (`CSystemShims_atomicStore`, and
/// `CSystemShims_atomicIncrement`) is seen after it. Inline: one `mov` on x86-64, `ldar` on arm64.
static inline uint64_t CSystemShims_atomicLoad(const uint64_t *value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}

/// A releasing store.
static inline void CSystemShims_atomicStore(uint64_t *value, uint64_t newValue) {
    __atomic_store_n(value, newValue, __ATOMIC_RELEASE);
}

/// Adds one and returns the new value (wrapping), acquiring and releasing.
static inline uint64_t CSystemShims_atomicIncrement(uint64_t *value) {
    return __atomic_add_fetch(value, 1, __ATOMIC_ACQ_REL);
}
#endif
