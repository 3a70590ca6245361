#!/usr/bin/env bash
# Packages every problem nimstream knows and runs problemtools' verifyproblem
# on each: the 29 catalogue problems, the problem files of testdata/, and
# five rules given by name or code (one hexadecimal, one misère), and the
# interactive packages (package --interactive) of nim, lasker, misere, bash,
# wythoff, hdu2177, fibonacci, kmultiple, the rule kayles and the problem
# file testdata/kayles.toml. Prints one line per package, with its time limit beside
# verifyproblem's, and exits 1 when any package is refused or has an error.
#
#   scripts/verify-packages.sh [NIMSTREAM [VERIFYPROBLEM]]
#
# NIMSTREAM defaults to target/debug/nimstream, VERIFYPROBLEM to the one on
# the PATH (pip install problemtools). MAX_BYTES (default 4M) sizes each
# package's secret data (less, and the slow submissions may run in time:
# verifyproblem then calls them accepted); the packages are written under a
# temporary folder, kept when KEEP=1.
set -u
nimstream=${1:-target/debug/nimstream}
verify=${2:-verifyproblem}
max_bytes=${MAX_BYTES:-4M}
if ! command -v "$verify" >/dev/null 2>&1; then
    echo "SKIPPED: $verify not found (pip install problemtools)" >&2
    exit 0
fi
work=$(mktemp -d)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

problems=$("$nimstream" problems | sed -n 's/^\([a-z0-9]*\)[ :].*/\1/p')
problems+=" $(ls testdata/*.toml)"
problems+=" kayles 0.07 sub:1,3,4 0.f misere:kayles"

# An interactive package is a word of its own: interactive:NAME.
problems+=" interactive:nim interactive:lasker interactive:misere interactive:bash"
problems+=" interactive:wythoff interactive:hdu2177 interactive:fibonacci interactive:kmultiple"
problems+=" interactive:kayles interactive:testdata/kayles.toml"

failed=0
for problem in $problems; do
    # A short name of lowercase letters and digits, as the format wants.
    short=$(basename "$problem" .toml | tr -cd 'a-z0-9')
    dir="$work/$short"
    [ -e "$dir" ] && dir="$work/${short}file"
    # The logs are named as the folder: testdata/kayles.toml and the rule
    # kayles keep one each.
    short=$(basename "$dir")
    case $problem in
        interactive:*.toml) short="$(basename "${problem#interactive:}" .toml)fileinteractive"
            dir="$work/$short"
            args=(--problem "${problem#interactive:}" --interactive) ;;
        interactive:*) short="${problem#interactive:}interactive"
            dir="$work/$short"
            args=("${problem#interactive:}" --interactive) ;;
        *.toml) args=(--problem "$problem") ;;
        # Bounded Nim's K is the problem's constant, not in its input.
        bounded) args=("$problem" --max-take 3) ;;
        *) args=("$problem") ;;
    esac
    if ! "$nimstream" --quiet package "${args[@]}" "$dir" --max-bytes "$max_bytes" \
        >"$work/$short.package.log" 2>&1; then
        echo "$problem: refused: $(tail -1 "$work/$short.package.log")"
        failed=1
        continue
    fi
    "$verify" "$dir" >"$work/$short.verify.log" 2>&1
    result=$(grep ' tested: ' "$work/$short.verify.log" | tail -1)
    # The package's time limit (.timelimit, which DOMjudge reads) beside the
    # one verifyproblem computes as Kattis does: they differ only when a run
    # times differently here (a busy machine).
    theirs=$(sed -n 's/.*setting timelim to \([0-9.]*\) secs.*/\1/p' "$work/$short.verify.log")
    limit="time limit $(cat "$dir/.timelimit") s, verifyproblem ${theirs:-?} s"
    echo "$problem: ${result:-no result (see $work/$short.verify.log)}; $limit"
    case $result in
        *" 0 errors"*) ;;
        *) failed=1 ;;
    esac
done
exit $failed
