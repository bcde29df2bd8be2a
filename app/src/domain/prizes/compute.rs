//! The prize computation: the rules of `super` (eligibility, one prize per
//! player, ties by tie-break, Hort or equal shares in cents, for players,
//! clubs, teams and boards) applied to standings. No database: the standings
//! and the table come in, the awards go out.
//!
//! Over 700 lines because the rules are one computation with its worked
//! examples as unit tests, about half of the file.

use super::*;

fn eligible(s: &Standing, rules: &[Rule]) -> bool {
    rules.iter().all(|r| match r {
        Rule::Rating {
            from,
            below,
            unrated,
        } => match s.rating.filter(|&r| r > 0) {
            None => *unrated,
            Some(r) => from.is_none_or(|f| r >= f) && below.is_none_or(|b| r < b),
        },
        Rule::Born { from, to } => match s.birth_year {
            None => false,
            Some(y) => from.is_none_or(|f| y >= f) && to.is_none_or(|t| y <= t),
        },
        Rule::Women => s.sex == Sex::Female,
        Rule::Federation { code } => s.federation.eq_ignore_ascii_case(code.trim()),
        Rule::Club { name } => {
            !s.club.trim().is_empty() && s.club.trim().eq_ignore_ascii_case(name.trim())
        }
    })
}

/// Points as an exact key (hundredths).
fn key(points: f64) -> i64 {
    (points * 100.0).round() as i64
}

/// `sum` shared among `n` in tie-break order: `sum / n` each, one more cent to
/// each of the first `sum % n`.
fn share(sum: i64, n: usize) -> Vec<i64> {
    if n == 0 {
        return Vec::new();
    }
    let (each, rest) = (sum / n as i64, sum % n as i64);
    (0..n as i64)
        .map(|i| each + if i < rest { 1 } else { 0 })
        .collect()
}

pub fn compute(standings: &[Standing], table: &PrizeTable) -> Vec<Award> {
    compute_all(standings, &[], &[], table)
}

/// The prizes of `table` in a team event: the team-places categories from
/// its final team standings `teams` (in the standings' order), the board
/// categories from its `boards` results.
pub fn compute_team_event(
    teams: &[TeamResult],
    boards: &[BoardResult],
    table: &PrizeTable,
) -> Vec<Award> {
    compute_all(&[], teams, boards, table)
}

fn compute_all(
    standings: &[Standing],
    teams: &[TeamResult],
    boards: &[BoardResult],
    table: &PrizeTable,
) -> Vec<Award> {
    let mut order: Vec<&Standing> = standings.iter().collect();
    order.sort_by_key(|s| (s.rank, s.player_id));
    let player_cats: Vec<(usize, &Category)> = table
        .categories
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == CategoryKind::Players)
        .collect();
    // Step 2: who takes each place (by tie-breaks). `winners[ci][place]`.
    let mut winners: Vec<Vec<Option<&Standing>>> = table
        .categories
        .iter()
        .map(|c| vec![None; c.prizes.len()])
        .collect();
    let mut has_prize: std::collections::HashSet<PlayerId> = Default::default();
    if table.one_prize_per_player {
        let mut slots: Vec<(i64, usize, usize)> = player_cats
            .iter()
            .flat_map(|&(ci, c)| c.prizes.iter().enumerate().map(move |(p, &v)| (v, ci, p)))
            .collect();
        // Most valuable first; equal: the category listed first, the better place.
        slots.sort_by_key(|&(v, ci, p)| (-v, ci, p));
        // A category's places are filled in order (prizes do not increase).
        let mut next_place = vec![0usize; table.categories.len()];
        for &(_, ci, _) in &slots {
            let c = &table.categories[ci];
            let place = next_place[ci];
            next_place[ci] += 1;
            if let Some(s) = order
                .iter()
                .find(|s| !has_prize.contains(&s.player_id) && eligible(s, &c.rules))
            {
                has_prize.insert(s.player_id);
                winners[ci][place] = Some(s);
            }
        }
    } else {
        for &(ci, c) in &player_cats {
            let mut it = order.iter().filter(|s| eligible(s, &c.rules));
            for w in winners[ci].iter_mut() {
                *w = it.next().copied();
            }
        }
    }
    let mut awards = Vec::new();
    for (ci, c) in table.categories.iter().enumerate() {
        if let CategoryKind::BestClub { top } = c.kind {
            awards.extend(club_awards(&order, c, top));
            continue;
        }
        if let CategoryKind::Board { board, min_games } = c.kind {
            awards.extend(board_awards(boards, c, board, min_games));
            continue;
        }
        if c.kind == CategoryKind::Teams {
            awards.extend(team_awards(teams, c, table.split));
            continue;
        }
        let placed: Vec<(usize, &Standing)> = winners[ci]
            .iter()
            .enumerate()
            .filter_map(|(p, w)| w.map(|s| (p, s)))
            .collect();
        // Tied players below the last prized place: eligible, without a prize.
        let settled = settle(
            &c.prizes,
            table.split,
            &placed,
            |s| s.points,
            |last| {
                order
                    .iter()
                    .filter(|s| {
                        s.rank > last.rank
                            && key(s.points) == key(last.points)
                            && eligible(s, &c.rules)
                            && !has_prize.contains(&s.player_id)
                    })
                    .copied()
                    .collect()
            },
        );
        for x in settled {
            if x.place >= c.prizes.len() {
                // A joiner below the prized places: his prize is a share.
                has_prize.insert(x.who.player_id);
            }
            awards.push(Award {
                category: c.name.clone(),
                place: x.place as u32 + 1,
                player_id: Some(x.who.player_id),
                team: None,
                name: x.who.name.clone(),
                points: x.who.points,
                nominal: x.nominal,
                amount: x.amount,
                shared_with: x.with.iter().map(|g| g.player_id).collect(),
                shared_with_teams: Vec::new(),
            });
        }
    }
    awards
}

/// A place's prize after the ties (rule 3), for a player or a team.
struct Settled<'a, T> {
    /// From 0; past the prized places for a tied joiner below them.
    place: usize,
    who: &'a T,
    nominal: i64,
    amount: i64,
    /// The others on equal points it shares with (empty: not shared).
    with: Vec<&'a T>,
}

/// Rule 3, the ties of one category, for players and teams alike: `placed`
/// are the winners of its places by the tie-breaks (place from 0, winner; in
/// place order), `points` their score; `joiners(last)` gives those below the
/// last prized place on `last`'s points who may join a sharing (in order).
/// A group on equal points keeps its places' prizes (`tie_break`), shares
/// their sum (`equal`) or keeps half and shares the other halves (`hort`).
fn settle<'a, T>(
    prizes: &[i64],
    split: SplitMode,
    placed: &[(usize, &'a T)],
    points: impl Fn(&T) -> f64,
    joiners: impl Fn(&'a T) -> Vec<&'a T>,
) -> Vec<Settled<'a, T>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < placed.len() {
        // A group of placed contenders on equal points (consecutive places).
        let k = key(points(placed[i].1));
        let mut j = i;
        while j + 1 < placed.len() && key(points(placed[j + 1].1)) == k {
            j += 1;
        }
        let mut group: Vec<(Option<usize>, &'a T)> =
            placed[i..=j].iter().map(|&(p, s)| (Some(p), s)).collect();
        // Tied contenders below the last prized place join the sharing.
        if split != SplitMode::TieBreak && j + 1 == placed.len() {
            group.extend(joiners(placed[j].1).into_iter().map(|s| (None, s)));
        }
        let nominal: Vec<i64> = group
            .iter()
            .map(|(p, _)| p.map(|p| prizes[p]).unwrap_or(0))
            .collect();
        let amounts: Vec<i64> = if group.len() == 1 {
            nominal.clone()
        } else {
            match split {
                SplitMode::TieBreak => nominal.clone(),
                SplitMode::Equal => share(nominal.iter().sum(), group.len()),
                SplitMode::Hort => {
                    let pot: i64 = nominal.iter().map(|v| v / 2).sum();
                    nominal
                        .iter()
                        .zip(share(pot, group.len()))
                        .map(|(v, s)| v - v / 2 + s)
                        .collect()
                }
            }
        };
        let shared = split != SplitMode::TieBreak && group.len() > 1;
        let mut extra_place = placed[j].0 + 1;
        for (n, &(place, who)) in group.iter().enumerate() {
            let place = place.unwrap_or_else(|| {
                extra_place += 1;
                extra_place - 1
            });
            out.push(Settled {
                place,
                who,
                nominal: nominal[n],
                amount: amounts[n],
                with: if shared {
                    group
                        .iter()
                        .enumerate()
                        .filter(|&(m, _)| m != n)
                        .map(|(_, &(_, g))| g)
                        .collect()
                } else {
                    Vec::new()
                },
            });
        }
        i = j + 1;
    }
    out
}

/// The places of a team-places category (see [`CategoryKind::Teams`]): the
/// teams in the order of the team standings, one place each; teams on equal
/// points share as the table says, like players (rule 3).
fn team_awards(teams: &[TeamResult], c: &Category, split: SplitMode) -> Vec<Award> {
    let mut order: Vec<(usize, &TeamResult)> = teams.iter().enumerate().collect();
    order.sort_by_key(|&(i, t)| (t.rank, i));
    let list: Vec<&TeamResult> = order.into_iter().map(|(_, t)| t).collect();
    let placed: Vec<(usize, &TeamResult)> = list
        .iter()
        .copied()
        .take(c.prizes.len())
        .enumerate()
        .collect();
    let below = placed.len();
    settle(
        &c.prizes,
        split,
        &placed,
        |t| t.points,
        |last| {
            list[below..]
                .iter()
                .copied()
                .take_while(|t| key(t.points) == key(last.points))
                .collect()
        },
    )
    .into_iter()
    .map(|x| Award {
        category: c.name.clone(),
        place: x.place as u32 + 1,
        player_id: None,
        team: Some(x.who.number),
        name: x.who.name.clone(),
        points: x.who.points,
        nominal: x.nominal,
        amount: x.amount,
        shared_with: Vec::new(),
        shared_with_teams: x.with.iter().map(|t| t.number).collect(),
    })
    .collect()
}

/// The places of a board category (see [`CategoryKind::Board`]).
fn board_awards(boards: &[BoardResult], c: &Category, board: u32, min_games: u32) -> Vec<Award> {
    let mut list: Vec<&BoardResult> = boards
        .iter()
        .filter(|b| b.board == board && b.played >= min_games.max(1))
        .collect();
    // a/b above c/d when a·d > c·b (exact, no rounding).
    list.sort_by(|x, y| {
        (i64::from(y.points_played) * i64::from(x.played))
            .cmp(&(i64::from(x.points_played) * i64::from(y.played)))
            .then(y.performance.cmp(&x.performance))
            .then(y.points.cmp(&x.points))
            .then(x.played.cmp(&y.played))
    });
    list.iter()
        .zip(&c.prizes)
        .enumerate()
        .map(|(p, (b, &prize))| Award {
            category: c.name.clone(),
            place: p as u32 + 1,
            player_id: None,
            team: None,
            name: b.name.clone(),
            points: f64::from(b.points_played) / 2.0,
            nominal: prize,
            amount: prize,
            shared_with: Vec::new(),
            shared_with_teams: Vec::new(),
        })
        .collect()
}

fn club_awards(order: &[&Standing], c: &Category, top: u32) -> Vec<Award> {
    let mut clubs: Vec<(String, f64, u32)> = Vec::new();
    for s in order
        .iter()
        .filter(|s| !s.club.trim().is_empty() && eligible(s, &c.rules))
    {
        let name = s.club.trim();
        if clubs.iter().any(|(n, _, _)| n == name) {
            continue;
        }
        // `order` is by rank: the club's first players are its best.
        let best: Vec<&&Standing> = order
            .iter()
            .filter(|o| o.club.trim() == name && eligible(o, &c.rules))
            .take(top as usize)
            .collect();
        if best.len() < top as usize {
            continue; // not enough players to be ranked
        }
        clubs.push((
            name.to_string(),
            best.iter().map(|b| b.points).sum(),
            s.rank,
        ));
    }
    clubs.sort_by(|a, b| key(b.1).cmp(&key(a.1)).then(a.2.cmp(&b.2)));
    clubs
        .into_iter()
        .zip(&c.prizes)
        .enumerate()
        .map(|(i, ((name, points, _), &prize))| Award {
            category: c.name.clone(),
            place: i as u32 + 1,
            player_id: None,
            team: None,
            name,
            points,
            nominal: prize,
            amount: prize,
            shared_with: Vec::new(),
            shared_with_teams: Vec::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Player `no`: his id, name and rank are all that number.
    fn player(no: i32, points: f64) -> Standing {
        Standing {
            player_id: PlayerId(no),
            name: format!("P{no}"),
            rank: no as u32,
            points,
            rating: Some(2000),
            birth_year: Some(1990),
            sex: Sex::Male,
            ..Default::default()
        }
    }

    fn overall(prizes: &[i64]) -> Category {
        Category {
            name: "Overall".into(),
            kind: CategoryKind::Players,
            rules: vec![],
            prizes: prizes.to_vec(),
        }
    }

    fn paid(awards: &[Award]) -> Vec<(String, i32, i64)> {
        awards
            .iter()
            .map(|a| {
                (
                    a.category.clone(),
                    a.player_id.map_or(0, PlayerId::get),
                    a.amount,
                )
            })
            .collect()
    }

    fn row(c: &str, p: i32, cents: i64) -> (String, i32, i64) {
        (c.to_string(), p, cents)
    }

    /// The Hort example (prizes 100, 80, 60, 40, 20, 10):
    ///
    /// | player | points | place prize | keeps ½ | pot share | paid |
    /// |---|---|---|---|---|---|
    /// | 1 | 8 | 100 | 50 | (50 + 40) / 2 = 45 | 95 |
    /// | 2 | 8 | 80 | 40 | 45 | 85 |
    /// | 3 | 7.5 | 60 | not tied | — | 60 |
    /// | 4 | 7 | 40 | 20 | (20 + 10 + 5) / 3 = 11.67 | 31.67 |
    /// | 5 | 7 | 20 | 10 | 11.67 | 21.67 |
    /// | 6 | 7 | 10 | 5 | 11.66 | 16.66 |
    ///
    /// The pot of 35.00 shared by three is 11.66 each and 2 cents over: the
    /// first two in tie-break order get 11.67. The total stays 310.00.
    #[test]
    fn hort_system_worked_example() {
        let st = vec![
            player(1, 8.0),
            player(2, 8.0),
            player(3, 7.5),
            player(4, 7.0),
            player(5, 7.0),
            player(6, 7.0),
            player(7, 6.0),
        ];
        let table = PrizeTable {
            categories: vec![overall(&[10000, 8000, 6000, 4000, 2000, 1000])],
            split: SplitMode::Hort,
            ..Default::default()
        };
        let a = compute(&st, &table);
        assert_eq!(
            paid(&a),
            vec![
                row("Overall", 1, 9500),
                row("Overall", 2, 8500),
                row("Overall", 3, 6000),
                row("Overall", 4, 3167),
                row("Overall", 5, 2167),
                row("Overall", 6, 1666),
            ]
        );
        assert_eq!(a.iter().map(|a| a.amount).sum::<i64>(), 31000);
        assert_eq!(a[0].shared_with, vec![PlayerId(2)]);
        assert!(a[2].shared_with.is_empty());
    }

    /// Equal sharing with a tie across the last prize: prizes 500, 300, 200,
    /// 100; players 3, 4 and 5 tie on 6 points for places 3–5. Places 3 and 4
    /// carry 200 + 100 = 300, place 5 nothing: 300 / 3 = 100 each. Players 1
    /// and 2 are not tied: 500 and 300.
    #[test]
    fn equal_sharing_reaches_below_the_last_prize() {
        let st = vec![
            player(1, 7.0),
            player(2, 6.5),
            player(3, 6.0),
            player(4, 6.0),
            player(5, 6.0),
            player(6, 5.0),
        ];
        let table = PrizeTable {
            categories: vec![overall(&[50000, 30000, 20000, 10000])],
            split: SplitMode::Equal,
            ..Default::default()
        };
        let a = compute(&st, &table);
        assert_eq!(
            paid(&a),
            vec![
                row("Overall", 1, 50000),
                row("Overall", 2, 30000),
                row("Overall", 3, 10000),
                row("Overall", 4, 10000),
                row("Overall", 5, 10000),
            ]
        );
        assert_eq!(a[4].place, 5);
        assert_eq!(a[4].nominal, 0);
        // Hort on the same: 3 keeps 100, 4 keeps 50, 5 keeps 0; the pot of
        // 100 + 50 = 150 gives 50 each: 150, 100, 50.
        let hort = compute(
            &st,
            &PrizeTable {
                split: SplitMode::Hort,
                ..table.clone()
            },
        );
        assert_eq!(
            paid(&hort)[2..].to_vec(),
            vec![
                row("Overall", 3, 15000),
                row("Overall", 4, 10000),
                row("Overall", 5, 5000)
            ]
        );
        // By tie-breaks nobody shares and player 5 gets nothing.
        let tb = compute(
            &st,
            &PrizeTable {
                split: SplitMode::TieBreak,
                ..table
            },
        );
        assert_eq!(tb.len(), 4);
        assert!(tb[3].shared_with.is_empty());
        assert_eq!(paid(&tb)[3], row("Overall", 4, 10000));
    }

    /// Equal sharing with cents: 100.00 + 50.00 + 0.01 among three on equal
    /// points = 150.01 → 50.01, 50.00, 50.00 (the extra cent to the first by
    /// tie-breaks).
    #[test]
    fn equal_sharing_rounds_to_cents() {
        let st = vec![player(1, 5.0), player(2, 5.0), player(3, 5.0)];
        let table = PrizeTable {
            categories: vec![overall(&[10000, 5000, 1])],
            split: SplitMode::Equal,
            ..Default::default()
        };
        let a = compute(&st, &table);
        assert_eq!(
            a.iter().map(|a| a.amount).collect::<Vec<_>>(),
            vec![5001, 5000, 5000]
        );
    }

    /// One prize per player, the most valuable; ties across categories.
    ///
    /// Prizes: Overall 1000, 600, 300; Women 400, 200; U1800 350, 150.
    /// Standings: 1 (m, 2300) 7, 2 (f, 2100) 6.5, 3 (m, 1700) 6.5,
    /// 4 (f, 1750) 6, 5 (m, 1650) 5.5, 6 (f, 1600) 5.
    ///
    /// From the most valuable down: Overall 1st 1000 → 1; Overall 2nd 600 → 2
    /// (the best without a prize); Women 1st 400 → 4 (2 has a prize); U1800
    /// 1st 350 → 3; Overall 3rd 300 → 5 (2, 3, 4 have prizes); Women 2nd 200
    /// → 6; U1800 2nd 150 → nobody left (3, 4, 5, 6 have prizes).
    ///
    /// By tie-breaks: 1 1000, 2 600, 4 400, 3 350, 5 300, 6 200.
    /// Equal sharing: in Overall, 2 (6.5) is tied with 3 (6.5) but 3 took the
    /// U1800 prize, so 2 shares with nobody; sharing never moves a prize
    /// across categories. The same amounts.
    #[test]
    fn one_prize_per_player_the_most_valuable() {
        let mk = |no: i32, points: f64, sex: Sex, rating: i32| Standing {
            sex,
            rating: Some(rating),
            ..player(no, points)
        };
        let st = vec![
            mk(1, 7.0, Sex::Male, 2300),
            mk(2, 6.5, Sex::Female, 2100),
            mk(3, 6.5, Sex::Male, 1700),
            mk(4, 6.0, Sex::Female, 1750),
            mk(5, 5.5, Sex::Male, 1650),
            mk(6, 5.0, Sex::Female, 1600),
        ];
        let table = PrizeTable {
            categories: vec![
                overall(&[100000, 60000, 30000]),
                Category {
                    name: "Women".into(),
                    kind: CategoryKind::Players,
                    rules: vec![Rule::Women],
                    prizes: vec![40000, 20000],
                },
                Category {
                    name: "U1800".into(),
                    kind: CategoryKind::Players,
                    rules: vec![Rule::Rating {
                        from: None,
                        below: Some(1800),
                        unrated: true,
                    }],
                    prizes: vec![35000, 15000],
                },
            ],
            one_prize_per_player: true,
            ..Default::default()
        };
        let expected = vec![
            row("Overall", 1, 100000),
            row("Overall", 2, 60000),
            row("Overall", 5, 30000),
            row("Women", 4, 40000),
            row("Women", 6, 20000),
            row("U1800", 3, 35000),
        ];
        assert_eq!(paid(&compute(&st, &table)), expected);
        let equal = PrizeTable {
            split: SplitMode::Equal,
            ..table.clone()
        };
        assert_eq!(paid(&compute(&st, &equal)), expected);

        // Without the rule each category is filled on its own: player 2 wins
        // Overall 2nd and Women 1st, 3 Overall 3rd and U1800 1st.
        let many = PrizeTable {
            one_prize_per_player: false,
            ..table
        };
        let a = paid(&compute(&st, &many));
        assert!(a.contains(&row("Women", 2, 40000)), "{a:?}");
        assert!(a.contains(&row("U1800", 3, 35000)), "{a:?}");
        assert!(a.contains(&row("Overall", 3, 30000)), "{a:?}");
    }

    /// Equal value: the category listed first wins. Juniors 1st and Women
    /// 1st are both 200; player 2 is a junior girl. Juniors is listed first,
    /// so she takes it, and Women 1st goes to the next woman, 3.
    #[test]
    fn equal_values_go_by_category_priority() {
        let st = vec![
            Standing {
                birth_year: Some(1980),
                ..player(1, 5.0)
            },
            Standing {
                sex: Sex::Female,
                birth_year: Some(2012),
                ..player(2, 4.0)
            },
            Standing {
                sex: Sex::Female,
                birth_year: Some(1985),
                ..player(3, 3.0)
            },
        ];
        let cat = |name: &str, rules: Vec<Rule>| Category {
            name: name.into(),
            kind: CategoryKind::Players,
            rules,
            prizes: vec![20000],
        };
        let table = PrizeTable {
            categories: vec![
                overall(&[50000]),
                cat(
                    "Juniors",
                    vec![Rule::Born {
                        from: Some(2010),
                        to: None,
                    }],
                ),
                cat("Women", vec![Rule::Women]),
            ],
            one_prize_per_player: true,
            ..Default::default()
        };
        assert_eq!(
            paid(&compute(&st, &table)),
            vec![
                row("Overall", 1, 50000),
                row("Juniors", 2, 20000),
                row("Women", 3, 20000)
            ]
        );
    }

    /// Ties within a category after one-prize-per-player: Seniors (born 1960
    /// or before) 300, 200, 100. Seniors 4, 5, 6 on 5 points, 7 on 4. Player
    /// 1 (a senior) wins Overall 1000 and leaves Seniors. Places: 4 → 300,
    /// 5 → 200, 6 → 100; Hort: keep 150, 100, 50; pot 150 + 100 + 50 = 300
    /// shared 100 each → 250, 200, 150. Player 7 gets nothing.
    #[test]
    fn hort_in_a_category_after_one_prize_per_player() {
        let senior = |no: i32, points: f64| Standing {
            birth_year: Some(1955),
            ..player(no, points)
        };
        let st = vec![
            senior(1, 8.0),
            player(2, 7.0),
            player(3, 6.0),
            senior(4, 5.0),
            senior(5, 5.0),
            senior(6, 5.0),
            senior(7, 4.0),
        ];
        let table = PrizeTable {
            categories: vec![
                overall(&[100000]),
                Category {
                    name: "Seniors".into(),
                    kind: CategoryKind::Players,
                    rules: vec![Rule::Born {
                        from: None,
                        to: Some(1960),
                    }],
                    prizes: vec![30000, 20000, 10000],
                },
            ],
            one_prize_per_player: true,
            split: SplitMode::Hort,
            ..Default::default()
        };
        assert_eq!(
            paid(&compute(&st, &table)),
            vec![
                row("Overall", 1, 100000),
                row("Seniors", 4, 25000),
                row("Seniors", 5, 20000),
                row("Seniors", 6, 15000),
            ]
        );
    }

    /// Best club: the points of each club's best two. A: 6 + 5 = 11; B: 5.5 +
    /// 5.5 = 11 (tie: A's best player ranks higher); C has one player only.
    /// The club prize does not take away the players' own prizes.
    #[test]
    fn best_club() {
        let club = |no: i32, points: f64, c: &str| Standing {
            club: c.into(),
            ..player(no, points)
        };
        let st = vec![
            club(1, 6.0, "A"),
            club(2, 5.5, "B"),
            club(3, 5.5, "B"),
            club(4, 5.0, "A"),
            club(5, 4.0, "C"),
        ];
        let table = PrizeTable {
            categories: vec![
                overall(&[1000]),
                Category {
                    name: "Best club".into(),
                    kind: CategoryKind::BestClub { top: 2 },
                    rules: vec![],
                    prizes: vec![500, 300, 100],
                },
            ],
            one_prize_per_player: true,
            ..Default::default()
        };
        let a = compute(&st, &table);
        assert_eq!(a[0].player_id, Some(PlayerId(1)));
        let clubs: Vec<(&str, i64)> = a[1..].iter().map(|a| (a.name.as_str(), a.amount)).collect();
        assert_eq!(clubs, vec![("A", 500), ("B", 300)]);
    }

    #[test]
    fn tables_are_checked() {
        let mut t = PrizeTable {
            categories: vec![overall(&[100, 200])],
            ..Default::default()
        };
        assert_eq!(t.validate().unwrap_err().field, "categories[0].prizes");
        t.categories[0].prizes = vec![200, 100];
        assert!(t.validate().is_ok());
        t.categories.push(overall(&[1]));
        assert_eq!(t.validate().unwrap_err().field, "categories[1].name");
        assert_eq!(money(123456), "1234.56");
        assert_eq!(money(5), "0.05");
    }

    /// Board 1 of a team event, prizes 100.00 and 50.00, at least 3 games
    /// played over the board:
    ///
    /// | player | played | points played | % | performance | points (with forfeits) |
    /// |---|---|---|---|---|---|
    /// | Adam (A) | 4 | 3 | 75 | 2300 | 3 |
    /// | Bela (B) | 3 | 2.5 | 83.3 | 2250 | 3.5 |
    /// | Cyril (C) | 2 | 2 | 100 | 2500 | 2 — fewer than 3 games, out |
    /// | Dana (D) | 4 | 3 | 75 | 2400 | 3 |
    /// | Emil (E) | 3 | 0 | 0 | — | 0 |
    ///
    /// Bela has the best percentage: first, 100.00. Adam and Dana both have
    /// 75 %; the printout's order puts the higher performance first: Dana
    /// second, 50.00. Adam gets nothing (two prizes). A player of board 2
    /// with 100 % is not in board 1's category.
    #[test]
    fn board_prize_worked_example() {
        let r = |name: &str, board, played, half_played, half, performance| BoardResult {
            board,
            name: name.into(),
            played,
            points_played: half_played,
            points: half,
            performance,
        };
        let boards = [
            r("Adam (A)", 1, 4, 6, 6, Some(2300)),
            r("Bela (B)", 1, 3, 5, 7, Some(2250)),
            r("Cyril (C)", 1, 2, 4, 4, Some(2500)),
            r("Dana (D)", 1, 4, 6, 6, Some(2400)),
            r("Emil (E)", 1, 3, 0, 0, None),
            r("Fero (F)", 2, 4, 8, 8, Some(2600)),
        ];
        let table = PrizeTable {
            categories: vec![Category {
                name: "Board 1".into(),
                kind: CategoryKind::Board {
                    board: 1,
                    min_games: 3,
                },
                rules: vec![],
                prizes: vec![10000, 5000],
            }],
            ..Default::default()
        };
        assert_eq!(table.validate(), Ok(()));
        let awards = compute_team_event(&[], &boards, &table);
        let got: Vec<(u32, &str, f64, i64)> = awards
            .iter()
            .map(|a| (a.place, a.name.as_str(), a.points, a.amount))
            .collect();
        assert_eq!(
            got,
            [(1, "Bela (B)", 2.5, 10000), (2, "Dana (D)", 3.0, 5000)]
        );
        // Three prizes: Adam third; Emil (0 %) would be fourth.
        let mut three = table.clone();
        three.categories[0].prizes = vec![10000, 5000, 2000];
        let awards = compute_team_event(&[], &boards, &three);
        assert_eq!(awards[2].name, "Adam (A)");
        // Board 0 does not exist.
        let mut zero = table.clone();
        zero.categories[0].kind = CategoryKind::Board {
            board: 0,
            min_games: 3,
        };
        assert_eq!(
            zero.validate().unwrap_err().field,
            "categories[0].kind.board"
        );
        // The category kind in JSON.
        let json = serde_json::to_value(table.categories[0].kind).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"type": "board", "board": 1, "min_games": 3})
        );
    }

    fn team(number: i32, rank: u32, points: f64) -> TeamResult {
        TeamResult {
            number,
            name: format!("Team {number}"),
            rank,
            points,
        }
    }

    fn team_places(prizes: &[i64]) -> Category {
        Category {
            name: "Teams".into(),
            kind: CategoryKind::Teams,
            rules: vec![],
            prizes: prizes.to_vec(),
        }
    }

    /// (category, team number, cents) of each award.
    fn paid_teams(awards: &[Award]) -> Vec<(String, i32, i64)> {
        awards
            .iter()
            .map(|a| (a.category.clone(), a.team.unwrap_or(0), a.amount))
            .collect()
    }

    /// Team places, prizes 1000, 600, 400, 200; the team standings by match
    /// points (the tie-breaks separate 1 from 2 and 4, 5, 6 from each other):
    ///
    /// | team | MP | place prize | `hort`: keeps ½ + pot share | `equal` | `tie_break` |
    /// |---|---|---|---|---|---|
    /// | 1 | 9 | 1000 | 500 + (500 + 300) / 2 = 900 | (1000 + 600) / 2 = 800 | 1000 |
    /// | 2 | 9 | 600 | 300 + 400 = 700 | 800 | 600 |
    /// | 3 | 7 | 400 | not tied: 400 | 400 | 400 |
    /// | 4 | 6 | 200 | 100 + 100 / 3 = 133.34 | 200 / 3 = 66.67 | 200 |
    /// | 5 | 6 | — | 0 + 33.33 | 66.67 | — |
    /// | 6 | 6 | — | 0 + 33.33 | 66.66 | — |
    /// | 7 | 4 | — | — | — | — |
    ///
    /// Teams 5 and 6 are on the points of the last prized place (4): with
    /// `hort` and `equal` they join its sharing bringing no money, as tied
    /// players do. The pot of 100.00 by three is 33.33 and one cent over,
    /// to the first in the standings (team 4); 200.00 by three likewise.
    /// Every way the total is 2200.00.
    #[test]
    fn team_places_share_ties_like_players() {
        let teams = vec![
            team(1, 1, 9.0),
            team(2, 2, 9.0),
            team(3, 3, 7.0),
            team(4, 4, 6.0),
            team(5, 5, 6.0),
            team(6, 6, 6.0),
            team(7, 7, 4.0),
        ];
        let table = PrizeTable {
            categories: vec![team_places(&[100000, 60000, 40000, 20000])],
            split: SplitMode::Hort,
            ..Default::default()
        };
        assert_eq!(table.validate(), Ok(()));
        let hort = compute_team_event(&teams, &[], &table);
        assert_eq!(
            paid_teams(&hort),
            vec![
                row("Teams", 1, 90000),
                row("Teams", 2, 70000),
                row("Teams", 3, 40000),
                row("Teams", 4, 13334),
                row("Teams", 5, 3333),
                row("Teams", 6, 3333),
            ]
        );
        assert_eq!(hort.iter().map(|a| a.amount).sum::<i64>(), 220000);
        assert_eq!(hort[0].shared_with_teams, vec![2]);
        assert_eq!(hort[3].shared_with_teams, vec![5, 6]);
        assert!(hort[2].shared_with_teams.is_empty());
        assert_eq!((hort[4].place, hort[4].nominal), (5, 0));
        assert!(hort.iter().all(|a| a.player_id.is_none()));
        assert_eq!((hort[1].name.as_str(), hort[1].points), ("Team 2", 9.0));

        let equal = compute_team_event(
            &teams,
            &[],
            &PrizeTable {
                split: SplitMode::Equal,
                ..table.clone()
            },
        );
        assert_eq!(
            paid_teams(&equal),
            vec![
                row("Teams", 1, 80000),
                row("Teams", 2, 80000),
                row("Teams", 3, 40000),
                row("Teams", 4, 6667),
                row("Teams", 5, 6667),
                row("Teams", 6, 6666),
            ]
        );
        assert_eq!(equal.iter().map(|a| a.amount).sum::<i64>(), 220000);

        let tb = compute_team_event(
            &teams,
            &[],
            &PrizeTable {
                split: SplitMode::TieBreak,
                ..table
            },
        );
        assert_eq!(
            paid_teams(&tb),
            vec![
                row("Teams", 1, 100000),
                row("Teams", 2, 60000),
                row("Teams", 3, 40000),
                row("Teams", 4, 20000),
            ]
        );
        assert!(tb.iter().all(|a| a.shared_with_teams.is_empty()));
    }

    /// Team places go by the team standings' order, not by the order the
    /// lines come in; teams equal on everything (one rank) keep the
    /// standings' order. Prizes 300, 200: teams 3 and 1 share rank 1 on 5
    /// match points (listed 3 first), team 2 is third on 4. By tie-breaks 3
    /// takes 300, 1 takes 200; Hort: 150 + 100 = 250 pot, 125 each → 275,
    /// 225; team 2 gets nothing.
    ///
    /// Odd cents, Hort: prizes 100.01 and 50.01. Team 3 keeps 100.01 − 50.00
    /// = 50.01 (the half rounded its way), team 1 keeps 50.01 − 25.00 =
    /// 25.01; the pot of 50.00 + 25.00 = 75.00 gives 37.50 each: 87.51 and
    /// 62.51, together 150.02, the prizes.
    #[test]
    fn team_places_follow_the_standings_order() {
        let teams = vec![team(2, 3, 4.0), team(3, 1, 5.0), team(1, 1, 5.0)];
        let table = PrizeTable {
            categories: vec![team_places(&[30000, 20000])],
            ..Default::default()
        };
        assert_eq!(
            paid_teams(&compute_team_event(&teams, &[], &table)),
            vec![row("Teams", 3, 30000), row("Teams", 1, 20000)]
        );
        let hort = PrizeTable {
            split: SplitMode::Hort,
            ..table
        };
        assert_eq!(
            paid_teams(&compute_team_event(&teams, &[], &hort)),
            vec![row("Teams", 3, 27500), row("Teams", 1, 22500)]
        );
        let mut odd = hort;
        odd.categories[0].prizes = vec![10001, 5001];
        assert_eq!(
            paid_teams(&compute_team_event(&teams, &[], &odd)),
            vec![row("Teams", 3, 8751), row("Teams", 1, 6251)]
        );
    }

    /// Team prizes do not take a player's one prize: with one prize per
    /// player, Team 1 wins team places 1st (500.00) and its board-1 player
    /// Adam still wins the board-1 prize (100.00). In the same table a
    /// player's category (were the standings there) is filled as if the
    /// team prize did not exist: player 1 (of Team 1) wins Overall 1st.
    #[test]
    fn team_prizes_do_not_take_a_players_one_prize() {
        let boards = [
            BoardResult {
                board: 1,
                name: "Adam (Team 1)".into(),
                played: 3,
                points_played: 6,
                points: 6,
                performance: Some(2400),
            },
            BoardResult {
                board: 1,
                name: "Bela (Team 2)".into(),
                played: 3,
                points_played: 2,
                points: 2,
                performance: Some(2100),
            },
        ];
        let table = PrizeTable {
            categories: vec![
                team_places(&[50000]),
                Category {
                    name: "Board 1".into(),
                    kind: CategoryKind::Board {
                        board: 1,
                        min_games: 1,
                    },
                    rules: vec![],
                    prizes: vec![10000],
                },
            ],
            one_prize_per_player: true,
            split: SplitMode::Equal,
            ..Default::default()
        };
        let teams = [team(1, 1, 6.0), team(2, 2, 2.0)];
        let a = compute_team_event(&teams, &boards, &table);
        let got: Vec<(&str, &str, i64)> = a
            .iter()
            .map(|a| (a.category.as_str(), a.name.as_str(), a.amount))
            .collect();
        assert_eq!(
            got,
            [
                ("Teams", "Team 1", 50000),
                ("Board 1", "Adam (Team 1)", 10000)
            ]
        );
        let mut with_players = table.clone();
        with_players.categories.push(overall(&[7000]));
        let a = compute_all(&[player(1, 3.0)], &teams, &boards, &with_players);
        assert_eq!(paid_teams(&a)[0], row("Teams", 1, 50000));
        assert_eq!(paid(&a)[2], row("Overall", 1, 7000));
    }

    /// A team event ranks teams and boards, an individual event players and
    /// clubs (boards are allowed in both: a team event may be set up after
    /// its prize table). The category kind in JSON is `{"type": "teams"}`.
    #[test]
    fn categories_fit_the_event() {
        let table = PrizeTable {
            categories: vec![team_places(&[100]), overall(&[100])],
            ..Default::default()
        };
        let e = table.check_event(true).unwrap_err();
        assert_eq!(e.field, "categories[1].kind");
        assert_eq!(
            e.message.to_string(),
            "category Overall: a team event ranks teams and boards; individual categories need an individual event"
        );
        let e = table.check_event(false).unwrap_err();
        assert_eq!(e.field, "categories[0].kind");
        assert_eq!(
            e.message.to_string(),
            "category Teams: team places need a team event"
        );
        let club = PrizeTable {
            categories: vec![Category {
                name: "Clubs".into(),
                kind: CategoryKind::BestClub { top: 2 },
                rules: vec![],
                prizes: vec![100],
            }],
            ..Default::default()
        };
        assert_eq!(
            club.check_event(true).unwrap_err().field,
            "categories[0].kind"
        );
        assert_eq!(club.check_event(false), Ok(()));
        let board = Category {
            name: "Board 1".into(),
            kind: CategoryKind::Board {
                board: 1,
                min_games: 1,
            },
            rules: vec![],
            prizes: vec![100],
        };
        let team_table = PrizeTable {
            categories: vec![team_places(&[100]), board.clone()],
            ..Default::default()
        };
        assert_eq!(team_table.check_event(true), Ok(()));
        let board_only = PrizeTable {
            categories: vec![board],
            ..Default::default()
        };
        assert_eq!(board_only.check_event(false), Ok(()));
        assert_eq!(
            serde_json::to_value(CategoryKind::Teams).unwrap(),
            serde_json::json!({"type": "teams"})
        );
        let read: Category = serde_json::from_value(
            serde_json::json!({"name": "T", "kind": {"type": "teams"}, "prizes": [1]}),
        )
        .unwrap();
        assert_eq!(read.kind, CategoryKind::Teams);
    }
}
