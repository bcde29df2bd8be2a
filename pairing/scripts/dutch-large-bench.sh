#!/bin/sh
# The FIDE (Dutch) engine on the largest fields (see pairing/PERFORMANCE.md,
# "Dutch system, 4,000 and 10,000 players"): for each SIZE, a tournament of
# SIZE players is made by our generator (`pairing --dutch -g`, seed 1, 7
# rounds paired by the engine, then marked as a 9-round event, `XXR 9`), and
# the pairing of round 8 (`pairing --dutch FILE -p OUT`) is timed with
# `/usr/bin/time -v` (wall time, CPU time, peak memory). The tournaments are
# kept in $DUTCH_LARGE_DIR (default /tmp/dutch-large) and made once.
#
# usage: pairing/scripts/dutch-large-bench.sh BINARY [SIZE...]   (default sizes: 4000 10000)
#   BINARY: a release build of the `pairing` command; several binaries can be
#   compared by running the script once for each, interleaved.
# Release runs on the shared machine: under `flock /work/wt/release.lock`.
set -eu
bin=$1
shift
[ $# -gt 0 ] || set -- 4000 10000
dir=${DUTCH_LARGE_DIR:-/tmp/dutch-large}
mkdir -p "$dir"
for n in "$@"; do
    trf="$dir/gen$n.trf"
    if [ ! -s "$trf" ]; then
        printf 'PlayersNumber = %s\nRoundsNumber = 7\n' "$n" > "$dir/gen$n.cfg"
        start=$(date +%s)
        "$bin" --dutch -g "$dir/gen$n.cfg" -o "$trf.r7" -s 1
        sed 's/^XXR 7$/XXR 9/' "$trf.r7" > "$trf"
        rm -f "$trf.r7"
        echo "$n players: 7 rounds generated in $(( $(date +%s) - start )) s"
    fi
    out="$dir/round8-$n.$(basename "$bin").$$"
    /usr/bin/time -v "$bin" --dutch "$trf" -p "$out" 2> "$out.time"
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out.time")
    user=$(sed -n 's/.*User time (seconds): //p' "$out.time")
    sys=$(sed -n 's/.*System time (seconds): //p' "$out.time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out.time")
    sum=$(cksum < "$out" | cut -d' ' -f1)
    echo "$n players, round 8: wall $wall, cpu ${user}+${sys} s, peak RSS $((rss / 1024)) MB, pairing cksum $sum ($bin, load $(cut -d' ' -f1 /proc/loadavg))"
    rm -f "$out" "$out.time"
done
