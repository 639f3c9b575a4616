#ifndef MAMCONF_CFORKSERVER_H
#define MAMCONF_CFORKSERVER_H

#include <stdint.h>
#include <sys/types.h>

/* The fork-server launch: an adapter that has paid its start-up once (loading, first use of its runtime) forks a
   fresh process for each case instead of mamconf starting its program anew. The two ends talk over a
   SOCK_SEQPACKET socket pair, which keeps message boundaries and carries descriptors:

   mamconf → server   a case to start: the data directory's path and then the case's own arguments, each
                      NUL-terminated, with the case's stdin, stdout and stderr as SCM_RIGHTS;
   server → mamconf   MAMCONF_FORK_READY once, when the server is warm and has no thread but its own;
                      MAMCONF_FORK_STARTED for each case (the child's pid, or 0 and an errno), in request order,
                      sent once the child leads its process group and carries its marker;
                      MAMCONF_FORK_EXITED for each child that ended (its pid and wait status), always after its
                      STARTED. */

enum {
    MAMCONF_FORK_READY = 1,
    MAMCONF_FORK_STARTED = 2,
    MAMCONF_FORK_EXITED = 3,
};

/// One message from the server: what happened, to which process, and a status or errno.
typedef struct {
    int32_t kind;
    int32_t pid;
    int32_t value;
} mamconf_fork_message;

/// The longest data directory a request carries (with its NUL). The child's process record holds the case's
/// marker in the room its environment reserved (``MAMCONF_FORK_SLOT_VARIABLE``), which is this large.
#define MAMCONF_FORK_PATH_MAX 4096

/// The largest request (directory and arguments, with their NULs), and the most arguments it may carry.
#define MAMCONF_FORK_REQUEST_MAX 16384
#define MAMCONF_FORK_ARGUMENTS_MAX 64

/// The variable the server is started with whose value is room (MAMCONF_FORK_PATH_MAX + 32 bytes) in the process's
/// original environment block: each child writes `MAMCONF_DATA_DIR=<its directory>` there, so what the kernel shows
/// of its environment (/proc/PID/environ) carries the case's marker as it would after an exec.
#define MAMCONF_FORK_SLOT_VARIABLE "MAMCONF_FORK_SLOT"

/* Server side (in the adapter). */

/// Serves requests on `control` until mamconf closes it. Returns 0 in each new child, with the case's descriptors
/// on 0, 1 and 2, every other descriptor closed, its own process group, SIGKILL as its parent-death signal, default
/// SIGPIPE, SIGINT and SIGTERM handling, an empty signal mask, and `MAMCONF_DATA_DIR` set. Returns 1 in the server
/// when mamconf closed the socket, or -1 with errno when serving failed. Refuses (-1, EBUSY) when the calling
/// process has more than one thread: a fork copies only the calling thread, so a child of a threaded process
/// inherits locks nobody will release.
int mamconf_fork_server_run(int control);

/// Fills every cache the Swift compiler left for a type it reaches by mangled name (the `$s…MD` variables in this
/// program's symbol table), so that children forked afterwards find them filled instead of each demangling the same
/// names again. Call it on the server's one thread before serving. Returns how many it filled, or -1 when the program
/// could not be read; a program without a symbol table fills none.
int mamconf_resolve_type_caches(void);

/// In a child `mamconf_fork_server_run` returned 0 in: the arguments its request carried, which the case is to run
/// with as if they followed the server's own (a mutation run's `--mutant NAME`, say). Returns their count and points
/// `*arguments` at them; 0 in any other process.
int mamconf_fork_case_arguments(const char *const **arguments);

/* mamconf's side. */

/// Asks the server to start a case: `directory` is its data directory, `arguments` (`count` of them) its own arguments,
/// `in_fd`, `out_fd`, `err_fd` its stdio. Returns 0, or an errno (ENAMETOOLONG for a directory over
/// MAMCONF_FORK_PATH_MAX, E2BIG for a request over MAMCONF_FORK_REQUEST_MAX or MAMCONF_FORK_ARGUMENTS_MAX).
int mamconf_fork_request(int control, const char *directory, const char *const *arguments, int count, int in_fd,
                         int out_fd, int err_fd);

/// Reads the server's next message. Returns 1 with `*message` set, 0 when the server closed its end, or -errno.
int mamconf_fork_read(int control, mamconf_fork_message *message);

/// A SOCK_SEQPACKET socket pair, both ends close-on-exec. Returns 0, or an errno.
int mamconf_fork_socketpair(int ends[2]);

#endif
