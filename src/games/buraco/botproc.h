/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A bot program as a child process that speaks lines over two pipes (RULES.md §3): the
 * judge (src/cli/buraco_judge.c) and the Buraco table both run bot programs through this.
 * The program is started from an argument vector (never a shell), in a process group of
 * its own so that everything it starts can be ended with it. Both pipes are non-blocking:
 * nothing here ever waits for the program, except botproc_stop (bounded).
 * POSIX only; no SDL. */
#ifndef TASCA_BURACO_BOTPROC_H
#define TASCA_BURACO_BOTPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "protocol.h"

#define BOTPROC_TIMEOUT_MS 3000          /* the longest a bot may take for a command */
#define BOTPROC_INPUT_MAX (64 * 1024)    /* unread output a bot may have queued */
#define BOTPROC_OUTPUT_MAX (1024 * 1024) /* messages a bot has not read yet */
#define BOTPROC_MAX_ARGS 64

typedef struct {
    pid_t pid;   /* 0: none (never started) */
    int to_fd;   /* the bot's stdin */
    int from_fd; /* the bot's stdout */
    char *in;    /* bytes received, not yet used */
    size_t in_len;
    char *out; /* bytes to send */
    size_t out_len;
    bool eof;
    bool exited;     /* seen ended (not reaped yet) */
    int exit_code;   /* CLD_EXITED, CLD_KILLED, ... */
    int exit_status; /* exit status or signal */
    bool reaped;
    char start_error[160];
} BotProc;

void botproc_init(BotProc *p);
/* Splits a command line on blanks into arguments (no quoting, no shell) and starts it; a
 * bare name of a file in the current directory runs that file, as the original judge did.
 * quiet: the program's stderr goes to /dev/null. False with start_error on failure. */
bool botproc_spawn(BotProc *p, const char *command, bool quiet);
/* Starts argv[0] with these arguments (argv ends with NULL). */
bool botproc_spawn_argv(BotProc *p, char *const argv[], bool quiet);
/* `path` is a file this user may run (what botproc_spawn_argv needs of argv[0]). */
bool botproc_runnable(const char *path);

/* Queues a line (a newline is added) and writes what the pipe takes now. PROTO_OK, or a
 * fault with a reason ("does not read what the judge sends"). */
ProtoFault botproc_send(BotProc *p, const char *text, char *why, size_t whysize);
/* Writes more of what is queued. */
ProtoFault botproc_flush(BotProc *p, char *why, size_t whysize);
/* Reads what the program has sent so far (never waits). A flood is a fault. */
ProtoFault botproc_read(BotProc *p, char *why, size_t whysize);
/* Takes one complete line (without its newline and a trailing CR) into line (room for
 * PROTO_LINE_MAX + 1 bytes). False when none is there; *fault gets a flood (a line too
 * long), else PROTO_OK. */
bool botproc_take_line(BotProc *p, char *line, ProtoFault *fault, char *why, size_t whysize);

/* Has the program ended? Looks without reaping it, so that its process group stays safe
 * to signal. */
bool botproc_peek_exit(BotProc *p);
/* "exited with status 3", "was killed by signal 11 (Segmentation fault)", "closed its
 * output". */
void botproc_describe_exit(BotProc *p, char *out, size_t size);
/* Ends the program and its process group and reaps it: at once, or after asking it
 * (SIGTERM, up to 300 ms). Closes the pipes. */
void botproc_stop(BotProc *p, bool now);
/* Stops the program (at once) if it runs, and frees the buffers. */
void botproc_free(BotProc *p);

#endif
