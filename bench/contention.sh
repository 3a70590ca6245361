#!/usr/bin/env bash
# Contention benchmark: is two threads ever slower than one?
#
# Every workload runs with --threads 1 and --threads 2, first on the machine
# as it is ("quiet") and then beside a CPU hog that this script starts,
# pinned to the last core, and stops itself ("hog"). Runs are interleaved
# (one thread, two threads, one thread, ...) so that both see the same
# machine; the table gives the median wall and CPU (user + system) time of
# each, and two threads' time over one thread's. The target: under the hog,
# both ratios at most 1.1; quiet, two threads faster (Officers at 2^24, the
# `officers24` suite, at least 2x).
#
#   grundy      grundy 0.6, 0.14 and 0.454 to 2^20 values (--values
#               1048576 --format u16le --out FILE)
#   stream      solve and gen on the reference workload (Lasker's Nim, 100
#               cases of 1,000,000 heaps below 2^31, about 1 GB); validate
#               has no --threads (it reads on one thread), so it is not here
#   officers24  grundy 0.6 to 2^24 values (about a minute a run, so only
#               quiet, and not in the default suites)
#
# Usage (from anywhere in the checkout):
#
#   bench/contention.sh                             # grundy and stream
#   CONT_SUITES=officers24 CONT_RUNS=3 bench/contention.sh
#   CONT_CASES=10 CONT_RUNS=3 bench/contention.sh   # a quick check
#
# Environment:
#   CONT_SUITES  suites to run, in order (default: grundy stream)
#   CONT_RUNS    runs of each command in each condition; medians (default 5)
#   CONT_CASES   cases of 1,000,000 heaps in the stream workload (default 100)
#   CONT_OUT     scratch folder (default bench-out, which git ignores)
#   CONT_BINARY  a nimstream binary to time instead of building this
#                checkout's (an older build, for before and after)
#
# Needs GNU time (/usr/bin/time) and taskset (util-linux). The hog is a
# shell loop; it is killed when the script ends, however it ends.

set -euo pipefail

cd "$(dirname "$0")/.."

SUITES=${CONT_SUITES:-grundy stream}
RUNS=${CONT_RUNS:-5}
CASES=${CONT_CASES:-100}
OUT=${CONT_OUT:-bench-out}
TARGET_DIR=${CARGO_TARGET_DIR:-target}
NIMSTREAM=${CONT_BINARY:-$TARGET_DIR/release/nimstream}
CORES=$(nproc)

die() {
    echo "contention: $*" >&2
    exit 1
}

for count in "$RUNS" "$CASES"; do
    case $count in '' | *[!0-9]* | 0) die "CONT_RUNS and CONT_CASES must be positive integers" ;; esac
done
for suite in $SUITES; do
    case $suite in grundy | stream | officers24) ;; *) die "unknown suite '$suite' (grundy, stream, officers24)" ;; esac
done
[[ -x /usr/bin/time ]] || die "needs GNU time at /usr/bin/time"
command -v taskset >/dev/null 2>&1 || die "needs taskset (util-linux)"
((CORES >= 2)) || die "needs at least 2 cores (this machine has $CORES)"

if [[ -z ${CONT_BINARY:-} ]]; then
    echo "contention: building nimstream (release)" >&2
    cargo build --release --quiet --bin nimstream
fi
[[ -x $NIMSTREAM ]] || die "no binary at $NIMSTREAM"
mkdir -p "$OUT"

HOG=
start_hog() {
    taskset -c $((CORES - 1)) bash -c 'while :; do :; done' &
    HOG=$!
    sleep 0.5
}
stop_hog() {
    if [[ -n $HOG ]]; then
        kill "$HOG" 2>/dev/null || true
        wait "$HOG" 2>/dev/null || true
        HOG=
    fi
}
trap stop_hog EXIT

# Median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) exit 1
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}

# `measure THREADS COMMAND`: one run of COMMAND with `--threads THREADS`
# appended; prints "WALL CPU" in seconds.
measure() {
    local threads=$1 command=$2 times=$OUT/contention.time
    /usr/bin/time -o "$times" -f '%e %U %S' bash -c "$command --threads $threads" >/dev/null ||
        die "failed: $command --threads $threads"
    awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$times"
}

printf '%-34s %-5s %9s %9s %9s %9s %7s %7s\n' workload load 'wall 1' 'cpu 1' 'wall 2' 'cpu 2' 'wall x' 'cpu x'

# `row NAME CONDITION COMMAND`: RUNS interleaved pairs of runs, one line of
# medians and ratios.
row() {
    local name=$1 condition=$2 command=$3 run
    local w1=() c1=() w2=() c2=()
    for ((run = 0; run < RUNS; run++)); do
        read -r wall cpu < <(measure 1 "$command")
        w1+=("$wall") c1+=("$cpu")
        read -r wall cpu < <(measure 2 "$command")
        w2+=("$wall") c2+=("$cpu")
    done
    local mw1 mc1 mw2 mc2
    mw1=$(printf '%s\n' "${w1[@]}" | median)
    mc1=$(printf '%s\n' "${c1[@]}" | median)
    mw2=$(printf '%s\n' "${w2[@]}" | median)
    mc2=$(printf '%s\n' "${c2[@]}" | median)
    awk -v n="$name" -v l="$condition" -v a="$mw1" -v b="$mc1" -v c="$mw2" -v d="$mc2" 'BEGIN {
        printf "%-34s %-5s %9.2f %9.2f %9.2f %9.2f %7.2f %7.2f\n", n, l, a, b, c, d,
            (a > 0 ? c / a : 0), (b > 0 ? d / b : 0)
    }'
}

# `both NAME COMMAND`: the row quiet, then under the hog.
both() {
    row "$1" quiet "$2"
    start_hog
    row "$1" hog "$2"
    stop_hog
}

for suite in $SUITES; do
    case $suite in
    grundy)
        for rule in 0.6 0.14 0.454; do
            both "grundy $rule, 2^20 values" \
                "\"$NIMSTREAM\" grundy $rule --values 1048576 --format u16le --out \"$OUT/contention.u16\""
        done
        ;;
    stream)
        file=$OUT/lasker-contention-${CASES}.in
        if [[ ! -s $file ]]; then
            echo "contention: generating $file" >&2
            "$NIMSTREAM" gen lasker --cases "$CASES" --heaps 1000000 --seed 1 -o "$file.tmp"
            mv "$file.tmp" "$file"
        fi
        cat "$file" >/dev/null
        both "solve lasker, $CASES x 10^6 heaps" "\"$NIMSTREAM\" solve lasker \"$file\""
        both "gen lasker, $CASES x 10^6 heaps" \
            "\"$NIMSTREAM\" gen lasker --cases $CASES --heaps 1000000 --seed 2 -o \"$OUT/contention-gen.in\""
        ;;
    officers24)
        row "grundy 0.6, 2^24 values" quiet \
            "\"$NIMSTREAM\" grundy 0.6 --values 16777216 --format u16le --out \"$OUT/contention.u16\""
        ;;
    esac
done
