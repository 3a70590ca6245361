#!/usr/bin/env bash
# nimstream's misère quotients beside Plambeck and Siegel's MisereSolver
# (issue 50): for each rule, both compute the quotient of heaps 0 to N;
# the table gives each one's wall time, CPU time, peak resident memory and
# the quotient's order at the last heap, and flags any difference in the
# orders, the P-portions' sizes or the heaps where the quotient grew.
#
#   bench/misere-solver.sh [NIMSTREAM]           run the comparison
#   bench/misere-solver.sh build CGSUITE DEST    build MisereSolver
#
# Environment:
#   MISERE_SOLVER  the folder MisereSolver was built in (`build` below;
#                  default /tmp/misere-solver), holding misere-solver.jar
#   NIMSTREAM      the nimstream binary (or the first argument; default
#                  target/release/nimstream)
#   TIMEOUT        seconds a run may take (default 300); a run past it is
#                  shown as `timeout`
#   RULES          the runs, as RULE:LAST_HEAP words (default: issue 50's)
#   PD2ONLY=1      run MisereSolver with --pd2only (every element of
#                  period at most 2; off by default, as in its CLI)
#   JAVA_OPTS      options for the JVM (default none)
#
# MisereSolver is not in this repository and CI does not have it; without
# a Java runtime or the built solver the script says so and exits 0.
#
# Building MisereSolver. Its source is in CGSuite (GPL), under
# lib/core/src/main/scala/org/cgsuite/core/misere/solver/ (github.com/
# cgsuite/cgsuite, or aaron-siegel/cgsuite), Java, but its command line
# (CommandLineInterface) and two of its classes need CGSuite's Scala core
# for the rule (`HeapRuleset`, `TakeAndBreak`, `TBCode`) and a CGScript
# interpreter. `build` compiles the solver's own classes with a small
# stand-in for those, written here (an octal rule's heap options), and a
# driver of its own that calls MisereSolver.next() once per heap, as its
# command line does, to the heap asked (its command line also stops where
# the normal-play values prove periodic; the driver does not), printing
# the order after each heap:
#
#   apt-get install -y default-jdk-headless
#   git clone https://github.com/cgsuite/cgsuite /tmp/cgsuite
#   (docs/speed.md's figures: aaron-siegel/cgsuite at e909ab8b)
#   bench/misere-solver.sh build /tmp/cgsuite /tmp/misere-solver
#   java -cp /tmp/misere-solver/misere-solver.jar \
#       org.cgsuite.core.misere.solver.SideBySide [--pd2only] 0.07 30
#
# The build copies the solver's sources into DEST (outside this
# repository), changes two things in MisereSolver.java -- its
# heapOptions asks the stand-in rule instead of converting Scala
# collections, and the Scala imports go -- and drops
# CommandLineInterface.java; the algorithm is untouched. The stand-in
# rule is written from the definition of octal games; the orders, P sizes
# and growth compared with nimstream's check it as well.
#
# Measured with /usr/bin/time -f '%e %M %U %S': wall seconds ("s"), user
# plus system CPU seconds ("cpu"; the JVM's compiler and collector run
# beside the solver's thread, so its CPU may pass its wall time) and peak
# RSS in KB; Q is the order of the quotient of heaps 0 to the last heap.
# The JVM's time includes its start (about 0.2 s).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)

build() {
    local cgsuite=$1 dest=$2
    local src=$cgsuite/lib/core/src/main/scala/org/cgsuite/core/misere/solver
    [[ -d $src ]] || {
        echo "no MisereSolver source at $src" >&2
        exit 2
    }
    mkdir -p "$dest"
    dest=$(cd "$dest" && pwd)
    case $dest/ in "$here"/*)
        echo "build MisereSolver outside the repository, not in $dest" >&2
        exit 2
        ;;
    esac
    local pkg=$dest/src/org/cgsuite/core/misere/solver
    local imp=$dest/src/org/cgsuite/core/impartial
    rm -rf "$dest/src" "$dest/classes"
    mkdir -p "$pkg" "$imp" "$dest/classes"
    local f
    for f in "$src"/*.java; do
        [[ $(basename "$f") == CommandLineInterface.java ]] || cp "$f" "$pkg/"
    done
    # heapOptions: from the stand-in rule; the Scala imports go.
    perl -0pi -e '
        s/^import scala\..*;\n//mg;
        s/(public List<int\[\]> heapOptions\(int heapSize\)\s*\{).*?\n    \}\n/$1\n        return rules.allOptions(heapSize);\n    }\n/s
            or die "heapOptions not found\n";
    ' "$pkg/MisereSolver.java"
    grep -q 'return rules.allOptions(heapSize);' "$pkg/MisereSolver.java"

    cat >"$imp/HeapRuleset.java" <<'EOF'
package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;

/** An octal rule d0.d1d2...: digit dk says what removing k tokens may
 *  leave (1: nothing, 2: one heap, 4: two heaps). Written for nimstream's
 *  bench/misere-solver.sh in place of CGSuite's Scala rule. */
public class HeapRuleset {
    private final String code;
    private final int[] digits;

    public HeapRuleset(String code) {
        int dot = code.indexOf('.');
        if (dot < 0) {
            throw new IllegalArgumentException("not an octal code: " + code);
        }
        String tail = code.substring(dot + 1);
        digits = new int[tail.length() + 1];
        digits[0] = dot == 0 ? 0 : Integer.parseInt(code.substring(0, dot), 8);
        for (int k = 1; k <= tail.length(); k++) {
            digits[k] = Character.digit(tail.charAt(k - 1), 8);
            if (digits[k] < 0) {
                throw new IllegalArgumentException("not an octal code: " + code);
            }
        }
        this.code = code;
    }

    /** What a move leaves of a heap of n: each option's heaps. */
    public List<int[]> allOptions(int n) {
        List<int[]> options = new ArrayList<>();
        for (int k = 0; k < digits.length && k <= n; k++) {
            int d = digits[k], r = n - k;
            if (k > 0 && (d & 1) != 0 && r == 0) {
                options.add(new int[0]);
            }
            if (k > 0 && (d & 2) != 0 && r > 0) {
                options.add(new int[] {r});
            }
            if ((d & 4) != 0) {
                for (int a = 1; 2 * a <= r; a++) {
                    options.add(new int[] {a, r - a});
                }
            }
        }
        return options;
    }

    @Override
    public String toString() {
        return code;
    }
}
EOF
    cat >"$imp/TakeAndBreak.java" <<'EOF'
package org.cgsuite.core.impartial;

/** The rule of an octal code (bench/misere-solver.sh's stand-in). */
public final class TakeAndBreak {
    private TakeAndBreak() {}

    public static HeapRuleset apply(String code) {
        return new HeapRuleset(code);
    }
}
EOF
    cat >"$imp/TBCode.java" <<'EOF'
package org.cgsuite.core.impartial;

/** An octal code, as the solver's saved-file loader keeps it
 *  (bench/misere-solver.sh's stand-in). */
public final class TBCode {
    private final String code;

    private TBCode(String code) {
        this.code = code;
    }

    public static TBCode apply(String code) {
        return new TBCode(code);
    }

    @Override
    public String toString() {
        return code;
    }
}
EOF
    cat >"$pkg/SideBySide.java" <<'EOF'
package org.cgsuite.core.misere.solver;

import org.cgsuite.core.impartial.TakeAndBreak;

/** Runs MisereSolver on an octal rule to a heap, one next() per heap,
 *  and prints the order after each heap and at the last:
 *  SideBySide [--pd2only] RULE LAST_HEAP (bench/misere-solver.sh). */
public final class SideBySide {
    private SideBySide() {}

    public static void main(String[] args) {
        boolean pd2 = args.length == 3 && args[0].equals("--pd2only");
        if (args.length != (pd2 ? 3 : 2)) {
            System.err.println("usage: SideBySide [--pd2only] RULE LAST_HEAP");
            System.exit(2);
        }
        String rule = args[pd2 ? 1 : 0];
        int last = Integer.parseInt(args[pd2 ? 2 : 1]);
        long start = System.nanoTime();
        MisereSolver ms = new MisereSolver(TakeAndBreak.apply(rule));
        ms.pd2Only = pd2;
        int order = ms.p.quotient.monoid.size();
        while (ms.p.prefn.size() <= last) {
            int heap = ms.p.prefn.size();
            ms.next();
            int now = ms.p.quotient.monoid.size();
            System.out.println("heap " + heap + ": |Q| = " + now + ", |P| = "
                    + ms.p.quotient.pPortionSize() + (now != order ? " (grew)" : ""));
            order = now;
        }
        System.out.printf("last heap %d: |Q| = %d, |P| = %d, %.3f s%n",
                ms.p.prefn.size() - 1, ms.p.quotient.monoid.size(),
                ms.p.quotient.pPortionSize(), (System.nanoTime() - start) / 1e9);
    }
}
EOF
    cat >"$pkg/TimeoutException.java" <<'EOF'
package org.cgsuite.core.misere.solver;

/** Thrown by MisereSolver when its thread is interrupted (its command
 *  line declares it; bench/misere-solver.sh's stand-in). */
class TimeoutException extends RuntimeException {
}
EOF
    javac -nowarn -encoding UTF-8 -d "$dest/classes" \
        $(find "$dest/src" -name '*.java') 2>"$dest/javac.log" || {
        cat "$dest/javac.log" >&2
        exit 2
    }
    jar cf "$dest/misere-solver.jar" -C "$dest/classes" .
    echo "built $dest/misere-solver.jar"
}

if [[ ${1:-} == build ]]; then
    [[ $# -eq 3 ]] || {
        echo "usage: $0 build CGSUITE_SOURCE DEST" >&2
        exit 2
    }
    build "$2" "$3"
    exit 0
fi

solver=${MISERE_SOLVER:-/tmp/misere-solver}
nimstream=${1:-${NIMSTREAM:-$here/target/release/nimstream}}
limit=${TIMEOUT:-300}
rules=${RULES:-0.07:30 0.77:51 0.15:51 0.71:51 4.7:51 0.126:20 0.35:20 0.16:18}

if ! command -v java >/dev/null; then
    echo "misere-solver: skipped, no Java runtime (apt-get install default-jdk-headless)"
    exit 0
fi
if [[ ! -f $solver/misere-solver.jar ]]; then
    echo "misere-solver: skipped, no $solver/misere-solver.jar (see the top of $0 to build it)"
    exit 0
fi
[[ -x $nimstream ]] || {
    echo "no nimstream binary at $nimstream" >&2
    exit 2
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Runs "$@" under the timeout and /usr/bin/time into $out/$name.*; prints
# "SECONDS KB CPU STATUS" (wall seconds, peak RSS, user + system seconds),
# SECONDS being "timeout" past the timeout.
measure() {
    local name=$1
    shift
    local status=0
    /usr/bin/time -o "$out/$name.time" -f '%e %M %U %S' \
        timeout "$limit" "$@" >"$out/$name.out" 2>"$out/$name.err" || status=$?
    local seconds kb user system
    read -r seconds kb user system < <(tail -n 1 "$out/$name.time")
    [[ $status -eq 124 ]] && seconds=timeout
    echo "$seconds $kb $(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') $status"
}

pd2=()
[[ ${PD2ONLY:-0} == 1 ]] && pd2=(--pd2only)
read -r -a java_opts <<<"${JAVA_OPTS:-}"

echo "nimstream: $nimstream ($("$nimstream" --version 2>/dev/null || echo '?'))"
echo "MisereSolver: $solver/misere-solver.jar ${pd2[*]:-} ($(java -version 2>&1 | head -n 1))"
echo "timeout ${limit} s; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
row() {
    printf '| %-6s | %4s | %8s | %8s | %10s | %6s | %8s | %8s | %10s | %6s | %s |\n' "$@"
}
row rule heap "ns s" "ns cpu" "ns KB" "ns Q" "MS s" "MS cpu" "MS KB" "MS Q" note
row --- ---: ---: ---: ---: ---: ---: ---: ---: ---: ---
differ=0
for run in $rules; do
    rule=${run%:*} last=${run#*:}
    # nimstream: exit 1 is "no period proven by the last heap", as expected
    # here; --stats says "heaps 0 to N in S s, |Q| = Q" on standard error.
    read -r ns_s ns_kb ns_cpu ns_status < <(measure "ns-$rule" \
        "$nimstream" misere "$rule" --upto "$last" --stats)
    read -r ms_s ms_kb ms_cpu ms_status < <(measure "ms-$rule" java "${java_opts[@]}" \
        -cp "$solver/misere-solver.jar" org.cgsuite.core.misere.solver.SideBySide \
        "${pd2[@]}" "$rule" "$last")
    stats=$(grep -o -E 'heaps 0 to [0-9]+ in [0-9.]+ s, \|Q\| = [0-9]+' "$out/ns-$rule.err" | tail -n 1 || true)
    ns_q=$(grep -o -E '[0-9]+$' <<<"$stats" || true)
    ns_last=$(sed -E 's/heaps 0 to ([0-9]+) .*/\1/' <<<"$stats")
    ms_line=$(grep -E '^last heap' "$out/ms-$rule.out" || true)
    ms_q=$(grep -o -E '\|Q\| = [0-9]+' <<<"$ms_line" | grep -o -E '[0-9]+$' || true)
    ms_last=$(sed -E 's/last heap ([0-9]+):.*/\1/' <<<"$ms_line")
    # The growth (heap:order wherever the order grew, to the last heap
    # both reached) and |P| are compared too.
    ns_growth=$(sed -n -E 's/^order at each heap where it grew: //p' "$out/ns-$rule.out")
    ns_p=$(sed -n -E '1s/.* with ([0-9]+) P-positions.*/\1/p' "$out/ns-$rule.out")
    ms_p=$(grep -o -E '\|P\| = [0-9]+' <<<"$ms_line" | grep -o -E '[0-9]+$' || true)
    ms_growth=$(sed -n -E 's/^heap ([0-9]+): \|Q\| = ([0-9]+),.*\(grew\)$/\1:\2/p' "$out/ms-$rule.out" |
        awk -F: -v last="${ns_last:-0}" '$1 <= last' | paste -s -d ' ' -)
    # Past the timeout, how far each got: MisereSolver prints every heap.
    ms_reached=$(grep -E '^heap [0-9]+:' "$out/ms-$rule.out" | tail -n 1 | sed -E 's/^heap ([0-9]+): \|Q\| = ([0-9]+),.*/heap \1, order \2/' || true)
    note=""
    if [[ -z $ns_q || -z $ms_q ]]; then
        [[ -z $ns_q ]] && note="no order from nimstream"
        [[ -z $ms_q ]] && note="${note:+$note; }no order from MisereSolver${ms_reached:+ (reached $ms_reached)}"
    elif [[ $ns_q != "$ms_q" || $ns_p != "$ms_p" ]]; then
        note="ORDERS DIFFER (|P|: $ns_p, $ms_p)"
        differ=1
    elif [[ $ns_growth != "$ms_growth" ]]; then
        note="GROWTH DIFFERS: nimstream $ns_growth; MisereSolver $ms_growth"
        differ=1
    elif [[ $ns_s != timeout && $ms_s != timeout ]]; then
        note=$(awk -v a="$ns_s" -v b="$ms_s" 'BEGIN {
            if (a + 0 == 0) printf "nimstream faster (under 0.01 s)"
            else if (a + 0 <= b + 0) printf "nimstream %.2fx faster", b / a
            else printf "nimstream %.2fx slower", a / b }')
    fi
    [[ $ns_status == 0 || $ns_status == 1 || $ns_status == 124 ]] ||
        note="$note; nimstream exit $ns_status"
    [[ $ms_status == 0 || $ms_status == 124 ]] || note="$note; MisereSolver exit $ms_status"
    [[ -n $ns_last && $ns_last != "$last" ]] && note="$note; nimstream to heap $ns_last"
    [[ -n $ms_last && $ms_last != "$last" ]] && note="$note; MisereSolver to heap $ms_last"
    note=${note#; }
    row "$rule" "$last" "$ns_s" "$ns_cpu" "$ns_kb" "${ns_q:--}" \
        "$ms_s" "$ms_cpu" "$ms_kb" "${ms_q:--}" "$note"
done
if [[ $differ == 1 ]]; then
    echo
    echo "misere-solver: the orders or the growth differ on at least one rule"
    exit 1
fi
