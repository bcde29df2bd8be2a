//! The rating-list import benchmark (issue 21): a generated FIDE list of 1.2
//! million players (`app/src/ratinggen.rs`, in the combined XML and the
//! fixed-width TXT layouts) read alone (no database), then imported into
//! SQLite (a temporary file) and PostgreSQL (a scratch database, created and
//! dropped) three times — into the empty database (XML), replacing that list
//! (TXT; the replaced list is kept for a rollback), and replacing again (XML;
//! the list kept from before is deleted) — then searched by id and by name
//! prefix.
//!
//!     cargo bench -p app --bench rating_list
//!
//! Environment: `RATING_BENCH_PLAYERS` (default 1200000),
//! `ARBITER_TEST_POSTGRES` (default postgres://postgres@127.0.0.1:5432/test;
//! PostgreSQL is skipped when unreachable). Peak memory is the process's
//! VmHWM from /proc/self/status, reset before each import by writing 5 to
//! /proc/self/clear_refs (Linux). Targets: import under 30 s, peak under
//! 500 MB, search under 50 ms.

use app::db::Database;
use app::domain::rating_list::{self, ListFormat};
use app::domain::Actor;
use app::ratinggen;
use diesel::{Connection, RunQueryDsl};
use std::time::{Duration, Instant};

fn vm_hwm_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

fn reset_hwm() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn import(db: &Database, path: &std::path::Path, format: ListFormat, label: &str, n: u64) {
    reset_hwm();
    let started = Instant::now();
    let v = app::web::api::ratings::import_file(
        db,
        &Actor::system(),
        path,
        Some(format),
        None,
        "2026-11-01",
        None,
    )
    .unwrap_or_else(|e| panic!("{label}: {e}"));
    let took = started.elapsed();
    assert_eq!(v.players as u64, n);
    println!(
        "| {label} | {:?} | {:.1} s | {:.0} MB |",
        format,
        took.as_secs_f64(),
        vm_hwm_mb()
    );
}

fn searches(db: &Database, label: &str, n: u64) {
    // Ids spread over the list (and some not in it); name prefixes of 3 to 12
    // characters of listed names, folded or as written.
    let mut seed = 42u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut by_id = Vec::new();
    let mut by_name = Vec::new();
    let mut found = 0usize;
    for k in 0..2000 {
        let i = next() % (n + n / 20);
        let started = Instant::now();
        let v = db
            .read(|c| rating_list::search(c, &ratinggen::fide_id(i).to_string(), 20))
            .unwrap();
        by_id.push(started.elapsed());
        found += v.len();
        let name = ratinggen::player(next() % n).name;
        let cut: String = name.chars().take(3 + (k % 10)).collect();
        let q = if k % 2 == 0 {
            rating_list::fold(&cut)
        } else {
            cut
        };
        let started = Instant::now();
        let v = db.read(|c| rating_list::search(c, &q, 20)).unwrap();
        by_name.push(started.elapsed());
        assert!(!v.is_empty(), "{q} finds its player");
    }
    assert!(found > 1500, "most ids are in the list");
    for (what, mut d) in [("id", by_id), ("name prefix", by_name)] {
        d.sort();
        println!(
            "| {label} | search by {what} ({} queries) | p50 {} | p99 {} | max {} |",
            d.len(),
            ms(percentile(&d, 0.5)),
            ms(percentile(&d, 0.99)),
            ms(*d.last().unwrap())
        );
    }
}

/// The file read and every name folded, nothing stored: what the import
/// costs before the database.
fn read_only(path: &std::path::Path, format: ListFormat, n: u64) {
    let started = Instant::now();
    let file = std::io::BufReader::with_capacity(256 << 10, std::fs::File::open(path).unwrap());
    let mut count = 0u64;
    let mut bytes = 0usize;
    for p in rating_list::reader(format, file, None).unwrap() {
        let p = p.unwrap();
        bytes += rating_list::fold(&p.name).len();
        count += 1;
    }
    assert_eq!(count, n);
    println!(
        "| reading only, no database ({bytes} bytes of search keys) | {:?} | {:.1} s | |",
        format,
        started.elapsed().as_secs_f64()
    );
}

fn run(db: &Database, label: &str, xml: &std::path::Path, txt: &std::path::Path, n: u64) {
    import(db, xml, ListFormat::Xml, &format!("{label}, empty"), n);
    import(db, txt, ListFormat::Txt, &format!("{label}, replacing"), n);
    // The list kept for a rollback (the first) goes now: the monthly case.
    import(
        db,
        xml,
        ListFormat::Xml,
        &format!("{label}, replacing, deleting the kept list"),
        n,
    );
    searches(db, label, n);
}

fn main() {
    // `cargo bench` passes `--bench`; no other arguments are read.
    let n: u64 = std::env::var("RATING_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_200_000);
    let dir = std::env::temp_dir().join(format!("arbiter-rating-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let xml = dir.join("players_list_xml.xml");
    let txt = dir.join("players_list_foa.txt");
    let started = Instant::now();
    for (path, write) in [
        (
            &xml,
            ratinggen::write_xml as fn(&mut _, u64) -> std::io::Result<()>,
        ),
        (&txt, ratinggen::write_txt),
    ] {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        write(&mut out, n).unwrap();
        std::io::Write::flush(&mut out).unwrap();
    }
    let size =
        |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;
    println!(
        "generated {n} players: XML {:.0} MB, TXT {:.0} MB in {:.1} s",
        size(&xml),
        size(&txt),
        started.elapsed().as_secs_f64()
    );
    println!("| database | import | time | peak RSS |");
    println!("|---|---|---|---|");
    read_only(&xml, ListFormat::Xml, n);
    read_only(&txt, ListFormat::Txt, n);

    let sqlite = dir.join("bench.db");
    {
        let db = Database::open(sqlite.to_str().unwrap(), 4).expect("sqlite");
        run(&db, "SQLite", &xml, &txt, n);
    }
    println!(
        "SQLite file after the import: {:.0} MB",
        std::fs::metadata(&sqlite).map(|m| m.len()).unwrap_or(0) as f64 / 1e6
    );

    let base = std::env::var("ARBITER_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string());
    match diesel::PgConnection::establish(&base) {
        Err(e) => println!("PostgreSQL skipped: {base} unreachable ({e})"),
        Ok(mut admin) => {
            let name = format!("arbiter_rating_bench_{}", std::process::id());
            diesel::sql_query(format!("CREATE DATABASE {name}"))
                .execute(&mut admin)
                .expect("create the scratch database");
            let url = format!("{}/{name}", &base[..base.rfind('/').unwrap()]);
            let result = std::panic::catch_unwind(|| {
                let db = Database::open(&url, 4).expect("postgres");
                run(&db, "PostgreSQL", &xml, &txt, n);
            });
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
            if let Err(p) = result {
                std::panic::resume_unwind(p);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
