//! An exhaustive checker of the Dubov system (C.04.4.1, edition applied from
//! 1 February 2026) over tournaments of our Dubov generator with small
//! fields (at most 12 players), written from the text apart from the engine
//! (`pairing::dubov`): it computes the players' state itself (score, colour
//! preference 1.6, ARO 1.7, upfloats 1.8) and, for every bracket from the
//! top, enumerates every set of upfloaters and every pairing of the bracket,
//! evaluates them by the criteria in their order ([C1]–[C4] absolute and
//! completion, then [C5]–[C10]) and asserts that none is better than the
//! engine's. The pairing-allocated bye is checked against art. 3.1 (every
//! candidate tried in order). Each generated file also re-checks identical
//! (`pairing::dubov::check_tournament`, what `pairing --dubov FILE -c` runs).
//!
//! - in the normal suite: 100 tournaments;
//! - ignored, 1,000 tournaments:
//!   `cargo test --release -p pairing --test dubov_exhaustive -- --ignored --nocapture`
//!   (`GENERATED=N` for another count).

use std::collections::HashSet;

use pairing::generator::{self, Config, System};
use pairing::{dubov, ByeKind, Color, GameResult, Pairing, RoundEntry, Tournament};

/// What the text needs of a player before the round, computed here.
#[derive(Clone, Debug)]
struct P {
    id: u32,
    score: i32,
    games: u32,
    /// (colour, absolute)
    pref: Color,
    absolute: bool,
    upfloats: u32,
    previous: bool,
    bye_ok: bool,
    met: HashSet<u32>,
}

fn points(t: &Tournament, e: &RoundEntry) -> i32 {
    let ps = &t.points;
    match *e {
        RoundEntry::Game { result, .. } => match result {
            None => 0,
            Some(GameResult::Win) => ps.win,
            Some(GameResult::Draw) => ps.draw,
            Some(GameResult::Loss) => ps.loss,
            Some(GameResult::Adjusted(p)) => p,
            Some(GameResult::ForfeitWin) => ps.forfeit_win,
            Some(GameResult::ForfeitLoss) => ps.forfeit_loss,
        },
        RoundEntry::Bye(ByeKind::PairingAllocated) => ps.pairing_bye,
        RoundEntry::Bye(ByeKind::Full) => ps.full_bye,
        RoundEntry::Bye(ByeKind::Half) => ps.half_bye,
        RoundEntry::Bye(ByeKind::Zero) => ps.zero_bye,
        RoundEntry::NotPaired => ps.not_paired,
    }
}

fn played(e: &RoundEntry) -> Option<(u32, Color)> {
    match *e {
        RoundEntry::Game {
            opponent,
            color,
            result,
        } if !matches!(
            result,
            Some(GameResult::ForfeitWin) | Some(GameResult::ForfeitLoss)
        ) =>
        {
            Some((opponent, color))
        }
        _ => None,
    }
}

fn entry(t: &Tournament, id: u32, k: usize) -> RoundEntry {
    t.players[id as usize - 1]
        .rounds
        .get(k)
        .copied()
        .unwrap_or(RoundEntry::NotPaired)
}

fn score_before(t: &Tournament, id: u32, k: usize) -> i32 {
    (0..k).map(|j| points(t, &entry(t, id, j))).sum()
}

/// The players of `round` (1-based) in the tournament `t` as it stood before it.
fn state(t: &Tournament, round: u32) -> Vec<P> {
    let k = round as usize - 1;
    t.players
        .iter()
        .filter(|p| p.rounds.len() == k && !p.withdrawn)
        .map(|p| {
            let colours: Vec<Color> = (0..k)
                .filter_map(|j| played(&entry(t, p.id, j)).map(|x| x.1))
                .collect();
            let diff: i32 = colours
                .iter()
                .map(|c| if *c == Color::White { 1 } else { -1 })
                .sum();
            let last2 =
                colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
            // 1.6: the preference; 1.6.4 without games: Black (mild)
            let pref = if diff > 0 {
                Color::Black
            } else if diff < 0 {
                Color::White
            } else {
                match colours.last() {
                    Some(Color::White) => Color::Black,
                    Some(Color::Black) => Color::White,
                    None => Color::Black,
                }
            };
            let pref = if last2 && diff.abs() <= 1 {
                colours[colours.len() - 1].opposite()
            } else {
                pref
            };
            let absolute = diff.abs() > 1 || last2;
            let up = |j: usize| -> bool {
                matches!(entry(t, p.id, j), RoundEntry::Game { opponent, .. }
                    if score_before(t, opponent, j) > score_before(t, p.id, j))
            };
            let met: HashSet<u32> = (0..k)
                .filter_map(|j| played(&entry(t, p.id, j)).map(|x| x.0))
                .chain(t.forbidden.iter().filter_map(|&(a, b)| {
                    if a == p.id {
                        Some(b)
                    } else if b == p.id {
                        Some(a)
                    } else {
                        None
                    }
                }))
                .collect();
            P {
                id: p.id,
                score: score_before(t, p.id, k),
                games: colours.len() as u32,
                pref,
                absolute,
                upfloats: (0..k).filter(|&j| up(j)).count() as u32,
                previous: k > 0 && up(k - 1),
                bye_ok: !(0..k).any(|j| {
                    matches!(
                        entry(t, p.id, j),
                        RoundEntry::Bye(ByeKind::PairingAllocated)
                            | RoundEntry::Game {
                                result: Some(GameResult::ForfeitWin),
                                ..
                            }
                    )
                }),
                met,
            }
        })
        .collect()
}

/// [C1] and [C3].
fn legal(a: &P, b: &P) -> bool {
    let same_absolute = a.absolute && b.absolute && a.pref == b.pref;
    !(a.met.contains(&b.id) || b.met.contains(&a.id) || same_absolute)
}

/// Every legal pairing of `ps` (indices), as lists of pairs.
fn pairings(
    all: &[P],
    ps: &[usize],
    out: &mut Vec<Vec<(usize, usize)>>,
    cur: &mut Vec<(usize, usize)>,
) {
    let Some(&first) = ps.first() else {
        out.push(cur.clone());
        return;
    };
    for i in 1..ps.len() {
        if legal(&all[first], &all[ps[i]]) {
            let rest: Vec<usize> = ps[1..].iter().copied().filter(|&x| x != ps[i]).collect();
            cur.push((first, ps[i]));
            pairings(all, &rest, out, cur);
            cur.pop();
        }
    }
}

fn pairable(all: &[P], ps: &[usize]) -> bool {
    if ps.len() % 2 == 1 {
        return false;
    }
    let Some(&first) = ps.first() else {
        return true;
    };
    (1..ps.len()).any(|i| {
        legal(&all[first], &all[ps[i]]) && {
            let rest: Vec<usize> = ps[1..].iter().copied().filter(|&x| x != ps[i]).collect();
            pairable(all, &rest)
        }
    })
}

/// The quality of a bracket's pairing, smaller is better: [C5] upfloaters,
/// [C6] score differences of their pairs in descending order, [C7] players
/// without their preference, and unless last round [C8] maximum upfloaters,
/// [C9] their upfloats, [C10] upfloaters of the previous round.
type Quality = (usize, Vec<i32>, usize, usize, u32, usize);

fn quality(all: &[P], top: i32, pairs: &[(usize, usize)], max_t: u32, last: bool) -> Quality {
    let ups: Vec<usize> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|&x| all[x].score < top)
        .collect();
    let mut diffs: Vec<i32> = ups.iter().map(|&u| top - all[u].score).collect();
    diffs.sort_unstable_by(|a, b| b.cmp(a));
    let c7 = pairs
        .iter()
        .filter(|&&(a, b)| all[a].pref == all[b].pref)
        .count();
    let (c8, c9, c10) = if last {
        (0, 0, 0)
    } else {
        let maxed: Vec<usize> = ups
            .iter()
            .copied()
            .filter(|&u| all[u].upfloats >= max_t)
            .collect();
        (
            maxed.len(),
            maxed.iter().map(|&u| all[u].upfloats).sum(),
            ups.iter().filter(|&&u| all[u].previous).count(),
        )
    };
    (ups.len(), diffs, c7, c8, c9, c10)
}

fn subsets(
    items: &[usize],
    k: usize,
    out: &mut Vec<Vec<usize>>,
    cur: &mut Vec<usize>,
    from: usize,
) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    for i in from..items.len() {
        cur.push(items[i]);
        subsets(items, k, out, cur, i + 1);
        cur.pop();
    }
}

/// Checks one round; returns the number of brackets checked.
fn check_round(t: &Tournament, round: u32, p: &Pairing) -> usize {
    let before = dubov::state_before(t, round);
    let all = state(&before, round);
    let idx = |id: u32| {
        all.iter()
            .position(|x| x.id == id)
            .expect("a player of the round")
    };
    let max_t = 2 + t.total_rounds / 5;
    let last = round == t.total_rounds;
    let ctx = format!("{} round {round}", t.name);
    // everyone paired once
    let mut seen: Vec<u32> = p
        .boards
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(p.bye)
        .collect();
    seen.sort_unstable();
    let mut want: Vec<u32> = all.iter().map(|x| x.id).collect();
    want.sort_unstable();
    assert_eq!(seen, want, "{ctx}: not everyone paired once");
    let pairs: Vec<(usize, usize)> = p.boards.iter().map(|&(w, b)| (idx(w), idx(b))).collect();
    for &(a, b) in &pairs {
        assert!(
            legal(&all[a], &all[b]),
            "{ctx}: {}-{} breaks C1/C3",
            all[a].id,
            all[b].id
        );
    }
    let mut left: Vec<usize> = (0..all.len()).collect();
    // 3.1 the bye: eligible [C2], completing [C4], lowest score, most games, largest TPN
    if let Some(b) = p.bye {
        let mut cands: Vec<usize> = (0..all.len()).filter(|&i| all[i].bye_ok).collect();
        cands.sort_by_key(|&i| {
            (
                all[i].score,
                std::cmp::Reverse(all[i].games),
                std::cmp::Reverse(all[i].id),
            )
        });
        let first = cands.into_iter().find(|&c| {
            let rest: Vec<usize> = (0..all.len()).filter(|&i| i != c).collect();
            pairable(&all, &rest)
        });
        assert_eq!(first.map(|i| all[i].id), Some(b), "{ctx}: the bye");
        left.retain(|&i| all[i].id != b);
    } else {
        assert_eq!(all.len() % 2, 0, "{ctx}: an odd field without a bye");
    }
    let mut brackets = 0;
    while !left.is_empty() {
        let top = left.iter().map(|&i| all[i].score).max().unwrap();
        let residents: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| all[i].score == top)
            .collect();
        let lower: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| all[i].score < top)
            .collect();
        // the engine's bracket: the residents and their partners
        let engine: Vec<(usize, usize)> = pairs
            .iter()
            .copied()
            .filter(|&(a, b)| residents.contains(&a) || residents.contains(&b))
            .collect();
        let got = quality(&all, top, &engine, max_t, last);
        // every alternative: the fewest upfloaters first ([C5]), each set
        // leaving the rest pairable ([C4]), every legal pairing of the bracket
        let mut best: Option<Quality> = None;
        let mut k = residents.len() % 2;
        while k <= lower.len() && best.is_none() {
            let mut sets = Vec::new();
            subsets(&lower, k, &mut sets, &mut Vec::new(), 0);
            for u in sets {
                let rest: Vec<usize> = lower.iter().copied().filter(|x| !u.contains(x)).collect();
                if !pairable(&all, &rest) {
                    continue;
                }
                let bracket: Vec<usize> = residents.iter().chain(&u).copied().collect();
                let mut found = Vec::new();
                pairings(&all, &bracket, &mut found, &mut Vec::new());
                for f in found {
                    let q = quality(&all, top, &f, max_t, last);
                    if best.as_ref().is_none_or(|b| q < *b) {
                        best = Some(q);
                    }
                }
            }
            k += 2;
        }
        let best =
            best.unwrap_or_else(|| panic!("{ctx}: no legal pairing of the bracket at {top}"));
        assert!(
            got <= best,
            "{ctx}: bracket {top}: the engine's pairing {:?} has quality {got:?}, a better one has {best:?}",
            engine.iter().map(|&(a, b)| (all[a].id, all[b].id)).collect::<Vec<_>>()
        );
        assert_eq!(
            got, best,
            "{ctx}: bracket {top}: the engine's pairing is not one of the best"
        );
        brackets += 1;
        let done: HashSet<usize> = engine.iter().flat_map(|&(a, b)| [a, b]).collect();
        left.retain(|i| !done.contains(i));
    }
    brackets
}

fn config(seed: u64) -> Config {
    let players = 4 + seed % 9; // 4..=12
    let rounds = 3 + (seed / 9) % 7; // 3..=9
    Config::parse(&format!(
        "PlayersNumber = {players}\nRoundsNumber = {rounds}\nHighestRating = 2600\nLowestRating = 1200\n\
         DrawPercentage = 30\nForfeitRate = 20\nHalfPointByeRate = 12\nZeroPointByeRate = 30\n"
    ))
    .expect("the settings read")
}

fn run(count: u64) -> (usize, usize) {
    let mut rounds = 0;
    let mut brackets = 0;
    for seed in 1..=count {
        let g = generator::generate_with(&config(seed), seed, System::Dubov);
        let t = g.tournament;
        for c in dubov::check_tournament(&t) {
            assert!(
                c.identical(),
                "seed {seed}: round {} does not re-check identical",
                c.round
            );
            brackets += check_round(&t, c.round, &c.recorded);
            rounds += 1;
        }
    }
    (rounds, brackets)
}

#[test]
fn no_better_pairing_in_100_generated_tournaments() {
    let (rounds, brackets) = run(100);
    assert!(
        rounds > 300 && brackets > rounds,
        "{rounds} rounds, {brackets} brackets"
    );
}

#[test]
#[ignore = "1,000 tournaments: cargo test --release -p pairing --test dubov_exhaustive -- --ignored --nocapture"]
fn no_better_pairing_in_1000_generated_tournaments() {
    let count = std::env::var("GENERATED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let (rounds, brackets) = run(count);
    println!("{count} tournaments, {rounds} rounds, {brackets} brackets: no better pairing");
}

/// `pairing --dubov -g CONFIG -o OUT -s SEED`, then `pairing --dubov OUT -c`
/// (every round identical, exit 0) and `-p` (the next round, as the engine
/// pairs it).
#[test]
fn command_line_generates_checks_and_pairs() {
    let bin = env!("CARGO_BIN_EXE_pairing");
    let dir = std::env::temp_dir().join(format!("dubov-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.txt");
    std::fs::write(&config, "PlayersNumber = 15\nRoundsNumber = 7\n").unwrap();
    let trf = dir.join("out.trf");
    for seed in 1..=5u64 {
        let status = std::process::Command::new(bin)
            .args(["--dubov", "-g"])
            .arg(&config)
            .arg("-o")
            .arg(&trf)
            .args(["-s", &seed.to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(&trf).unwrap();
        assert!(text.contains("\n092 FIDE_DUBOV\n"), "{text}");
        let out = std::process::Command::new(bin)
            .arg("--dubov")
            .arg(&trf)
            .arg("-c")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "seed {seed}: {stdout}");
        assert!(
            stdout.contains("rounds agree with the Dubov system"),
            "{stdout}"
        );
        // the file re-read equals the generator's own model, and the last
        // round re-pairs from the state before it as recorded
        let t = pairing::trf::parse(&text).unwrap();
        let g = generator::generate_with(
            &Config::parse("PlayersNumber = 15\nRoundsNumber = 7\n").unwrap(),
            seed,
            System::Dubov,
        );
        assert_eq!(g.trf, text, "seed {seed}: the generator is deterministic");
        let last = dubov::paired_rounds(&t);
        let before = dubov::state_before(&t, last);
        let p = dubov::pair(&before, last).unwrap();
        let mut a = p.boards.clone();
        a.sort_unstable();
        let mut b = dubov::recorded_pairing(&t, last).boards;
        b.sort_unstable();
        assert_eq!(a, b, "seed {seed}");
        let pairs = dir.join("next.pairs");
        let status = std::process::Command::new(bin)
            .arg("--dubov")
            .arg(before_file(&dir, &before))
            .arg("-p")
            .arg(&pairs)
            .status()
            .unwrap();
        assert!(status.success());
        let written =
            pairing::dutch::parse_pairs_text(&std::fs::read_to_string(&pairs).unwrap()).unwrap();
        assert_eq!(written, p, "seed {seed}: -p writes the engine's pairing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn before_file(dir: &std::path::Path, t: &Tournament) -> std::path::PathBuf {
    let path = dir.join("before.trf");
    std::fs::write(&path, pairing::trf::write(t)).unwrap();
    path
}
