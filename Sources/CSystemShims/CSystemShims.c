#ifdef __linux__
#define _GNU_SOURCE
#include <malloc.h>
#include <sys/socket.h>
#include "CSystemShims.h"

int CSystemShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CSystemShims_limitMallocArenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
#endif
