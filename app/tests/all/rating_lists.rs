//! Rating lists (`app/src/domain/rating_list/`), on SQLite and PostgreSQL:
//! the FIDE XML and TXT layouts and a national CSV imported over the API (and
//! the CLI), a newer list replacing the older, search by id and by folded name
//! prefix, errors with their line and byte leaving the database as it was,
//! registration filled from the list for the event's time control, and
//! re-rating before round 1 (preview, apply, 409 once paired).

use crate::common;

use app::ratinggen;
use common::build::EventBuilder;
use common::{backends, on_each_backend, Client, TestApp};
use serde_json::{json, Value};

fn upload(c: &Client, query: &str, body: &str) -> (u16, Value) {
    let a = c.raw(
        reqwest::Method::POST,
        &format!("/api/v1/rating-lists?{query}"),
        "application/octet-stream",
        body,
    );
    (a.0.as_u16(), a.1)
}

/// `files` in a zip archive, deflated as FIDE's downloads are.
fn zipped(files: &[(&str, &str)]) -> Vec<u8> {
    use std::io::Write;
    let mut out = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in files {
        z.start_file(*name, options).unwrap();
        z.write_all(text.as_bytes()).unwrap();
    }
    z.finish().unwrap();
    out.into_inner()
}

fn upload_zip(c: &Client, query: &str, body: Vec<u8>) -> (u16, Value) {
    let a = c.raw_bytes(
        reqwest::Method::POST,
        &format!("/api/v1/rating-lists?{query}"),
        "application/octet-stream",
        body,
    );
    (a.0.as_u16(), a.1)
}

fn generated(format: &str, n: u64) -> String {
    let mut out = Vec::new();
    match format {
        "xml" => ratinggen::write_xml(&mut out, n).unwrap(),
        _ => ratinggen::write_txt(&mut out, n).unwrap(),
    }
    String::from_utf8(out).unwrap()
}

fn search(c: &Client, q: &str) -> Vec<Value> {
    let q: String = url_encode(q);
    let a = c.get(&format!("/api/v1/rating-lists/search?q={q}&limit=50"));
    assert_eq!(a.0.as_u16(), 200, "search {q}: {}", a.1);
    a.1.as_array().unwrap().clone()
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn names(v: &[Value]) -> Vec<String> {
    v.iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

/// The generated XML and TXT lists of the same 300 players read the same,
/// the TXT replacing the XML (one FIDE list), with the date given.
fn fide_layouts(app: &TestApp, admin: &Client) {
    let label = app.label();
    let (s, v) = upload(admin, "format=xml&date=2026-10-01", &generated("xml", 300));
    assert_eq!(s, 201, "[{label}] xml: {v}");
    assert_eq!(v["players"], 300);
    assert_eq!(v["source"], "fide");
    assert_eq!(v["list_date"], "2026-10-01");
    let from_xml = search(admin, &ratinggen::fide_id(123).to_string());
    assert_eq!(from_xml.len(), 1, "[{label}] {from_xml:?}");
    let p = ratinggen::player(123);
    assert_eq!(from_xml[0]["name"], p.name.as_str());
    assert_eq!(from_xml[0]["standard"], json!(p.standard));
    assert_eq!(from_xml[0]["rapid"], json!(p.rapid));
    assert_eq!(from_xml[0]["birth_year"], json!(p.birth_year));
    assert_eq!(from_xml[0]["list_date"], "2026-10-01");

    // The TXT layout, format recognised from the header line.
    let (s, v) = upload(admin, "date=2026-11-01", &generated("txt", 300));
    assert_eq!(s, 201, "[{label}] txt: {v}");
    assert_eq!(v["players"], 300);
    let lists = admin.get("/api/v1/rating-lists").1;
    assert_eq!(
        lists.as_array().unwrap().len(),
        1,
        "[{label}] the TXT list replaced the XML one: {lists}"
    );
    assert_eq!(lists[0]["list_date"], "2026-11-01");
    for i in [0u64, 123, 299] {
        let a = search(admin, &ratinggen::fide_id(i).to_string());
        let mut b = a[0].clone();
        let mut x = if i == 123 {
            from_xml[0].clone()
        } else {
            b.clone()
        };
        for v in [&mut b, &mut x] {
            v["list_id"] = json!(0);
            v["list_date"] = json!("");
        }
        assert_eq!(b, x, "[{label}] player {i} reads the same from TXT and XML");
        let p = ratinggen::player(i);
        assert_eq!(a[0]["name"], p.name.as_str(), "[{label}]");
        assert_eq!(a[0]["blitz"], json!(p.blitz), "[{label}]");
        assert_eq!(a[0]["k_standard"], json!(p.k_standard), "[{label}]");
        assert_eq!(a[0]["flags"], p.flags.as_str(), "[{label}]");
    }
}

const NATIONAL: &str = "nr;nazwisko i imię;fed;ranking;rok\n\
    PL-1;Kowalski, Jan;POL;1850;1980\n\
    PL-2;Kowalská, Jana;CZE;1700;1990\n\
    PL-3;\"Kowalski, Józef\";POL;1600;2001\n\
    PL-4;Nowak, Jan;POL;;2010\n\
    55;Łęcki, Żaneta;POL;1500;2012\n";

/// A national list from CSV and the search semantics: numeric → id; else a
/// prefix of the folded name, so case, commas and diacritics do not matter.
fn national_and_search(app: &TestApp, admin: &Client) {
    let label = app.label();
    let (s, v) = upload(
        admin,
        "format=csv&date=2026-11-15&map=id%3D1%2Cname%3D2%2Cfed%3D3%2Crating%3D4%2Cbirth%3D5%2Csep%3D%3B",
        NATIONAL,
    );
    assert_eq!(s, 201, "[{label}] csv: {v}");
    assert_eq!(v["source"], "national");
    assert_eq!(v["players"], 5);
    assert_eq!(
        admin
            .get("/api/v1/rating-lists")
            .1
            .as_array()
            .unwrap()
            .len(),
        2,
        "[{label}] the FIDE and the national list"
    );
    let only_national = |q: &str| -> Vec<String> {
        let mut v: Vec<String> = names(
            &search(admin, q)
                .into_iter()
                .filter(|p| p["source"] == "national")
                .collect::<Vec<_>>(),
        );
        v.sort();
        v
    };
    let jan_jozef = vec!["Kowalski, Jan".to_string(), "Kowalski, Józef".to_string()];
    for q in [
        "Kowalski, J",
        "kowalski j",
        "KOWALSKI J",
        "kowalski,j",
        "Kowalski",
    ] {
        assert_eq!(only_national(q), jan_jozef, "[{label}] {q}");
    }
    assert_eq!(only_national("kowalski jozef"), vec!["Kowalski, Józef"]);
    assert_eq!(only_national("Kowalski, Józ"), vec!["Kowalski, Józef"]);
    assert_eq!(
        only_national("kowalsk"),
        vec!["Kowalski, Jan", "Kowalski, Józef", "Kowalská, Jana"],
        "[{label}]"
    );
    assert_eq!(only_national("kowalska"), vec!["Kowalská, Jana"]);
    assert_eq!(only_national("lecki zan"), vec!["Łęcki, Żaneta"]);
    assert!(
        only_national("owalski").is_empty(),
        "a prefix, not a substring"
    );
    let by_id = search(admin, "55");
    assert_eq!(
        names(&by_id),
        vec!["Łęcki, Żaneta"],
        "[{label}] national id"
    );
    assert_eq!(by_id[0]["standard"], 1500);
    let a = admin.get("/api/v1/rating-lists/search?q=%2C%20");
    assert_eq!(
        a.0.as_u16(),
        200,
        "[{label}] no letter finds no one: {}",
        a.1
    );
    assert_eq!(
        a.1,
        serde_json::json!([]),
        "[{label}] no letter finds no one"
    );
    let a = admin.get("/api/v1/rating-lists/search?q=");
    assert_eq!(a.0.as_u16(), 422, "[{label}] nothing to search: {}", a.1);
    // Reading is public.
    assert_eq!(
        Client::new(&app.base)
            .get("/api/v1/rating-lists/search?q=kowalski")
            .0
            .as_u16(),
        200
    );
}

/// A broken file: 422 naming the line and byte; the lists and the audit log
/// as they were.
fn errors_leave_everything(app: &TestApp, admin: &Client) {
    let label = app.label();
    let lists = admin.get("/api/v1/rating-lists").1;
    let audit = app.audit_count();
    let mut xml = generated("xml", 50);
    // Player 40's rating becomes "2x00".
    let at = xml
        .match_indices("<rating>")
        .nth(40)
        .map(|(i, _)| i + "<rating>".len())
        .unwrap();
    xml.replace_range(at..at + 1, "x");
    let line = xml[..at].matches('\n').count() + 1;
    let (s, v) = upload(admin, "format=xml", &xml);
    assert_eq!(s, 422, "[{label}] {v}");
    assert_eq!(v["field"], "file");
    let msg = v["error"].as_str().unwrap();
    assert!(
        msg.contains(&format!("line {line}, byte {at}")),
        "[{label}] where: {msg}"
    );
    let mut txt = generated("txt", 20);
    let third = txt.match_indices('\n').nth(2).unwrap().0 + 1;
    txt.replace_range(third..third + 3, "1A0");
    let (s, v) = upload(admin, "format=txt", &txt);
    assert_eq!(s, 422, "[{label}] {v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains(&format!("line 4, byte {third}")),
        "[{label}] {v}"
    );
    let (s, v) = upload(admin, "format=csv&map=id%3D1", NATIONAL);
    assert_eq!(
        (s, v["field"].as_str()),
        (422, Some("map")),
        "[{label}] {v}"
    );
    let (s, v) = upload(admin, "format=xml&date=2026-13-01", &generated("xml", 3));
    assert_eq!(
        (s, v["field"].as_str()),
        (422, Some("date")),
        "[{label}] {v}"
    );
    assert_eq!(admin.get("/api/v1/rating-lists").1, lists, "[{label}]");
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    // A user who organizes nothing may not import.
    let stranger = app.user("nobody");
    let (s, _) = upload(&stranger, "format=xml", &generated("xml", 3));
    assert_eq!(s, 403, "[{label}]");
}

/// Registration from the list and re-rating from a newer one.
fn registration_and_rerate(app: &TestApp, admin: &Client) {
    let label = app.label();
    let org = app.user("organizer");
    // Standard (the default 90+30) and rapid (15+10) events.
    let std_t = org.create_tournament(json!({"name": "Classic", "rounds": 5}));
    let rapid_t = org.create_tournament(json!({"name": "Rapid", "rounds": 5,
                   "time_control": {"periods": [{"minutes": 15}], "increment_seconds": 10}}));
    // A generated player with a standard and a rapid rating.
    let i = (0..300)
        .find(|&i| {
            let p = ratinggen::player(i);
            p.standard.is_some() && p.rapid.is_some() && p.standard != p.rapid
        })
        .unwrap();
    let p = ratinggen::player(i);
    let fid = ratinggen::fide_id(i);
    let reg = |tid: i64| org.add_player(tid, json!({"fide_id": fid, "from_rating_list": true}));
    let a = reg(std_t);
    assert_eq!(a["name"], p.name.as_str(), "[{label}] {a}");
    assert_eq!(a["rating"], json!(p.standard), "[{label}] standard");
    assert_eq!(a["federation"], p.federation.as_str());
    assert_eq!(a["sex"], p.sex.as_str());
    assert_eq!(a["birth_date"], p.birth_year.unwrap().to_string());
    assert_eq!(a["k_factor"], json!(p.k_standard.unwrap()));
    let b = reg(rapid_t);
    assert_eq!(b["rating"], json!(p.rapid), "[{label}] rapid");
    let (s, v) = org.post(
        &format!("/api/v1/tournaments/{std_t}/players"),
        json!({"fide_id": 99_999_999, "from_rating_list": true}),
    );
    assert_eq!(
        (s.as_u16(), v["field"].as_str()),
        (422, Some("fide_id")),
        "{v}"
    );

    // Two more players registered by hand with stale data.
    let others: Vec<u64> = (0..300)
        .filter(|&j| j != i && ratinggen::player(j).standard.is_some())
        .take(2)
        .collect();
    for &j in &others {
        org.add_player(
            std_t,
            json!({"name": ratinggen::player(j).name, "fide_id": ratinggen::fide_id(j),
                       "rating": 1111, "federation": "ENG", "k_factor": 40}),
        );
    }
    org.add_player(std_t, json!({"name": "Unlisted, Player", "rating": 1500}));
    let audit = app.audit_count();
    let players_before = org.get(&format!("/api/v1/tournaments/{std_t}/players")).1;
    let preview = org.ok(
        org.post(
            &format!("/api/v1/tournaments/{std_t}/rerate"),
            json!({"preview": true}),
        ),
        200,
        "preview",
    );
    assert_eq!(preview["applied"], false);
    assert_eq!(preview["rating"], "standard");
    let changes = preview["changes"].as_array().unwrap();
    assert_eq!(
        changes.len(),
        2,
        "[{label}] the two stale players: {preview}"
    );
    let q = ratinggen::player(others[0]);
    assert_eq!(changes[0]["old_rating"], 1111);
    assert_eq!(changes[0]["new_rating"], json!(q.standard));
    assert_eq!(changes[0]["old_federation"], "ENG");
    assert_eq!(changes[0]["new_federation"], q.federation.as_str());
    assert_eq!(
        app.audit_count(),
        audit,
        "[{label}] a preview writes nothing"
    );
    assert_eq!(
        org.get(&format!("/api/v1/tournaments/{std_t}/players")).1,
        players_before
    );
    let applied = org.ok(
        org.post(&format!("/api/v1/tournaments/{std_t}/rerate"), json!({})),
        200,
        "apply",
    );
    assert_eq!(applied["applied"], true);
    assert_eq!(applied["changes"], preview["changes"]);
    assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
    let list = org.get(&format!("/api/v1/tournaments/{std_t}/players")).1;
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["fide_id"] == ratinggen::fide_id(others[0]))
        .unwrap();
    assert_eq!(row["rating"], json!(q.standard), "[{label}] applied");
    assert_eq!(row["version"], 2);
    let again = org.ok(
        org.post(
            &format!("/api/v1/tournaments/{std_t}/rerate"),
            json!({"preview": true}),
        ),
        200,
        "nothing left",
    );
    assert!(again["changes"].as_array().unwrap().is_empty(), "{again}");
    let page =
        |tid: i64| String::from_utf8(org.bytes(&format!("/t/{tid}/manage/players")).2).unwrap();
    let before_pairing = page(std_t);
    assert!(
        before_pairing.contains("id=\"rl-q\""),
        "[{label}] the search box"
    );
    assert!(
        before_pairing.contains("id=\"rerate-preview\""),
        "[{label}] the re-rate button"
    );
    // Once round 1 is paired: 409, and no button.
    org.pair_round(std_t);
    let (s, v) = org.post(&format!("/api/v1/tournaments/{std_t}/rerate"), json!({}));
    assert_eq!(s.as_u16(), 409, "[{label}] {v}");
    assert!(!page(std_t).contains("rerate-preview"), "[{label}]");
    let _ = admin;
}

#[test]
fn rating_lists_on_both_backends() {
    on_each_backend(|app, _| {
        let admin = app.user("admin");
        fide_layouts(app, &admin);
        national_and_search(app, &admin);
        errors_leave_everything(app, &admin);
        registration_and_rerate(app, &admin);
        replaced_only_by_list_managers(app, &admin);
        zipped_lists(app, &admin);
        lists_longer_than_a_batch(app, &admin);
    });
}

/// Lists of several batches (the import reads on one thread and stores
/// 10,000 rows at a time on the other): a problem near the end still leaves
/// everything as it was, though the batches before it were stored in the
/// transaction; a good list stores every player, and the prefix search
/// answers in the order of the folded names.
fn lists_longer_than_a_batch(app: &TestApp, admin: &Client) {
    let label = app.label();
    let n = 25_000u64;
    let lists = admin.get("/api/v1/rating-lists").1;
    let audit = app.audit_count();
    let mut xml = generated("xml", n);
    // The rating of the first rated player from the 23,000th on becomes "x…".
    let at = xml
        .match_indices("<rating>")
        .skip(23_000)
        .map(|(i, _)| i + "<rating>".len())
        .find(|&i| xml.as_bytes()[i].is_ascii_digit())
        .unwrap();
    xml.replace_range(at..at + 1, "x");
    let line = xml[..at].matches('\n').count() + 1;
    let (s, v) = upload(admin, "format=xml", &xml);
    assert_eq!(s, 422, "[{label}] {v}");
    let msg = v["error"].as_str().unwrap();
    assert!(
        msg.contains(&format!("line {line}, byte {at}")),
        "[{label}] where: {msg}"
    );
    assert_eq!(admin.get("/api/v1/rating-lists").1, lists, "[{label}]");
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    assert!(
        search(admin, &ratinggen::fide_id(22_000).to_string()).is_empty(),
        "[{label}] no player of the refused list"
    );

    let (s, v) = upload(admin, "format=txt&date=2026-12-01", &generated("txt", n));
    assert_eq!(s, 201, "[{label}] {v}");
    assert_eq!(v["players"], n);
    for i in [0, 9_999, 10_000, 24_999] {
        let found = search(admin, &ratinggen::fide_id(i).to_string());
        assert_eq!(found.len(), 1, "[{label}] player {i}: {found:?}");
        assert_eq!(found[0]["name"], ratinggen::player(i).name.as_str());
        assert_eq!(found[0]["list_date"], "2026-12-01");
    }
    let found = search(admin, "kow");
    assert_eq!(found.len(), 50, "[{label}] {found:?}");
    let keys: Vec<String> = names(&found)
        .iter()
        .map(|n| app::domain::fold::fold(n))
        .collect();
    assert!(
        keys.windows(2).all(|w| w[0] <= w[1]) && keys.iter().all(|k| k.starts_with("kow")),
        "[{label}] {keys:?}"
    );
}

/// FIDE publishes its lists zipped: an upload of the zip reads as the file in
/// it, and a damaged or empty archive is refused at the file, nothing changed.
fn zipped_lists(app: &TestApp, admin: &Client) {
    let label = app.label();
    let (s, v) = upload(admin, "date=2026-11-30", &generated("txt", 300));
    assert_eq!(s, 201, "[{label}] txt: {v}");
    // Zipped as FIDE publishes it: the archive's largest file is the list
    // (a read-me beside it is left alone), the layout recognised inside.
    let txt = generated("txt", 300);
    let before = search(admin, &ratinggen::fide_id(123).to_string());
    let (s, v) = upload_zip(
        admin,
        "date=2026-12-01",
        zipped(&[
            ("readme.txt", "FIDE rating list"),
            ("standard_dec26frl.txt", &txt),
        ]),
    );
    assert_eq!(s, 201, "[{label}] zipped txt: {v}");
    assert_eq!(v["players"], 300);
    let mut after = search(admin, &ratinggen::fide_id(123).to_string());
    assert_eq!(after[0]["list_date"], "2026-12-01");
    after[0]["list_id"] = before[0]["list_id"].clone();
    after[0]["list_date"] = before[0]["list_date"].clone();
    assert_eq!(
        after, before,
        "[{label}] the same player from the zipped list"
    );
    let (s, v) = upload_zip(
        admin,
        "date=2026-12-02",
        zipped(&[("players_list_xml.xml", &generated("xml", 50))]),
    );
    assert_eq!(
        (s, &v["players"]),
        (201, &json!(50)),
        "[{label}] zipped xml: {v}"
    );
    // A broken or empty archive is refused at the file, the list kept.
    let lists = admin.get("/api/v1/rating-lists").1;
    let mut broken = zipped(&[("a.txt", &txt)]);
    broken.truncate(200);
    for (what, body) in [("broken", broken), ("empty", zipped(&[]))] {
        let (s, v) = upload_zip(admin, "date=2026-12-03", body);
        assert_eq!(s, 422, "[{label}] {what} zip: {v}");
        assert_eq!(v["field"], "file", "[{label}] {what} zip: {v}");
        assert_eq!(
            admin.get("/api/v1/rating-lists").1,
            lists,
            "[{label}] {what}"
        );
    }
}

/// Issue 41: the server-wide lists are replaced only by an administrator or
/// a list manager the administrator named (organizing a tournament, which
/// anyone may do, is not enough); every replacement is audited and can be
/// rolled back to the list it replaced.
fn replaced_only_by_list_managers(app: &TestApp, admin: &Client) {
    let label = app.label();
    let org = app.user("organizer");
    // An organizer (of a tournament of his own).
    EventBuilder::swiss(&org).named("Mine").rounds(5).build();
    let fide = |c: &Client| -> Value {
        c.get("/api/v1/rating-lists")
            .1
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["source"] == "fide")
            .cloned()
            .unwrap()
    };
    let lists = admin.get("/api/v1/rating-lists").1;
    let in_use = fide(admin);
    let audit = app.audit_count();
    let (s, v) = upload(&org, "format=xml&date=2026-12-01", &generated("xml", 5));
    assert_eq!(
        s, 403,
        "[{label}] an organizer replaces the server's list: {v}"
    );
    let (s, _) = org.post(
        "/api/v1/rating-lists/managers",
        json!({"username": "organizer", "list_manager": true}),
    );
    assert_eq!(s.as_u16(), 403, "[{label}] only an administrator grants");
    let (s, _) = org.post("/api/v1/rating-lists/rollback", json!({"source": "fide"}));
    assert_eq!(s.as_u16(), 403, "[{label}] nor rolls back");
    // The role before the body: a body the server could not read is still a 403.
    for path in [
        "/api/v1/rating-lists/rollback",
        "/api/v1/rating-lists/managers",
    ] {
        let (s, v) = org.post(path, json!({"source": "nonsense", "username": 7}));
        assert_eq!(
            s.as_u16(),
            403,
            "[{label}] {path}: the role before the body: {v}"
        );
    }
    assert_eq!(admin.get("/api/v1/rating-lists").1, lists, "[{label}]");
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

    // The administrator makes the organizer a list manager.
    let g = admin.ok(
        admin.post(
            "/api/v1/rating-lists/managers",
            json!({"username": "organizer", "list_manager": true}),
        ),
        200,
        "grant",
    );
    assert_eq!(g["list_manager"], true);
    let (s, v) = upload(&org, "format=xml&date=2026-12-01", &generated("xml", 5));
    assert_eq!(s, 201, "[{label}] a list manager imports: {v}");
    assert_eq!(
        app.audit_count(),
        audit + 2,
        "[{label}] grant and import audited"
    );
    assert_eq!(fide(admin)["players"], 5);
    // A player only the replaced list holds is no longer found …
    let old_only = ratinggen::fide_id(200).to_string();
    assert!(
        search(admin, &old_only).is_empty(),
        "[{label}] the new list only"
    );
    // … until the replacement is rolled back; the replaced list is kept.
    let back = org.ok(
        org.post("/api/v1/rating-lists/rollback", json!({"source": "fide"})),
        200,
        "rollback",
    );
    assert_eq!(back, in_use, "[{label}] the list before is in use again");
    assert_eq!(fide(admin), in_use);
    assert_eq!(search(admin, &old_only).len(), 1, "[{label}] found once");
    assert_eq!(
        app.audit_count(),
        audit + 3,
        "[{label}] the rollback audited"
    );
    // A second rollback undoes the first.
    let again = org.ok(
        org.post("/api/v1/rating-lists/rollback", json!({"source": "fide"})),
        200,
        "undo the rollback",
    );
    assert_eq!(again["players"], 5, "[{label}] {again}");
    assert!(search(admin, &old_only).is_empty());
    // Taken back: refused again.
    admin.ok(
        admin.post(
            "/api/v1/rating-lists/managers",
            json!({"username": "organizer", "list_manager": false}),
        ),
        200,
        "revoke",
    );
    let (s, _) = upload(&org, "format=xml", &generated("xml", 3));
    assert_eq!(s, 403, "[{label}] revoked");
    // The administrator always may; with no earlier list kept, a rollback is a 409.
    let (s, v) = admin.post(
        "/api/v1/rating-lists/rollback",
        json!({"source": "national"}),
    );
    assert!(matches!(s.as_u16(), 200 | 409), "[{label}] {v}");
}

/// `arbiter ratings import` reads a generated file into the database.
#[test]
fn cli_imports_a_list() {
    for backend in backends() {
        let testdb = common::TestDb::new(backend);
        let file = testdb.dir().join("list.txt");
        let mut out = std::fs::File::create(&file).unwrap();
        ratinggen::write_txt(&mut out, 1000).unwrap();
        drop(out);
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["ratings", "import"])
            .arg(&file)
            .args(["--date", "2026-11-01", "--database", &testdb.url])
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "{stdout} {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(stdout.contains("1000 players"), "{stdout}");
        let db = app::db::Database::open(&testdb.url, 2).unwrap();
        let found = db
            .read(|c| app::domain::rating_list::search(c, &ratinggen::fide_id(999).to_string(), 5))
            .unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, ratinggen::player(999).name);
        assert_eq!(found[0].list_date, "2026-11-01");
    }
}

/// A FIDE XML list of one player: `fid` listed as `name`, rated `rating`
/// (standard, K 20).
fn one_player_xml(fid: i64, name: &str, rating: i32) -> String {
    format!(
        "<playerslist><player><fideid>{fid}</fideid><name>{name}</name><country>POL</country>\
         <sex>M</sex><title></title><rating>{rating}</rating><k>20</k><birthday>1999</birthday>\
         <flag></flag></player></playerslist>"
    )
}

fn own_upload(c: &Client, tid: i64, query: &str, body: &str) -> (u16, Value) {
    let a = c.raw(
        reqwest::Method::POST,
        &format!("/api/v1/tournaments/{tid}/rating-lists?{query}"),
        "application/octet-stream",
        body,
    );
    (a.0.as_u16(), a.1)
}

fn search_in(c: &Client, tid: i64, q: &str) -> Vec<Value> {
    let a = c.get(&format!(
        "/api/v1/rating-lists/search?q={}&tid={tid}",
        url_encode(q)
    ));
    assert_eq!(a.0.as_u16(), 200, "search {q} in {tid}: {}", a.1);
    a.1.as_array().unwrap().clone()
}

/// The actions of tournament `tid`'s audit log, newest first.
fn audit_actions(c: &Client, tid: i64) -> Vec<String> {
    let a = c.get(&format!("/api/v1/tournaments/{tid}/audit"));
    assert_eq!(a.0.as_u16(), 200, "{}", a.1);
    a.1.as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_string())
        .collect()
}

/// Issue 41: an organizer loads a rating list for his own tournament only.
/// Its registration, search and re-rating read it instead of the server's;
/// another organizer's tournament does not see it, and he cannot load one
/// into the first (403, nothing stored); a rollback puts the previous own
/// list back; the server-wide list is never touched; each load and rollback
/// is one audit row of the tournament.
#[test]
fn a_tournament_s_own_list_on_both_backends() {
    on_each_backend(|app, label| {
        let admin = app.user("admin");
        let (s, v) = upload(&admin, "format=xml&date=2026-10-01", &generated("xml", 300));
        assert_eq!(s, 201, "[{label}] the server's list: {v}");
        let server_lists = admin.get("/api/v1/rating-lists").1;
        let org = app.user("organizer");
        let other = app.user("other");
        let mine = EventBuilder::swiss(&org)
            .named("Mine")
            .rounds(5)
            .build()
            .tid
            .get() as i64;
        let theirs = EventBuilder::swiss(&other)
            .named("Theirs")
            .rounds(5)
            .build()
            .tid
            .get() as i64;
        let i = (0..300)
            .find(|&i| ratinggen::player(i).standard.is_some())
            .unwrap();
        let (fid, p) = (ratinggen::fide_id(i), ratinggen::player(i));

        // The organizer loads a list for his tournament.
        let audit = app.audit_count();
        let (s, v) = own_upload(
            &org,
            mine,
            "format=xml&date=2026-11-20&name=Own%201",
            &one_player_xml(fid, "Own, First", 2345),
        );
        assert_eq!(s, 201, "[{label}] {v}");
        assert_eq!(
            (v["tournament_id"].as_i64(), v["players"].as_i64()),
            (Some(mine), Some(1)),
            "[{label}] {v}"
        );
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        assert_eq!(audit_actions(&org, mine)[0], "rating_list.import");
        let lists = org.ok(
            org.get(&format!("/api/v1/tournaments/{mine}/rating-lists")),
            200,
            "own lists",
        );
        assert_eq!(
            lists["own"].as_array().unwrap().len(),
            1,
            "[{label}] {lists}"
        );
        assert_eq!(lists["in_use"][0]["name"], "Own 1", "[{label}] {lists}");

        // The other organizer: no upload into the first tournament, no look.
        let audit = app.audit_count();
        let (s, v) = own_upload(
            &other,
            mine,
            "format=xml&date=2026-11-21",
            &one_player_xml(fid, "Planted, Fake", 2850),
        );
        assert_eq!(s, 403, "[{label}] another organizer: {v}");
        let (s, _) = own_upload(
            &app.client(),
            mine,
            "format=xml",
            &one_player_xml(fid, "X, Y", 2000),
        );
        assert_eq!(s, 401, "[{label}] anonymous");
        let (s, _) = other.post(
            &format!("/api/v1/tournaments/{mine}/rating-lists/rollback"),
            json!({"source": "fide"}),
        );
        assert_eq!(s.as_u16(), 403, "[{label}] nor rolls back");
        let (s, _) = other.post(
            &format!("/api/v1/tournaments/{mine}/rating-lists/rollback"),
            json!({"source": "nonsense"}),
        );
        assert_eq!(s.as_u16(), 403, "[{label}] the role before the body");
        assert_eq!(
            other
                .get(&format!("/api/v1/tournaments/{mine}/rating-lists"))
                .0
                .as_u16(),
            403,
            "[{label}] nor reads"
        );
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        assert_eq!(
            org.get(&format!("/api/v1/tournaments/{mine}/rating-lists"))
                .1,
            lists,
            "[{label}] nothing stored"
        );
        assert!(search_in(&org, mine, "planted").is_empty(), "[{label}]");

        // His own tournament reads the server's list.
        let theirs_lists = other.ok(
            other.get(&format!("/api/v1/tournaments/{theirs}/rating-lists")),
            200,
            "their lists",
        );
        assert!(theirs_lists["own"].as_array().unwrap().is_empty());
        assert_eq!(theirs_lists["in_use"], server_lists, "[{label}]");
        let found = search_in(&other, theirs, &fid.to_string());
        assert_eq!(names(&found), vec![p.name.clone()], "[{label}]");
        let reg = |c: &Client, tid: i64| {
            c.add_player(tid, json!({"fide_id": fid, "from_rating_list": true}))
        };
        let r = reg(&other, theirs);
        assert_eq!(
            (r["name"].as_str(), r["rating"].as_i64()),
            (Some(p.name.as_str()), p.standard.map(i64::from)),
            "[{label}] the server's data: {r}"
        );
        // The first tournament registers from its own list.
        let found = search_in(&org, mine, &fid.to_string());
        assert_eq!(names(&found), vec!["Own, First"], "[{label}] {found:?}");
        let r = reg(&org, mine);
        assert_eq!(
            (r["name"].as_str(), r["rating"].as_i64()),
            (Some("Own, First"), Some(2345)),
            "[{label}] the own list's data: {r}"
        );

        // A second own list; the re-rating reads it.
        let (s, v) = own_upload(
            &org,
            mine,
            "format=xml&date=2026-11-25&name=Own%202",
            &one_player_xml(fid, "Own, Second", 2400),
        );
        assert_eq!(s, 201, "[{label}] {v}");
        let preview = org.ok(
            org.post(
                &format!("/api/v1/tournaments/{mine}/rerate"),
                json!({"preview": true}),
            ),
            200,
            "preview",
        );
        assert_eq!(preview["list"]["name"], "Own 2", "[{label}] {preview}");
        assert_eq!(
            preview["changes"][0]["new_rating"], 2400,
            "[{label}] {preview}"
        );

        // Rolled back: the first own list again.
        let audit = app.audit_count();
        let back = org.ok(
            org.post(
                &format!("/api/v1/tournaments/{mine}/rating-lists/rollback"),
                json!({"source": "fide"}),
            ),
            200,
            "rollback",
        );
        assert_eq!(back["own"][0]["name"], "Own 1", "[{label}] {back}");
        assert_eq!(back["kept"][0]["name"], "Own 2", "[{label}] {back}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        assert_eq!(audit_actions(&org, mine)[0], "rating_list.rollback");
        assert_eq!(
            names(&search_in(&org, mine, &fid.to_string())),
            vec!["Own, First"],
            "[{label}]"
        );
        let preview = org.ok(
            org.post(
                &format!("/api/v1/tournaments/{mine}/rerate"),
                json!({"preview": true}),
            ),
            200,
            "preview after the rollback",
        );
        assert!(
            preview["changes"].as_array().unwrap().is_empty(),
            "[{label}] {preview}"
        );
        // A tournament without a list of its own has nothing to roll back.
        let (s, v) = other.post(
            &format!("/api/v1/tournaments/{theirs}/rating-lists/rollback"),
            json!({"source": "fide"}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] {v}");

        // The server-wide list was never touched.
        assert_eq!(
            admin.get("/api/v1/rating-lists").1,
            server_lists,
            "[{label}]"
        );
        assert_eq!(
            names(&search(&admin, &fid.to_string())),
            vec![p.name.clone()],
            "[{label}] the server's search"
        );

        // The staff page: the organizer loads and rolls back; the other is refused.
        let page = app.form_user("organizer");
        let screen = page.get(&format!("/t/{mine}/manage/rating-lists"));
        assert_eq!(screen.0, 200, "[{label}]");
        assert!(
            screen.1.contains("id=\"nav-own-lists\"")
                && screen.1.contains("id=\"rl-upload\"")
                && screen.1.contains("Own 1"),
            "[{label}] {}",
            screen.1
        );
        let csrf = page.csrf(&format!("/t/{mine}/manage/rating-lists"));
        let xml = one_player_xml(fid, "Own, Third", 2410);
        let (s, location, body) = page.post_file(
            &format!("/t/{mine}/manage/rating-lists/upload?csrf={csrf}"),
            &[("format", "xml"), ("name", "Own 3"), ("date", "2026-11-26")],
            ("file", "own.xml", xml.as_bytes()),
        );
        assert_eq!(s, 303, "[{label}] {body}");
        assert!(location.contains("done="), "[{label}] {location}");
        assert_eq!(
            names(&search_in(&org, mine, &fid.to_string())),
            vec!["Own, Third"],
            "[{label}] loaded from the page"
        );
        let (s, _, _) = page.post(
            &format!("/t/{mine}/manage/rating-lists/rollback"),
            &[("csrf", &csrf), ("source", "fide"), ("confirm", "1")],
        );
        assert_eq!(s, 303, "[{label}] rolled back from the page");
        assert_eq!(
            names(&search_in(&org, mine, &fid.to_string())),
            vec!["Own, First"],
            "[{label}]"
        );
        let outsider = app.form_user("other");
        assert_eq!(
            outsider.get(&format!("/t/{mine}/manage/rating-lists")).0,
            403,
            "[{label}] another organizer's tournament"
        );
        let ocsrf = outsider.csrf(&format!("/t/{theirs}/manage/rating-lists"));
        let audit = app.audit_count();
        let (s, _, _) = outsider.post_file(
            &format!("/t/{mine}/manage/rating-lists/upload?csrf={ocsrf}"),
            &[("format", "xml")],
            (
                "file",
                "planted.xml",
                one_player_xml(fid, "Planted, Fake", 2850).as_bytes(),
            ),
        );
        assert_eq!(s, 403, "[{label}] the page refuses him too");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        assert_eq!(
            admin.get("/api/v1/rating-lists").1,
            server_lists,
            "[{label}]"
        );
    });
}
