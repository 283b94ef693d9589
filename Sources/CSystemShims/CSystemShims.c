#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CSystemShims.h"

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
