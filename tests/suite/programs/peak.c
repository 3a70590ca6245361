/* Not a contestant: a measuring tool for the tests. Runs argv[1..] with
 * this process's standard input and error, waits for it and prints its exit
 * status (-1 after a signal) and its peak resident memory in KiB.
 *
 * A child's peak (ru_maxrss) counts the memory of the process it was
 * forked from until it calls exec, so measured straight from the test
 * process it would be the test process's own peak; forked from this small
 * program, it is the measured program's. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    pid_t pid;
    int status;
    struct rusage usage;
    if (argc < 2) {
        fputs("usage: peak PROGRAM [ARGS...]\n", stderr);
        return 2;
    }
    pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &usage) != pid)
        return 2;
    printf("%d %ld\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss);
    return 0;
}
