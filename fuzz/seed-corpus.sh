#!/usr/bin/env bash
# Seeds each fuzz target's corpus from testdata/ (the rule target from a
# list of rules). The solve target reads a
# game selector byte and a shape byte before the input, the tokenizer target
# a buffer-size byte, the validate target a game selector byte, so each
# sample is prefixed accordingly. Generated files are added as well.
set -euo pipefail
cd "$(dirname "$0")"
games=(nim lasker misere bounded bounded bash fibonacci kmultiple wythoff)
mkdir -p corpus/tokenizer corpus/solve corpus/validate corpus/rule
# Rules as people write them, and a few near misses.
rules=(0.77 0.07 0.137 0.16 4.07 .6 0.3 "sub:1,3,4" "sub:2,5,12" 0.8 "sub:1,,2" 4.)
for i in "${!rules[@]}"; do
    printf '%s' "${rules[$i]}" > "corpus/rule/seed-$i"
done
# In the catalogue's order: the validate target's selector byte indexes it.
validate_games=(nim lasker misere bounded bash fibonacci kmultiple wythoff hdu2176 hdu1850 poj3922 hdu1536 hdu1848)
for file in ../testdata/*.in; do
    name=$(basename "$file" .in)
    game=${name%%-*}
    { printf '\x07'; cat "$file"; } > "corpus/tokenizer/$name"
    for i in "${!validate_games[@]}"; do
        if [ "${validate_games[$i]}" = "$game" ]; then
            { printf "\\x$(printf %02x "$i")"; cat "$file"; } > "corpus/validate/$name"
        fi
    done
    for i in "${!games[@]}"; do
        if [ "${games[$i]}" = "$game" ]; then
            { printf "\\x$(printf %02x "$i")\\x05"; cat "$file"; } > "corpus/solve/$name"
        fi
    done
done
# A few generated files in the strict format, so that validate's fast paths
# are reached from the start.
nimstream=../target/release/nimstream
if [ -x "$nimstream" ]; then
    for i in "${!validate_games[@]}"; do
        game=${validate_games[$i]}
        extra=()
        [ "$game" = bounded ] && extra=(--max-take 2)
        { printf "\\x$(printf %02x "$i")"; "$nimstream" gen "$game" "${extra[@]}" --cases 3 --seed "$i"; } > "corpus/validate/gen-$game"
    done
fi
