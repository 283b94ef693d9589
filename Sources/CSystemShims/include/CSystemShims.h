// System interfaces that Swift's Glibc module does not export (epoll, accept4). Nothing else lives here.
#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/socket.h>

/// accept4(2), which glibc declares only under _GNU_SOURCE.
int CSystemShims_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);
#endif
#endif
