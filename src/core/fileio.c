/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* A name for the temporary next to path that no one else has: path.tmp.XXXXXX, six letters
 * from the clock, the process and a counter; open with O_EXCL (and O_NOFOLLOW) fails
 * rather than follow or reuse anything planted there. */
static void temp_name(char *out, size_t size, const char *path, unsigned attempt)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static unsigned long counter;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long x = (unsigned long long)ts.tv_nsec * 0x9E3779B97F4A7C15ULL ^
                           (unsigned long long)ts.tv_sec ^
                           ((unsigned long long)getpid() << 32) ^
                           (++counter + attempt) * 0xBF58476D1CE4E5B9ULL;
    char tag[7];
    for (int i = 0; i < 6; i++) {
        x ^= x >> 29;
        x *= 0x94D049BB133111EBULL;
        tag[i] = letters[(x >> 40) % (sizeof letters - 1)];
    }
    tag[6] = '\0';
    snprintf(out, size, "%s.tmp.%s", path, tag);
}

/* The folder of path ("." for a bare name), for its fsync after a rename. */
static void sync_parent(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd); /* the rename itself on disk; a folder that cannot be synced is no error */
        close(fd);
    }
}

/* A failed write: the reason (verb, path, errno's text), the temporary removed (fd closed
 * if open), errno as the failure left it. -1. */
static int write_failed(char *err, size_t errsize, const char *verb, const char *path, int fd,
                        const char *tmp, int e)
{
    snprintf(err, errsize, "%s %s: %s", verb, path, strerror(e));
    if (fd >= 0)
        close(fd);
    if (tmp)
        unlink(tmp);
    errno = e;
    return -1;
}

int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    char tmp[4096];
    if (strlen(path) + 12 >= sizeof tmp) {
        snprintf(err, errsize, "path too long: %s", path);
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = -1;
    for (unsigned attempt = 0; attempt < 100 && fd < 0; attempt++) {
        temp_name(tmp, sizeof tmp, path, attempt);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST)
            return write_failed(err, errsize, "cannot write", path, -1, NULL, errno);
    }
    if (fd < 0) /* a hundred names taken: someone is playing games in this folder */
        return write_failed(err, errsize, "cannot write", path, -1, NULL, EEXIST);
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return write_failed(err, errsize, "cannot write", path, fd, tmp,
                                w < 0 ? errno : ENOSPC);
        off += (size_t)w;
    }
    if (fsync(fd) != 0)
        return write_failed(err, errsize, "cannot write", path, fd, tmp, errno);
    int c = close(fd);
    if (c != 0)
        return write_failed(err, errsize, "cannot write", path, -1, tmp, errno);
    if (rename(tmp, path) != 0)
        return write_failed(err, errsize, "cannot replace", path, -1, tmp, errno);
    sync_parent(path);
    return 0;
}

int file_set_aside(const char *path, char *newpath, size_t size)
{
    /* path.bad, then path.bad.1, path.bad.2...: a name nothing has yet. link() refuses a
     * name that exists (a file or a planted link), so no kept copy is ever replaced; where
     * the file system has no hard links, a name nothing has (lstat) is renamed to. */
    for (int n = 0; n < FILE_ASIDE_MAX; n++) {
        int w = n ? snprintf(newpath, size, "%s.bad.%d", path, n)
                  : snprintf(newpath, size, "%s.bad", path);
        if (w < 0 || (size_t)w >= size)
            return -1;
        if (link(path, newpath) == 0) {
            if (unlink(path) == 0)
                return 0;
            int e = errno;
            unlink(newpath);
            errno = e;
            return -1;
        }
        if (errno == EEXIST)
            continue;
        if (errno == ENOENT)
            return -1; /* nothing to set aside */
        struct stat st;
        if (lstat(newpath, &st) == 0)
            continue;
        if (errno == ENOENT)
            return rename(path, newpath);
        return -1;
    }
    errno = EEXIST;
    return -1;
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
