//! `arbiter backup` while the database is in use, then `arbiter restore`.

use std::process::Command;

fn arbiter(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("ARBITER_PASSWORD", "backup-password-1")
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn backup_and_restore_a_sqlite_database() {
    let dir = std::env::temp_dir().join(format!("arbiter-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("live.db");
    let db = db.to_str().unwrap();
    let copy = dir.join("copy.db");
    assert!(arbiter(&["user", "add", "first", "--database", db]).0);
    // The backup is taken from the live database (a reader holds it open meanwhile).
    let live = app::db::Database::open(db, 2).unwrap();
    let (ok, out) = arbiter(&["backup", copy.to_str().unwrap(), "--database", db]);
    assert!(ok, "{out}");
    assert!(
        !arbiter(&["backup", copy.to_str().unwrap(), "--database", db]).0,
        "never overwrites a file"
    );
    drop(live);
    // A later change, then restore: the change is gone, the first account is back.
    assert!(arbiter(&["user", "add", "second", "--database", db]).0);
    let (ok, out) = arbiter(&["restore", copy.to_str().unwrap(), "--database", db]);
    assert!(ok, "{out}");
    let restored = app::db::Database::open(db, 1).unwrap();
    let names: Vec<Option<app::domain::ids::UserId>> = ["first", "second"]
        .iter()
        .map(|n| {
            restored
                .read(|c| app::domain::users::find_user_id(c, n))
                .unwrap()
        })
        .collect();
    assert!(names[0].is_some() && names[1].is_none(), "{names:?}");
    // Not a database: refused, and the live one is untouched.
    std::fs::write(dir.join("junk.db"), b"not a database").unwrap();
    assert!(
        !arbiter(&[
            "restore",
            dir.join("junk.db").to_str().unwrap(),
            "--database",
            db
        ])
        .0
    );
    assert!(restored
        .read(|c| app::domain::users::find_user_id(c, "first"))
        .unwrap()
        .is_some());
    // PostgreSQL points to pg_dump.
    let (ok, out) = arbiter(&["backup", "x", "--database", "postgres://u@127.0.0.1:1/none"]);
    assert!(!ok && out.contains("pg_dump"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
