//! Self-check of the FIDE (Dutch) engine on generated tournaments: every
//! round is paired by the engine (random results with forfeits, requested byes,
//! absences and withdrawals), and no pairing may break an absolute criterion
//! (C1 no rematch, C2 bye, C3 colours) or completion (C4).

mod dutch_support;

use dutch_support::{enter_absences, new_tournament, play_round, Rng};
use pairing::dutch;

/// Plays a whole tournament; returns the number of rounds checked.
fn run(players: u32, rounds: u32, seed: u64, full_check_every: u32) -> u32 {
    let mut rng = Rng::new(seed);
    let mut t = new_tournament(players, rounds, &mut rng);
    for r in 1..=rounds {
        enter_absences(&mut t, r, &mut rng);
        let p = dutch::pair(&t, r)
            .unwrap_or_else(|e| panic!("{players} players, seed {seed}, round {r}: {e}"));
        let v = dutch::absolute_violations(&t, r, &p);
        assert!(
            v.is_empty(),
            "{players} players, seed {seed}, round {r}: {v:?}"
        );
        if full_check_every > 0 && r % full_check_every == 0 {
            // the engine's own pairing is as good as itself in every criterion
            let v = dutch::check_pairing(&t, r, &p);
            assert!(
                v.is_empty(),
                "{players} players, seed {seed}, round {r}: {v:?}"
            );
        }
        play_round(&mut t, r, &p, &mut rng);
    }
    rounds
}

#[test]
fn generated_small_tournaments_break_no_absolute_criterion() {
    let mut checked = 0;
    for (i, (players, rounds)) in [(21, 9), (40, 9), (64, 11)].into_iter().enumerate() {
        checked += run(players, rounds, 7_000 + i as u64, 3);
    }
    println!("{checked} rounds checked, no absolute criterion broken");
}

/// 20 tournaments of 100–1,000 players and 9–11 rounds (slow: run with
/// `cargo test --release -p pairing --test dutch_selfcheck -- --ignored`).
#[test]
#[ignore]
fn generated_large_tournaments_break_no_absolute_criterion() {
    let mut checked = 0;
    for i in 0..20u32 {
        let players = 100 + (i * 47) % 901;
        let rounds = 9 + i % 3;
        checked += run(players, rounds, 9_100 + u64::from(i), 0);
        println!("tournament {i}: {players} players, {rounds} rounds: ok");
    }
    println!("{checked} rounds checked, no absolute criterion broken");
}
