#!/usr/bin/env bash
# nimstream's Sprague–Grundy engine against Beling's ogsolve, side by side
# on the same machine in the same run: CPU time (user + system) of
# `nimstream grundy RULE --values N` and of `ogsolve RULE -m METHOD -n N-1`
# (both compute G(0) … G(N-1)), the median of RUNS runs each, interleaved,
# after checking once that both print the same values.
#
#   bash bench/ogsolve.sh                 # the issue's table
#   GAMES="0.454:4194304:rc" RUNS=5 bash bench/ogsolve.sh
#
# ogsolve is installed with `cargo install ogsolve` into a temporary root,
# or taken from $OGSOLVE. nimstream is built with `cargo build --release`.
# nimstream runs on one thread, as ogsolve does; its arguments are
# $NIMSTREAM_ARGS (default `--threads 1`; empty for every core).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
# rule:values:ogsolve's best method for it
GAMES=${GAMES:-"0.6:4194304:rc 0.14:4194304:rc 0.454:4194304:rc 0.106:1048576:rc2 0.77:1048576:rc 0.07:262144:rc"}
NIMSTREAM_ARGS=${NIMSTREAM_ARGS---threads 1}

cargo build --release --quiet
nimstream=target/release/nimstream
if [ -z "${OGSOLVE:-}" ]; then
    root=$(mktemp -d)
    trap 'rm -rf "$root"' EXIT
    cargo install ogsolve --version 0.0.7 --locked --quiet --root "$root" 2>/dev/null ||
        cargo install ogsolve --version 0.0.7 --quiet --root "$root"
    OGSOLVE=$root/bin/ogsolve
fi
work=$(mktemp -d)
trap 'rm -rf "$work" ${root:+"$root"}' EXIT

# cpu COMMAND...: user + system seconds of one run.
cpu() {
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" > /dev/null
    awk '{printf "%.3f\n", $1 + $2}' "$work/time"
}

median() {
    sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "nimstream $(git rev-parse --short HEAD), ogsolve 0.0.7; CPU seconds, median of $RUNS"
echo
echo "| game, values | nimstream | ogsolve | nimstream / ogsolve |"
echo "|---|---:|---:|---:|"
for spec in $GAMES; do
    IFS=: read -r rule values method <<< "$spec"
    # The values must agree before the times mean anything.
    # shellcheck disable=SC2086
    "$nimstream" grundy "$rule" --values "$values" $NIMSTREAM_ARGS > "$work/ours"
    "$OGSOLVE" "$rule" -m "$method" -n $((values - 1)) -p |
        awk '/^ nimbers:/ {for (i = 2; i <= NF; i++) print $i; exit}' > "$work/theirs"
    if ! cmp -s "$work/ours" "$work/theirs"; then
        echo "| $rule, $values | values differ from ogsolve's | | |"
        exit 1
    fi
    : > "$work/n"
    : > "$work/o"
    for _ in $(seq "$RUNS"); do
        # shellcheck disable=SC2086
        cpu "$nimstream" grundy "$rule" --values "$values" $NIMSTREAM_ARGS >> "$work/n"
        cpu "$OGSOLVE" "$rule" -m "$method" -n $((values - 1)) >> "$work/o"
    done
    n=$(median < "$work/n")
    o=$(median < "$work/o")
    ratio=$(awk -v n="$n" -v o="$o" 'BEGIN {printf "%.2f", n / o}')
    echo "| $rule, $values | $n s | $o s (\`-m $method\`) | ${ratio}× |"
done
