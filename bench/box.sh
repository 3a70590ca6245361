#!/usr/bin/env bash
# What a box costs: `nimstream judge` on a folder of small tests of a
# trivial program (a C solution of Nim), the per-test time of each binary
# given, interleaved, median of BOX_RUNS runs. The first binary is the one
# the others are compared with.
#
# Usage:
#   bench/box.sh [NIMSTREAM...]       # default: target/release/nimstream
#   BOX_TESTS=1000 BOX_RUNS=5 bench/box.sh old/nimstream target/release/nimstream
#
# Environment:
#   BOX_TESTS  tests in the folder (default 1000)
#   BOX_RUNS   runs per binary; the median is reported (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
tests=${BOX_TESTS:-1000}
runs=${BOX_RUNS:-5}
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then
    binaries=(target/release/nimstream)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir "$work/tests"
cc -O2 -o "$work/sol" tests/suite/programs/nim_right.c
for i in $(seq "$tests"); do
    printf '1\n3\n%d %d %d\n' "$i" $((i + 1)) $((i * 7)) > "$work/tests/$(printf %05d "$i").in"
done
echo "judge nim on $tests tests of a C solution; median of $runs runs; $(lscpu | sed -n 's/^Model name: *//p')"
declare -A times
for run in $(seq "$runs"); do
    for binary in "${binaries[@]}"; do
        start=$(date +%s.%N)
        "$binary" judge nim "$work/tests" -- "$work/sol" > "$work/out" 2>/dev/null || true
        end=$(date +%s.%N)
        grep -q " AC" "$work/out" || { echo "$binary: no test accepted" >&2; exit 1; }
        times[$binary]="${times[$binary]:-} $(awk "BEGIN {print $end - $start}")"
    done
done
first=""
for binary in "${binaries[@]}"; do
    median=$(echo ${times[$binary]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    [ -n "$first" ] || first=$median
    awk -v b="$binary" -v m="$median" -v f="$first" -v t="$tests" \
        'BEGIN {printf "%-40s %8.3f s  %6.2f ms/test  %5.2fx\n", b, m, m * 1000 / t, m / f}'
done
