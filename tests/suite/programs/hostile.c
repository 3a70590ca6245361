/* A program that attacks its judge, one way per mode, then answers "No"
 * to a nim test whose one case is lost (so a judge that lets the attack
 * pass gives AC):
 *
 *   hostile setsid|setpgid|vfork|clone|double-fork MARK
 *       leaves `sleep MARK` running by that escape;
 *   hostile bomb MARK       a setsid'd child forks 63 `sleep MARK`;
 *   hostile unwaited SECS   a child burns SECS of CPU, unwaited: the
 *                           program waits for it by a pipe, not wait();
 *   hostile children MIB    4 children each touch MIB MiB, then wait;
 *   hostile memfd MIB       touches MIB MiB of a memfd;
 *   hostile shm MIB         writes MIB MiB to /dev/shm;
 *   hostile stack MIB       recurses through MIB MiB of stack;
 *   hostile connect PORT    connects to 127.0.0.1:PORT (exit 3 if not);
 *   hostile killall         kill(-1, SIGKILL) and ptrace every PID < 65536;
 *   hostile fill            holds as many sleeping processes as it can;
 *   hostile chroot-escape   tries to leave the box's root (a user
 *                           namespace of its own, where chroot is allowed,
 *                           then the classic climb out of a chroot; the
 *                           machine's tree under /.old, its cover unmounted)
 *                           and answers "No" only if it read the file
 *                           $SECRET names (an environment variable: a file
 *                           the command names is shown in the box);
 *   hostile keyring         stores a key in its user's keyring, which the
 *                           next box of that user would find, and answers
 *                           "No" only if it could;
 *   hostile fallocate MIB   reserves MIB MiB of disk for its standard output
 *                           without growing it (past the output limit),
 *                           and answers "No" only if it could;
 *   hostile unix-leak MARK  answers "No" if an earlier test's abstract Unix
 *                           socket named after MARK is in /proc/net/unix;
 *                           else leaves one, alive after its end (its own
 *                           descriptor in its own queue), and answers "Yes".
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *mark;

static void exec_sleep(void) {
    execl("/bin/sleep", "sleep", mark, (char *)0);
    execl("/usr/bin/sleep", "sleep", mark, (char *)0);
    _exit(1);
}

static int clone_child(void *unused) {
    (void)unused;
    exec_sleep();
    return 0;
}

static void answer(void) {
    puts("No");
    fflush(stdout);
}

static void burn(double seconds) {
    struct timespec start, now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
    volatile unsigned long spin = 0;
    do {
        for (int i = 0; i < 1000000; i++) spin++;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    } while ((now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9 < seconds);
}

static void touch(char *memory, size_t bytes) {
    for (size_t at = 0; at < bytes; at += 4096) memory[at] = 1;
}

static int recurse(int depth) {
    volatile char frame[1024];
    frame[0] = (char)depth;
    if (depth == 0) return frame[0];
    return recurse(depth - 1) + frame[0];
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    const char *mode = argv[1];
    mark = argc > 2 ? argv[2] : "1000";
    double number = argc > 2 ? atof(argv[2]) : 0;
    size_t mib = (size_t)number << 20;
    if (!strcmp(mode, "unix-leak")) {
        char name[96];
        snprintf(name, sizeof name, "nimstream-%s", mark);
        FILE *sockets = fopen("/proc/net/unix", "r");
        char line[512];
        int found = 0;
        while (sockets && fgets(line, sizeof line, sockets))
            if (strstr(line, name)) found = 1;
        if (sockets) fclose(sockets);
        if (!found) {
            int s = socket(AF_UNIX, SOCK_DGRAM, 0);
            struct sockaddr_un address;
            memset(&address, 0, sizeof address);
            address.sun_family = AF_UNIX;
            memcpy(address.sun_path + 1, name, strlen(name));
            socklen_t length = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name);
            bind(s, (struct sockaddr *)&address, length);
            char byte = 'x';
            struct iovec part = {&byte, 1};
            char control[CMSG_SPACE(sizeof(int))];
            memset(control, 0, sizeof control);
            struct msghdr message;
            memset(&message, 0, sizeof message);
            message.msg_name = &address;
            message.msg_namelen = length;
            message.msg_iov = &part;
            message.msg_iovlen = 1;
            message.msg_control = control;
            message.msg_controllen = sizeof control;
            struct cmsghdr *header = CMSG_FIRSTHDR(&message);
            header->cmsg_level = SOL_SOCKET;
            header->cmsg_type = SCM_RIGHTS;
            header->cmsg_len = CMSG_LEN(sizeof(int));
            memcpy(CMSG_DATA(header), &s, sizeof(int));
            /* Not closed: the exit closes it, and only the descriptor in
               flight is left. */
            sendmsg(s, &message, 0);
        }
        puts(found ? "No" : "Yes");
        fflush(stdout);
        return 0;
    }
    if (!strcmp(mode, "keyring")) {
        /* KEY_SPEC_USER_KEYRING is -4. */
        long key = syscall(SYS_add_key, "user", "nimstream-hostile", "x", 1, -4);
        puts(key >= 0 ? "No" : "Yes");
        fflush(stdout);
        return 0;
    }
    if (!strcmp(mode, "fallocate")) {
        /* FALLOC_FL_KEEP_SIZE is 1. */
        int reserved = fallocate(1, 1, 0, (off_t)mib);
        puts(reserved == 0 ? "No" : "Yes");
        fflush(stdout);
        return 0;
    }
    if (!strcmp(mode, "chroot-escape")) {
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) unshare(CLONE_NEWUSER);
        mkdir("/tmp/escape", 0755);
        if (chroot("/tmp/escape") == 0) {
            for (int i = 0; i < 64; i++) chdir("..");
            chroot(".");
        }
        umount2("/.old", MNT_DETACH);
        const char *under[] = {"", "/.old", "/.old/.old"};
        int read_it = 0;
        for (int i = 0; i < 3; i++) {
            char path[4096];
            const char *secret = getenv("SECRET");
            snprintf(path, sizeof path, "%s%s", under[i], secret ? secret : "/");
            FILE *file = fopen(path, "r");
            if (file) {
                read_it = 1;
                fclose(file);
            }
        }
        puts(read_it ? "No" : "Yes");
        fflush(stdout);
        return 0;
    }
    if (!strcmp(mode, "setsid")) {
        if (fork() == 0) { setsid(); exec_sleep(); }
    } else if (!strcmp(mode, "setpgid")) {
        if (fork() == 0) { setpgid(0, 0); exec_sleep(); }
    } else if (!strcmp(mode, "vfork")) {
        if (vfork() == 0) { setpgid(0, 0); exec_sleep(); }
    } else if (!strcmp(mode, "clone")) {
        static char stack[1 << 16];
        clone(clone_child, stack + sizeof stack, CLONE_VM | SIGCHLD, 0);
    } else if (!strcmp(mode, "double-fork")) {
        if (fork() == 0) { if (fork() == 0) { setsid(); exec_sleep(); } _exit(0); }
        wait(0);
    } else if (!strcmp(mode, "bomb")) {
        if (fork() == 0) {
            setsid();
            for (int i = 0; i < 63; i++) if (fork() == 0) exec_sleep();
            _exit(0);
        }
        wait(0);
    } else if (!strcmp(mode, "unwaited")) {
        /* The parent reads a pipe the child holds, not wait(): whatever
         * the load, the child burns all its time before the program ends,
         * and no wait() adds that time to the parent's. */
        int ends[2];
        char byte;
        if (pipe(ends) != 0) return 4;
        if (fork() == 0) { close(ends[0]); burn(number); _exit(0); }
        close(ends[1]);
        while (read(ends[0], &byte, 1) > 0) {}
    } else if (!strcmp(mode, "children")) {
        for (int i = 0; i < 4; i++) {
            if (fork() == 0) {
                char *memory = malloc(mib);
                if (memory) touch(memory, mib);
                sleep(1);
                _exit(0);
            }
        }
        while (wait(0) > 0) {}
    } else if (!strcmp(mode, "memfd")) {
        int fd = memfd_create("hoard", 0);
        if (fd < 0 || ftruncate(fd, (off_t)mib) != 0) return 4;
        char *memory = mmap(0, mib, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (memory == MAP_FAILED) return 4;
        touch(memory, mib);
    } else if (!strcmp(mode, "shm")) {
        FILE *file = fopen("/dev/shm/hoard", "w");
        static char block[1 << 20];
        memset(block, 1, sizeof block);
        if (!file) return 4;
        for (size_t i = 0; i < (size_t)number; i++)
            if (fwrite(block, 1, sizeof block, file) != sizeof block) return 4;
        if (fclose(file) != 0) return 4;
    } else if (!strcmp(mode, "stack")) {
        if (recurse((int)(number * 1024)) == -1) return 5;
    } else if (!strcmp(mode, "connect")) {
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((unsigned short)number)};
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0) return 3;
        (void)!write(fd, "hello", 5);
    } else if (!strcmp(mode, "killall")) {
        kill(-1, SIGKILL);
        for (pid_t pid = 1; pid < 65536; pid++) {
            if (pid != getpid() && ptrace(PTRACE_ATTACH, pid, 0, 0) == 0) {
                kill(pid, SIGKILL);
            }
        }
    } else if (!strcmp(mode, "fill")) {
        while (fork() >= 0) {}
        for (;;) pause();
    } else {
        return 2;
    }
    answer();
    return 0;
}
