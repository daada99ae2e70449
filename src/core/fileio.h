/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_FILEIO_H
#define TASCA_FILEIO_H

#include <stddef.h>

/* Reads a whole file (at most max_size bytes) into a NUL-terminated heap buffer.
 * Returns NULL and writes a reason to err on failure. */
char *file_read_all(const char *path, size_t max_size, size_t *len, char *err, size_t errsize);
/* Writes atomically: a new temporary file next to path (path.tmp.XXXXXX, created with
 * O_EXCL|O_NOFOLLOW: never a file or link that was there), fsync, rename over path, then
 * fsync of the folder. -1 on failure: the reason (naming path) in err, errno the
 * failure's (ENOSPC, EFBIG, EACCES...), nothing left behind. */
int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errsize);
/* Moves a bad file aside under a name nothing has: path.bad, else path.bad.1, path.bad.2
 * ... (at most FILE_ASIDE_MAX names); a copy kept before is never replaced. The name used
 * is written to newpath. Returns 0 on success. */
#define FILE_ASIDE_MAX 1000
int file_set_aside(const char *path, char *newpath, size_t size);
/* Monotonic clock in nanoseconds. */
long long clock_now_ns(void);
/* CPU time of the calling thread, in ns (for benchmarks: load does not inflate it). */
long long clock_thread_cpu_ns(void);

#endif
