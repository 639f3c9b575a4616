#define _GNU_SOURCE
#include "CForkServer.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static const char data_directory_variable[] = "MAMCONF_DATA_DIR";

static int send_message(int control, int32_t kind, int32_t pid, int32_t value) {
    mamconf_fork_message message = {kind, pid, value};
    ssize_t sent;
    do {
        sent = send(control, &message, sizeof message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent == (ssize_t)sizeof message ? 0 : -1;
}

/* How many threads this process has, from /proc/self/task (-1 when it cannot tell). */
static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count;
}

/* Writes `MAMCONF_DATA_DIR=<directory>` over the slot entry of the original environment block, NUL-padded, so the
   environ array's pointer to that entry now reads as the data directory's variable and /proc/PID/environ (which the
   kernel reads from that block) names the case. Returns 0, or an errno. */
static int claim_slot(const char *directory) {
    char *value = getenv(MAMCONF_FORK_SLOT_VARIABLE);
    if (value == NULL) return ENOENT;
    char *entry = value - (sizeof MAMCONF_FORK_SLOT_VARIABLE);  /* the name and its '=' */
    size_t room = strlen(entry);
    size_t name = sizeof data_directory_variable - 1, length = strlen(directory);
    if (name + 1 + length + 1 > room) return ENAMETOOLONG;
    /* Another entry of the same name would shadow this one for getenv. */
    unsetenv(data_directory_variable);
    memset(entry, 0, room);
    memcpy(entry, data_directory_variable, name);
    entry[name] = '=';
    memcpy(entry + name + 1, directory, length);
    return 0;
}

/* In the new child: the state mamconf_spawn gives an exec'd adapter. Returns 0, or an errno. `settled` is the write
 * end of a pipe the server waits on: it is closed last, so the server announces the case only once the case leads its
 * process group and carries its marker (the runner and its exit sweep look at both as soon as they hear of it). */
static int become_case(pid_t server, int fds[3], const char *directory, int settled) {
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(SIGPIPE, &standard, NULL);
    sigaction(SIGINT, &standard, NULL);
    sigaction(SIGTERM, &standard, NULL);
    sigaction(SIGCHLD, &standard, NULL);
    if (setpgid(0, 0) != 0) return errno;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    /* The server may have died before the line above: then nobody would end this process. */
    if (getppid() != server) return ESRCH;
    /* The case's stderr first, so a failure below is reported where the case's diagnostics go. */
    if (dup2(fds[2], 2) < 0 || dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0) return errno;
    if (settled > 3) close_range(3, (unsigned)settled - 1, 0);
    close_range((unsigned)settled + 1, ~0U, 0);
    int claimed = claim_slot(directory);
    if (claimed != 0) return claimed;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close(settled);
    return 0;
}

/* Room for the three descriptors a request carries, aligned for a control message. */
typedef union {
    char buffer[CMSG_SPACE(3 * sizeof(int))];
    struct cmsghdr align;
} request_control;

/* A message of one part (`part`) with `control` as its ancillary data. */
static struct msghdr request_message(struct iovec *part, request_control *control) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    memset(control, 0, sizeof *control);
    message.msg_iov = part;
    message.msg_iovlen = 1;
    message.msg_control = control->buffer;
    message.msg_controllen = sizeof control->buffer;
    return message;
}

/* A forked case's arguments: copied here from its request before the child leaves the server's loop. */
static char case_request[MAMCONF_FORK_REQUEST_MAX];
static const char *case_arguments[MAMCONF_FORK_ARGUMENTS_MAX + 1];
static int case_argument_count;

int mamconf_fork_case_arguments(const char *const **arguments) {
    *arguments = case_arguments;
    return case_argument_count;
}

/* Receives one request into `request` (`*length` bytes: the directory, then the arguments, each NUL-terminated) and
   three descriptors into `fds`. Returns 1, 0 at end of stream, or -1 with errno (EBADMSG for a request that is not
   one). */
static int receive_request(int control, char request[MAMCONF_FORK_REQUEST_MAX], size_t *length, int fds[3]) {
    struct iovec part = {request, MAMCONF_FORK_REQUEST_MAX};
    request_control control_data;
    struct msghdr message = request_message(&part, &control_data);
    ssize_t got;
    do {
        got = recvmsg(control, &message, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return -1;
    if (got == 0) return 0;
    int count = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t carried = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int *given = (int *)CMSG_DATA(header);
        for (size_t k = 0; k < carried; k++) {
            if (count < 3) fds[count++] = given[k]; else close(given[k]);
        }
    }
    int pieces = 0;
    for (ssize_t k = 0; k < got; k++) pieces += request[k] == '\0';
    if (count != 3 || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || request[got - 1] != '\0'
        || strlen(request) + 1 > MAMCONF_FORK_PATH_MAX || pieces - 1 > MAMCONF_FORK_ARGUMENTS_MAX) {
        for (int k = 0; k < count; k++) close(fds[k]);
        errno = EBADMSG;
        return -1;
    }
    *length = (size_t)got;
    return 1;
}

/* In the child: keeps the request's arguments where mamconf_fork_case_arguments finds them. */
static void keep_arguments(const char *request, size_t length) {
    memcpy(case_request, request, length);
    size_t at = strlen(case_request) + 1;
    case_argument_count = 0;
    while (at < length) {
        case_arguments[case_argument_count++] = case_request + at;
        at += strlen(case_request + at) + 1;
    }
    case_arguments[case_argument_count] = NULL;
}

int mamconf_fork_server_run(int control) {
    if (thread_count() != 1) {
        errno = EBUSY;
        return -1;
    }
    /* Children's ends arrive as a signal on a descriptor, so one poll waits for both kinds of news. */
    sigset_t child_signal, previous;
    sigemptyset(&child_signal);
    sigaddset(&child_signal, SIGCHLD);
    if (sigprocmask(SIG_BLOCK, &child_signal, &previous) != 0) return -1;
    int ended = signalfd(-1, &child_signal, SFD_CLOEXEC | SFD_NONBLOCK);
    if (ended < 0) return -1;
    pid_t server = getpid();
    if (send_message(control, MAMCONF_FORK_READY, server, 0) != 0) return -1;

    int result = -1;
    for (;;) {
        struct pollfd watched[2] = {{control, POLLIN, 0}, {ended, POLLIN, 0}};
        if (poll(watched, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (watched[1].revents) {
            struct signalfd_siginfo info;
            while (read(ended, &info, sizeof info) > 0) {}
            int status;
            pid_t child;
            while ((child = waitpid(-1, &status, WNOHANG)) > 0) {
                if (send_message(control, MAMCONF_FORK_EXITED, child, status) != 0) goto done;
            }
        }
        if (watched[0].revents) {
            char request[MAMCONF_FORK_REQUEST_MAX];
            size_t length = 0;
            int fds[3];
            int got = receive_request(control, request, &length, fds);
            const char *directory = request;
            if (got == 0) { result = 1; break; }
            if (got < 0) {
                if (errno == EBADMSG) {
                    if (send_message(control, MAMCONF_FORK_STARTED, 0, EBADMSG) != 0) break;
                    continue;
                }
                break;
            }
            int settled[2];
            if (pipe2(settled, O_CLOEXEC) != 0) {
                int failure = errno;
                for (int k = 0; k < 3; k++) close(fds[k]);
                if (send_message(control, MAMCONF_FORK_STARTED, 0, failure) != 0) break;
                continue;
            }
            pid_t child = fork();
            if (child == 0) {
                close(settled[0]);
                keep_arguments(request, length);
                int failure = become_case(server, fds, directory, settled[1]);
                if (failure != 0) {
                    /* As a shell reports a program it could not run: on the case's stderr, with exit code 126. */
                    dprintf(2, "fork server: cannot start the case: %s\n", strerror(failure));
                    _exit(126);
                }
                return 0;
            }
            int failure = child < 0 ? errno : 0;
            close(settled[1]);
            /* End of file once the child closed its end: set up, or exited trying. */
            char ignored;
            while (child > 0 && read(settled[0], &ignored, 1) < 0 && errno == EINTR) {}
            close(settled[0]);
            for (int k = 0; k < 3; k++) close(fds[k]);
            if (send_message(control, MAMCONF_FORK_STARTED, child < 0 ? 0 : child, failure) != 0) break;
        }
    }
done:
    close(ended);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    return result;
}

int mamconf_fork_request(int control, const char *directory, const char *const *arguments, int count, int in_fd,
                         int out_fd, int err_fd) {
    size_t length = strlen(directory) + 1;
    if (length > MAMCONF_FORK_PATH_MAX) return ENAMETOOLONG;
    if (count < 0 || count > MAMCONF_FORK_ARGUMENTS_MAX) return E2BIG;
    char request[MAMCONF_FORK_REQUEST_MAX];
    memcpy(request, directory, length);
    for (int k = 0; k < count; k++) {
        size_t piece = strlen(arguments[k]) + 1;
        if (length + piece > MAMCONF_FORK_REQUEST_MAX) return E2BIG;
        memcpy(request + length, arguments[k], piece);
        length += piece;
    }
    struct iovec part = {request, length};
    request_control control_data;
    struct msghdr message = request_message(&part, &control_data);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(3 * sizeof(int));
    int fds[3] = {in_fd, out_fd, err_fd};
    memcpy(CMSG_DATA(header), fds, sizeof fds);
    ssize_t sent;
    do {
        sent = sendmsg(control, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent < 0 ? errno : 0;
}

int mamconf_fork_read(int control, mamconf_fork_message *message) {
    ssize_t got;
    do {
        got = recv(control, message, sizeof *message, 0);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return -errno;
    if (got == 0) return 0;
    return got == (ssize_t)sizeof *message ? 1 : -EBADMSG;
}

int mamconf_fork_socketpair(int ends[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) == 0 ? 0 : errno;
}
