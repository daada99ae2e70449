/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

char *file_read_all(const char *path, size_t max_size, size_t *len, char *err, size_t errsize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(max_size + 1);
    if (!buf) {
        fclose(f);
        snprintf(err, errsize, "out of memory reading %s", path);
        return NULL;
    }
    size_t n = fread(buf, 1, max_size + 1, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, errsize, "cannot read %s", path);
        return NULL;
    }
    if (n > max_size) {
        free(buf);
        snprintf(err, errsize, "%s is too large (more than %zu bytes)", path, max_size);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(err, errsize, "path too long: %s", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            snprintf(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            return -1;
        }
        off += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        snprintf(err, errsize, "cannot flush %s: %s", tmp, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, "cannot replace %s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int file_set_aside(const char *path, char *newpath, size_t size)
{
    if (snprintf(newpath, size, "%s.bad", path) >= (int)size)
        return -1;
    return rename(path, newpath);
}

long long clock_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long clock_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
