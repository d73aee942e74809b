#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (scripts/fuzz-build.sh) and runs each for FUZZ_TIME
# seconds (default 600) over a working corpus seeded from Fuzz/Seeds/<target>/ and the test and
# example files, with Fuzz/Dictionaries/<target>.dict. Findings (crash-*, timeout-*, oom-*,
# leak-*) land in .build-fuzz/findings/<target>/; the log of each run in .build-fuzz/logs/.
# LeakSanitizer reads Fuzz/lsan.supp (what system libraries keep for the whole process).
# Environment: FUZZ_TIME (seconds per target), FUZZ_TARGETS (names, e.g. "Metal"),
# FUZZ_RSS_MB (default 2048), FUZZ_MALLOC_MB (one allocation, default 512), FUZZ_TIMEOUT (seconds
# one input may run, default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
time=${FUZZ_TIME:-600}
targets=${FUZZ_TARGETS:-$(scripts/fuzz-build.sh --list)}
scripts/fuzz-build.sh $targets
out=.build-fuzz
summary=()
status=0
for t in $targets; do
    corpus="$out/corpus/$t" findings="$out/findings/$t" log="$out/logs/$t.log"
    mkdir -p "$corpus" "$findings" "$out/logs"
    scripts/fuzz-seeds.sh "$t" "$corpus"
    dict=(); [[ -f Fuzz/Dictionaries/$t.dict ]] && dict=(-dict="Fuzz/Dictionaries/$t.dict")
    echo "fuzz: Fuzz$t for ${time} s (log: $log)"
    set +e
    LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" "$out/Fuzz$t" "$corpus" "${dict[@]}" -max_total_time="$time" -print_final_stats=1 \
        -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb="${FUZZ_MALLOC_MB:-512}" \
        -timeout="${FUZZ_TIMEOUT:-10}" -artifact_prefix="$findings/" >"$log" 2>&1
    rc=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
    ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
    found=$(find "$findings" -type f | wc -l)
    [[ $rc -ne 0 || $found -ne 0 ]] && status=1
    summary+=("$(printf '%-10s %12s %8s %8s %9s %4s' "$t" "${runs:-?}" "${cov:-?}" "${ft:-?}" "$found" "$rc")")
done
printf '\n%-10s %12s %8s %8s %9s %4s\n' target executions cov ft findings rc
printf '%s\n' "${summary[@]}"
[[ $status -eq 0 ]] || echo "fuzz: findings under $out/findings/ (reproduce: $out/Fuzz<target> <file>)"
exit $status
