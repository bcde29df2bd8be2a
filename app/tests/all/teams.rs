//! Team competitions (issue 20) over HTTP only, on SQLite and PostgreSQL.
//!
//! Every round the test reads the event back through the JSON API, builds its
//! own `pairing::team::TeamTournament` from that reading (the rounds as the
//! library pairs them, the line-ups through `Match::set_lineups`, the board
//! results from their written form) and checks that the server paired the
//! round exactly as the library does on that reading; at the end the team
//! standings, match results and board statistics must equal the library's.
//! Also: the captain's rights (403 and nothing changed), the line-up rules
//! (422), the visibility of an unpublished round, and the team TRF export
//! that re-imports to the same tournament.
//!
//! Over 700 lines because the reading of an event and its check against the
//! library are shared by the Swiss, round-robin and Scheveningen runs; the
//! gaps and the prizes of a team event are in `teams/`.

use crate::common;

use common::build::EventBuilder;
use common::{on_each_backend, Client, TestApp};
use pairing::team::tiebreak::{board_ranking, team_standings, TeamTieBreak};
use pairing::team::{
    self, BoardColours, BoardResult, ColourPreferenceType, Match, PrimaryScore, Team, TeamSettings,
    TeamSystem, TeamTournament,
};
use pairing::{Color, GameResult, Player, PointSystem};
use serde_json::{json, Value};
use std::collections::HashMap;

/// A small deterministic generator (the test must replay exactly).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The test's own reading of a written board result (from the first-named
/// team's side).
fn read_result(text: &str) -> BoardResult {
    let adjusted = |h, a| BoardResult {
        home: GameResult::Adjusted(h),
        away: GameResult::Adjusted(a),
    };
    match text {
        "1-0" => BoardResult::HOME_WIN,
        "0-1" => BoardResult::AWAY_WIN,
        "½-½" => BoardResult::DRAW,
        "0-½" => adjusted(0, 1),
        "½-0" => adjusted(1, 0),
        "0-0" => adjusted(0, 0),
        "+/-" => BoardResult {
            home: GameResult::ForfeitWin,
            away: GameResult::ForfeitLoss,
        },
        "-/+" => BoardResult {
            home: GameResult::ForfeitLoss,
            away: GameResult::ForfeitWin,
        },
        "-/-" => BoardResult {
            home: GameResult::ForfeitLoss,
            away: GameResult::ForfeitLoss,
        },
        other => panic!("unexpected board result {other:?}"),
    }
}

/// The event as the API shows it to `c`, read independently into the
/// library's model: `rounds` rounds, each round's matches as the library
/// pairs them on the rounds before (the test checks they equal the server's
/// elsewhere), the line-ups and results as the API reports them.
struct Reading {
    t: TeamTournament,
    order: Vec<TeamTieBreak>,
    /// (team, roster place) → the model's player id.
    ids: HashMap<(i64, i64), u32>,
}

fn read_event(c: &Client, tid: i64) -> Reading {
    let ev = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-event")),
        200,
        "event",
    );
    let s = &ev["settings"];
    let boards = s["boards"].as_u64().unwrap() as u32;
    let mut settings = TeamSettings::new(boards);
    settings.match_win = s["match_win"].as_i64().unwrap() as i32;
    settings.match_draw = s["match_draw"].as_i64().unwrap() as i32;
    settings.match_loss = s["match_loss"].as_i64().unwrap() as i32;
    settings.bye_match_points = s["bye_match_points"].as_i64().unwrap() as i32;
    settings.bye_game_points = s["bye_game_points"].as_i64().unwrap() as i32;
    settings.primary = match s["primary"].as_str().unwrap() {
        "match_points" => PrimaryScore::MatchPoints,
        _ => PrimaryScore::GamePoints,
    };
    settings.colours = match s["colours"].as_str().unwrap() {
        "white_on_odd" => BoardColours::WhiteOnOdd,
        _ => BoardColours::WhiteOnAll,
    };
    settings.colour_preference = match s["colour_preference"].as_str().unwrap() {
        "a" => ColourPreferenceType::A,
        "b" => ColourPreferenceType::B,
        _ => ColourPreferenceType::None,
    };
    let system = match s["system"].as_str().unwrap() {
        "swiss" => TeamSystem::Swiss,
        "round_robin" => TeamSystem::RoundRobin { double: false },
        "double_round_robin" => TeamSystem::RoundRobin { double: true },
        _ => TeamSystem::Scheveningen,
    };
    let mut t = TeamTournament {
        name: ev["name"].as_str().unwrap().into(),
        system,
        total_rounds: ev["total_rounds"].as_u64().unwrap() as u32,
        settings,
        points: PointSystem::default(),
        initial_colour: if s["initial_colour"] == "black" {
            Color::Black
        } else {
            Color::White
        },
        ..TeamTournament::default()
    };
    let mut ids = HashMap::new();
    for team in ev["teams"].as_array().unwrap() {
        let number = team["number"].as_i64().unwrap();
        let mut roster = vec![];
        for m in team["roster"].as_array().unwrap() {
            let id = t.players.len() as u32 + 1;
            t.players.push(Player {
                id,
                name: m["name"].as_str().unwrap().into(),
                rating: m["rating"].as_u64().map(|r| r as u32),
                ..Player::default()
            });
            ids.insert((number, m["place"].as_i64().unwrap()), id);
            roster.push(id);
        }
        t.teams.push(Team {
            id: number as u32,
            name: team["name"].as_str().unwrap().into(),
            roster,
            ..Team::default()
        });
    }
    let order = s["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().parse().unwrap())
        .collect();
    let rounds = ev["rounds_paired"].as_i64().unwrap();
    // Withdrawn teams and half-point byes: left out of the rounds they concern.
    let withdrawn_from: Vec<Option<i64>> = ev["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["withdrawn_from"].as_i64())
        .collect();
    let byes: Vec<(i64, u32)> = c
        .ok(
            c.get(&format!("/api/v1/tournaments/{tid}/team-byes")),
            200,
            "byes",
        )
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["round"].as_i64().unwrap(),
                b["team"]["number"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    let mut reading = Reading { t, order, ids };
    for n in 1..=rounds {
        let r = c.ok(
            c.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}")),
            200,
            "round",
        );
        let half_byes: Vec<u32> = byes.iter().filter(|b| b.0 == n).map(|b| b.1).collect();
        for (team, from) in reading.t.teams.iter_mut().zip(&withdrawn_from) {
            team.withdrawn = from.is_some_and(|w| w <= n) || half_byes.contains(&team.id);
        }
        let mut round = team::pair_next_round(&reading.t).expect("the library pairs");
        round.half_byes = half_byes;
        check_pairing(&round, &r, n);
        for (m, view) in round
            .matches
            .iter_mut()
            .zip(r["matches"].as_array().unwrap())
        {
            apply(&reading, m, view);
        }
        reading.t.rounds.push(round);
    }
    reading
}

/// The server's round `n` is the library's pairing.
fn check_pairing(lib: &team::TeamRound, server: &Value, n: i64) {
    let ours: Vec<(i64, i64)> = lib
        .matches
        .iter()
        .map(|m| (m.home as i64, m.away as i64))
        .collect();
    let theirs: Vec<(i64, i64)> = server["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["home"]["number"].as_i64().unwrap(),
                m["away"]["number"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(theirs, ours, "round {n}: the matches");
    assert_eq!(
        server["bye"]["number"].as_i64(),
        lib.bye.map(|b| b as i64),
        "round {n}: the bye"
    );
    for (m, view) in lib
        .matches
        .iter()
        .zip(server["matches"].as_array().unwrap())
    {
        let colours: Vec<bool> = m
            .boards
            .iter()
            .map(|b| b.home_colour == Color::White)
            .collect();
        let theirs: Vec<bool> = view["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["home_white"].as_bool().unwrap())
            .collect();
        assert_eq!(
            theirs,
            colours,
            "round {n}: board colours of {:?}",
            (m.home, m.away)
        );
    }
}

/// The line-ups and results the API reports, applied to the library's match.
fn apply(reading: &Reading, m: &mut Match, view: &Value) {
    if !(view["home_lineup_in"].as_bool().unwrap() && view["away_lineup_in"].as_bool().unwrap()) {
        return;
    }
    let side = |team: u32, key: &str| -> Vec<Option<u32>> {
        view["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                b[key]["place"]
                    .as_i64()
                    .map(|p| reading.ids[&(team as i64, p)])
            })
            .collect()
    };
    let (home, away) = (side(m.home, "home"), side(m.away, "away"));
    if m.boards.iter().any(|b| b.home.is_some()) {
        // Scheveningen: the library filled the boards; the server's are the same.
        let ours: Vec<_> = m.boards.iter().map(|b| (b.home, b.away)).collect();
        let theirs: Vec<_> = home.into_iter().zip(away).collect();
        assert_eq!(theirs, ours, "the boards of a Scheveningen round");
    } else {
        m.set_lineups(&reading.t, &home, &away)
            .expect("a valid line-up");
    }
    for (b, bv) in m.boards.iter_mut().zip(view["boards"].as_array().unwrap()) {
        match (b.result, bv["result"].as_str()) {
            // An empty board: the library's forfeit must be the server's.
            (Some(implied), Some(text)) => assert_eq!(read_result(text), implied),
            (Some(implied), None) => panic!("the server has no forfeit {implied:?}"),
            (None, Some(text)) => b.result = Some(read_result(text)),
            (None, None) => {}
        }
    }
}

/// Final standings, match results and board statistics equal the library's.
fn check_final(c: &Client, tid: i64, reading: &Reading, label: &str) {
    let t = &reading.t;
    let st = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-standings")),
        200,
        "standings",
    );
    let lib = team_standings(t, &reading.order);
    let rows = st["rows"].as_array().unwrap();
    assert_eq!(rows.len(), lib.len());
    for (row, l) in rows.iter().zip(&lib) {
        assert_eq!(
            row["team"]["number"].as_u64().unwrap() as u32,
            l.team,
            "[{label}] {st}"
        );
        assert_eq!(row["rank"].as_u64().unwrap() as u32, l.rank, "[{label}]");
        assert_eq!(row["match_points"].as_i64().unwrap() as i32, l.match_points);
        assert_eq!(row["game_points"].as_i64().unwrap() as i32, l.game_points);
        let values: Vec<Option<String>> = row["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["value"].as_str().map(str::to_string))
            .collect();
        let ours: Vec<Option<String>> = l.values.iter().map(|v| v.map(|v| v.to_string())).collect();
        assert_eq!(values, ours, "[{label}] tie-breaks of team {}", l.team);
    }
    // Match results round by round.
    for (n, round) in t.rounds.iter().enumerate() {
        let r = c
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/{}", n + 1))
            .1;
        for (m, view) in round.matches.iter().zip(r["matches"].as_array().unwrap()) {
            let (h, a) = m.game_points(&t.points);
            assert_eq!(view["home_game_points"].as_i64().unwrap() as i32, h);
            assert_eq!(view["away_game_points"].as_i64().unwrap() as i32, a);
            let mp = m.match_points(&t.points, &t.settings).unwrap();
            assert_eq!(view["home_match_points"].as_i64().unwrap() as i32, mp.0);
            assert_eq!(view["away_match_points"].as_i64().unwrap() as i32, mp.1);
        }
    }
    // Board statistics (board prizes).
    let stats = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-boards")),
        200,
        "boards",
    );
    let mut ours = vec![];
    for board in 1..=t.settings.boards {
        for s in board_ranking(t, board, 0) {
            ours.push((
                board,
                s.player,
                s.games,
                s.played,
                s.points as i64,
                s.performance.map(i64::from),
            ));
        }
    }
    let theirs: Vec<_> = stats
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["board"].as_u64().unwrap() as u32,
                reading.ids[&(
                    s["team"]["number"].as_i64().unwrap(),
                    s["player"]["place"].as_i64().unwrap(),
                )],
                s["games"].as_u64().unwrap() as u32,
                s["played"].as_u64().unwrap() as u32,
                s["points"].as_i64().unwrap(),
                s["performance"].as_i64(),
            )
        })
        .collect();
    assert_eq!(theirs, ours, "[{label}] board statistics");
}

fn roster(team: usize, size: usize, rng: &mut Lcg) -> Vec<Value> {
    (0..size)
        .map(|k| {
            json!({"name": format!("Player {}-{}", team, k + 1),
                   "rating": 2400 - 40 * team as u64 - 25 * k as u64 + rng.next(20),
                   "federation": "POL"})
        })
        .collect()
}

/// Enters `teams` teams named `{name} 1`, `{name} 2`, … with rosters of
/// `size` players drawn from `rng`.
fn add_teams(org: &Client, tid: i64, name: &str, teams: usize, size: usize, rng: &mut Lcg) {
    for i in 0..teams {
        org.add_team(
            tid,
            json!({"name": format!("{name} {}", i + 1), "roster": roster(i, size, rng)}),
        );
    }
}

fn create(org: &Client, name: &str, settings: Value) -> i64 {
    let tid = i64::from(EventBuilder::swiss(org).named(name).rounds(1).build().tid);
    org.ok(
        org.put(&format!("/api/v1/tournaments/{tid}/team-event"), settings),
        200,
        "settings",
    );
    tid
}

/// Pairs the next round and checks it against the library on the reading.
fn pair_and_check(org: &Client, tid: i64, body: Value) -> Value {
    let before = read_event(org, tid);
    let r = org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), body),
        201,
        "pair",
    );
    let n = r["number"].as_i64().unwrap();
    let lib = team::pair_next_round(&before.t).expect("the library pairs");
    check_pairing(&lib, &r, n);
    r
}

/// A line-up keeping roster order: the regulars, one of them sometimes
/// replaced by a reserve.
fn lineup(size: usize, boards: usize, rng: &mut Lcg) -> Vec<Value> {
    let mut places: Vec<usize> = (1..=size).collect();
    while places.len() > boards {
        let k = rng.next(places.len() as u64) as usize;
        places.remove(k);
    }
    places.into_iter().map(|p| json!(p)).collect()
}

fn random_result(rng: &mut Lcg) -> &'static str {
    match rng.next(10) {
        0..=3 => "1-0",
        4..=6 => "0-1",
        _ => "½-½",
    }
}

/// Results for every board of the round that has two players.
fn enter_results(
    org: &Client,
    tid: i64,
    n: i64,
    round: &Value,
    rng: &mut Lcg,
    special: &[&'static str],
) {
    let mut results = vec![];
    let mut special = special.iter();
    for m in round["matches"].as_array().unwrap() {
        for b in m["boards"].as_array().unwrap() {
            if b["home"].is_null() || b["away"].is_null() {
                continue;
            }
            let r = special
                .next()
                .copied()
                .unwrap_or_else(|| random_result(rng));
            results.push(json!({"match": m["number"], "board": b["board"], "result": r}));
        }
    }
    org.team_results(tid, n, &results);
}

fn swiss(app: &TestApp) {
    let label = app.label();
    let org = app.user("organiser");
    let public = Client::new(&app.base);
    let cap1 = app.user("captain1");
    let cap2 = app.user("captain2");
    let mut rng = Lcg(20);
    let tid = create(
        &org,
        "Team Swiss",
        json!({"system": "swiss", "boards": 4, "rounds": 7,
               "tiebreaks": ["GP", "BH:MP", "EMGSB", "DE"]}),
    );
    let sizes: Vec<usize> = (0..12).map(|i| 4 + i % 3).collect();
    for (i, &size) in sizes.iter().enumerate() {
        let mut body = json!({"name": format!("Team {}", i + 1), "federation": "Club",
                              "roster": roster(i, size, &mut rng)});
        if i < 2 {
            body["captain"] = json!(format!("Captain {}", i + 1));
            body["captain_username"] = json!(format!("captain{}", i + 1));
        }
        org.ok(
            org.post(&format!("/api/v1/tournaments/{tid}/teams"), body),
            201,
            "team",
        );
    }
    // A line-up out of roster order is refused naming the field.
    let audit = app.audit_count();
    let r1 = pair_and_check(&org, tid, json!({}));
    assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
    // Unpublished: the public and the captains do not see it.
    assert_eq!(
        public
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/1"))
            .0
            .as_u16(),
        404
    );
    assert_eq!(
        public
            .get(&format!("/api/v1/tournaments/{tid}/team-event"))
            .1["rounds_paired"],
        0
    );
    assert_eq!(
        public.get(&format!("/t/{tid}/teams/rounds/1")).0.as_u16(),
        404
    );
    let page = org.get(&format!("/t/{tid}/teams/rounds/1"));
    assert_eq!(
        page.0.as_u16(),
        200,
        "[{label}] staff see the unpublished round"
    );
    let (s, v) = cap1.put(
        &format!("/api/v1/tournaments/{tid}/team-rounds/1/lineups/1"),
        json!({"players": [1, 2, 3, 4]}),
    );
    assert_eq!(
        s.as_u16(),
        404,
        "[{label}] unpublished round for a captain: {v}"
    );
    let (s, v) = org.put(
        &format!("/api/v1/tournaments/{tid}/team-rounds/1/lineups/1"),
        json!({"players": [2, 1, 3, 4]}),
    );
    assert_eq!(s.as_u16(), 422, "[{label}] out of order: {v}");
    assert_eq!(v["field"], "players");
    let (s, v) = org.put(
        &format!("/api/v1/tournaments/{tid}/team-rounds/1/lineups/1"),
        json!({"players": [1, 2, 3, 9]}),
    );
    assert_eq!(s.as_u16(), 422, "[{label}] not on the roster: {v}");
    assert_eq!(v["field"], "players[3]");
    assert_eq!(
        app.audit_count(),
        audit + 1,
        "[{label}] refused: nothing written"
    );
    drop(r1);
    let rounds = 7;
    for n in 1..=rounds {
        if n > 1 {
            pair_and_check(&org, tid, json!({}));
        }
        org.publish_team_round(tid, n);
        let far = "2099-01-01T00:00:00Z";
        let past = "2000-01-01T00:00:00Z";
        // Round 5: the deadline has passed when the captain comes (a late line-up).
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/deadline"),
                json!({"deadline": if n == 5 { past } else { far }}),
            ),
            200,
            "deadline",
        );
        for team in 1..=12usize {
            let size = sizes[team - 1];
            let mut players = lineup(size, 4, &mut rng);
            // Round 3: team 5 has only three players; board 4 is forfeited.
            if n == 3 && team == 5 {
                players[3] = Value::Null;
            }
            let path = format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}");
            let body = json!({"players": players});
            if team <= 2 {
                let (cap, other) = if team == 1 { (&cap1, 2) } else { (&cap2, 1) };
                // Another team's line-up: 403, nothing changed.
                let before = org
                    .get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
                    .1;
                let audit = app.audit_count();
                let (s, v) = cap.put(
                    &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{other}"),
                    json!({"players": [1, 2, 3, 4]}),
                );
                assert_eq!(s.as_u16(), 403, "[{label}] captain, other team: {v}");
                if n == 5 {
                    let (s, v) = cap.put(&path, body.clone());
                    assert_eq!(s.as_u16(), 403, "[{label}] captain after the deadline: {v}");
                    assert!(v["error"].as_str().unwrap().contains("deadline"), "{v}");
                }
                assert_eq!(app.audit_count(), audit, "[{label}] refused: no audit row");
                assert_eq!(
                    org.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
                        .1,
                    before,
                    "[{label}] refused: nothing changed"
                );
                if n != 5 {
                    cap.ok(cap.put(&path, body), 200, "captain's line-up");
                    continue;
                }
            }
            // The arbiter enters the other line-ups (round 5: the late ones too).
            org.ok(org.put(&path, body), 200, "line-up");
        }
        let round = org
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
            .1;
        // A captain may not enter results, nor pair, nor change the deadline.
        let audit = app.audit_count();
        for (method, path, body) in [
            (
                "PUT",
                format!("/api/v1/tournaments/{tid}/team-rounds/{n}/results"),
                json!({"results": [{"match": 1, "board": 1, "result": "1-0"}]}),
            ),
            (
                "PUT",
                format!("/api/v1/tournaments/{tid}/team-rounds/{n}/deadline"),
                json!({"deadline": far}),
            ),
            (
                "POST",
                format!("/api/v1/tournaments/{tid}/team-rounds"),
                json!({}),
            ),
            (
                "PUT",
                format!("/api/v1/tournaments/{tid}/teams/1"),
                json!({"name": "Mine", "roster": [{"name": "X"}]}),
            ),
        ] {
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let (s, v) = cap1.send(method, &path, Some(&body));
            assert_eq!(s.as_u16(), 403, "[{label}] captain {path}: {v}");
        }
        assert_eq!(app.audit_count(), audit, "[{label}] refused: no audit row");
        assert_eq!(
            org.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
                .1,
            round
        );
        let special: &[&str] = if n == 2 {
            &["0-½", "0-0", "½-0"]
        } else {
            &[]
        };
        enter_results(&org, tid, n, &round, &mut rng, special);
        // The forfeited board is a forfeit at once.
        if n == 3 {
            let r = org
                .get(&format!("/api/v1/tournaments/{tid}/team-rounds/3"))
                .1;
            let m = r["matches"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["home"]["number"] == 5 || m["away"]["number"] == 5)
                .unwrap();
            let expected = if m["home"]["number"] == 5 {
                "-/+"
            } else {
                "+/-"
            };
            assert_eq!(m["boards"][3]["result"], expected, "[{label}] {m}");
            // ... and no result can be entered on it.
            let (s, v) = org.put(
                &format!("/api/v1/tournaments/{tid}/team-rounds/3/results"),
                json!({"results": [{"match": m["number"], "board": 4, "result": "1-0"}]}),
            );
            assert_eq!(s.as_u16(), 409, "[{label}] {v}");
        }
    }
    let (s, v) = org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({}));
    assert_eq!(s.as_u16(), 409, "[{label}] all rounds paired: {v}");
    let reading = read_event(&public, tid);
    assert_eq!(reading.t.rounds.len(), 7);
    check_final(&public, tid, &reading, label);
    pages(&public, tid, &reading, label);
    printouts(&public, tid, &reading, label);
    printouts_translated(app, tid, label);
    trf_round_trip(&org, tid, label);
    board_prize_list(&org, &public, tid, &reading, label);
}

/// A board category of the prize table (`domain/prizes/compute.rs`) over HTTP
/// equals the library's board statistics of the event as read back: board
/// 1's players with at least 2 games played over the board, by percentage,
/// equal percentages in `board_ranking`'s order (the board-prize printout's).
fn board_prize_list(org: &Client, public: &Client, tid: i64, reading: &Reading, label: &str) {
    let path = format!("/api/v1/tournaments/{tid}/prizes");
    let category = json!({
        "name": "Board 1",
        "kind": {"type": "board", "board": 1, "min_games": 2},
        "prizes": [3000, 2000, 1000]
    });
    org.ok(
        org.put(
            &path,
            json!({"table": {"categories": [category]}, "version": 0}),
        ),
        200,
        "board prizes",
    );
    let v = public.get(&path).1;
    assert_eq!(v["is_final"], true, "[{label}] {v}");
    let t = &reading.t;
    let mut expected = board_ranking(t, 1, 2);
    // By percentage, a/b above c/d when a·d > c·b; the sort is stable.
    expected.sort_by(|a, b| {
        (i64::from(b.points_played) * i64::from(a.played))
            .cmp(&(i64::from(a.points_played) * i64::from(b.played)))
    });
    let names: Vec<String> = expected
        .iter()
        .take(3)
        .map(|s| {
            format!(
                "{} ({})",
                t.players[s.player as usize - 1].name,
                t.teams[s.team as usize - 1].name
            )
        })
        .collect();
    assert_eq!(names.len(), 3, "[{label}] enough players on board 1");
    let got: Vec<String> = v["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(got, names, "[{label}] {v}");
    let amounts: Vec<i64> = v["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(amounts, [3000, 2000, 1000], "[{label}]");
    let (status, _, page) = public.bytes(&format!("/t/{tid}/prizes"));
    let page = String::from_utf8(page).unwrap();
    assert_eq!(status.as_u16(), 200, "[{label}] {page}");
    assert!(page.contains("<h2>Board 1</h2>"), "[{label}] {page}");
    if let Some(text) = public.pdf_text(&format!("{path}.pdf")) {
        assert!(
            text.contains("Board 1") && text.contains(&names[0]),
            "[{label}] {text}"
        );
    }
}

/// The team printouts in Polish and Czech (the language cookie the pages
/// set): titles and headings translated.
fn printouts_translated(app: &TestApp, tid: i64, label: &str) {
    for (lang, words) in [
        (
            "pl",
            [
                "Protokoły meczów, runda 7",
                "Kapitan, ",
                "Klasyfikacja drużynowa po rundzie 7",
                "Nagrody za szachownice",
            ],
        ),
        (
            "cs",
            [
                "Zápisy o utkání, 7. kolo",
                "Kapitán, ",
                "Pořadí družstev po 7. kole",
                "Ceny za šachovnice",
            ],
        ),
    ] {
        let c = app.client();
        let _ = c.get(&format!("/lang/{lang}"));
        let mut text = String::new();
        for path in [
            format!("/api/v1/tournaments/{tid}/team-rounds/7/match-sheets.pdf"),
            format!("/api/v1/tournaments/{tid}/team-standings.pdf"),
            format!("/api/v1/tournaments/{tid}/team-boards.pdf"),
        ] {
            match c.pdf_text(&path) {
                Some(t) => text.push_str(&t),
                None => return,
            }
        }
        for w in words {
            assert!(text.contains(w), "[{label} {lang}] {w:?} in\n{text}");
        }
        for english in ["Match sheets", "Captain", "Team standings", "Board prizes"] {
            assert!(!text.contains(english), "[{label} {lang}] {english:?} left");
        }
    }
}

/// The public team pages show the event: the teams and rosters, each round
/// board by board, the standings and the crosstable.
fn pages(public: &Client, tid: i64, reading: &Reading, label: &str) {
    let text = |path: &str| -> String {
        let (s, v) = public.get(path);
        assert_eq!(s.as_u16(), 200, "[{label}] {path}");
        v.as_str().unwrap().to_string()
    };
    let home = text(&format!("/t/{tid}"));
    assert!(
        home.contains(&format!("href=\"/t/{tid}/teams\"")),
        "[{label}] the menu links the teams"
    );
    let event = text(&format!("/t/{tid}/teams"));
    for team in &reading.t.teams {
        assert!(event.contains(&team.name), "[{label}] {}", team.name);
    }
    assert!(event.contains("Player 11-6"), "[{label}] the rosters");
    let cross = text(&format!("/t/{tid}/teams/crosstable"));
    assert!(cross.contains("×"), "[{label}]");
    for n in 1..=reading.t.rounds.len() {
        let page = text(&format!("/t/{tid}/teams/rounds/{n}"));
        assert_eq!(
            page.matches("class=\"team-match\"").count(),
            reading.t.rounds[n - 1].matches.len(),
            "[{label}] round {n}"
        );
    }
}

/// The team printouts, read back: the match sheets of the last round (one
/// page per match, its teams and players, the lines to sign), the team
/// standings with the tie-breaks, the team crosstable and the board prizes;
/// the team pages link them.
fn printouts(public: &Client, tid: i64, reading: &Reading, label: &str) {
    let t = &reading.t;
    let name = |id: u32| t.teams[id as usize - 1].name.clone();
    let n = t.rounds.len();
    let (_, event) = public.get(&format!("/t/{tid}/teams"));
    let event = event.as_str().unwrap_or_default().to_string();
    for link in [
        "team-standings.pdf",
        "team-crosstable.pdf",
        "team-boards.pdf",
    ] {
        assert!(event.contains(link), "[{label}] the team page links {link}");
    }
    let (_, round) = public.get(&format!("/t/{tid}/teams/rounds/{n}"));
    assert!(
        round
            .as_str()
            .unwrap_or_default()
            .contains(&format!("team-rounds/{n}/match-sheets.pdf")),
        "[{label}] the round page links its match sheets"
    );
    let path = format!("/api/v1/tournaments/{tid}/team-rounds/{n}/match-sheets.pdf");
    let Some(sheets) = public.pdf_text(&path) else {
        return;
    };
    let last = &t.rounds[n - 1];
    assert_eq!(
        sheets.matches('\u{c}').count(),
        last.matches.len(),
        "[{label}] one page per match:\n{sheets}"
    );
    for m in &last.matches {
        assert!(sheets.contains(&name(m.home)), "[{label}] {sheets}");
        assert!(sheets.contains(&name(m.away)), "[{label}] {sheets}");
        if let Some(p) = m.boards[0].home {
            assert!(
                sheets.contains(&t.players[p as usize - 1].name),
                "[{label}]"
            );
        }
    }
    assert!(
        sheets.contains(&format!("Match sheets, round {n}")),
        "[{label}] {sheets}"
    );
    assert!(sheets.contains("Captain, "), "[{label}] {sheets}");
    let standings = public
        .pdf_text(&format!("/api/v1/tournaments/{tid}/team-standings.pdf"))
        .unwrap_or_default();
    assert!(
        standings.contains(&format!("Team standings after round {n}")),
        "[{label}] {standings}"
    );
    for code in &reading.order {
        assert!(
            standings.contains(&code.to_string()),
            "[{label}] {code}: {standings}"
        );
    }
    let lib = team_standings(t, &reading.order);
    // The leader's line: rank 1, its name and match points.
    let leader = &lib[0];
    let line = standings
        .lines()
        .find(|l| l.contains(&name(leader.team)))
        .unwrap_or_else(|| panic!("[{label}] {standings}"));
    assert!(line.trim_start().starts_with('1'), "[{label}] {line}");
    assert!(
        line.contains(&format!(" {} ", leader.match_points)),
        "[{label}] {line}"
    );
    let cross = public
        .pdf_text(&format!("/api/v1/tournaments/{tid}/team-crosstable.pdf"))
        .unwrap_or_default();
    assert!(cross.contains("×"), "[{label}] {cross}");
    for team in &t.teams {
        assert!(cross.contains(&team.name), "[{label}] {}", team.name);
    }
    let boards = public
        .pdf_text(&format!(
            "/api/v1/tournaments/{tid}/team-boards.pdf?min_games=3"
        ))
        .unwrap_or_default();
    assert!(boards.contains("at least 3 games"), "[{label}] {boards}");
    for b in 1..=t.settings.boards {
        assert!(boards.contains(&format!("Board {b}")), "[{label}] {boards}");
        // The board's best player with 3 games played.
        if let Some(best) = board_ranking(t, b, 3).first() {
            let p = &t.players[best.player as usize - 1].name;
            assert!(
                boards.contains(p.as_str()),
                "[{label}] board {b}: {p}\n{boards}"
            );
        }
    }
}

/// Export → import into a new tournament → export gives the same file, the
/// same rounds and the same standings.
fn trf_round_trip(org: &Client, tid: i64, label: &str) {
    let (s, trf) = org.get(&format!("/api/v1/tournaments/{tid}/team-export.trf"));
    assert_eq!(s.as_u16(), 200);
    let trf = trf.as_str().unwrap().to_string();
    assert!(
        trf.lines().any(|l| l.starts_with("013 ")),
        "team records: {trf}"
    );
    let name = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1["name"].clone();
    let copy = i64::from(
        EventBuilder::swiss(org)
            .named(name.as_str().unwrap())
            .rounds(1)
            .build()
            .tid,
    );
    org.ok(
        org.post(
            &format!("/api/v1/tournaments/{copy}/team-import"),
            json!(trf),
        ),
        201,
        "import",
    );
    let again = org
        .get(&format!("/api/v1/tournaments/{copy}/team-export.trf"))
        .1;
    assert_eq!(
        again.as_str().unwrap(),
        trf,
        "[{label}] the TRF re-imports to the same tournament"
    );
    let strip = |mut v: Value| {
        for m in v.as_array_mut().unwrap() {
            // The deadlines are the organizer's, not part of the file.
            m.as_object_mut().unwrap().remove("lineup_deadline");
            for x in m["matches"].as_array_mut().unwrap() {
                x.as_object_mut().unwrap().remove("version");
            }
        }
        v
    };
    let (a, b) = (
        strip(
            org.get(&format!("/api/v1/tournaments/{copy}/team-rounds"))
                .1,
        ),
        strip(org.get(&format!("/api/v1/tournaments/{tid}/team-rounds")).1),
    );
    assert!(a == b, "[{label}] the same rounds");
    let standings = |t: i64| {
        let v = org
            .get(&format!("/api/v1/tournaments/{t}/team-standings"))
            .1;
        v["rows"].clone()
    };
    // The file carries every regulation that decides the standings (the
    // tie-breaks, the points of a match and of a bye, the boards): the copy
    // has the same settings and the same standings, ranks and tie-break
    // values, row for row (issue 37).
    let settings =
        |t: i64| org.get(&format!("/api/v1/tournaments/{t}/team-event")).1["settings"].clone();
    assert_eq!(
        settings(copy),
        settings(tid),
        "[{label}] the same regulations"
    );
    assert_eq!(
        standings(copy),
        standings(tid),
        "[{label}] the same standings, ranks and tie-break values"
    );
    let (s, v) = org.post(
        &format!("/api/v1/tournaments/{copy}/team-import"),
        json!(trf),
    );
    assert_eq!(s.as_u16(), 409, "[{label}] a second import: {v}");
    let (s, v) = org.post(
        &format!("/api/v1/tournaments/{tid}/team-import"),
        json!("012 x\n"),
    );
    assert!(matches!(s.as_u16(), 409 | 422), "[{label}] {v}");
}

fn round_robin(app: &TestApp) {
    let label = app.label();
    let org = app.user("organiser");
    let mut rng = Lcg(6);
    let tid = create(
        &org,
        "Team League",
        json!({"system": "double_round_robin", "boards": 4, "primary": "game_points",
               "match_win": 3, "match_draw": 1, "match_loss": 0,
               "tiebreaks": ["MP", "DE", "EGGSB"]}),
    );
    add_teams(&org, tid, "Club", 6, 5, &mut rng);
    let ev = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
    assert_eq!(ev["total_rounds"], 10, "[{label}] {ev}");
    for n in 1..=10 {
        let r = pair_and_check(&org, tid, json!({}));
        assert_eq!(r["matches"].as_array().unwrap().len(), 3);
        org.publish_team_round(tid, n);
        for team in 1..=6 {
            org.ok(
                org.put(
                    &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}"),
                    json!({"players": lineup(5, 4, &mut rng)}),
                ),
                200,
                "line-up",
            );
        }
        let round = org
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
            .1;
        enter_results(&org, tid, n, &round, &mut rng, &[]);
    }
    let reading = read_event(&org, tid);
    check_final(&org, tid, &reading, label);
    // Every pair of teams met twice, each once as the first-named team.
    let mut met: HashMap<(u32, u32), u32> = HashMap::new();
    for round in &reading.t.rounds {
        for m in &round.matches {
            *met.entry((m.home, m.away)).or_default() += 1;
        }
    }
    assert_eq!(met.len(), 30, "[{label}]");
    assert!(met.values().all(|&k| k == 1));
}

fn scheveningen(app: &TestApp) {
    let label = app.label();
    let org = app.user("organiser");
    let mut rng = Lcg(5);
    let tid = create(
        &org,
        "Scheveningen",
        json!({"system": "scheveningen", "boards": 5, "tiebreaks": []}),
    );
    add_teams(&org, tid, "Side", 2, 5, &mut rng);
    let mut seen = std::collections::HashSet::new();
    for n in 1..=5 {
        let r = pair_and_check(&org, tid, json!({}));
        // The boards come filled from the rosters: the library's players.
        let before = read_event(&org, tid);
        let lib = before.t.rounds.last().unwrap();
        for (b, view) in lib.matches[0]
            .boards
            .iter()
            .zip(r["matches"][0]["boards"].as_array().unwrap())
        {
            let place = |key: &str| view[key]["place"].as_i64().unwrap();
            assert_eq!(
                before.ids[&(1, place("home"))],
                b.home.unwrap(),
                "[{label}]"
            );
            assert_eq!(
                before.ids[&(2, place("away"))],
                b.away.unwrap(),
                "[{label}]"
            );
            seen.insert((place("home"), place("away")));
        }
        org.publish_team_round(tid, n);
        enter_results(&org, tid, n, &r, &mut rng, &[]);
    }
    assert_eq!(seen.len(), 25, "[{label}] every player met every opponent");
    let reading = read_event(&org, tid);
    check_final(&org, tid, &reading, label);
}

#[test]
fn team_events_over_http_equal_the_library() {
    on_each_backend(|app, _| {
        swiss(app);
        round_robin(app);
        scheveningen(app);
    });
}

#[test]
fn team_event_settings_are_checked() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = EventBuilder::swiss(&org).named("T").rounds(1).build().tid;
        let path = format!("/api/v1/tournaments/{tid}/team-event");
        let audit = app.audit_count();
        for (body, field) in [
            (json!({"boards": 0, "rounds": 5}), "boards"),
            (json!({"rounds": 0}), "rounds"),
            (json!({"rounds": 5, "system": "knockout"}), "system"),
            (
                json!({"rounds": 5, "tiebreaks": ["GP", "XYZ"]}),
                "tiebreaks[1]",
            ),
            (
                json!({"rounds": 5, "match_win": 1, "match_draw": 1}),
                "match_draw",
            ),
        ] {
            let (s, v) = org.put(&path, body);
            assert_eq!(s.as_u16(), 422, "[{label}] {v}");
            assert_eq!(v["field"], field, "[{label}] {v}");
        }
        assert_eq!(app.audit_count(), audit);
        // Not a team event yet: 404 to everyone.
        assert_eq!(org.get(&path).0.as_u16(), 404);
        org.ok(org.put(&path, json!({"rounds": 5})), 200, "settings");
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{tid}/teams"),
            json!({"name": "A", "roster": [{"name": ""}]}),
        );
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "roster[0].name");
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{tid}/teams"),
            json!({"name": "A", "captain_username": "nobody", "roster": [{"name": "P"}]}),
        );
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "captain_username");
        let (s, v) = org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({}));
        assert_eq!(s.as_u16(), 409, "[{label}] no teams: {v}");
        assert_eq!(app.audit_count(), audit + 1);
    });
}

/// The staff screen without JavaScript: pair, publish, line-ups and results
/// typed as shorthand; a wrong line-up comes back with the problem and
/// nothing written; the captain has no access.
#[test]
fn the_staff_screen_runs_a_round() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = create(
            &org,
            "Screen Cup",
            json!({"system": "round_robin", "boards": 2}),
        );
        let mut rng = Lcg(1);
        let _ = app.user("skipper");
        for i in 0..2 {
            org.add_team(
                tid,
                json!({"name": format!("Side {}", i + 1), "roster": roster(i, 3, &mut rng),
                           "captain_username": if i == 0 { "skipper" } else { "" }}),
            );
        }
        let f = app.form_user("organiser");
        let screen = format!("/t/{tid}/manage/teams");
        let csrf = f.csrf(&screen);
        let (s, to, _) = f.post(&format!("{screen}/pair"), &[("csrf", &csrf)]);
        assert_eq!((s, to.as_str()), (303, screen.as_str()), "[{label}] pair");
        let (s, _, _) = f.post(&format!("{screen}/rounds/1/publish"), &[("csrf", &csrf)]);
        assert_eq!(s, 303, "[{label}] publish");
        // Out of roster order: the screen again with the problem, nothing written.
        let audit = app.audit_count();
        let (s, _, body) = f.post(
            &format!("{screen}/rounds/1/lineups/1"),
            &[("csrf", &csrf), ("b1", "2"), ("b2", "1")],
        );
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(body.contains("roster order"), "[{label}] {body}");
        assert_eq!(app.audit_count(), audit);
        for (team, places) in [("1", ["1", "3"]), ("2", ["2", ""])] {
            let (s, _, body) = f.post(
                &format!("{screen}/rounds/1/lineups/{team}"),
                &[("csrf", &csrf), ("b1", places[0]), ("b2", places[1])],
            );
            assert_eq!(s, 303, "[{label}] line-up {team}: {body}");
        }
        let (_, html) = f.get(&screen);
        assert!(
            html.contains("name=\"m1b1\""),
            "[{label}] a result box for board 1"
        );
        assert!(
            !html.contains("name=\"m1b2\""),
            "[{label}] board 2 is forfeited"
        );
        let (s, _, body) = f.post(
            &format!("{screen}/rounds/1/results"),
            &[("csrf", &csrf), ("m1b1", "=")],
        );
        assert_eq!(s, 303, "[{label}] results: {body}");
        let r = org
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/1"))
            .1;
        assert_eq!(
            r["matches"][0]["boards"][0]["result"], "½-½",
            "[{label}] {r}"
        );
        assert_eq!(
            r["matches"][0]["boards"][1]["result"], "+/-",
            "[{label}] {r}"
        );
        assert_eq!(r["state"], "finished");
        let page = f.get(&format!("/t/{tid}/teams/rounds/1")).1;
        assert!(page.contains("½-½") && page.contains("+/-"), "[{label}]");
        // The captain is no staff: the screen and its forms are closed to him.
        let captain = common::form::Form::new(&app.base);
        captain.post(
            "/login",
            &[("username", "skipper"), ("password", common::USER_PASSWORD)],
        );
        assert_eq!(
            captain.get(&screen).0,
            403,
            "[{label}] captain on the screen"
        );
    });
}

pub(crate) mod gaps;
pub(crate) mod prizes;
pub(crate) mod second_pass;
