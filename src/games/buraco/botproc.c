/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bot programs as child processes: see botproc.h. (Moved here from the judge, so that the
 * table runs bot programs with the same rules.) */
#include "botproc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void botproc_init(BotProc *p)
{
    memset(p, 0, sizeof *p);
    p->to_fd = p->from_fd = -1;
}

static void set_flags(int fd, int fl_add, int fd_add)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && fl_add)
        fcntl(fd, F_SETFL, fl | fl_add);
    int fdf = fcntl(fd, F_GETFD);
    if (fdf >= 0 && fd_add)
        fcntl(fd, F_SETFD, fdf | fd_add);
}

bool botproc_spawn(BotProc *p, const char *command, bool quiet)
{
    char line[1024];
    snprintf(line, sizeof line, "%s", command);
    char *argv[BOTPROC_MAX_ARGS];
    int n = 0;
    for (char *save = NULL, *t = strtok_r(line, " \t", &save); t && n < BOTPROC_MAX_ARGS - 1;
         t = strtok_r(NULL, " \t", &save))
        argv[n++] = t;
    argv[n] = NULL;
    if (n == 0) {
        snprintf(p->start_error, sizeof p->start_error, "an empty command");
        return false;
    }
    char local[1040];
    struct stat sb;
    if (!strchr(argv[0], '/') && stat(argv[0], &sb) == 0 && S_ISREG(sb.st_mode)) {
        snprintf(local, sizeof local, "./%s", argv[0]);
        argv[0] = local;
    }
    return botproc_spawn_argv(p, argv, quiet);
}

bool botproc_runnable(const char *path)
{
    struct stat sb;
    return path && *path && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && access(path, X_OK) == 0;
}

bool botproc_spawn_argv(BotProc *p, char *const argv[], bool quiet)
{
    /* A write to a bot that has gone must be an error to handle, not a signal that ends
     * the program running it. */
    struct sigaction old;
    if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
        signal(SIGPIPE, SIG_IGN);
    int to[2], from[2], ex[2];
    if (pipe(to) != 0)
        goto fail;
    if (pipe(from) != 0) {
        close(to[0]);
        close(to[1]);
        goto fail;
    }
    if (pipe(ex) != 0) {
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        goto fail;
    }
    set_flags(to[1], 0, FD_CLOEXEC);
    set_flags(from[0], 0, FD_CLOEXEC);
    set_flags(ex[0], 0, FD_CLOEXEC);
    set_flags(ex[1], 0, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        close(ex[0]);
        close(ex[1]);
        goto fail;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        dup2(to[0], 0);
        dup2(from[1], 1);
        if (quiet) {
            int devnull = open("/dev/null", O_WRONLY);
            if (devnull >= 0)
                dup2(devnull, 2);
        }
        close(to[0]);
        close(from[1]);
        execvp(argv[0], argv);
        int e = errno;
        ssize_t w = write(ex[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    setpgid(pid, pid);
    close(to[0]);
    close(from[1]);
    close(ex[1]);
    int e = 0;
    ssize_t r;
    do
        r = read(ex[0], &e, sizeof e);
    while (r < 0 && errno == EINTR);
    close(ex[0]);
    p->pid = pid;
    p->to_fd = to[1];
    p->from_fd = from[0];
    set_flags(p->to_fd, O_NONBLOCK, 0);
    set_flags(p->from_fd, O_NONBLOCK, 0);
    if (r == (ssize_t)sizeof e) {
        snprintf(p->start_error, sizeof p->start_error, "cannot run '%s': %s", argv[0],
                 strerror(e));
        return false;
    }
    return true;
fail:
    snprintf(p->start_error, sizeof p->start_error, "cannot start '%s': %s", argv[0],
             strerror(errno));
    return false;
}

bool botproc_peek_exit(BotProc *p)
{
    if (!p->pid || p->reaped)
        return p->reaped || p->exited;
    if (p->exited)
        return true;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == p->pid) {
        p->exited = true;
        p->exit_code = si.si_code;
        p->exit_status = si.si_status;
    }
    return p->exited;
}

static void close_fds(BotProc *p)
{
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->to_fd = p->from_fd = -1;
}

void botproc_stop(BotProc *p, bool now)
{
    close_fds(p);
    if (!p->pid || p->reaped)
        return;
    if (!now) {
        kill(-p->pid, SIGTERM);
        for (int i = 0; i < 30 && !botproc_peek_exit(p); i++) {
            struct timespec ts = {0, 10 * 1000000L};
            nanosleep(&ts, NULL);
        }
    }
    kill(-p->pid, SIGKILL);
    int status;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
        ;
    p->reaped = true;
}

void botproc_free(BotProc *p)
{
    botproc_stop(p, true);
    free(p->in);
    free(p->out);
    p->in = p->out = NULL;
    p->in_len = p->out_len = 0;
}

void botproc_describe_exit(BotProc *p, char *out, size_t size)
{
    /* Its output closes as it exits, a moment before the exit can be seen: a program that
     * is ending gets up to 100 ms to be seen ending, so that its status is the reason given
     * (only on this fault, once). */
    for (int i = 0; i < 20 && !botproc_peek_exit(p); i++) {
        struct timespec ts = {0, 5 * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (!botproc_peek_exit(p))
        snprintf(out, size, "closed its output");
    else if (p->exit_code == CLD_EXITED)
        snprintf(out, size, "exited with status %d", p->exit_status);
    else if (p->exit_code == CLD_KILLED || p->exit_code == CLD_DUMPED)
        snprintf(out, size, "was killed by signal %d (%s)", p->exit_status,
                 strsignal(p->exit_status));
    else
        snprintf(out, size, "ended");
}

ProtoFault botproc_flush(BotProc *p, char *why, size_t whysize)
{
    while (p->out_len && p->to_fd >= 0) {
        ssize_t w = write(p->to_fd, p->out, p->out_len);
        if (w > 0) {
            memmove(p->out, p->out + w, p->out_len - (size_t)w);
            p->out_len -= (size_t)w;
        } else if (w < 0 && errno == EINTR) {
            continue;
        } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return PROTO_OK;
        } else {
            snprintf(why, whysize, "stopped reading its input");
            p->out_len = 0;
            return PROTO_FAULT_EXITED;
        }
    }
    return PROTO_OK;
}

ProtoFault botproc_send(BotProc *p, const char *text, char *why, size_t whysize)
{
    if (!p->pid)
        return PROTO_OK;
    size_t len = strlen(text);
    if (p->out_len + len + 1 > BOTPROC_OUTPUT_MAX) {
        snprintf(why, whysize, "does not read what the judge sends");
        return PROTO_FAULT_FLOOD;
    }
    char *o = realloc(p->out, p->out_len + len + 1);
    if (!o)
        return PROTO_OK;
    p->out = o;
    memcpy(p->out + p->out_len, text, len);
    p->out[p->out_len + len] = '\n';
    p->out_len += len + 1;
    return botproc_flush(p, why, whysize);
}

ProtoFault botproc_read(BotProc *p, char *why, size_t whysize)
{
    char buf[8192];
    while (p->from_fd >= 0) {
        ssize_t r = read(p->from_fd, buf, sizeof buf);
        if (r > 0) {
            if (p->in_len + (size_t)r > BOTPROC_INPUT_MAX) {
                snprintf(why, whysize, "sent more than %d bytes the judge did not ask for",
                         BOTPROC_INPUT_MAX);
                p->in_len = 0;
                return PROTO_FAULT_FLOOD;
            }
            char *n = realloc(p->in, p->in_len + (size_t)r + 1);
            if (!n)
                return PROTO_OK;
            p->in = n;
            memcpy(p->in + p->in_len, buf, (size_t)r);
            p->in_len += (size_t)r;
        } else if (r == 0) {
            p->eof = true;
            return PROTO_OK;
        } else if (errno == EINTR) {
            continue;
        } else {
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                p->eof = true;
            return PROTO_OK;
        }
    }
    return PROTO_OK;
}

bool botproc_take_line(BotProc *p, char *line, ProtoFault *fault, char *why, size_t whysize)
{
    *fault = PROTO_OK;
    char *nl = p->in_len ? memchr(p->in, '\n', p->in_len) : NULL;
    size_t n = nl ? (size_t)(nl - p->in) : p->in_len;
    if (n > PROTO_LINE_MAX) {
        snprintf(why, whysize, "sent a line longer than %d bytes", PROTO_LINE_MAX);
        *fault = PROTO_FAULT_FLOOD;
        return false;
    }
    return nl && proto_take_line(p->in, &p->in_len, line);
}
