#!/usr/bin/env bash
# Builds the fuzz targets in Fuzz/ with libFuzzer and AddressSanitizer and runs each one for a bounded number of
# runs, one target at a time. Prints, per target, the runs made and the crashes found (a trap, an ASan report, a
# leak, a timeout or running out of memory), and exits 1 if any target crashed. `make fuzz` calls it.
#
# Settings (environment):
#   FUZZ_RUNS      runs per target (default 1000000)
#   FUZZ_TIME      seconds per target at most, a safety net (default 3600)
#   FUZZ_RSS_MB    memory limit per target in MB (default 4096)
#   FUZZ_TIMEOUT   seconds one input may take before it counts as a crash (default 10)
#   FUZZ_TIMEOUT_<target>  the same for one target; FuzzRenderSpecs defaults to 60 because a dry run may lay out
#                  100,000 values (the elevator's counting limit), which takes about 30 s under ASan
#   FUZZ_TARGETS   which targets, space-separated (default all)
#   FUZZ_CONFIG    release (default: faster runs) or debug (faster build)
#   FUZZ_WORK      scratch directory (default Fuzz/.build/fuzz-work): libFuzzer adds the inputs it finds to a
#                  copy of the corpus there, so Fuzz/Corpus stays the small committed seed set, and writes crash
#                  inputs to FUZZ_WORK/<target>-crashes/.
#   SWIFT          the swift tool (default swift)
#
# Reproduce a crash: Fuzz/.build/<config>/<target> FILE; minimise it: add -minimize_crash=1 -runs=100000.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
SWIFT="${SWIFT:-swift}"
FUZZ_RUNS="${FUZZ_RUNS:-1000000}"
FUZZ_TIME="${FUZZ_TIME:-3600}"
FUZZ_RSS_MB="${FUZZ_RSS_MB:-4096}"
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10}"
FUZZ_CONFIG="${FUZZ_CONFIG:-release}"
FUZZ_TARGETS="${FUZZ_TARGETS:-FuzzTimingFunction FuzzColor FuzzNumberFormat FuzzSceneJSON FuzzArguments FuzzRenderSpecs FuzzGIFEncoder FuzzVectorExport FuzzServiceURL}"
FUZZ_WORK="${FUZZ_WORK:-$root/Fuzz/.build/fuzz-work}"
FUZZ_TIMEOUT_FuzzRenderSpecs="${FUZZ_TIMEOUT_FuzzRenderSpecs:-60}"

# SwiftPM passes `-sanitize=fuzzer -sanitize=address` to the compiler as two options, of which only the last
# reaches the frontend: the code would have no coverage instrumentation. The -Xswiftc form gives both at once;
# `--sanitize fuzzer` is still needed so that SwiftPM links libFuzzer's `main` instead of the target's own.
build=(build -c "$FUZZ_CONFIG" --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address)
cd "$root/Fuzz"
echo "== building the fuzz targets ($FUZZ_CONFIG): swift ${build[*]}"
start=$(date +%s)
mkdir -p "$FUZZ_WORK"
# The gold linker warns once per ASan helper symbol ("Cannot export local symbol"): keep those out of the output.
if ! "$SWIFT" "${build[@]}" >"$FUZZ_WORK/build.log" 2>&1; then
    grep -v -e "Cannot export local symbol" "$FUZZ_WORK/build.log" >&2
    echo "fuzz: the build failed (log: $FUZZ_WORK/build.log)" >&2
    exit 1
fi
echo "built in $(($(date +%s) - start)) s"
bin="$("$SWIFT" "${build[@]}" --show-bin-path)"
# Swift's own crash backtracer reads the crashed process's memory in a way ASan reports as a stack-buffer-underflow,
# burying the real report: leave crash reports to ASan and libFuzzer.
export SWIFT_BACKTRACE=enable=no
# Process-lifetime caches of the C libraries below Pango are not leaks of ours (see the file).
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# The inputs libFuzzer saves for a crash, a leak, a timeout and running out of memory (not its slow-unit-* files,
# which only record the slowest input so far).
count_crashes() {
    find "$1" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l
}

failed=0
summary=""
for target in $FUZZ_TARGETS; do
    corpus="$FUZZ_WORK/$target"
    crashes="$FUZZ_WORK/$target-crashes"
    log="$FUZZ_WORK/$target.log"
    mkdir -p "$corpus" "$crashes"
    before=$(count_crashes "$crashes")
    timeout_variable="FUZZ_TIMEOUT_$target"
    timeout="${!timeout_variable:-$FUZZ_TIMEOUT}"
    echo "== $target: $FUZZ_RUNS runs at most, $FUZZ_TIME s at most (log: $log)"
    start=$(date +%s)
    set +e
    "$bin/$target" -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_TIME" -rss_limit_mb="$FUZZ_RSS_MB" \
        -timeout="$timeout" -print_final_stats=1 -artifact_prefix="$crashes/" \
        "$corpus" "$root/Fuzz/Corpus/$target" >"$log" 2>&1
    code=$?
    set -e
    seconds=$(($(date +%s) - start))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    found=$(($(count_crashes "$crashes") - before))
    if [ "$code" -ne 0 ] && [ "$found" -eq 0 ]; then found=1; fi
    line="$target: ${runs:-0} runs in $seconds s, $found crash(es)"
    if [ "$found" -ne 0 ]; then
        failed=1
        line+=" (exit $code; inputs in $crashes)"
        grep -m 5 -E "ERROR|Fatal error|SUMMARY|Test unit written" "$log" | sed 's/^/    /' || true
    fi
    echo "$line"
    summary+="$line"$'\n'
done
echo "== fuzz summary"
printf '%s' "$summary"
exit "$failed"
