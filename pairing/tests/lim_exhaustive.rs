//! The Lim system (C.04.4.3) against an exhaustive checker written from the
//! text apart from the engine (`pairing::lim`): for every round of small
//! generated tournaments (4–12 players), the checker walks the scoregroups
//! in the order of art. 2.2, enumerates *every* way of pairing each
//! scoregroup (every set of floaters, every pairing of the others with
//! compatible players, art. 2.1) and keeps the best by the system's
//! criteria in their order:
//!
//! 1. the fewest floaters (art. 2.3);
//! 2. the floaters by type (art. 3.9) and rank (art. 3.2), compared as the
//!    list of the floaters' (type, rank) from the most suitable;
//! 3. the order of exchanges (art. 4): the players scrutinised in order,
//!    each one's opponent compared by its place in that player's exchange
//!    order (art. 4.2).
//!
//! A median scoregroup that cannot be completed takes back the nearest
//! scoregroup on each side, then the next ones (everyone not paired in the
//! scoregroups kept).
//!
//! The engine's pairing must be the checker's: the checker finds no better
//! pairing. Only the per-player facts (score, colours, opponents, byes) are
//! read from the file here as any reader would; the rest shares nothing
//! with the engine.
//!
//! `cargo test -p pairing --test lim_exhaustive` runs 100 tournaments;
//! `cargo test -p pairing --test lim_exhaustive -- --ignored --nocapture`
//! runs 1,000.

use std::cell::Cell;
use std::collections::BTreeSet;

thread_local! {
    /// Scoregroups whose best pairing needed an exchange (art. 4), that sent
    /// a floater on, and rounds whose median scoregroup was extended: the cases the
    /// comparison must have met.
    static EXCHANGES: Cell<usize> = const { Cell::new(0) };
    static FLOATERS: Cell<usize> = const { Cell::new(0) };
    static EXTENDED: Cell<usize> = const { Cell::new(0) };
}

fn bump(c: &'static std::thread::LocalKey<Cell<usize>>) {
    c.with(|x| x.set(x.get() + 1));
}

use pairing::generator::{generate_with, Config, System};
use pairing::{lim, ByeKind, Color, GameResult, Pairing, RoundEntry, Tournament};

/// Floaters and pairs of a scoregroup, by position.
type Arrangement = (Vec<usize>, Vec<(usize, usize)>);

/// A round as unordered pairs of pairing numbers, and the bye.
type RoundPairs = (BTreeSet<(u32, u32)>, Option<u32>);

/// What the text needs to know of a player before the round.
#[derive(Clone, Debug)]
struct Facts {
    id: u32,
    score: i32,
    colours: Vec<Color>,
    met: BTreeSet<u32>,
    may_have_bye: bool,
}

fn facts(t: &Tournament, round: u32) -> Vec<Facts> {
    let k = round as usize - 1;
    let ps = &t.points;
    let mut out = Vec::new();
    for p in &t.players {
        let here = match p.rounds.get(k) {
            Some(RoundEntry::Game { .. }) => true,
            Some(_) => false,
            None => !p.withdrawn,
        };
        if !here {
            continue;
        }
        let mut f = Facts {
            id: p.id,
            score: 0,
            colours: Vec::new(),
            met: BTreeSet::new(),
            may_have_bye: true,
        };
        for e in p.rounds.iter().take(k) {
            match *e {
                RoundEntry::Game {
                    opponent,
                    color,
                    result,
                } => match result {
                    Some(GameResult::ForfeitWin) => {
                        f.score += ps.forfeit_win;
                        f.may_have_bye = false;
                    }
                    Some(GameResult::ForfeitLoss) => f.score += ps.forfeit_loss,
                    r => {
                        f.score += match r {
                            Some(GameResult::Win) => ps.win,
                            Some(GameResult::Draw) => ps.draw,
                            Some(GameResult::Loss) => ps.loss,
                            Some(GameResult::Adjusted(x)) => x,
                            _ => 0,
                        };
                        f.colours.push(color);
                        f.met.insert(opponent);
                    }
                },
                RoundEntry::Bye(ByeKind::PairingAllocated) => {
                    f.score += ps.pairing_bye;
                    f.may_have_bye = false;
                }
                RoundEntry::Bye(ByeKind::Full) => f.score += ps.full_bye,
                RoundEntry::Bye(ByeKind::Half) => f.score += ps.half_bye,
                RoundEntry::Bye(ByeKind::Zero) => f.score += ps.zero_bye,
                RoundEntry::NotPaired => f.score += ps.not_paired,
            }
        }
        for &(a, b) in &t.forbidden {
            if a == p.id {
                f.met.insert(b);
            } else if b == p.id {
                f.met.insert(a);
            }
        }
        out.push(f);
    }
    out
}

/// Art. 2.1, from the text: the colour would not be the third running, and
/// would not make three more of one colour than of the other.
fn allowed(c: &[Color], x: Color) -> bool {
    let n = c.len();
    let third = n >= 2 && c[n - 1] == x && c[n - 2] == x;
    let whites =
        c.iter().filter(|&&y| y == Color::White).count() as i32 + i32::from(x == Color::White);
    let blacks = (n as i32 + 1) - whites;
    !third && (whites - blacks).abs() <= 2
}

fn compatible(a: &Facts, b: &Facts) -> bool {
    !a.met.contains(&b.id)
        && !b.met.contains(&a.id)
        && ((allowed(&a.colours, Color::White) && allowed(&b.colours, Color::Black))
            || (allowed(&a.colours, Color::Black) && allowed(&b.colours, Color::White)))
}

/// Art. 4.2: the opponents player `i` of `len` looks at, in order.
fn exchange_list(i: usize, len: usize) -> Vec<usize> {
    let h = len / 2;
    let mut v = Vec::new();
    if i < h {
        // the proposed opponent and the lower half below it
        v.extend(i + h..len);
        // the lower half above it, nearest first
        let mut j = i + h;
        while j > h {
            j -= 1;
            v.push(j);
        }
        // the upper half from its bottom
        let mut j = h;
        while j > 0 {
            j -= 1;
            if j != i {
                v.push(j);
            }
        }
    } else {
        v.extend(i + 1..len);
        let mut j = i;
        while j > 0 {
            j -= 1;
            v.push(j);
        }
    }
    v
}

/// The key of art. 4 of a pairing of the players `rest` (positions in
/// scrutiny order, `mate` by position in `rest`).
fn exchange_key(mate: &[usize]) -> Vec<usize> {
    let len = mate.len();
    let mut done = vec![false; len];
    let mut key = Vec::new();
    for i in 0..len {
        if done[i] {
            continue;
        }
        let list = exchange_list(i, len);
        let at = list
            .iter()
            .position(|&c| c == mate[i])
            .unwrap_or(usize::MAX);
        key.push(at);
        done[i] = true;
        done[mate[i]] = true;
    }
    key
}

/// Every arrangement of a scoregroup with exactly `f` floaters: (floaters,
/// pairs), positions in scrutiny order.
fn arrangements(ok: &dyn Fn(usize, usize) -> bool, n: usize, f: usize, out: &mut Vec<Arrangement>) {
    fn go(
        ok: &dyn Fn(usize, usize) -> bool,
        used: &mut Vec<bool>,
        f: usize,
        fl: &mut Vec<usize>,
        pairs: &mut Vec<(usize, usize)>,
        out: &mut Vec<Arrangement>,
    ) {
        let Some(p) = used.iter().position(|u| !u) else {
            if fl.len() == f {
                out.push((fl.clone(), pairs.clone()));
            }
            return;
        };
        used[p] = true;
        if fl.len() < f {
            fl.push(p);
            go(ok, used, f, fl, pairs, out);
            fl.pop();
        }
        for q in p + 1..used.len() {
            if !used[q] && ok(p, q) {
                used[q] = true;
                pairs.push((p, q));
                go(ok, used, f, fl, pairs, out);
                pairs.pop();
                used[q] = false;
            }
        }
        used[p] = false;
    }
    go(
        ok,
        &mut vec![false; n],
        f,
        &mut Vec::new(),
        &mut Vec::new(),
        out,
    );
}

/// The best pairing of one scoregroup by the criteria of the module
/// documentation; `dest` the players the floaters go to (None: none may
/// float). Returns (pairs, floaters) as facts indexes.
#[allow(clippy::type_complexity)]
fn best_of_group(
    fx: &[Facts],
    members: &[usize],
    arrived: &[usize],
    dest: Option<&[usize]>,
) -> Option<(Vec<(usize, usize)>, Vec<usize>)> {
    let n = members.len();
    let ok = |a: usize, b: usize| compatible(&fx[members[a]], &fx[members[b]]);
    let mut f = n % 2;
    loop {
        if (f > 0 && dest.is_none()) || f > n {
            return None;
        }
        let mut all = Vec::new();
        arrangements(&ok, n, f, &mut all);
        if !all.is_empty() {
            let key = |(fl, pairs): &Arrangement| {
                let mut types: Vec<(u8, usize)> = fl
                    .iter()
                    .map(|&p| {
                        let i = members[p];
                        let came = arrived.contains(&i);
                        let can = dest
                            .unwrap_or(&[])
                            .iter()
                            .any(|&d| compatible(&fx[i], &fx[d]));
                        let t = match (came, can) {
                            (false, true) => 0u8,
                            (false, false) => 1,
                            (true, true) => 2,
                            (true, false) => 3,
                        };
                        (t, n - 1 - p)
                    })
                    .collect();
                types.sort();
                let rest: Vec<usize> = (0..n).filter(|p| !fl.contains(p)).collect();
                let at = |p: usize| rest.iter().position(|&x| x == p).unwrap_or(0);
                let mut mate = vec![0; rest.len()];
                for &(a, b) in pairs {
                    mate[at(a)] = at(b);
                    mate[at(b)] = at(a);
                }
                (types, exchange_key(&mate))
            };
            let best = all.iter().min_by_key(|a| key(a))?;
            if key(best).1.iter().any(|&x| x > 0) {
                bump(&EXCHANGES);
            }
            if !best.0.is_empty() {
                bump(&FLOATERS);
            }
            return Some((
                best.1
                    .iter()
                    .map(|&(a, b)| (members[a], members[b]))
                    .collect(),
                best.0.iter().map(|&p| members[p]).collect(),
            ));
        }
        f += 2;
    }
}

/// The round as the checker pairs it: unordered pairs of ids and the bye.
fn checker_pairing(t: &Tournament, round: u32) -> Option<RoundPairs> {
    let fx = facts(t, round);
    let by_rank = |a: &usize, b: &usize| {
        fx[*b]
            .score
            .cmp(&fx[*a].score)
            .then(fx[*a].id.cmp(&fx[*b].id))
    };
    let mut everyone: Vec<usize> = (0..fx.len()).collect();
    everyone.sort_by(by_rank);
    let byes: Vec<Option<usize>> = if everyone.len() % 2 == 1 {
        everyone
            .iter()
            .rev()
            .filter(|&&i| fx[i].may_have_bye)
            .map(|&i| Some(i))
            .collect()
    } else {
        vec![None]
    };
    let median2 = t.points.win * (round as i32 - 1);
    for bye in byes {
        let field: Vec<usize> = everyone
            .iter()
            .copied()
            .filter(|&i| Some(i) != bye)
            .collect();
        let in_score = |s: i32| -> Vec<usize> {
            field
                .iter()
                .copied()
                .filter(|&i| fx[i].score == s)
                .collect()
        };
        let mut scores: Vec<i32> = field.iter().map(|&i| fx[i].score).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let above: Vec<i32> = scores
            .iter()
            .copied()
            .filter(|&s| 2 * s > median2)
            .collect();
        let below: Vec<i32> = scores
            .iter()
            .rev()
            .copied()
            .filter(|&s| 2 * s < median2)
            .collect();
        let median: Vec<usize> = field
            .iter()
            .copied()
            .filter(|&i| 2 * fx[i].score == median2)
            .collect();
        // each side: the pairs of each of its scoregroups, in order
        let mut sides: Vec<Vec<Vec<(usize, usize)>>> = Vec::new();
        let mut to_median: Vec<usize> = Vec::new();
        for (chain, down) in [(above, true), (below, false)] {
            let mut coming: Vec<usize> = Vec::new();
            let mut groups = Vec::new();
            for (k, &s) in chain.iter().enumerate() {
                let dest = chain.get(k + 1).map_or(median.clone(), |&n| in_score(n));
                let mut members = in_score(s);
                members.extend(coming.iter().copied());
                members.sort_by(by_rank);
                if !down {
                    members.reverse();
                }
                let (p, fl) = best_of_group(&fx, &members, &coming, Some(&dest))
                    .expect("a scoregroup that may send floaters always pairs");
                groups.push(p);
                coming = fl;
            }
            to_median.extend(coming);
            sides.push(groups);
        }
        // the median scoregroup; while it cannot be completed, the nearest
        // scoregroup on each side is taken back into it: it is then everyone
        // not paired in the scoregroups kept
        let depth = sides.iter().map(Vec::len).max().unwrap_or(0);
        let mut done = None;
        for undo in 0..=depth {
            let kept: Vec<(usize, usize)> = sides
                .iter()
                .flat_map(|g| g[..g.len().saturating_sub(undo)].iter().flatten().copied())
                .collect();
            let mut members: Vec<usize> = field
                .iter()
                .copied()
                .filter(|&i| !kept.iter().any(|&(a, b)| a == i || b == i))
                .collect();
            members.sort_by(by_rank);
            let came: Vec<usize> = if undo == 0 {
                to_median.clone()
            } else {
                Vec::new()
            };
            if let Some((p, _)) = best_of_group(&fx, &members, &came, None) {
                if undo > 0 {
                    bump(&EXTENDED);
                }
                done = Some(kept.into_iter().chain(p).collect::<Vec<_>>());
                break;
            }
        }
        if let Some(pairs) = done {
            let set = pairs
                .iter()
                .map(|&(a, b)| {
                    let (x, y) = (fx[a].id, fx[b].id);
                    (x.min(y), x.max(y))
                })
                .collect();
            return Some((set, bye.map(|i| fx[i].id)));
        }
    }
    None
}

fn unordered(p: &Pairing) -> RoundPairs {
    (
        p.boards
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect(),
        p.bye,
    )
}

fn config(seed: u64) -> Config {
    let players = 4 + (seed % 9) as u32;
    let rounds = (3 + (seed / 9 % 5) as u32).min(players - 1);
    let mut c = Config {
        players,
        rounds,
        ..Config::default()
    };
    // some events with absences and forfeits, to vary scores and colours
    if seed % 3 == 1 {
        c.forfeit_rate = 12;
        c.half_bye_rate = 15;
    }
    if seed % 3 == 2 {
        c.zero_bye_rate = 20;
        c.full_bye_rate = 25;
    }
    c
}

/// Checks `count` tournaments from `first`; returns the rounds compared.
fn run(first: u64, count: u64) -> usize {
    let mut rounds = 0;
    for seed in first..first + count {
        let t = generate_with(&config(seed), seed, System::Lim).tournament;
        for round in 1..=lim::paired_rounds(&t) {
            let before = lim::state_before(&t, round);
            let engine = lim::pair(&before, round).expect("a generated round pairs again");
            let best = checker_pairing(&before, round);
            assert_eq!(
                Some(unordered(&engine)),
                best,
                "seed {seed}, round {round}: the exhaustive checker disagrees"
            );
            rounds += 1;
        }
        // the generated file re-checks identical
        assert!(
            lim::check_tournament(&t).iter().all(|c| c.identical()),
            "seed {seed}: the generated file does not re-check"
        );
    }
    rounds
}

fn met() -> (usize, usize, usize) {
    (
        EXCHANGES.with(Cell::get),
        FLOATERS.with(Cell::get),
        EXTENDED.with(Cell::get),
    )
}

#[test]
fn a_hundred_small_tournaments_agree_with_the_exhaustive_checker() {
    let rounds = run(0, 100);
    let (exchanges, floaters, whole) = met();
    println!("{rounds} rounds; {exchanges} scoregroups with exchanges, {floaters} with floaters, {whole} rounds with the median scoregroup extended");
    assert!(rounds > 300, "only {rounds} rounds compared");
    assert!(
        exchanges > 20 && floaters > 100,
        "too few exchanges ({exchanges}) or floaters ({floaters})"
    );
}

#[test]
#[ignore = "1,000 tournaments: cargo test -p pairing --test lim_exhaustive -- --ignored --nocapture"]
fn a_thousand_small_tournaments_agree_with_the_exhaustive_checker() {
    let rounds = run(0, 1000);
    let (exchanges, floaters, whole) = met();
    println!(
        "1,000 tournaments, {rounds} rounds: the engine's pairing is the best in every one \
         ({exchanges} scoregroups with exchanges, {floaters} with floaters, {whole} rounds with the median scoregroup extended)"
    );
    assert!(rounds > 3000);
}

/// The command line: `pairing --lim -g CONFIG -o OUT.trf -s SEED` writes a
/// tournament that `pairing --lim OUT.trf -c` re-checks identical (exit 0),
/// and `-p` pairs the next round of it.
#[test]
fn the_generated_file_rechecks_identical_on_the_command_line() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("lim-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("lim.cfg");
    std::fs::write(
        &cfg,
        "PlayersNumber = 31\nRoundsNumber = 7\nForfeitRate = 20\nHalfPointByeRate = 30\n",
    )
    .unwrap();
    let trf = dir.join("lim.trf");
    let bin = env!("CARGO_BIN_EXE_pairing");
    let g = Command::new(bin)
        .args(["--lim", "-g"])
        .arg(&cfg)
        .arg("-o")
        .arg(&trf)
        .args(["-s", "7"])
        .output()
        .unwrap();
    assert!(g.status.success(), "{}", String::from_utf8_lossy(&g.stderr));
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(text.contains("\n092 FIDE_LIM\n"));
    let c = Command::new(bin)
        .arg("--lim")
        .arg(&trf)
        .arg("-c")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&c.stdout);
    assert_eq!(c.status.code(), Some(0), "{out}");
    assert!(
        out.contains("all 7 rounds agree with the Lim system"),
        "{out}"
    );
    // a tournament cut after round 3 pairs round 4 as the file has it
    let t = pairing::trf::parse(&text).unwrap();
    let cut = lim::state_before(&t, 4);
    let cut_path = dir.join("cut.trf");
    std::fs::write(&cut_path, pairing::trf::write(&cut)).unwrap();
    let pairs = dir.join("cut.pairs");
    let p = Command::new(bin)
        .arg("--lim")
        .arg(&cut_path)
        .arg("-p")
        .arg(&pairs)
        .output()
        .unwrap();
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let written = std::fs::read_to_string(&pairs).unwrap();
    let want = pairing::dutch::to_pairs_text(&lim::pair(&cut, 4).unwrap());
    assert_eq!(written, want);
    let recorded = lim::recorded_pairing(&t, 4);
    assert_eq!(
        unordered(&lim::pair(&cut, 4).unwrap()),
        unordered(&recorded)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Larger fields with every option of the generator mixed in (6–300
/// players, 5–13 rounds, withdrawals, all kinds of byes, forfeits, `XXC`
/// drawn): every round re-checks identical, every game is between
/// compatible players (art. 2.1: no rematch, no colour a third time running,
/// never three more of one colour), and the bye goes to a player who may
/// have it (art. 1.1, C.04.1).
#[test]
fn generated_events_of_every_kind_keep_the_absolute_rules() {
    let mut rounds = 0;
    for seed in 0..30u64 {
        let t = generate_with(&Config::from_seed(seed), seed, System::Lim).tournament;
        let checks = lim::check_tournament(&t);
        assert!(
            checks.iter().all(|c| c.identical()),
            "seed {seed}: the generated file does not re-check"
        );
        for round in 1..=lim::paired_rounds(&t) {
            let before = lim::state_before(&t, round);
            let fx = facts(&before, round);
            let of = |id: u32| {
                fx.iter()
                    .find(|f| f.id == id)
                    .expect("a paired player is present")
            };
            let p = lim::recorded_pairing(&t, round);
            for &(w, b) in &p.boards {
                let (fw, fb) = (of(w), of(b));
                assert!(
                    !fw.met.contains(&b)
                        && allowed(&fw.colours, Color::White)
                        && allowed(&fb.colours, Color::Black),
                    "seed {seed}, round {round}: {w}-{b} breaks art. 2.1"
                );
            }
            if let Some(bye) = p.bye {
                assert!(
                    of(bye).may_have_bye,
                    "seed {seed}, round {round}: bye {bye}"
                );
            }
            rounds += 1;
        }
    }
    assert!(rounds > 150, "only {rounds} rounds");
}
