//! Prizes (`app/src/domain/prizes.rs`) through the API, the page and the PDF,
//! on SQLite and PostgreSQL: the table is set by staff (versioned, validated,
//! audited); the list is computed from the standings, shown to the public only
//! once the last round is complete. The sharing rules themselves are tested,
//! with worked examples, in the module's unit tests.

use crate::common;
use crate::exports_pdf::read_pdf;

use common::build::EventBuilder;
use common::{on_each_backend, Client, TestApp};
use serde_json::{json, Value};

const NAMES: [&str; 6] = [
    "Żółć, Łukasz",
    "Čermák, Jiří",
    "Nowak, Anna",
    "Kowalski, Jan",
    "Wiśniewska, Ola",
    "Dvořák, Petr",
];

fn scenario(app: &TestApp) {
    let label = app.label();
    let org = app.user("organiser");
    let public = Client::new(&app.base);
    let event = NAMES.iter().enumerate().fold(
        EventBuilder::swiss(&org).named("Prize Open").rounds(1),
        |e, (i, name)| {
            e.player(json!({"name": name, "rating": 2200 - 50 * i as i64,
                            "sex": if i % 2 == 0 { "m" } else { "f" }}))
        },
    );
    let tid = event.build().tid;
    let path = format!("/api/v1/tournaments/{tid}/prizes");
    let audit = app.audit_count();
    // Prizes must not increase: 422 naming the field, nothing written.
    let (s, v) = org.put(
        &path,
        json!({"table": {"categories": [{"name": "Overall", "prizes": [100, 200]}]}, "version": 0}),
    );
    assert_eq!(s.as_u16(), 422, "[{label}] {v}");
    assert_eq!(v["field"], "table.categories[0].prizes");
    assert_eq!(app.audit_count(), audit);
    let table = json!({
        "categories": [
            {"name": "Overall", "prizes": [30000, 20000, 10000]},
            {"name": "Women", "rules": [{"type": "women"}], "prizes": [5000]},
            {"name": "Best of XYZ", "rules": [{"type": "federation", "code": "XYZ"}], "prizes": [1000]}
        ],
        "one_prize_per_player": true,
        "split": "equal",
        "currency": "PLN"
    });
    let v = org.ok(
        org.put(&path, json!({"table": table, "version": 0})),
        200,
        "set",
    );
    assert_eq!(v["version"], 1);
    assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
    let (s, v) = org.put(&path, json!({"table": table, "version": 0}));
    assert_eq!(s.as_u16(), 409, "[{label}] stale: {v}");
    let (s, v) = public.put(&path, json!({"table": table, "version": 1}));
    assert_eq!(s.as_u16(), 401, "[{label}] anonymous: {v}");

    org.pair_round(tid);
    org.publish_round(tid, 1);
    // Before the results: the public sees the table, not the list.
    let v = public.get(&path).1;
    assert_eq!(v["is_final"], false, "[{label}] {v}");
    assert!(v["awards"].is_null(), "[{label}] {v}");
    assert_eq!(v["table"]["categories"][0]["prizes"][0], 30000);
    assert!(
        org.get(&path).1["awards"].is_array(),
        "staff see it provisional"
    );
    assert_eq!(public.bytes(&format!("{path}.pdf")).0.as_u16(), 404);
    let page = String::from_utf8(public.bytes(&format!("/t/{tid}/prizes")).2).unwrap();
    assert!(page.contains("id=\"prizes-provisional\""), "[{label}]");
    assert!(!page.contains("Łukasz"), "[{label}] no winners yet");

    // Every game 1-0: three players on 1 point share Overall 300 + 200 + 100
    // equally (200.00 each); the best woman without a prize takes Women.
    let round = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let mut winners = Vec::new();
    for g in round["games"].as_array().unwrap() {
        winners.push(g["white"]["id"].as_i64().unwrap());
        org.set_result(tid, g, "1-0");
    }
    let v = public.get(&path).1;
    assert_eq!(v["is_final"], true, "[{label}] {v}");
    let awards: &Vec<Value> = v["awards"].as_array().unwrap();
    let overall: Vec<&Value> = awards
        .iter()
        .filter(|a| a["category"] == "Overall")
        .collect();
    assert_eq!(overall.len(), 3, "[{label}] {v}");
    for a in &overall {
        assert_eq!(a["amount"], 20000, "[{label}] {a}");
        assert_eq!(a["points"], 1.0);
        assert!(winners.contains(&a["player_id"].as_i64().unwrap()));
        assert_eq!(a["shared_with"].as_array().unwrap().len(), 2);
    }
    let women: Vec<&Value> = awards.iter().filter(|a| a["category"] == "Women").collect();
    assert_eq!(women.len(), 1, "[{label}] {v}");
    assert!(!winners.contains(&women[0]["player_id"].as_i64().unwrap()));
    let page = String::from_utf8(public.bytes(&format!("/t/{tid}/prizes")).2).unwrap();
    assert!(!page.contains("prizes-provisional"), "[{label}]");
    assert!(page.contains("200.00 PLN"), "[{label}] {page}");
    // A category nobody qualifies for says so instead of an empty table.
    assert_eq!(
        page.matches("Nobody qualifies for this category.").count(),
        1,
        "[{label}] {page}"
    );
    let (status, ct, bytes) = public.bytes(&format!("{path}.pdf"));
    assert_eq!((status.as_u16(), ct.as_str()), (200, "application/pdf"));
    if let (_, Some(text)) = read_pdf(&bytes, "prizes.pdf") {
        assert!(text.contains("Prize list"), "{text}");
        assert!(text.contains("200.00 PLN"), "{text}");
        assert!(
            text.contains("Nobody qualifies for this category."),
            "[{label}] {text}"
        );
        let first = overall[0]["name"].as_str().unwrap();
        assert!(text.contains(first), "[{label}] {first} in {text}");
    }
}

#[test]
fn prizes_on_both_backends() {
    on_each_backend(|app, _| {
        scenario(app);
    });
}
