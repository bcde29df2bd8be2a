//! Timing harness without dependencies: `cargo bench -p rules`.
//!
//! Measures perft(start, 6) (one thread, no hash table, bulk counting at the
//! last ply), PGN replay speed over ../shared/fixtures/pgn, and `can_mate`
//! per position on the unwinnability samples and on the generated hard
//! family of `tests/hard_family/mod.rs` (seeds 1–3, 400 positions each,
//! both sides; `CAN_MATE_FAMILY=seeds:positions`, e.g. `1,2:100`, to
//! change it, `0:0` to skip it).

use rules::pgn::{decode, read_games, replay};
use rules::san::LetterSet;
use rules::Position;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "../tests/hard_family/mod.rs"]
mod hard_family;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures");
    dir.is_dir().then_some(dir)
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (best, out.expect("at least one run"))
}

fn bench_perft() {
    let t = Instant::now();
    rules::attacks::init();
    println!(
        "attack tables (magic search, once per process): {:.3} s",
        t.elapsed().as_secs_f64()
    );
    let pos = Position::startpos();
    let (d, n) = best_of(3, || rules::perft::perft(&pos, 6));
    println!(
        "perft(startpos, 6) = {n} in {:.3} s (best of 3; {:.0} Mnodes/s)",
        d.as_secs_f64(),
        n as f64 / d.as_secs_f64() / 1e6
    );
    let kiwi =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("kiwipete");
    let (d, n) = best_of(3, || rules::perft::perft(&kiwi, 5));
    println!("perft(kiwipete, 5) = {n} in {:.3} s", d.as_secs_f64());
}

fn collect_pgn(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                collect_pgn(&p, out);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
}

/// The text of every PGN file of the fixture corpus.
fn corpus_texts(fx: &Path) -> Vec<String> {
    let mut files = Vec::new();
    collect_pgn(&fx.join("pgn"), &mut files);
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|b| decode(&b))
        .collect()
}

fn bench_pgn(fx: &Path) {
    let texts = corpus_texts(fx);
    let (d, (games, plies)) = best_of(5, || {
        let mut games = 0;
        let mut plies = 0;
        for t in &texts {
            for g in read_games(t).into_iter().flatten() {
                games += 1;
                if let Ok(r) = replay(&g, LetterSet::ENGLISH) {
                    plies += r.plies.len();
                }
            }
        }
        (games, plies)
    });
    println!(
        "PGN read + replay: {games} games, {plies} plies in {:.3} s = {:.0} moves/s (best of 5)",
        d.as_secs_f64(),
        plies as f64 / d.as_secs_f64()
    );
}

/// Full validation (`chess-rules validate`): every move read and played, how
/// the game ended on the board (mate, stalemate, dead position — the last one
/// asks `can_mate` of the final position), draw-rule counters, the result
/// checked against the board, the JSON report written.
fn bench_validate(fx: &Path) {
    let games: Vec<_> = corpus_texts(fx)
        .iter()
        .flat_map(|t| read_games(t).into_iter().flatten())
        .collect();
    let (d, plies) = best_of(5, || {
        let mut plies = 0;
        let mut bytes = 0;
        for g in &games {
            let r = rules::validate::validate_pgn_game(g, LetterSet::ENGLISH);
            plies += r.plies;
            bytes += r.to_json(0).len();
        }
        std::hint::black_box(bytes);
        plies
    });
    println!(
        "full validation (read moves, endings, dead positions, result check, JSON report): {} games, {plies} plies in {:.3} s = {:.0} moves/s (best of 5; target >= 500,000)",
        games.len(),
        d.as_secs_f64(),
        plies as f64 / d.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; ignore arguments.
    bench_perft();
    bench_hard_family();
    match fixtures() {
        Some(fx) => {
            bench_pgn(&fx);
            bench_validate(&fx);
            rules_bench_can_mate(&fx);
        }
        None => println!("SKIPPED: ../shared/fixtures not found (PGN and can_mate benchmarks)"),
    }
}

/// `can_mate` on the generated hard family (no reference here: the verdicts
/// are checked by `tests/can_mate_hard.rs`).
fn bench_hard_family() {
    let spec = std::env::var("CAN_MATE_FAMILY").unwrap_or_else(|_| "1,2,3:400".to_string());
    let (seeds, n) = spec.split_once(':').unwrap_or((spec.as_str(), "400"));
    let n: usize = n.parse().unwrap_or(400);
    let seeds: Vec<u64> = seeds.split(',').filter_map(|s| s.parse().ok()).collect();
    if n == 0 || seeds.is_empty() {
        return;
    }
    let mut times = Vec::new();
    let mut unknown = 0;
    for &seed in &seeds {
        for fen in hard_family::generate(seed, n) {
            let Ok(pos) = Position::from_fen(&fen) else {
                continue;
            };
            for c in [rules::Color::White, rules::Color::Black] {
                unknown += usize::from(time_can_mate(&pos, c, &mut times));
            }
        }
    }
    summarize(
        &format!("generated hard family (seeds {seeds:?}, {n} positions each)"),
        times,
        unknown,
    );
}

fn summarize(name: &str, times: Vec<f64>, unknown: usize) {
    summarize_ref(name, &times, unknown);
}

fn summarize_ref(name: &str, times: &[f64], unknown: usize) {
    let mut times = times.to_vec();
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    println!(
        "can_mate {name}: {} questions, mean {:.3} ms, median {:.3} ms, worst {:.1} ms, {unknown} unknown",
        times.len(),
        mean * 1e3,
        times.get(n / 2).copied().unwrap_or(0.0) * 1e3,
        times.last().copied().unwrap_or(0.0) * 1e3
    );
}

fn time_can_mate(pos: &Position, color: rules::Color, times: &mut Vec<f64>) -> bool {
    let t = Instant::now();
    let unknown = matches!(rules::can_mate(pos, color), rules::CanMate::Unknown);
    let secs = t.elapsed().as_secs_f64();
    times.push(secs);
    SLOWEST.with(|s| {
        s.borrow_mut()
            .push((secs, format!("{} {color:?}", pos.to_fen())))
    });
    unknown
}

thread_local! {
    /// Every timed question, for `CAN_MATE_SLOWEST=n` (prints the n slowest).
    static SLOWEST: std::cell::RefCell<Vec<(f64, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn print_slowest() {
    let Some(n) = std::env::var("CAN_MATE_SLOWEST")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    else {
        return;
    };
    SLOWEST.with(|s| {
        let mut all = s.borrow().clone();
        all.sort_by(|a, b| b.0.total_cmp(&a.0));
        let total: f64 = all.iter().map(|x| x.0).sum();
        let mut cumulative = 0.0;
        for (secs, q) in all.iter().take(n) {
            cumulative += secs;
            println!(
                "{:8.3} ms  (cumulative {:5.1} % of {:.1} ms)  {q}",
                secs * 1e3,
                cumulative / total * 100.0,
                total * 1e3
            );
        }
    });
}

fn rules_bench_can_mate(fx: &Path) {
    let read =
        |name: &str| std::fs::read_to_string(fx.join("rules").join(name)).unwrap_or_default();
    let mut times = Vec::new();
    let mut unknown = 0;
    for line in read("unwinnability-sample.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some((_, fen)) = line.split_once(' ') else {
            continue;
        };
        let Ok(pos) = Position::from_fen_lenient(fen) else {
            continue;
        };
        for c in [rules::Color::White, rules::Color::Black] {
            unknown += usize::from(time_can_mate(&pos, c, &mut times));
        }
    }
    let mut all = times.clone();
    let mut all_unknown = unknown;
    summarize("unwinnability-sample.txt (both sides)", times, unknown);
    let mut times = Vec::new();
    let mut unknown = 0;
    for line in read("timeout-unwinnable-sample.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split('\t').next().unwrap_or("");
        let Ok(pos) = Position::from_fen_lenient(fen) else {
            continue;
        };
        unknown += usize::from(time_can_mate(&pos, pos.turn().other(), &mut times));
    }
    all.extend(&times);
    all_unknown += unknown;
    summarize(
        "timeout-unwinnable-sample.tsv (side not to move)",
        times,
        unknown,
    );
    summarize_ref(
        "unwinnability + timeout samples (the two files issue 4 names)",
        &all,
        all_unknown,
    );
    let mut times = Vec::new();
    let mut unknown = 0;
    for line in read("can-mate-sample.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split('\t').next().unwrap_or("");
        let Ok(pos) = Position::from_fen_lenient(fen) else {
            continue;
        };
        for c in [rules::Color::White, rules::Color::Black] {
            unknown += usize::from(time_can_mate(&pos, c, &mut times));
        }
    }
    all.extend(&times);
    all_unknown += unknown;
    summarize("can-mate-sample.tsv (both sides)", times, unknown);
    summarize_ref(
        "all three samples (targets: mean < 0.3 ms, worst < 300 ms)",
        &all,
        all_unknown,
    );
    print_slowest();
}
