#!/usr/bin/env bash
# Runs every cargo-fuzz target of the project, one after the other, for a given
# time each (README "Reliability"). Seed corpora are made from the repo's own
# test data (and ../shared/fixtures when it is there) into target/fuzz-corpus;
# crashes land in each fuzz folder's artifacts/. cargo-fuzz runs on stable with
# RUSTC_BOOTSTRAP=1.
#
#   scripts/fuzz-all.sh [seconds per target] [target ...]
#   scripts/fuzz-all.sh 1800                       # all six, 30 minutes each
#   scripts/fuzz-all.sh 600 pgn trf_parse          # two of them
#
# A summary line per target ("<target>: N runs in S s, exit E") is appended to
# target/fuzz-corpus/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
secs="${1:-1800}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen san pgn trf_parse api_json page_forms pgn_import)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
export RUSTC_BOOTSTRAP=1
corpus="$root/target/fuzz-corpus"
mkdir -p "$corpus"
fixtures="$root/../shared/fixtures"

seed() { # seed DIR NAME TEXT
    mkdir -p "$1"
    printf '%s' "$3" > "$1/$2"
}

# PGN: one game a file (large files make each run slow), at most 8 KiB each.
split_pgn() { # split_pgn OUTDIR FILE...
    python3 - "$@" <<'PY'
import os, re, sys
out, files = sys.argv[1], sys.argv[2:]
os.makedirs(out, exist_ok=True)
n = 0
for f in files:
    data = open(f, 'rb').read()
    for game in re.split(rb'\n(?=\[Event )', data):
        if game.strip() and len(game) <= 8192:
            open(os.path.join(out, f'g{n:05}.pgn'), 'wb').write(game)
            n += 1
print(f'{n} PGN seeds', file=sys.stderr)
PY
}

make_seeds() {
    local t=$1 d="$corpus/$1"
    [ -d "$d" ] && return
    mkdir -p "$d"
    case $t in
        fen)
            seed "$d" start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            seed "$d" kiwi "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
            seed "$d" c960 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
            if [ -f "$fixtures/rules/fen-valid.txt" ]; then
                grep -v '^#' "$fixtures/rules/fen-valid.txt" | sed -n 1,200p | split -l 1 - "$d/valid-"
            fi
            ;;
        san)
            local i=0
            for m in e4 Nf3 exd5 O-O O-O-O e8=Q+ Sf3 Jc6 Dxd8# 0-0 e2e4 a7a8q; do
                seed "$d" "m$i" "a$m"
                i=$((i + 1))
            done
            ;;
        pgn_import)
            seed "$d" round "[White \"Zolc, Lukasz\"]
[Black \"CERMAK, J.\"]
[WhiteFideId \"1111111\"]

1. e4 e5 2. Ke3 1-0

[White \"Anna Nowak\"]
[Black \"Kowalska, Anna\"]
[Variant \"Chess960\"]
[FEN \"bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1\"]

1. Ng3 Ng6 2. O-O O-O *
"
            seed "$d" names "Żółć, Łukasz
Lukasz ZOLC"
            ;;
        pgn)
            local files=("$root"/rules/tests/data/*.pgn)
            [ -d "$fixtures/pgn" ] && mapfile -t -O ${#files[@]} files < <(find "$fixtures/pgn" -name '*.pgn')
            split_pgn "$d" "${files[@]}"
            ;;
        trf_parse)
            cp "$root"/pairing/tests/data/*.trf "$d/" 2>/dev/null || true
            if [ -d "$fixtures/pairing" ]; then
                mapfile -t trfs < <(find "$fixtures/pairing" -name '*.trf' -size -64k | sort)
                [ ${#trfs[@]} -eq 0 ] || cp -t "$d/" "${trfs[@]:0:200}"
            fi
            ;;
        api_json)
            seed "$d" result '{"result":"1-0","version":1}'
            seed "$d" forfeit '{"result":"+-","version":3}'
            seed "$d" regs '{"name":"Open","rounds":9,"system":"swiss","default_time_minutes":30,"tie_breaks":["buchholz_cut1","sonneborn_berger"]}'
            seed "$d" player '{"name":"Carlsen, Magnus","fide_id":1503014,"rating":2830,"federation":"NOR","title":"GM"}'
            seed "$d" bye '{"player_id":3,"round":2,"kind":"half"}'
            seed "$d" arrivals '{"version":2,"arrivals":[{"game_id":1,"white_minutes":5,"black_minutes":null}]}'
            seed "$d" penalty '{"player_id":1,"kind":"warning","article":"12.9","version":3}'
            seed "$d" moves '{"moves":"1. e4 e5 2. Nf3 Nc6","lang":"en","version":1}'
            seed "$d" adjourn '{"sealed_by":"white","sealed_move":"Nf3","white_time_used":3600,"black_time_used":3500,"version":1}'
            seed "$d" open '{"present":"both","version":2}'
            ;;
        page_forms)
            seed "$d" penalty 'csrf=x&player_id=1&kind=warning&version=3'
            seed "$d" adjourn 'white_time_used=1:59:00&black_time_used=1:40:12&sealed_move=e4&sealed_by=white&version=1'
            seed "$d" tournament 'name=Open&rounds=9&base_minutes=90&increment_seconds=30&default_time_minutes=30&system=swiss'
            seed "$d" player 'name=Nowak%2C+Jan&rating=2100&federation=POL&fide_id=1100000'
            seed "$d" results 'r12=1-0&r13=%C2%BD-%C2%BD&r14=%2B-&version=4'
            seed "$d" arrival 'game_id=3&white=12%3A30&black=&version=2'
            ;;
    esac
}

dir_of() {
    case $1 in
        fen | san | pgn) echo rules/fuzz ;;
        trf_parse) echo pairing/fuzz ;;
        api_json | page_forms | pgn_import) echo app/fuzz ;;
        *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

for t in "${targets[@]}"; do
    make_seeds "$t"
    dir=$(dir_of "$t")
    log="$corpus/$t.log"
    echo "== $t: $secs s (log $log)"
    set +e
    (cd "$dir" && CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$root/target/fuzz-build}" \
        cargo fuzz run -O "$t" "$corpus/$t" -- -max_total_time="$secs" -max_len=16384 -print_final_stats=1) > "$log" 2>&1
    rc=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n1 || true)
    took=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -n1 || true)
    crash=$(grep -o 'Test unit written to .*' "$log" | tail -n1 || true)
    line="$(date -u +%FT%TZ) $t: ${runs:-?} runs in ${took:-?} s, exit $rc${crash:+, $crash}"
    echo "$line" | tee -a "$corpus/summary.txt"
    [ $rc -eq 0 ] || tail -n 40 "$log"
done
