//! The Berger tables against FIDE's published tables (C.05 Annex 1, written out
//! in `tests/data/berger-tables.txt`), double round robins, and the round robins
//! of the shared tie-break fixtures.

use std::collections::BTreeMap;
use std::path::Path;

use pairing::berger;
use pairing::model::{Color, RoundEntry, Tournament, TournamentKind};
use pairing::trf;

/// Table size → rounds → boards, from the published text.
fn published() -> BTreeMap<u32, Vec<Vec<(u32, u32)>>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/berger-tables.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut tables: BTreeMap<u32, Vec<Vec<(u32, u32)>>> = BTreeMap::new();
    let mut size = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(head) = line.strip_suffix("players:") {
            size = head.split_whitespace().nth(2).unwrap().parse().unwrap();
            continue;
        }
        let (_, boards) = line.split_once(':').unwrap();
        let round: Vec<(u32, u32)> = boards
            .split([',', '.'])
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .map(|b| {
                let (w, k) = b.split_once('-').unwrap();
                (w.parse().unwrap(), k.parse().unwrap())
            })
            .collect();
        tables.entry(size).or_default().push(round);
    }
    tables
}

#[test]
fn tables_for_3_to_16_players_equal_the_published_ones() {
    let tables = published();
    assert_eq!(
        tables.keys().copied().collect::<Vec<_>>(),
        vec![4, 6, 8, 10, 12, 14, 16]
    );
    let mut checked = 0;
    for n in 3..=16u32 {
        let expected = &tables[&berger::table_size(n)];
        assert_eq!(expected.len() as u32, berger::rounds_per_cycle(n));
        for (r, boards) in expected.iter().enumerate() {
            assert_eq!(
                &berger::table(n, r as u32 + 1),
                boards,
                "n={n} round {}",
                r + 1
            );
            checked += 1;
        }
    }
    println!("{checked} rounds of the published tables match");
}

fn round_robin(players: u32, double: bool) -> Tournament {
    let mut t = Tournament {
        kind: TournamentKind::RoundRobin { double },
        ..Tournament::default()
    };
    t.players = (1..=players)
        .map(|id| pairing::Player {
            id,
            name: format!("Player {id}"),
            ..Default::default()
        })
        .collect();
    t
}

#[test]
fn second_cycle_reverses_colours() {
    for n in 3..=12u32 {
        let t = round_robin(n, true);
        let per_cycle = berger::rounds_per_cycle(n);
        for r in 1..=per_cycle {
            let first = berger::pair_round(&t, r).unwrap();
            let second = berger::pair_round(&t, r + per_cycle).unwrap();
            let reversed: Vec<(u32, u32)> = first.boards.iter().map(|&(w, b)| (b, w)).collect();
            assert_eq!(second.boards, reversed, "n={n} round {r}");
            assert_eq!(second.bye, first.bye);
        }
        assert!(berger::pair_round(&t, 2 * per_cycle + 1).is_err());
        assert!(berger::pair_round(&round_robin(n, false), per_cycle + 1).is_err());
    }
}

#[test]
fn odd_field_gives_each_player_one_free_round() {
    let t = round_robin(7, false);
    let mut free = Vec::new();
    for r in 1..=7 {
        let p = berger::pair_round(&t, r).unwrap();
        assert_eq!(p.boards.len(), 3);
        free.push(p.bye.unwrap());
    }
    free.sort_unstable();
    assert_eq!(free, (1..=7).collect::<Vec<_>>());
}

#[test]
fn fixture_round_robins_follow_the_tables() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/tiebreaks");
    if !dir.is_dir() {
        println!("SKIPPED: ../shared/fixtures not found ({})", dir.display());
        return;
    }
    let mut checked = 0;
    for id in ["tb-p12", "tb-p13", "tb-p14", "tb-p15"] {
        let t =
            trf::parse(&std::fs::read_to_string(dir.join(format!("{id}.trf"))).unwrap()).unwrap();
        assert!(matches!(t.kind, TournamentKind::RoundRobin { .. }), "{id}");
        for round in 1..=t.total_rounds {
            let pairing = berger::pair_round(&t, round).unwrap();
            for (w, b) in pairing.boards {
                let entry = t.players[w as usize - 1].rounds[round as usize - 1];
                assert!(
                    matches!(entry, RoundEntry::Game { opponent, color: Color::White, .. } if opponent == b),
                    "{id} round {round}: {w}-{b}, found {entry:?}"
                );
            }
            checked += 1;
        }
    }
    println!("{checked} fixture rounds follow the Berger tables");
}
