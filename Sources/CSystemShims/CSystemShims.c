#ifdef __linux__
#define _GNU_SOURCE
#include <malloc.h>
#include <sys/socket.h>
#include "CSystemShims.h"

int CSystemShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CSystemShims_tuneMalloc(int arenas, int mmapThreshold, int trimThreshold) {
    return mallopt(M_ARENA_MAX, arenas) && mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        && mallopt(M_TRIM_THRESHOLD, trimThreshold);
}
#endif
