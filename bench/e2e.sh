#!/usr/bin/env bash
# End-to-end benchmark: nimstream against `wc -l` and two C solutions, on the
# reference workload (HDU 3032's limits: 100 cases of 1,000,000 heaps below
# 2^31, about 1 GB).
#
# Usage (from anywhere in the checkout):
#
#   bench/e2e.sh                   # full run: ~1 GB file, 5 runs per program
#   E2E_CASES=10 bench/e2e.sh      # quick check on a ~100 MB file
#
# Environment:
#   E2E_RUNS     runs per program; the median is reported (default 5)
#   E2E_CASES    cases in the workload (default 100)
#   E2E_HEAPS    heaps per case (default 1000000)
#   E2E_TIMER    hyperfine | loop (default: hyperfine if installed, else loop)
#   E2E_OUT      where the workload and scratch files go (default bench-out,
#                which git ignores)
#   E2E_BASELINE another nimstream binary (an older build) timed in the same
#                run, with 1 thread and all threads, for before/after ratios
#   CC           C compiler (default cc)
#
# Needs the Rust toolchain and a C compiler. hyperfine, GNU time
# (/usr/bin/time, for peak memory) and python3 are used when present, never
# required.
#
# Every program's verdicts are compared with nimstream's before anything is
# reported, so a fast wrong answer fails the run instead of topping the table.

set -euo pipefail

cd "$(dirname "$0")/.."

RUNS=${E2E_RUNS:-5}
CASES=${E2E_CASES:-100}
HEAPS=${E2E_HEAPS:-1000000}
OUT=${E2E_OUT:-bench-out}
CC=${CC:-cc}
TARGET_DIR=${CARGO_TARGET_DIR:-target}
NIMSTREAM=$TARGET_DIR/release/nimstream

die() {
    echo "e2e: $*" >&2
    exit 1
}

case $RUNS in '' | *[!0-9]* | 0) die "E2E_RUNS must be a positive integer" ;; esac

if [[ -n ${E2E_TIMER:-} ]]; then
    TIMER=$E2E_TIMER
elif command -v hyperfine >/dev/null 2>&1; then
    TIMER=hyperfine
else
    TIMER=loop
fi
case $TIMER in
hyperfine) command -v hyperfine >/dev/null 2>&1 || die "E2E_TIMER=hyperfine but hyperfine is not installed" ;;
loop) ;;
*) die "E2E_TIMER must be hyperfine or loop" ;;
esac

mkdir -p "$OUT"

# --- Build ---------------------------------------------------------------

echo "e2e: building nimstream (release)" >&2
cargo build --release --quiet --bin nimstream
[[ -x $NIMSTREAM ]] || die "no binary at $NIMSTREAM"

for reader in scanf_lasker fread_lasker; do
    echo "e2e: compiling bench/$reader.c" >&2
    "$CC" -O2 -o "$OUT/$reader" "bench/$reader.c"
done

# --- Workload --------------------------------------------------------------

# The default workload keeps the documented name; others are named by their
# size, so a quick run never reuses (or replaces) the big file.
if [[ $CASES == 100 && $HEAPS == 1000000 ]]; then
    INPUT=$OUT/lasker.in
else
    INPUT=$OUT/lasker-${CASES}x${HEAPS}.in
fi
if [[ ! -s $INPUT ]]; then
    echo "e2e: generating $INPUT" >&2
    # Written under a temporary name and renamed, so an interrupted run
    # leaves no truncated file to be mistaken for the workload next time.
    "$NIMSTREAM" gen lasker --cases "$CASES" --heaps "$HEAPS" --max 2147483647 \
        --seed 1 -o "$INPUT.tmp"
    mv "$INPUT.tmp" "$INPUT"
fi
SIZE=$(wc -c <"$INPUT" | tr -d ' ')
THREADS=$(nproc)

# The page cache is warmed once, so every program reads from memory; the
# verdict runs below then warm each program's own code and libraries.
cat "$INPUT" >/dev/null

# --- Programs ---------------------------------------------------------------

# Each command reads $INPUT (exported for the subshells that run it). The
# solvers write verdicts to standard output, which are checked; the two
# references (kind "ref") print counts. The first program is the one every
# time is compared with.
export INPUT NIMSTREAM OUT
NAMES=() COMMANDS=() KINDS=()
program() {
    KINDS+=("$1")
    NAMES+=("$2")
    COMMANDS+=("$3")
}
program ref 'wc -l' 'wc -l "$INPUT"'
program solver 'nimstream, 1 thread' '"$NIMSTREAM" solve lasker "$INPUT" --threads 1'
program solver "nimstream, $THREADS threads" \
    '"$NIMSTREAM" solve lasker "$INPUT" --threads '"$THREADS"
# What moving the bytes through a pipe costs by itself, to read the next
# line against: the kernel copies every byte twice, which on some machines
# is slower than parsing them.
program ref '`cat file | wc -l` (the pipe alone)' 'cat "$INPUT" | wc -l'
if [[ -n ${E2E_BASELINE:-} ]]; then
    [[ -x $E2E_BASELINE ]] || die "E2E_BASELINE=$E2E_BASELINE is not an executable"
    program solver 'baseline, 1 thread' '"$E2E_BASELINE" solve lasker "$INPUT" --threads 1'
    program solver "baseline, $THREADS threads" \
        '"$E2E_BASELINE" solve lasker "$INPUT" --threads '"$THREADS"
fi
program solver 'nimstream from a pipe (`cat file | nimstream solve lasker -`)' \
    'cat "$INPUT" | "$NIMSTREAM" solve lasker -'
program solver 'C scanf("%d")' '"$OUT/scanf_lasker" <"$INPUT"'
program solver 'C fread + hand-written parser' '"$OUT/fread_lasker" <"$INPUT"'

# --- Correctness ---------------------------------------------------------------

echo "e2e: checking that every program prints the same verdicts" >&2
EXPECTED=$OUT/verdicts.expected
"$NIMSTREAM" solve lasker "$INPUT" --threads 1 >"$EXPECTED"
lines=$(wc -l <"$EXPECTED" | tr -d ' ')
[[ $lines == "$CASES" ]] || die "nimstream printed $lines verdicts for $CASES cases"
for i in "${!NAMES[@]}"; do
    [[ ${KINDS[$i]} == solver ]] || continue
    got=$OUT/verdicts.$i
    bash -c "${COMMANDS[$i]}" >"$got" || die "${NAMES[$i]} failed"
    cmp -s "$EXPECTED" "$got" || die "${NAMES[$i]} printed different verdicts (see $got)"
done

# --- Timing ------------------------------------------------------------------

# Median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) exit 1
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}

# Median wall time, in seconds, of $RUNS runs of a shell command.
time_command() {
    local command=$1
    if [[ $TIMER == hyperfine ]]; then
        local csv=$OUT/hyperfine.csv
        # hyperfine subtracts the cost of starting the shell it runs the
        # command in; the CSV has one row per command, with a median column.
        hyperfine --style none --runs "$RUNS" --shell bash --export-csv "$csv" -n cmd \
            "$command" >/dev/null
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "median") col = i; next }
                 NR == 2 { print $col }' "$csv"
    else
        local run start end
        for ((run = 0; run < RUNS; run++)); do
            start=$(date +%s.%N)
            bash -c "$command" >/dev/null
            end=$(date +%s.%N)
            awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
        done | median
    fi
}

# Peak resident set of the command's last process, in MiB; "n/a" without GNU
# time. For the mapped runs this counts the file's pages in the page cache
# that the process touched: shared, not allocated.
peak_rss() {
    local command=$1 kib
    if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
        # Put time just before the last command of a pipeline, so that it
        # measures the reader, not `cat`.
        local head=${command%|*} tail=${command##*|}
        if [[ $head == "$command" ]]; then head=''; else head="$head|"; fi
        bash -c "$head /usr/bin/time -f %M -o \"\$OUT/rss\" $tail" >/dev/null
        kib=$(tail -n 1 "$OUT/rss")
        awk -v k="$kib" 'BEGIN { printf "%.1f\n", k / 1024 }'
    else
        echo n/a
    fi
}

echo "e2e: timing $RUNS runs of each program ($TIMER)" >&2
TIMES=() RSS=()
for i in "${!NAMES[@]}"; do
    echo "e2e:   ${NAMES[$i]}" >&2
    TIMES+=("$(time_command "${COMMANDS[$i]}")")
    RSS+=("$(peak_rss "${COMMANDS[$i]}")")
done

# --- Report ------------------------------------------------------------------

model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo
echo "Machine: ${model:-unknown CPU}, $(nproc) cores (nproc), Linux $(uname -r)"
echo "Input: $INPUT, $SIZE bytes, $CASES cases of $HEAPS heaps; median of $RUNS runs ($TIMER); page cache warm"
echo
echo "| program | median s | GB/s | × wc -l time | peak RSS MiB |"
echo "|---|---:|---:|---:|---:|"
wc_time=${TIMES[0]}
for i in "${!NAMES[@]}"; do
    # A | in a cell would end it, even inside backquotes.
    awk -v name="${NAMES[$i]//|/\\|}" -v t="${TIMES[$i]}" -v w="$wc_time" -v size="$SIZE" -v rss="${RSS[$i]}" \
        'BEGIN { printf "| %s | %.3f | %.2f | %.2f | %s |\n", name, t, size / t / 1e9, t / w, rss }'
done
echo
echo "GB/s is the file's size over the median time; × wc -l is the median time over wc -l's."
echo "Peak RSS is the last process of each command; for the memory-mapped nimstream runs it"
echo "counts the page-cache pages of the file they touched, which are shared, not allocated."
