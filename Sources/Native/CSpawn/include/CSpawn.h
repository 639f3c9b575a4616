#ifndef MAMCONF_CSPAWN_H
#define MAMCONF_CSPAWN_H

#include <sys/types.h>

/// Starts `path` for an adapter: in a process group of its own, stdin/stdout/stderr from the given
/// descriptors, default handling of SIGPIPE, SIGINT and SIGTERM, an empty signal mask, and SIGKILL as its
/// parent-death signal, so it dies with the thread that started it even when that thread's process is killed
/// outright. `directory` is its working directory (NULL: the caller's). Between vfork and exec only
/// async-signal-safe calls are made.
///
/// Returns 0 and sets `*pid`, or the errno of what failed (including a failed chdir or exec).
int mamconf_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  int in_fd, int out_fd, int err_fd, pid_t *pid);

/// A descriptor that becomes readable when process `pid` ends (pidfd_open(2)), or -1 with errno: lets a
/// caller wait for a process that is not its child with a deadline instead of polling.
int mamconf_pidfd_open(pid_t pid);

#endif
