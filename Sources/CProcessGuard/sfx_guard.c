// sfx_guard: see include/sfx_guard.h for the contract.
//
// Everything a handler or the watchdog touches lives in static storage: slot states are C11
// atomics, paths are fixed buffers. A slot is FREE, being FILLED (not yet visible), or READY;
// the cleanup only reads READY slots, so it never sees a half-written path.
#include "sfx_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { SLOT_FREE = 0, SLOT_FILLING = 1, SLOT_READY = 2 };

static atomic_int slot_state[SFX_GUARD_SLOTS];
static char slot_path[SFX_GUARD_SLOTS][SFX_GUARD_PATH_MAX + 1];

int sfx_guard_register(const char *path) {
    if (path == NULL) return -1;
    size_t length = strlen(path);
    if (length == 0 || length > SFX_GUARD_PATH_MAX) return -1;
    for (int i = 0; i < SFX_GUARD_SLOTS; i++) {
        int expected = SLOT_FREE;
        if (atomic_compare_exchange_strong(&slot_state[i], &expected, SLOT_FILLING)) {
            memcpy(slot_path[i], path, length + 1);
            atomic_store(&slot_state[i], SLOT_READY);
            return i;
        }
    }
    return -1;
}

void sfx_guard_unregister(int slot) {
    if (slot < 0 || slot >= SFX_GUARD_SLOTS) return;
    atomic_store(&slot_state[slot], SLOT_FREE);
}

// Set first thing by the signal handler and the watchdog: no temporary file is created after it.
static atomic_int exiting;
// Temporary files being registered and created right now; the handler waits for them.
static atomic_int creating;

int sfx_guard_create_temporary(const char *path, unsigned int mode, int *slot) {
    // No signal is handled on this thread while the file is registered and created.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    atomic_fetch_add(&creating, 1);
    int fd = -1, saved = 0;
    if (atomic_load(&exiting)) {
        saved = EINTR;
    } else {
        // Every slot taken: the file is made all the same, unregistered, as before the registry.
        int s = sfx_guard_register(path);
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, (mode_t)mode);
        if (fd < 0) {
            saved = errno;
            sfx_guard_unregister(s);
        } else if (slot != NULL) {
            *slot = s;
        }
    }
    atomic_fetch_sub(&creating, 1);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (fd < 0) errno = saved;
    return fd;
}

// Stops new temporary files and waits (at most about 200 ms) for those being created.
static void stop_creating(void) {
    atomic_store(&exiting, 1);
    struct timespec pause = { 0, 100 * 1000 };
    for (int i = 0; i < 2000 && atomic_load(&creating) > 0; i++) nanosleep(&pause, NULL);
}

void sfx_guard_remove_all(void) {
    for (int i = 0; i < SFX_GUARD_SLOTS; i++) {
        int expected = SLOT_READY;
        // Claim the slot so that two cleanups (a signal during the watchdog) do not race.
        if (atomic_compare_exchange_strong(&slot_state[i], &expected, SLOT_FILLING)) {
            unlink(slot_path[i]);
            atomic_store(&slot_state[i], SLOT_FREE);
        }
    }
}

int sfx_guard_count(void) {
    int n = 0;
    for (int i = 0; i < SFX_GUARD_SLOTS; i++) n += atomic_load(&slot_state[i]) == SLOT_READY;
    return n;
}

// Writes all of `text` to standard error, async-signal-safe.
static void write_stderr(const char *text, size_t length) {
    while (length > 0) {
        ssize_t n = write(STDERR_FILENO, text, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text += n;
        length -= (size_t)n;
    }
}

// ---- Signals ----

static char signal_prefix[64];
static atomic_int handlers_installed;

static void on_signal(int signo) {
    stop_creating();
    sfx_guard_remove_all();
    const char *name = signo == SIGINT ? "interrupted by SIGINT\n"
                       : signo == SIGTERM ? "interrupted by SIGTERM\n"
                       : signo == SIGHUP ? "interrupted by SIGHUP\n" : "interrupted by a signal\n";
    write_stderr(signal_prefix, strlen(signal_prefix));
    write_stderr(name, strlen(name));
    _exit(128 + signo);
}

void sfx_guard_install_signal_handlers(const char *prefix) {
    if (atomic_exchange(&handlers_installed, 1)) return;
    if (prefix != NULL) {
        strncpy(signal_prefix, prefix, sizeof signal_prefix - 1);
        signal_prefix[sizeof signal_prefix - 1] = 0;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigfillset(&action.sa_mask);  // one cleanup at a time
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A parent may start us with these signals blocked (a blocked mask survives exec), and
    // then SIGTERM would stay pending forever: unblock them here, so that the threads started
    // later (the driver's) inherit the unblocked mask too.
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}

// ---- Watchdog ----

static pthread_mutex_t watchdog_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watchdog_changed;
static int watchdog_started;
static int watchdog_armed;
static struct timespec watchdog_deadline;  // CLOCK_MONOTONIC
static char watchdog_message[256];
static int watchdog_exit_code = 1;

static int before(const struct timespec *a, const struct timespec *b) {
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *watchdog_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&watchdog_lock);
    for (;;) {
        if (!watchdog_armed) {
            pthread_cond_wait(&watchdog_changed, &watchdog_lock);
            continue;
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!before(&now, &watchdog_deadline)) break;
        struct timespec deadline = watchdog_deadline;
        pthread_cond_timedwait(&watchdog_changed, &watchdog_lock, &deadline);
    }
    // Expired. The lock is kept: nothing may disarm us now.
    stop_creating();
    sfx_guard_remove_all();
    write_stderr(watchdog_message, strlen(watchdog_message));
    _exit(watchdog_exit_code);
    return NULL;
}

int sfx_guard_arm_watchdog(double seconds, const char *message, int exit_code) {
    if (!(seconds > 0)) {
        sfx_guard_disarm_watchdog();
        return 0;
    }
    pthread_mutex_lock(&watchdog_lock);
    if (!watchdog_started) {
        pthread_condattr_t attributes;
        pthread_condattr_init(&attributes);
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
        pthread_cond_init(&watchdog_changed, &attributes);
        pthread_condattr_destroy(&attributes);
        pthread_t thread;
        pthread_attr_t thread_attributes;
        pthread_attr_init(&thread_attributes);
        pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&thread_attributes, 64 * 1024);
        // The watchdog never takes a signal: SIGINT/SIGTERM go to the other threads.
        sigset_t all, previous;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        int failed = pthread_create(&thread, &thread_attributes, watchdog_main, NULL);
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        pthread_attr_destroy(&thread_attributes);
        if (failed) {
            pthread_mutex_unlock(&watchdog_lock);
            return -1;
        }
        watchdog_started = 1;
    }
    if (seconds > 1e9) seconds = 1e9;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    time_t whole = (time_t)seconds;
    long nanos = (long)((seconds - (double)whole) * 1e9);
    watchdog_deadline.tv_sec = now.tv_sec + whole;
    watchdog_deadline.tv_nsec = now.tv_nsec + nanos;
    if (watchdog_deadline.tv_nsec >= 1000000000L) {
        watchdog_deadline.tv_sec += 1;
        watchdog_deadline.tv_nsec -= 1000000000L;
    }
    strncpy(watchdog_message, message != NULL ? message : "timed out\n", sizeof watchdog_message - 1);
    watchdog_message[sizeof watchdog_message - 1] = 0;
    watchdog_exit_code = exit_code;
    watchdog_armed = 1;
    pthread_cond_signal(&watchdog_changed);
    pthread_mutex_unlock(&watchdog_lock);
    return 0;
}

void sfx_guard_disarm_watchdog(void) {
    pthread_mutex_lock(&watchdog_lock);
    watchdog_armed = 0;
    if (watchdog_started) pthread_cond_signal(&watchdog_changed);
    pthread_mutex_unlock(&watchdog_lock);
}
