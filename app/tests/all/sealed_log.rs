//! The sealed move never reaches the server's log: the real `arbiter` binary runs
//! with the most verbose logging, an envelope is sealed, read and listed, and the
//! log is searched — until the envelope is opened.

use crate::common;

use common::Client;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const SECRET: &str = "Nh6";

#[test]
fn the_sealed_move_is_not_in_the_server_log() {
    let dir = std::env::temp_dir().join(format!("arbiter-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("a.db");
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let out = Command::new(bin)
        .args(["user", "add", "chief", "--database", db.to_str().unwrap()])
        .env("ARBITER_PASSWORD", "chief-password-1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = Command::new(bin)
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database",
            db.to_str().unwrap(),
        ])
        .env("RUST_LOG", "trace")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut url = String::new();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        let line = line.unwrap();
        if let Some(rest) = line.strip_prefix("Arbiter is running at ") {
            url = rest
                .split_whitespace()
                .next()
                .unwrap()
                .trim_end_matches('/')
                .to_string();
            break;
        }
    }
    assert!(!url.is_empty(), "the server printed its URL");
    let run = || -> Result<(), String> {
        let mut c = Client::new(&url);
        c.login("chief", "chief-password-1");
        let tid = crate::common::build::round_one(&c, json!({"name": "Log", "start_date": "2026-01-01", "end_date": "2026-01-02", "adjournments": true, "rounds": 1}), 2).tid;
        let gid = c.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1["games"][0]["id"]
            .as_i64()
            .unwrap();
        let env = c.ok(
            c.post(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/adjournments"),
                json!({"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "white_time_used_seconds": 60, "black_time_used_seconds": 60,
                       "sealed_move": SECRET, "resume_at": "2026-01-02T10:00", "resume_place": "Hall"}),
            ),
            201,
            "adjourn",
        );
        let aid = env["id"].as_i64().unwrap();
        c.get(&format!("/api/v1/tournaments/{tid}/adjournments/{aid}"));
        c.get(&format!("/api/v1/tournaments/{tid}/audit"));
        // A malformed request carrying the secret must not echo it in the log either.
        c.post(
            &format!("/api/v1/tournaments/{tid}/games/{gid}/adjournments"),
            json!({"sealed_move": SECRET}),
        );
        Ok(())
    };
    let result = run();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    result.unwrap();
    let text = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        text.contains("/adjournments"),
        "the log did record the requests:\n{text}"
    );
    assert!(
        !text.contains(SECRET),
        "the sealed move is in the server log:\n{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
