#!/usr/bin/env bash
# make sanitize: builds the package and its tests with one sanitizer and runs the whole suite
# under it, the command-line binary the tests start included.
#   scripts/sanitize.sh address   AddressSanitizer, with LeakSanitizer (.build-asan)
#   scripts/sanitize.sh thread    ThreadSanitizer (.build-tsan)
# Every process writes its reports into the build folder's sanitizer-reports/ (a report in a
# child the tests start would otherwise only reach a captured standard error); the run fails
# when a test fails or any report is written, and prints them.
set -uo pipefail
case "${1:-}" in
  address) short=asan; runtime=ASAN ;;
  thread) short=tsan; runtime=TSAN ;;
  *) echo "usage: scripts/sanitize.sh address|thread" >&2; exit 2 ;;
esac
sanitizer=$1
SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/.build-$short
reports=$build/sanitizer-reports
suppressions=$root/scripts/sanitizers
cd "$root" || exit 1

# The runtimes come with the toolchain, not from Debian (its libclang-rt-14-dev is for clang 14).
toolchain=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/..
if ! ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.$short-"$(uname -m)".a >/dev/null 2>&1; then
  echo "error: the Swift toolchain at $toolchain has no $sanitizer sanitizer runtime (lib/clang/*/lib/linux/libclang_rt.$short-$(uname -m).a); install a swift.org toolchain" >&2
  exit 1
fi

started=$(date +%s)
"$SWIFT" build --build-tests --sanitize="$sanitizer" --build-path "$build" || exit 1
built=$(date +%s)

rm -rf "$reports" "$build/unloaded-module-leaks" && mkdir -p "$reports"
# Which sanitizer is on (tests whose limits it breaks say so and skip), and the binary built
# with it, for the command-line tests.
export SHADERFX_SANITIZER=$sanitizer
export SHADERFX_BIN=$build/debug/shaderfx
symbolizer=$toolchain/bin/llvm-symbolizer
[ -x "$symbolizer" ] && export "${runtime}_SYMBOLIZER_PATH=$symbolizer"
common="log_path=$reports/$short:log_exe_name=1:symbolize=1"
export ASAN_OPTIONS="$common:detect_leaks=1"
export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="$common:suppressions=$suppressions/tsan.supp:print_suppressions=0:halt_on_error=0:second_deadlock_stack=1"

"$SWIFT" test --skip-build --sanitize="$sanitizer" --build-path "$build" 2>&1 | tee "$build/test.log"
status=${PIPESTATUS[0]}
finished=$(date +%s)

# Mesa's DRI driver (swrast_dri.so) is the one library EGL unloads (eglTerminate dlcloses it):
# what it still held would then be reported as leaked with frames in "<unknown module>", which
# no suppression can name. ShaderFX keeps Mesa's drivers loaded (sfx_keep_drivers_loaded), so
# this should not happen; should another driver be unloaded, a leak report whose every frame
# past the allocator is in an unloaded module is moved aside, counted.
mkdir -p "$build/unloaded-module-leaks"
for f in $(find "$reports" -type f); do
  grep -q "ERROR: LeakSanitizer" "$f" || continue
  grep -qE "ERROR: (AddressSanitizer|ThreadSanitizer)" "$f" && continue
  # (grep -v without -q reads all of its input: with pipefail, a -q that stops early would fail
  # the pipeline through SIGPIPE and move a report that names ShaderFX's own frames.)
  grep -E "^ +#[1-9][0-9]* " "$f" | grep -v "(<unknown module>)" >/dev/null && continue
  mv "$f" "$build/unloaded-module-leaks/"
done
echo "== $sanitizer: $(find "$build/unloaded-module-leaks" -type f | wc -l) leak report(s) only in Mesa's unloaded driver, moved to $build/unloaded-module-leaks =="
found=$(find "$reports" -type f | sort)
if [ -n "$found" ]; then
  echo "== $sanitizer: $(echo "$found" | wc -l) report file(s) in $reports =="
  for f in $found; do echo "---- $f"; cat "$f"; done
  status=1
fi
summary=$(grep -E "^. Test run with [0-9]+ tests" "$build/test.log" | tail -1)
echo "== $sanitizer: ${summary:-no summary}; build $((built - started)) s, tests $((finished - built)) s =="
exit "$status"
