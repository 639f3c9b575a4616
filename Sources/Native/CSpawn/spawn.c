#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int mamconf_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  int in_fd, int out_fd, int err_fd, pid_t *pid) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();

    /* No signal handler of the parent may run in the child between fork and exec. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);

    /* vfork: the child borrows the parent's memory until execve, so a start costs the same whether the parent
       is a small mamconf or a test process of hundreds of megabytes (fork copied its page tables every time).
       The child below only makes system calls and writes nothing but its own locals until it execs or exits. */
    pid_t child = vfork();
    if (child < 0) {
        int failure = errno;
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        close(report[0]);
        close(report[1]);
        return failure;
    }
    if (child == 0) {
        struct sigaction standard;
        standard.sa_handler = SIG_DFL;
        standard.sa_flags = 0;
        sigemptyset(&standard.sa_mask);
        sigaction(SIGPIPE, &standard, NULL);
        sigaction(SIGINT, &standard, NULL);
        sigaction(SIGTERM, &standard, NULL);
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        /* The parent may have died before the line above: then nobody will kill this process. */
        if (getppid() != parent) _exit(127);
        if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) goto failed;
        if (directory != NULL && chdir(directory) != 0) goto failed;
        /* Nothing else of the parent's reaches the program, even a descriptor some library opened without
           O_CLOEXEC: a stray write end would keep another child's pipe from ever reaching end-of-file. */
        if (report[1] > 3) close_range(3, (unsigned)report[1] - 1, 0);
        close_range((unsigned)report[1] + 1, ~0U, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
    failed:;
        int failure = errno;
        ssize_t ignored = write(report[1], &failure, sizeof failure);
        (void)ignored;
        _exit(127);
    }

    setpgid(child, child);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    int failure = 0;
    ssize_t count;
    do {
        count = read(report[0], &failure, sizeof failure);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof failure) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        return failure;
    }
    *pid = child;
    return 0;
}

int mamconf_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
