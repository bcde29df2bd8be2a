//! An exhaustive checker of the Double-Swiss system (C.04.5, applied from
//! 1 February 2026) over tournaments of our Double-Swiss generator with
//! small fields (4–12 players), written from the criteria apart from the
//! engine (`pairing::double_swiss`): it reads the players' state from the
//! TRF columns itself (two columns per match: score, matches played,
//! opponents met, [C2], game-1 colours, floats) and then, bracket by bracket
//! from the top:
//!
//! - the bye (art. 3.4): every candidate in the text's order (lowest score,
//!   most matches played, largest TPN; [C2]), the first leaving the others
//!   pairable;
//! - every set of upfloaters from the lower scoregroups, kept when the
//!   bracket and the rest can be paired ([C1], [C3]), compared by [C4]
//!   (fewest), [C5] (scores in ascending order, highest), [C6], [C7] and the
//!   order of 3.5.4;
//! - every pairing of the chosen bracket, compared by [C8] and the pairing
//!   identifier of 3.6;
//! - the colours of game 1 of every board by art. 4.3.
//!
//! It asserts that the engine's pairing is the best one, bracket by bracket.
//! Each generated file also re-checks identical (what `pairing
//! --double-swiss FILE -c` runs).
//!
//! - in the normal suite: 100 tournaments;
//! - ignored, 1,000 tournaments:
//!   `cargo test --release -p pairing --test double_swiss_exhaustive -- --ignored --nocapture`
//!   (`GENERATED=N` for another count).

use std::collections::HashSet;

use pairing::generator::Config;
use pairing::{double_swiss, ByeKind, Color, GameResult, Pairing, RoundEntry, Tournament};

/// What the criteria need of a player before a match, read here.
#[derive(Clone, Debug)]
struct P {
    id: u32,
    score: i32,
    matches: u32,
    barred: bool,
    colours: Vec<Color>,
    floated_last: bool,
    met: HashSet<u32>,
}

fn pts(t: &Tournament, e: Option<&RoundEntry>) -> i32 {
    let ps = &t.points;
    match e {
        Some(RoundEntry::Game {
            result: Some(r), ..
        }) => match r {
            GameResult::Win => ps.win,
            GameResult::Draw => ps.draw,
            GameResult::Loss => ps.loss,
            GameResult::Adjusted(p) => *p,
            GameResult::ForfeitWin => ps.forfeit_win,
            GameResult::ForfeitLoss => ps.forfeit_loss,
        },
        Some(RoundEntry::Bye(ByeKind::PairingAllocated)) => ps.pairing_bye,
        Some(RoundEntry::Bye(ByeKind::Full)) => ps.full_bye,
        Some(RoundEntry::Bye(ByeKind::Half)) => ps.half_bye,
        Some(RoundEntry::Bye(ByeKind::Zero)) => ps.zero_bye,
        _ => 0,
    }
}

fn col(t: &Tournament, id: u32, c: usize) -> Option<&RoundEntry> {
    t.players[id as usize - 1].rounds.get(c)
}

/// Score before match `m`: the points of columns 0 .. 2(m−1).
fn score(t: &Tournament, id: u32, m: usize) -> i32 {
    (0..2 * (m - 1)).map(|c| pts(t, col(t, id, c))).sum()
}

fn lost_by_forfeit(e: Option<&RoundEntry>) -> bool {
    matches!(
        e,
        Some(RoundEntry::Game {
            result: Some(GameResult::ForfeitLoss),
            ..
        })
    )
}

fn over_the_board(e: Option<&RoundEntry>) -> bool {
    matches!(e, Some(RoundEntry::Game { result: Some(r), .. }) if r.played())
}

fn state(t: &Tournament, m: usize, ids: &[u32]) -> Vec<P> {
    let mut out: Vec<P> = ids
        .iter()
        .map(|&id| {
            let mut p = P {
                id,
                score: score(t, id, m),
                matches: 0,
                barred: false,
                colours: Vec::new(),
                floated_last: false,
                met: HashSet::new(),
            };
            for k in 1..m {
                let (a, b) = (col(t, id, 2 * k - 2), col(t, id, 2 * k - 1));
                match a {
                    Some(RoundEntry::Game {
                        opponent, color, ..
                    }) => {
                        let o = *opponent;
                        let (oa, ob) = (col(t, o, 2 * k - 2), col(t, o, 2 * k - 1));
                        let forfeit_match = (lost_by_forfeit(a) && lost_by_forfeit(b))
                            || (lost_by_forfeit(oa) && lost_by_forfeit(ob));
                        if forfeit_match {
                            if pts(t, a) + pts(t, b) > pts(t, oa) + pts(t, ob) {
                                p.barred = true;
                            }
                        } else {
                            p.matches += 1;
                            p.met.insert(o);
                            if over_the_board(a) || over_the_board(b) {
                                p.colours.push(*color);
                            }
                        }
                        p.floated_last = score(t, id, k) != score(t, o, k);
                    }
                    Some(RoundEntry::Bye(kind)) => {
                        if matches!(kind, ByeKind::PairingAllocated | ByeKind::Full) {
                            p.barred = true;
                        }
                        p.floated_last = false;
                    }
                    _ => p.floated_last = false,
                }
            }
            for &(x, y) in &t.forbidden {
                if x == id {
                    p.met.insert(y);
                }
                if y == id {
                    p.met.insert(x);
                }
            }
            p
        })
        .collect();
    out.sort_by_key(|p| (-p.score, p.id));
    out
}

fn ok(s: &[P], i: usize, j: usize) -> bool {
    !s[i].met.contains(&s[j].id)
}

/// Every perfect pairing of `nodes` without a rematch.
fn matchings(s: &[P], nodes: &[usize]) -> Vec<Vec<(usize, usize)>> {
    if nodes.is_empty() {
        return vec![Vec::new()];
    }
    if nodes.len() % 2 == 1 {
        return Vec::new();
    }
    let a = nodes[0];
    let mut out = Vec::new();
    for x in 1..nodes.len() {
        let b = nodes[x];
        if !ok(s, a, b) {
            continue;
        }
        let rest: Vec<usize> = nodes[1..].iter().copied().filter(|&z| z != b).collect();
        for mut m in matchings(s, &rest) {
            m.push((a, b));
            out.push(m);
        }
    }
    out
}

fn pairable(s: &[P], nodes: &[usize]) -> bool {
    if nodes.is_empty() {
        return true;
    }
    if nodes.len() % 2 == 1 {
        return false;
    }
    let a = nodes[0];
    (1..nodes.len()).any(|x| {
        ok(s, a, nodes[x]) && {
            let rest: Vec<usize> = nodes[1..]
                .iter()
                .copied()
                .filter(|&z| z != nodes[x])
                .collect();
            pairable(s, &rest)
        }
    })
}

/// The fewest members of `group` paired outside it over every perfect
/// pairing of `nodes` (`usize::MAX` when there is none).
fn fewest_out(s: &[P], group: &[usize], nodes: &[usize]) -> usize {
    matchings(s, nodes)
        .iter()
        .map(|m| {
            m.iter()
                .filter(|(a, b)| group.contains(a) != group.contains(b))
                .count()
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// Art. 4.3 for the higher ranked `h` against `o` (h's colour in game 1).
fn colour(h: &P, o: &P, initial: Color) -> Color {
    if h.colours.is_empty() && o.colours.is_empty() {
        return if h.id % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
    }
    let w = |p: &P| p.colours.iter().filter(|&&c| c == Color::White).count();
    if w(h) != w(o) {
        return if w(h) < w(o) {
            Color::White
        } else {
            Color::Black
        };
    }
    for (a, b) in h.colours.iter().rev().zip(o.colours.iter().rev()) {
        if a != b {
            return *b;
        }
    }
    match (h.colours.last(), o.colours.last()) {
        (Some(c), _) => c.opposite(),
        (None, Some(c)) => *c,
        (None, None) => unreachable!(),
    }
}

#[derive(Default)]
struct Stats {
    rounds: usize,
    brackets: usize,
    with_upfloaters: usize,
    c8_decided: usize,
    byes: usize,
}

/// Checks match `m` of `t`, whose recorded pairing is `p`.
fn check_round(t: &Tournament, m: usize, p: &Pairing, last: bool, st: &mut Stats) {
    let c = 2 * (m - 1);
    let ids: Vec<u32> = t
        .players
        .iter()
        .filter(|pl| {
            matches!(
                pl.rounds.get(c),
                Some(RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated))
            )
        })
        .map(|pl| pl.id)
        .collect();
    let s = state(t, m, &ids);
    let all: Vec<usize> = (0..s.len()).collect();
    let mut pending = all.clone();
    // art. 3.4
    if s.len() % 2 == 1 {
        let mut cand: Vec<usize> = all.iter().copied().filter(|&i| !s[i].barred).collect();
        cand.sort_by_key(|&i| {
            (
                s[i].score,
                std::cmp::Reverse(s[i].matches),
                std::cmp::Reverse(s[i].id),
            )
        });
        let bye = cand
            .into_iter()
            .find(|&b| {
                let rest: Vec<usize> = all.iter().copied().filter(|&i| i != b).collect();
                pairable(&s, &rest)
            })
            .expect("a bye exists");
        assert_eq!(p.bye, Some(s[bye].id), "match {m}: the bye");
        pending.retain(|&i| i != bye);
        st.byes += 1;
    } else {
        assert_eq!(p.bye, None);
    }
    let pairs: HashSet<(u32, u32)> = p
        .boards
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .collect();
    while !pending.is_empty() {
        st.brackets += 1;
        let top = s[pending[0]].score;
        let group: Vec<usize> = pending
            .iter()
            .copied()
            .filter(|&i| s[i].score == top)
            .collect();
        let lower: Vec<usize> = pending
            .iter()
            .copied()
            .filter(|&i| s[i].score != top)
            .collect();
        let next_score = lower.first().map(|&i| s[i].score);
        // every set of upfloaters, by [C3]
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for mask in 0u32..(1 << lower.len()) {
            let u: Vec<usize> = (0..lower.len())
                .filter(|&b| mask & (1 << b) != 0)
                .map(|b| lower[b])
                .collect();
            if (group.len() + u.len()) % 2 == 1 {
                continue;
            }
            let mut bracket = group.clone();
            bracket.extend(&u);
            let rest: Vec<usize> = pending
                .iter()
                .copied()
                .filter(|i| !bracket.contains(i))
                .collect();
            if pairable(&s, &bracket) && pairable(&s, &rest) {
                sets.push(u);
            }
        }
        assert!(!sets.is_empty(), "match {m}: no legal bracket");
        // [C4]
        let fewest = sets.iter().map(Vec::len).min().unwrap();
        sets.retain(|u| u.len() == fewest);
        // [C5]
        let asc = |u: &Vec<usize>| {
            let mut v: Vec<i32> = u.iter().map(|&i| s[i].score).collect();
            v.sort_unstable();
            v
        };
        let best5 = sets.iter().map(asc).max().unwrap();
        sets.retain(|u| asc(u) == best5);
        // [C6], [C7], then 3.5.4
        let key = |u: &Vec<usize>| {
            let mut bracket = group.clone();
            bracket.extend(u);
            let rest: Vec<usize> = pending
                .iter()
                .copied()
                .filter(|i| !bracket.contains(i))
                .collect();
            let left: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|&i| Some(s[i].score) == next_score)
                .collect();
            let c6_fails = !left.is_empty() && fewest_out(&s, &left, &rest) > left.len() % 2;
            let c7 = if last {
                0
            } else {
                u.iter().filter(|&&i| s[i].floated_last).count()
            };
            let mut order = u.clone();
            order.sort_by_key(|&i| (-s[i].score, s[i].id));
            let order: Vec<u32> = order.iter().map(|&i| s[i].id).collect();
            (c6_fails, c7, order)
        };
        let u = sets.iter().min_by_key(|u| key(u)).unwrap().clone();
        if !u.is_empty() {
            st.with_upfloaters += 1;
        }
        let mut bracket = group.clone();
        bracket.extend(&u);
        // art. 3.6: [C8], then the identifier
        let ms = matchings(&s, &bracket);
        let cost = |mm: &Vec<(usize, usize)>| -> usize {
            if last {
                return 0;
            }
            mm.iter()
                .map(|&(a, b)| {
                    usize::from(s[a].score < top && s[b].floated_last)
                        + usize::from(s[b].score < top && s[a].floated_last)
                })
                .sum()
        };
        let ident = |mm: &Vec<(usize, usize)>| {
            let mut v: Vec<(u32, u32)> = mm
                .iter()
                .map(|&(a, b)| (s[a].id.min(s[b].id), s[a].id.max(s[b].id)))
                .collect();
            v.sort_unstable();
            let tops: Vec<u32> = v.iter().map(|x| x.0).collect();
            let bottoms: Vec<u32> = v.iter().map(|x| x.1).collect();
            (tops, bottoms)
        };
        let costs: HashSet<usize> = ms.iter().map(cost).collect();
        if costs.len() > 1 {
            st.c8_decided += 1;
        }
        let best = ms.iter().min_by_key(|mm| (cost(mm), ident(mm))).unwrap();
        for &(a, b) in best {
            assert!(
                pairs.contains(&(s[a].id, s[b].id)),
                "match {m}: the best bracket pairing has {}-{}, the engine's is {:?} (bye {:?})",
                s[a].id,
                s[b].id,
                p.boards,
                p.bye
            );
            // art. 4.3: the colours of game 1
            let (h, o) = if a < b { (a, b) } else { (b, a) };
            let white = if colour(&s[h], &s[o], t.initial_color) == Color::White {
                (s[h].id, s[o].id)
            } else {
                (s[o].id, s[h].id)
            };
            assert!(
                p.boards.contains(&white),
                "match {m}: colours of {:?}",
                white
            );
        }
        pending.retain(|i| !bracket.contains(i));
    }
    st.rounds += 1;
}

fn config(seed: u64) -> Config {
    let mut c = Config::from_seed(seed);
    c.players = 4 + (seed % 9) as u32;
    c.rounds = 3 + (seed % 5) as u32;
    c.forfeit_rate = [0, 6, 12][(seed % 3) as usize];
    c.half_bye_rate = [0, 9][(seed / 3 % 2) as usize];
    c.zero_bye_rate = [0, 15][(seed / 6 % 2) as usize];
    c.full_bye_rate = [0, 20][(seed / 12 % 2) as usize];
    c.retired_rate = [0, 25][(seed / 24 % 2) as usize];
    c
}

fn run(count: u64) -> Stats {
    let mut st = Stats::default();
    for seed in 1..=count {
        let g = double_swiss::generate(&config(seed), seed);
        let t = g.tournament;
        let checks = double_swiss::check_tournament(&t);
        for c in &checks {
            assert!(
                c.identical(),
                "seed {seed}: match {} does not re-check identical",
                c.round
            );
            let last = double_swiss::is_last(&t, c.round);
            check_round(&t, c.round as usize, &c.recorded, last, &mut st);
        }
    }
    st
}

#[test]
fn no_better_pairing_in_100_generated_tournaments() {
    let st = run(100);
    assert!(
        st.rounds > 300 && st.brackets > st.rounds,
        "{} rounds",
        st.rounds
    );
    assert!(
        st.with_upfloaters > 50 && st.byes > 50,
        "{} / {}",
        st.with_upfloaters,
        st.byes
    );
}

#[test]
#[ignore = "1,000 tournaments: cargo test --release -p pairing --test double_swiss_exhaustive -- --ignored --nocapture"]
fn no_better_pairing_in_1000_generated_tournaments() {
    let count = std::env::var("GENERATED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let st = run(count);
    println!(
        "{count} tournaments, {} matches, {} brackets ({} with upfloaters, {} decided by [C8]), {} byes: no better pairing",
        st.rounds, st.brackets, st.with_upfloaters, st.c8_decided, st.byes
    );
}

/// `pairing --double-swiss -g CONFIG -o OUT -s SEED`, then `-c` (every match
/// identical, exit 0) and `-p` (the next match, as the engine pairs it).
#[test]
fn command_line_generates_checks_and_pairs() {
    let bin = env!("CARGO_BIN_EXE_pairing");
    let dir = std::env::temp_dir().join(format!("double-swiss-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.txt");
    let text = "PlayersNumber = 15\nRoundsNumber = 5\nForfeitRate = 10\n";
    std::fs::write(&config, text).unwrap();
    let trf = dir.join("out.trf");
    for seed in 1..=4u64 {
        let status = std::process::Command::new(bin)
            .args(["--double-swiss", "-g"])
            .arg(&config)
            .arg("-o")
            .arg(&trf)
            .args(["-s", &seed.to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let written = std::fs::read_to_string(&trf).unwrap();
        assert!(written.contains("\n092 FIDE_DOUBLESWISS\n"), "{written}");
        assert!(written.contains("\nXXR 10\n"), "{written}");
        let out = std::process::Command::new(bin)
            .arg("--double-swiss")
            .arg(&trf)
            .arg("-c")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "seed {seed}: {stdout}");
        assert!(
            stdout.contains("rounds agree with the Double-Swiss system"),
            "{stdout}"
        );
        let g = double_swiss::generate(&Config::parse(text).unwrap(), seed);
        assert_eq!(
            g.trf, written,
            "seed {seed}: the generator is deterministic"
        );
        let t = pairing::trf::parse(&written).unwrap();
        let last = double_swiss::paired_rounds(&t);
        let before = double_swiss::state_before(&t, last);
        let p = double_swiss::pair(&before, last).unwrap();
        let before_path = dir.join("before.trf");
        std::fs::write(&before_path, pairing::trf::write(&before)).unwrap();
        let pairs = dir.join("next.pairs");
        let status = std::process::Command::new(bin)
            .arg("--double-swiss")
            .arg(&before_path)
            .arg("-p")
            .arg(&pairs)
            .status()
            .unwrap();
        assert!(status.success());
        let read =
            pairing::dutch::parse_pairs_text(&std::fs::read_to_string(&pairs).unwrap()).unwrap();
        assert_eq!(read, p, "seed {seed}: -p writes the engine's pairing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
