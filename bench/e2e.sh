#!/usr/bin/env bash
# End-to-end benchmark: nimstream against reference programs, in suites, each
# printed as its own table whose first row is what the others are compared
# with.
#
#   lasker      the reference workload (HDU 3032's limits: 100 cases of
#               1,000,000 heaps below 2^31, about 1 GB) against `wc -l`, a
#               pipe, and two C solutions (scanf and fread)
#   pairs       bash, wythoff and fibonacci on files of 10^7 cases across the
#               u64 range (about 400, 400 and 160 MB) against `wc -l`
#   kmultiple   POJ 3922 at its limits (`gen kmultiple --cases 100000`):
#               cases per second and the share of system time
#   compressed  the reference workload compressed with zstd and with gzip,
#               read by nimstream itself and through the decoder's pipe,
#               against the decoder alone (needs zstd and gzip)
#   problems    catalogue problems against the heap games: HDU 2509's layout
#               (cases to the end, 30 cases of 1,000,000 heaps below 2^31,
#               about 315 MB) against the same heaps as HDU 1907's misère
#               Nim (the same verdicts) and as Nim, and against `wc -l`; a
#               row problem (Luogu P2148, the same size) against Nim on the
#               same file; Kayles in misère play (`misere:kayles`)
#               against Kayles in normal play on the HDU 1907 file; and
#               HDU 1524's graphs (2 graphs of 1,000,000
#               positions and 600,000 queries each, about 125 MB), in MB/s
#
# Usage (from anywhere in the checkout):
#
#   bench/e2e.sh                          # every suite, 5 runs per program
#   E2E_SUITES=lasker bench/e2e.sh        # the reference workload alone
#   E2E_CASES=10 E2E_PAIR_CASES=1000000 bench/e2e.sh   # a quick check
#   E2E_SUITES=problems E2E_PROBLEM_CASES=2 E2E_GRAPH_POSITIONS=10000 bench/e2e.sh
#
# Environment:
#   E2E_SUITES     the suites to run, in order (default: all five above)
#   E2E_RUNS       runs per program; the median is reported (default 5)
#   E2E_CASES      cases in the reference workload (default 100)
#   E2E_HEAPS      heaps per case (default 1000000)
#   E2E_PAIR_CASES cases in the pair games' files (default 10000000)
#   E2E_KM_CASES   cases in the k-multiple file (default 100000)
#   E2E_PROBLEM_CASES   cases of E2E_HEAPS heaps in the problems suite's
#                  HDU 2509 and P2148 files (default 30)
#   E2E_GRAPH_POSITIONS positions in each of the 2 graphs of its HDU 1524
#                  file, with 3/5 as many queries of 10 pieces (default
#                  1000000)
#   E2E_TIMER      hyperfine | loop (default: hyperfine if installed, else loop)
#   E2E_OUT        where the workloads and scratch files go (default
#                  bench-out, which git ignores)
#   E2E_BASELINE   another nimstream binary (an older build) timed in the same
#                  run, with 1 thread and all threads, for before/after ratios
#   CC             C compiler (default cc)
#
# Needs the Rust toolchain and a C compiler. hyperfine (for the system-time
# column), GNU time (/usr/bin/time, for peak memory), zstd and gzip (for the
# compressed suite) are used when present, never required.
#
# Every program's verdicts are compared with nimstream's one-thread verdicts
# before anything is timed, so a fast wrong answer fails the run instead of
# topping the table.

set -euo pipefail

cd "$(dirname "$0")/.."

SUITES=${E2E_SUITES:-lasker pairs kmultiple compressed problems}
RUNS=${E2E_RUNS:-5}
CASES=${E2E_CASES:-100}
HEAPS=${E2E_HEAPS:-1000000}
PAIR_CASES=${E2E_PAIR_CASES:-10000000}
KM_CASES=${E2E_KM_CASES:-100000}
PROBLEM_CASES=${E2E_PROBLEM_CASES:-30}
GRAPH_POSITIONS=${E2E_GRAPH_POSITIONS:-1000000}
OUT=${E2E_OUT:-bench-out}
CC=${CC:-cc}
TARGET_DIR=${CARGO_TARGET_DIR:-target}
NIMSTREAM=$TARGET_DIR/release/nimstream
U64_MAX=18446744073709551615

die() {
    echo "e2e: $*" >&2
    exit 1
}

for count in "$RUNS" "$CASES" "$HEAPS" "$PAIR_CASES" "$KM_CASES" "$PROBLEM_CASES" "$GRAPH_POSITIONS"; do
    case $count in '' | *[!0-9]* | 0) die "E2E_RUNS, E2E_CASES, E2E_HEAPS, E2E_PAIR_CASES, E2E_KM_CASES, E2E_PROBLEM_CASES and E2E_GRAPH_POSITIONS must be positive integers" ;; esac
done
# P2148's piles come in pairs; a graph of one position has no winning
# query for gen to draw.
(( HEAPS % 2 == 0 )) || [[ ! " $SUITES " =~ " problems " ]] || die "the problems suite needs an even E2E_HEAPS (P2148's piles come in pairs)"
(( GRAPH_POSITIONS >= 2 )) || die "E2E_GRAPH_POSITIONS must be at least 2"
for suite in $SUITES; do
    case $suite in lasker | pairs | kmultiple | compressed | problems) ;; *) die "unknown suite '$suite' in E2E_SUITES (lasker, pairs, kmultiple, compressed, problems)" ;; esac
done

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
if [[ -n ${E2E_BASELINE:-} ]]; then
    [[ -x $E2E_BASELINE ]] || die "E2E_BASELINE=$E2E_BASELINE is not an executable"
fi

mkdir -p "$OUT"
THREADS=$(nproc)
export NIMSTREAM OUT

# --- Build ---------------------------------------------------------------

echo "e2e: building nimstream (release)" >&2
cargo build --release --quiet --bin nimstream
[[ -x $NIMSTREAM ]] || die "no binary at $NIMSTREAM"

# --- Workloads -----------------------------------------------------------

# `workload FILE GEN-ARGS...`: generates FILE once, under a temporary name
# renamed at the end, so an interrupted run leaves no truncated file to be
# mistaken for the workload next time.
workload() {
    local file=$1
    shift
    if [[ ! -s $file ]]; then
        echo "e2e: generating $file" >&2
        "$NIMSTREAM" gen "$@" --seed 1 -o "$file.tmp"
        mv "$file.tmp" "$file"
    fi
    # The page cache is warmed once, so every program reads from memory.
    cat "$file" >/dev/null
}

# The reference workload keeps its documented name; others are named by
# their size, so a quick run never reuses (or replaces) the big file.
if [[ $CASES == 100 && $HEAPS == 1000000 ]]; then
    LASKER=$OUT/lasker.in
else
    LASKER=$OUT/lasker-${CASES}x${HEAPS}.in
fi

# --- Programs ------------------------------------------------------------

# A suite declares its programs, the first being the one the others are
# compared with; each command reads the files named in its text.
NAMES=() COMMANDS=() KINDS=()
reset_programs() {
    NAMES=() COMMANDS=() KINDS=()
}
# `program KIND NAME COMMAND`: KIND is solver (its verdicts are checked) or
# ref (a reference, whose output is not).
program() {
    KINDS+=("$1")
    NAMES+=("$2")
    COMMANDS+=("$3")
}

# `nimstream_rows GAME FILE`: nimstream on one thread and on all, and the
# baseline's two rows when there is one.
nimstream_rows() {
    local game=$1 file=$2
    program solver 'nimstream, 1 thread' "\"\$NIMSTREAM\" solve $game \"$file\" --threads 1"
    program solver "nimstream, $THREADS threads" "\"\$NIMSTREAM\" solve $game \"$file\" --threads $THREADS"
    if [[ -n ${E2E_BASELINE:-} ]]; then
        program solver 'baseline, 1 thread' "\"$E2E_BASELINE\" solve $game \"$file\" --threads 1"
        program solver "baseline, $THREADS threads" "\"$E2E_BASELINE\" solve $game \"$file\" --threads $THREADS"
    fi
}

# `check_verdicts EXPECTED-COMMAND LINES`: the command prints LINES
# verdicts, and every solver prints the same.
check_verdicts() {
    echo "e2e: checking that every program prints the same verdicts" >&2
    local expected=$OUT/verdicts.expected got i lines
    bash -c "$1" >"$expected"
    lines=$(wc -l <"$expected" | tr -d ' ')
    [[ $lines == "$2" ]] || die "nimstream printed $lines verdicts for $2 cases"
    for i in "${!NAMES[@]}"; do
        [[ ${KINDS[$i]} == solver ]] || continue
        got=$OUT/verdicts.$i
        bash -c "${COMMANDS[$i]}" >"$got" || die "${NAMES[$i]} failed"
        cmp -s "$expected" "$got" || die "${NAMES[$i]} printed different verdicts (see $got)"
    done
}

# --- Timing ------------------------------------------------------------------

# Median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) exit 1
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}

# Median wall time, in seconds, of $RUNS runs of a shell command, and the
# share of its CPU time spent in the kernel (n/a without hyperfine).
time_command() {
    local command=$1
    if [[ $TIMER == hyperfine ]]; then
        local csv=$OUT/hyperfine.csv
        # hyperfine subtracts the cost of starting the shell it runs the
        # command in; the CSV has one row per command, with a median column
        # and the mean user and system times.
        hyperfine --style none --runs "$RUNS" --shell bash --export-csv "$csv" -n cmd \
            "$command" >/dev/null
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                 NR == 2 { u = $col["user"]; s = $col["system"]
                           printf "%s %.1f\n", $col["median"], (u + s > 0) ? 100 * s / (u + s) : 0 }' "$csv"
    else
        local run start end
        for ((run = 0; run < RUNS; run++)); do
            start=$(date +%s.%N)
            bash -c "$command" >/dev/null
            end=$(date +%s.%N)
            awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
        done | median | awk '{ print $1, "n/a" }'
    fi
}

# Peak resident set of the command's last process, in MiB; "n/a" without GNU
# time. For the mapped runs this counts the file's pages in the page cache
# that the process touched: shared, not allocated.
peak_rss() {
    local command=$1 kib
    if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
        # Put time just before the last command of a pipeline, so that it
        # measures the reader, not the program feeding it.
        local head=${command%|*} tail=${command##*|}
        if [[ $head == "$command" ]]; then head=''; else head="$head|"; fi
        bash -c "$head /usr/bin/time -f %M -o \"\$OUT/rss\" $tail" >/dev/null
        kib=$(tail -n 1 "$OUT/rss")
        awk -v k="$kib" 'BEGIN { printf "%.1f\n", k / 1024 }'
    else
        echo n/a
    fi
}

# `report TITLE SIZE CASES`: times every program and prints the suite's
# table. SIZE is the bytes each program reads (for GB/s); CASES, when not
# empty, adds a column of cases per second.
report() {
    local title=$1 size=$2 cases=$3 i timed
    local times=() sys=() rss=()
    echo "e2e: timing $RUNS runs of each program ($TIMER): $title" >&2
    for i in "${!NAMES[@]}"; do
        echo "e2e:   ${NAMES[$i]}" >&2
        timed=$(time_command "${COMMANDS[$i]}")
        times+=("${timed% *}")
        sys+=("${timed#* }")
        rss+=("$(peak_rss "${COMMANDS[$i]}")")
    done
    # Kept for a suite that prints more from them.
    REPORTED_TIMES=("${times[@]}")
    local first=${NAMES[0]}
    echo
    echo "### $title"
    echo
    echo "Median of $RUNS runs ($TIMER); page cache warm; $size bytes read."
    echo
    local rate_head='' rate_rule=''
    if [[ -n $cases ]]; then rate_head=' cases/s |' rate_rule='---:|'; fi
    echo "| program | median s | GB/s | × ${first//|/\\|} |$rate_head sys % | peak RSS MiB |"
    echo "|---|---:|---:|---:|$rate_rule---:|---:|"
    for i in "${!NAMES[@]}"; do
        # A | in a cell would end it, even inside backquotes.
        awk -v name="${NAMES[$i]//|/\\|}" -v t="${times[$i]}" -v w="${times[0]}" -v size="$size" \
            -v cases="$cases" -v sys="${sys[$i]}" -v rss="${rss[$i]}" \
            'BEGIN {
                printf "| %s | %.3f | %.2f | %.2f |", name, t, size / t / 1e9, t / w
                if (cases != "") printf " %.0f |", cases / t
                printf " %s | %s |\n", sys, rss
            }'
    done
}

# --- Suites --------------------------------------------------------------

suite_lasker() {
    for reader in scanf_lasker fread_lasker; do
        echo "e2e: compiling bench/$reader.c" >&2
        "$CC" -O2 -o "$OUT/$reader" "bench/$reader.c"
    done
    workload "$LASKER" lasker --cases "$CASES" --heaps "$HEAPS" --max 2147483647
    reset_programs
    program ref 'wc -l' "wc -l \"$LASKER\""
    nimstream_rows lasker "$LASKER"
    # What moving the bytes through a pipe costs by itself, to read the next
    # line against: the kernel copies every byte twice, which on some
    # machines is slower than parsing them.
    program ref '`cat file | wc -l` (the pipe alone)' "cat \"$LASKER\" | wc -l"
    program solver 'nimstream from a pipe (`cat file | nimstream solve lasker -`)' \
        "cat \"$LASKER\" | \"\$NIMSTREAM\" solve lasker -"
    program solver 'C scanf("%d")' "\"$OUT/scanf_lasker\" <\"$LASKER\""
    program solver 'C fread + hand-written parser' "\"$OUT/fread_lasker\" <\"$LASKER\""
    check_verdicts "\"\$NIMSTREAM\" solve lasker \"$LASKER\" --threads 1" "$CASES"
    report "lasker: $CASES cases of $HEAPS heaps below 2^31" "$(wc -c <"$LASKER")" ''
}

suite_pairs() {
    local game file
    for game in bash wythoff fibonacci; do
        file=$OUT/$game-$PAIR_CASES.in
        workload "$file" "$game" --cases "$PAIR_CASES" --max "$U64_MAX" --second-max "$U64_MAX"
        reset_programs
        program ref 'wc -l' "wc -l \"$file\""
        nimstream_rows "$game" "$file"
        check_verdicts "\"\$NIMSTREAM\" solve $game \"$file\" --threads 1" "$PAIR_CASES"
        report "$game: $PAIR_CASES cases across the u64 range" "$(wc -c <"$file")" "$PAIR_CASES"
    done
}

suite_kmultiple() {
    local file=$OUT/kmultiple-$KM_CASES.in
    workload "$file" kmultiple --cases "$KM_CASES"
    reset_programs
    nimstream_rows kmultiple "$file"
    check_verdicts "\"\$NIMSTREAM\" solve kmultiple \"$file\" --threads 1" "$KM_CASES"
    report "kmultiple: $KM_CASES cases at POJ 3922's limits" "$(wc -c <"$file")" "$KM_CASES"
}

suite_compressed() {
    local codec file
    workload "$LASKER" lasker --cases "$CASES" --heaps "$HEAPS" --max 2147483647
    for codec in zstd gzip; do
        if ! command -v "$codec" >/dev/null 2>&1; then
            echo "e2e: $codec is not installed; its rows are skipped" >&2
            continue
        fi
        if [[ $codec == zstd ]]; then file=$LASKER.zst; else file=$LASKER.gz; fi
        if [[ ! -s $file ]]; then
            echo "e2e: compressing $LASKER with $codec" >&2
            "$codec" -c "$LASKER" >"$file.tmp"
            mv "$file.tmp" "$file"
        fi
        cat "$file" >/dev/null
        reset_programs
        program ref "\`$codec -dc\` alone" "$codec -dc \"$file\" >/dev/null"
        program solver "\`$codec -dc file | nimstream solve lasker -\`" \
            "$codec -dc \"$file\" | \"\$NIMSTREAM\" solve lasker -"
        program solver 'nimstream solve lasker file' "\"\$NIMSTREAM\" solve lasker \"$file\""
        if [[ -n ${E2E_BASELINE:-} ]]; then
            program solver 'baseline solve lasker file' "\"$E2E_BASELINE\" solve lasker \"$file\""
        fi
        check_verdicts "\"\$NIMSTREAM\" solve lasker \"$LASKER\" --threads 1" "$CASES"
        report "compressed: the lasker workload through $codec" "$(wc -c <"$file")" ''
    done
}

# `with_count FILE COUNT-FILE COUNT`: COUNT-FILE is FILE with a line COUNT in
# front: a layout of cases to the end turned into one that counts them.
with_count() {
    local file=$1 counted=$2 count=$3
    if [[ ! -s $counted ]]; then
        echo "e2e: writing $counted" >&2
        { echo "$count"; cat "$file"; } >"$counted.tmp"
        mv "$counted.tmp" "$counted"
    fi
    cat "$counted" >/dev/null
}

suite_problems() {
    local size=${PROBLEM_CASES}x$HEAPS
    local cases_to_end=$OUT/hdu2509-$size.in misere=$OUT/hdu2509-$size.counted.in
    local rows=$OUT/p2148-$size.in
    # Heaps below 2^31, as in the reference workload, far past HDU 2509's
    # 100 (gen warns): the bytes per heap are what the speed depends on.
    workload "$cases_to_end" hdu2509 --cases "$PROBLEM_CASES" --heaps "$HEAPS" --max 2147483647
    with_count "$cases_to_end" "$misere" "$PROBLEM_CASES"
    reset_programs
    program ref 'wc -l' "wc -l \"$cases_to_end\""
    nimstream_rows hdu2509 "$cases_to_end"
    # HDU 1907's misère Nim is HDU 2509's game, so its verdicts are checked
    # too once its words are HDU 2509's.
    program solver 'misère Nim (HDU 1907 layout), 1 thread' \
        "\"\$NIMSTREAM\" solve misere --words Yes,No \"$misere\" --threads 1"
    program solver "misère Nim (HDU 1907 layout), $THREADS threads" \
        "\"\$NIMSTREAM\" solve misere --words Yes,No \"$misere\" --threads $THREADS"
    program ref 'Nim (Luogu P2197 layout), 1 thread' "\"\$NIMSTREAM\" solve nim \"$misere\" --threads 1"
    program ref "Nim (Luogu P2197 layout), $THREADS threads" \
        "\"\$NIMSTREAM\" solve nim \"$misere\" --threads $THREADS"
    check_verdicts "\"\$NIMSTREAM\" solve hdu2509 \"$cases_to_end\" --threads 1" "$PROBLEM_CASES"
    report "problems: hdu2509 (cases to the end), $PROBLEM_CASES cases of $HEAPS heaps below 2^31" \
        "$(wc -c <"$cases_to_end")" "$PROBLEM_CASES"

    # Kayles in misère play on the same file (Nim's layout): each heap's
    # element of the misère quotient and a product by table, against
    # Kayles in normal play, a Grundy value by table and an xor.
    reset_programs
    program ref 'kayles (normal play), 1 thread' "\"\$NIMSTREAM\" solve kayles \"$misere\" --threads 1"
    program ref "kayles (normal play), $THREADS threads" \
        "\"\$NIMSTREAM\" solve kayles \"$misere\" --threads $THREADS"
    nimstream_rows misere:kayles "$misere"
    check_verdicts "\"\$NIMSTREAM\" solve misere:kayles \"$misere\" --threads 1" "$PROBLEM_CASES"
    report "problems: misere:kayles, $PROBLEM_CASES cases of $HEAPS heaps below 2^31 (Nim's layout)" \
        "$(wc -c <"$misere")" "$PROBLEM_CASES"

    # P2148's layout is Nim's (T, then N and a line of N numbers), so Nim
    # reads the very same file.
    workload "$rows" p2148 --cases "$PROBLEM_CASES" --heaps "$HEAPS" --max 2000000000
    reset_programs
    program ref 'wc -l' "wc -l \"$rows\""
    nimstream_rows p2148 "$rows"
    program ref 'Nim on the same file, 1 thread' "\"\$NIMSTREAM\" solve nim \"$rows\" --threads 1"
    program ref "Nim on the same file, $THREADS threads" \
        "\"\$NIMSTREAM\" solve nim \"$rows\" --threads $THREADS"
    check_verdicts "\"\$NIMSTREAM\" solve p2148 \"$rows\" --threads 1" "$PROBLEM_CASES"
    report "problems: p2148 (rows), $PROBLEM_CASES rows of $HEAPS piles up to 2*10^9" \
        "$(wc -c <"$rows")" "$PROBLEM_CASES"

    # Graphs as deep as they are wide: half the positions move to the next.
    local positions=$GRAPH_POSITIONS queries=$((GRAPH_POSITIONS * 3 / 5))
    (( queries > 0 )) || queries=1
    local graphs=$OUT/hdu1524-$positions.in
    workload "$graphs" hdu1524 --cases 2 --second-min "$positions" --second-max "$positions" \
        --positions "$queries" --heaps 10 --set-size 4 --max $((positions - 1))
    reset_programs
    program ref 'wc -l' "wc -l \"$graphs\""
    program solver 'nimstream solve hdu1524' "\"\$NIMSTREAM\" solve hdu1524 \"$graphs\""
    check_verdicts "\"\$NIMSTREAM\" solve hdu1524 \"$graphs\"" $((2 * queries))
    local bytes
    bytes=$(wc -c <"$graphs")
    report "problems: hdu1524, 2 graphs of $positions positions and $queries queries of 10 pieces" \
        "$bytes" $((2 * queries))
    echo
    awk -v b="$bytes" -v t="${REPORTED_TIMES[1]}" \
        'BEGIN { printf "hdu1524: %.0f MB/s (%d bytes in %.3f s, the median)\n", b / t / 1e6, b, t }'
}

model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
MACHINE="${model:-unknown CPU}, $THREADS cores (nproc), Linux $(uname -r)"
for suite in $SUITES; do
    "suite_$suite"
done

echo
echo "Machine: $MACHINE"
echo "GB/s is the size read over the median time; × is the median time over the first row's."
echo "sys % is the kernel's share of the CPU time (hyperfine's means). Peak RSS is the last"
echo "process of each command; for the memory-mapped nimstream runs it counts the page-cache"
echo "pages of the file they touched, which are shared, not allocated."
