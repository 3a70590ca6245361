#!/usr/bin/env bash
# Does grundy's default thread count keep up with --threads 1 at any load?
#
# For each count of hogs given, starts that many CPU hogs (shell loops,
# not pinned), waits 3 s, then runs `grundy 0.6 --values 1000000` RUNS
# times with --threads 1, --threads 2 and no --threads, interleaved in
# ORDER, printing one line per run: GNU time's wall, user and system
# seconds, /proc/loadavg's 1-minute load and runnable tasks, and
# /proc/pressure/cpu's some avg10, each read just before the run. The hogs
# are killed after each count, and when the script ends, however it ends.
#
# Usage: bench/load.sh NIMSTREAM RUNS HOGS...
#   bench/load.sh target/release/nimstream 5 0 1 4 9
#   ORDER="default 2 1" bench/load.sh target/release/nimstream 3 1 4 9
set -u
B=$1
RUNS=$2
shift 2
HOGS=()
stop() {
    for p in "${HOGS[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    HOGS=()
}
trap stop EXIT
for n in "$@"; do
    for _ in $(seq "$n"); do
        (while :; do :; done) &
        HOGS+=($!)
    done
    sleep 3
    for r in $(seq "$RUNS"); do
        for t in ${ORDER:-1 2 default}; do
            args=(grundy 0.6 --values 1000000)
            [[ $t != default ]] && args+=(--threads "$t")
            la=$(cut -d' ' -f1,4 /proc/loadavg)
            psi=$(sed -n 's/^some avg10=\([0-9.]*\).*/\1/p' /proc/pressure/cpu 2>/dev/null)
            tm=$({ /usr/bin/time -f "%e %U %S" "$B" "${args[@]}" >/dev/null; } 2>&1 | tail -1)
            echo "hogs=$n run=$r threads=$t time=[$tm] loadavg=[$la] psi10=${psi:-none}"
        done
    done
    stop
    sleep 2
done
