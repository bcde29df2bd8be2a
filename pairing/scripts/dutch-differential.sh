#!/bin/sh
# Differential check of two builds of the FIDE (Dutch) engine (see
# pairing/PERFORMANCE.md): both must give byte-identical output on
#  1. every fixture case (`pairing --dutch CASE.trf -p OUT`),
#  2. every fixture tournament re-paired round by round (`-c`: the report
#     names every board where the engine differs from the file),
#  3. COUNT tournaments of our generator (`-g -s SEED`, settings drawn from
#     the seed: every round paired by the engine; the TRF files compared), and
#     the tournaments of the sizes in $DIFF_LARGE (players, 7 rounds, seed 1).
#
# usage: pairing/scripts/dutch-differential.sh OLD_BINARY NEW_BINARY [COUNT] [FIRST_SEED]
#   FIXTURES (default /work/shared/fixtures/pairing) holds dutch/ and rtg/.
set -eu
old=$1
new=$2
count=${3:-100}
first=${4:-1}
fx=${FIXTURES:-/work/shared/fixtures/pairing}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0
differ=0
compare() { # label
    if cmp -s "$tmp/a" "$tmp/b"; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "DIFFERS: $1"
    fi
}
if [ -d "$fx/dutch" ]; then
    for f in "$fx"/dutch/*.trf; do
        "$old" --dutch "$f" -p "$tmp/a" > /dev/null 2>&1 || echo "exit $?" >> "$tmp/a"
        "$new" --dutch "$f" -p "$tmp/b" > /dev/null 2>&1 || echo "exit $?" >> "$tmp/b"
        compare "$f -p"
    done
    echo "fixture cases: $same identical, $differ differ"
fi
for f in $(find "$fx/dutch" "$fx/rtg" -name '*.trf' 2>/dev/null | sort); do
    "$old" --dutch "$f" -c > "$tmp/a" 2>&1 || true
    "$new" --dutch "$f" -c > "$tmp/b" 2>&1 || true
    compare "$f -c"
done
echo "fixture cases and tournaments (-p, -c): $same identical, $differ differ"
seed=$first
last=$((first + count - 1))
while [ "$seed" -le "$last" ]; do
    "$old" --dutch -g -s "$seed" -o "$tmp/a" > /dev/null 2>&1 || true
    "$new" --dutch -g -s "$seed" -o "$tmp/b" > /dev/null 2>&1 || true
    compare "generated seed $seed"
    seed=$((seed + 1))
done
for n in ${DIFF_LARGE:-}; do
    printf 'PlayersNumber = %s\nRoundsNumber = 7\n' "$n" > "$tmp/cfg"
    "$old" --dutch -g "$tmp/cfg" -s 1 -o "$tmp/a" > /dev/null 2>&1 || true
    "$new" --dutch -g "$tmp/cfg" -s 1 -o "$tmp/b" > /dev/null 2>&1 || true
    compare "generated $n players"
done
echo "in all: $same identical, $differ differ (generated seeds $first-$last${DIFF_LARGE:+, sizes $DIFF_LARGE})"
[ "$differ" -eq 0 ]
