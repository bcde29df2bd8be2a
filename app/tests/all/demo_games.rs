//! Issue 17: the demo (`arbiter serve --demo` loads it with `app::demo::load`)
//! holds games with moves, their validation reports (one with an illegal move)
//! and a Chess960 Swiss whose rounds show their drawn start positions.

use serde_json::Value;

fn get(base: &str, path: &str) -> (u16, String) {
    let res = reqwest::blocking::get(format!("{base}{path}")).expect("request");
    (res.status().as_u16(), res.text().unwrap_or_default())
}

fn json(base: &str, path: &str) -> Value {
    let (s, t) = get(base, path);
    assert_eq!(s, 200, "{path}: {t}");
    serde_json::from_str(&t).unwrap()
}

#[test]
fn the_demo_has_games_with_moves_and_a_chess960_event() {
    let demo = crate::pages_crawl::demo();
    let base = demo.base.clone();
    let list = json(&base, "/api/v1/tournaments");
    let id_of = |name: &str| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|t| t["regulations"]["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {list}"))["id"]
            .as_i64()
            .unwrap()
    };

    // The Swiss: games with moves in its last round, one with an illegal move.
    let swiss = id_of(app::demo::SWISS_NAME);
    let pgn = get(&base, &format!("/api/v1/tournaments/{swiss}/rounds/7.pgn")).1;
    assert!(pgn.contains("17. Rd8# 1-0"), "the Opera Game:\n{pgn}");
    let round = json(&base, &format!("/api/v1/tournaments/{swiss}/rounds/7"));
    let mut with_moves = 0;
    let mut illegal = 0;
    for g in round["games"].as_array().unwrap() {
        let (s, t) = get(
            &base,
            &format!("/api/v1/tournaments/{swiss}/games/{}/moves", g["id"]),
        );
        if s != 200 {
            continue;
        }
        with_moves += 1;
        let rec: Value = serde_json::from_str(&t).unwrap();
        if rec["report"]["error"]["kind"] == "illegal" {
            illegal += 1;
            let page = get(&base, &format!("/t/{swiss}/games/{}", g["id"])).1;
            assert!(page.contains("Nf3 (illegal)"), "{page}");
        }
    }
    assert!(with_moves >= 4, "{with_moves} games with moves");
    assert_eq!(illegal, 1);

    // The Chess960 Swiss: a position every round, per board in the last.
    let c960 = id_of(app::demo::CHESS960_NAME);
    for n in 1..=3 {
        let r = json(&base, &format!("/api/v1/tournaments/{c960}/rounds/{n}"));
        let c = &r["chess960"];
        if n < 3 {
            assert!(c["position"]["number"].is_i64(), "{r}");
            let page = get(&base, &format!("/t/{c960}/rounds/{n}")).1;
            assert!(page.contains(c["position"]["xfen"].as_str().unwrap()));
        } else {
            assert_eq!(c["per_board"], true, "{r}");
            assert_eq!(c["boards"].as_array().unwrap().len(), 4);
        }
    }
    let pgn = get(&base, &format!("/api/v1/tournaments/{c960}/tournament.pgn")).1;
    let games = rules::pgn::read_games(&pgn);
    assert_eq!(games.len(), 12);
    for g in games {
        let g = g.unwrap();
        assert_eq!(g.tag("Variant"), Some("Chess960"));
        let r = rules::pgn::replay(&g, rules::san::LetterSet::ENGLISH).unwrap();
        assert!(r.error.is_none() && r.moves.len() >= 10, "{:?}", g.tags);
    }
    drop(demo);
}
