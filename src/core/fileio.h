/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_FILEIO_H
#define TASCA_FILEIO_H

#include <stddef.h>

/* Reads a whole file (at most max_size bytes) into a NUL-terminated heap buffer.
 * Returns NULL and writes a reason to err on failure. */
char *file_read_all(const char *path, size_t max_size, size_t *len, char *err, size_t errsize);
/* Writes atomically: a temporary file next to path, fsync, then rename over path. */
int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errsize);
/* Moves a bad file aside as path.bad (replacing an older one); returns 0 on success. */
int file_set_aside(const char *path, char *newpath, size_t size);
/* Monotonic clock in nanoseconds. */
long long clock_now_ns(void);
/* CPU time of the calling thread, in ns (for benchmarks: load does not inflate it). */
long long clock_thread_cpu_ns(void);

#endif
