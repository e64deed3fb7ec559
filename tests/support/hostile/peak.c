/* peak REPORT PROGRAM [ARGS...]: runs PROGRAM as a child and writes the child's own peak
 * resident memory (KiB) to REPORT, then exits the way the child did.
 *
 * Why: a process's ru_maxrss counts the memory of the process it was forked from (the kernel
 * keeps the larger of the old and new high-water marks across exec), so a checker forked
 * straight from a test process that holds large answers in memory would be charged for them.
 * Forked from this small launcher instead, the checker's peak is its own. */
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: peak REPORT PROGRAM [ARGS...]\n");
        return 125;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 125;
    }
    if (pid == 0) {
        execv(argv[2], argv + 2);
        perror("execv");
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("wait4");
        return 125;
    }
    FILE *report = fopen(argv[1], "w");
    if (report == NULL || fprintf(report, "%ld\n", usage.ru_maxrss) < 0 || fclose(report) != 0) {
        perror(argv[1]);
        return 125;
    }
    if (WIFSIGNALED(status)) {
        signal(WTERMSIG(status), SIG_DFL);
        raise(WTERMSIG(status));
    }
    return WEXITSTATUS(status);
}
