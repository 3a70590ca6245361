#!/usr/bin/env bash
# Seeds each fuzz target's corpus from testdata/. The solve target reads a
# game selector byte and a shape byte before the input, the tokenizer target
# a buffer-size byte, so each sample is prefixed accordingly.
set -euo pipefail
cd "$(dirname "$0")"
games=(nim lasker misere bounded bounded bash fibonacci kmultiple wythoff)
mkdir -p corpus/tokenizer corpus/solve
for file in ../testdata/*.in; do
    name=$(basename "$file" .in)
    game=${name%%-*}
    { printf '\x07'; cat "$file"; } > "corpus/tokenizer/$name"
    for i in "${!games[@]}"; do
        if [ "${games[$i]}" = "$game" ]; then
            { printf "\\x$(printf %02x "$i")\\x05"; cat "$file"; } > "corpus/solve/$name"
        fi
    done
done
