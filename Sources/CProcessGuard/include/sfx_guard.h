// sfx_guard: what must still work when the process is being killed or is stuck.
//
// Three pieces, all for the `shaderfx` tool running unattended (CI, servers):
//
//   - a registry of temporary files (an output's temp file before it is renamed into place),
//     kept in fixed static storage so that a signal handler or the watchdog can remove them
//     without allocating;
//   - SIGINT / SIGTERM / SIGHUP handlers that remove the registered files, write one
//     pre-formatted line and _exit(128 + signal): only async-signal-safe calls (unlink,
//     write, _exit);
//   - a watchdog thread that, once its deadline passes, does the same and _exit(1)s. It runs
//     on its own thread, so it also ends a process stuck inside a driver call (a shader
//     compiler in an endless loop, a draw that never finishes) that no signal would interrupt.
#ifndef SFX_GUARD_H
#define SFX_GUARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// The most temporary files registered at once; registering more fails (returns -1).
#define SFX_GUARD_SLOTS 64
// The longest path (bytes, without the NUL) that can be registered.
#define SFX_GUARD_PATH_MAX 4095

// Registers `path` (copied) for removal on a signal or a watchdog expiry. Returns a slot
// number for sfx_guard_unregister, or -1 when the path is too long or every slot is taken.
int sfx_guard_register(const char *path);

// Forgets a slot (after the file was renamed into place or removed). -1 is ignored.
void sfx_guard_unregister(int slot);

// Creates a temporary file (open with O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC and `mode`)
// registered in one step that a signal cannot split: either the signal handler removes the
// file, or it is never created. Returns the descriptor and stores the slot in *slot, or
// returns -1 with errno set (EINTR when the process is exiting). When every slot is taken the
// file is created unregistered and *slot is -1.
int sfx_guard_create_temporary(const char *path, unsigned int mode, int *slot);

// Removes every registered file now (async-signal-safe) and forgets them.
void sfx_guard_remove_all(void);

// The number of registered files (for tests).
int sfx_guard_count(void);

// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the registered files, write
// `prefix` followed by "interrupted by SIG...\n" to standard error, and _exit(128 + signal).
// `prefix` is copied (at most 63 bytes). Idempotent.
void sfx_guard_install_signal_handlers(const char *prefix);

// Starts (or moves) the watchdog: `seconds` from now it removes the registered files,
// writes `message` (copied, at most 255 bytes) to standard error and _exit(exit_code).
// seconds <= 0 disarms it. Returns 0, or -1 when the thread cannot be started.
int sfx_guard_arm_watchdog(double seconds, const char *message, int exit_code);

// Disarms the watchdog (the thread stays, asleep).
void sfx_guard_disarm_watchdog(void);

#ifdef __cplusplus
}
#endif

#endif  // SFX_GUARD_H
