#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CSystemShims.h"

// The linker's marks of the executable's first byte and the end of its code; weak, so that a shared library
// built from this target links where no executable defines them (then nothing is done).
extern char __executable_start __attribute__((weak));
extern char etext __attribute__((weak));

int CSystemShims_unmapStartupCode(void) {
    if (&__executable_start == 0 || &etext == 0) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)&__executable_start + page - 1) & ~(page - 1);
    uintptr_t end = (uintptr_t)&etext & ~(page - 1);
    if (end <= start) return 0;
    return madvise((void *)start, end - start, MADV_DONTNEED);
}

int CSystemShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CSystemShims_tuneMalloc(int arenas, int mmapThreshold, int trimThreshold) {
    return mallopt(M_ARENA_MAX, arenas) && mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        && mallopt(M_TRIM_THRESHOLD, trimThreshold);
}

int CSystemShims_openUnnamed(int dirfd) {
#ifdef O_TMPFILE
    return openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int CSystemShims_linkUnnamed(int fd, int dirfd, const char *name) {
    char path[32];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, path, dirfd, name, AT_SYMLINK_FOLLOW);
}
#endif
