//! The API's contract (issue 23), checked by outside tools that read only
//! `/api/openapi.json`:
//! - schemathesis, every check and every phase (stateful included), anonymous
//!   and as the demo arbiter, through `scripts/api-fuzz.sh` (a short run here;
//!   `ARBITER_FUZZ_SECONDS` per audience, 60 by default);
//! - a Python client generated from the document by openapi-python-client runs
//!   a 6-player, 3-round Swiss (`app/tests/generated_client/run_tournament.py`)
//!   on SQLite and PostgreSQL, and the server's answers are compared with what
//!   the generated code read.
//!
//! The tools are the pinned ones of `scripts/py-tools.txt`, in the virtual
//! environment named by `ARBITER_PY_TOOLS` (`.ci/run` installs it with
//! `scripts/py-tools.sh`). Without it each test prints `SKIPPED: …` and passes —
//! unless `ARBITER_REQUIRE_PY_TOOLS=1` (CI), where it fails.

use crate::common::{self, on_each_backend};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The virtual environment with schemathesis and openapi-python-client.
fn py_tools(test: &str) -> Option<PathBuf> {
    let venv = std::env::var_os("ARBITER_PY_TOOLS").map(PathBuf::from);
    let complete = |v: &Path| {
        ["python", "schemathesis", "openapi-python-client"]
            .iter()
            .all(|tool| v.join("bin").join(tool).is_file())
    };
    match venv {
        Some(v) if complete(&v) => Some(v),
        other => {
            let why = match other {
                Some(v) => format!("{} lacks the pinned tools", v.display()),
                None => "ARBITER_PY_TOOLS is not set".to_string(),
            };
            if std::env::var("ARBITER_REQUIRE_PY_TOOLS").as_deref() == Ok("1") {
                panic!("{test}: the Python tools are required (ARBITER_REQUIRE_PY_TOOLS=1) but {why}; run scripts/py-tools.sh");
            }
            println!("SKIPPED {test}: {why} (make them with `export ARBITER_PY_TOOLS=$(scripts/py-tools.sh)`)");
            None
        }
    }
}

/// The repository's root (the tests run in `app/`).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

#[test]
fn schemathesis_finds_no_contract_failure() {
    let Some(venv) = py_tools("api_contract::schemathesis_finds_no_contract_failure") else {
        return;
    };
    let seconds = std::env::var("ARBITER_FUZZ_SECONDS").unwrap_or_else(|_| "60".into());
    let out = Command::new("bash")
        .arg(repo_root().join("scripts/api-fuzz.sh"))
        .arg(&seconds)
        .env("ARBITER_BIN", env!("CARGO_BIN_EXE_arbiter"))
        .env("ARBITER_PY_TOOLS", &venv)
        // The same cases on every run of the test suite (a fixed seed), so a
        // test run is repeatable; `scripts/api-fuzz.sh` alone draws new ones.
        .env(
            "ARBITER_FUZZ_SEED",
            std::env::var("ARBITER_FUZZ_SEED").unwrap_or_else(|_| "20261126".into()),
        )
        .output()
        .expect("run scripts/api-fuzz.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The summary lines of both runs, for the log.
    for line in stdout.lines().filter(|l| {
        l.starts_with("==")
            || l.contains(" generated, ")
            || (l.contains(" in ") && l.contains("==="))
    }) {
        println!("[schemathesis] {line}");
    }
    assert!(
        out.status.success(),
        "schemathesis found contract failures:\n{stdout}\n{stderr}"
    );
    // Both audiences ran and generated cases.
    let runs = stdout
        .lines()
        .filter(|l| l.contains(" generated, "))
        .count();
    assert_eq!(runs, 2, "two schemathesis runs:\n{stdout}");
}

/// Generates the Python client from the document the server serves.
fn generate_client(venv: &Path, base: &str, into: &Path) -> PathBuf {
    let doc = reqwest::blocking::get(format!("{base}/api/openapi.json"))
        .and_then(|r| r.text())
        .expect("the document");
    std::fs::create_dir_all(into).unwrap();
    let doc_path = into.join("openapi.json");
    std::fs::write(&doc_path, doc).unwrap();
    let package = into.join("arbiter_client");
    let out = Command::new(venv.join("bin/openapi-python-client"))
        .args(["generate", "--meta", "none", "--overwrite", "--path"])
        .arg(&doc_path)
        .arg("--output-path")
        .arg(&package)
        .arg("--config")
        .arg(repo_root().join("app/tests/generated_client/openapi-python-client.yml"))
        .output()
        .expect("run openapi-python-client");
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the generator failed:\n{log}");
    // Every operation of the document is generated (a module each): the
    // generator names what it leaves out with a warning.
    assert!(
        !log.contains("Endpoint will not be generated") && !log.contains("Unable to"),
        "the generator left parts out:\n{log}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&doc_path).unwrap()).unwrap();
    let operations: usize = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .map(|item| item.as_object().map_or(0, |m| m.len()))
        .sum();
    let mut modules = 0;
    for tag in std::fs::read_dir(package.join("api")).unwrap() {
        let tag = tag.unwrap().path();
        if tag.is_dir() {
            modules += std::fs::read_dir(&tag)
                .unwrap()
                .filter(|f| {
                    let name = f.as_ref().unwrap().file_name();
                    let name = name.to_string_lossy();
                    name.ends_with(".py") && name != "__init__.py"
                })
                .count();
        }
    }
    assert_eq!(
        modules, operations,
        "a function for every operation:\n{log}"
    );
    package
}

#[test]
fn a_generated_client_runs_a_tournament() {
    let Some(venv) = py_tools("api_contract::a_generated_client_runs_a_tournament") else {
        return;
    };
    let script = repo_root().join("app/tests/generated_client/run_tournament.py");
    let source = std::fs::read_to_string(&script).unwrap();
    // The script talks to the server through the generated package only.
    for other in ["import httpx", "urllib", "import requests", "http.client"] {
        assert!(!source.contains(other), "the script uses {other}");
    }
    on_each_backend(|app, _| {
        let dir = common::TempDir(std::env::temp_dir().join(format!(
            "arbiter-client-{}-{}",
            std::process::id(),
            app.label()
        )));
        let package = generate_client(&venv, &app.base, &dir.0);
        let out = Command::new(venv.join("bin/python"))
            .arg(&script)
            .args([&app.base, "admin", common::ADMIN_PASSWORD])
            .env("PYTHONPATH", package.parent().unwrap())
            .output()
            .expect("run the generated client");
        assert!(
            out.status.success(),
            "[{}] the generated client failed:\n{}{}",
            app.label(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("the script's JSON line");
        let tid = report["tournament"].as_i64().unwrap();

        // What the server holds, read without the generated code.
        let c = app.client();
        let rounds = c.get(&format!("/api/v1/tournaments/{tid}/rounds")).1;
        let rounds = rounds.as_array().expect("rounds");
        assert_eq!(rounds.len(), 3, "[{}] three rounds", app.label());
        for r in rounds {
            assert_eq!(r["games"], 3, "[{}] three boards: {r}", app.label());
            assert_eq!(r["results_missing"], 0, "[{}] {r}", app.label());
        }
        let results = report["results"].as_array().unwrap();
        assert_eq!(results.len(), 9, "[{}] nine games", app.label());
        let mut points = std::collections::BTreeMap::<i64, f64>::new();
        let mut met = std::collections::BTreeSet::new();
        for g in results {
            let gid = g["game"].as_i64().unwrap();
            let stored = c.get(&format!("/api/v1/tournaments/{tid}/games/{gid}")).1;
            let (white, black) = (g["white"].as_i64().unwrap(), g["black"].as_i64().unwrap());
            assert_eq!(stored["white"]["id"].as_i64(), Some(white));
            assert_eq!(stored["black"]["id"].as_i64(), Some(black));
            let (w, b) = match g["result"].as_str().unwrap() {
                "1-0" => (1.0, 0.0),
                "0-1" => (0.0, 1.0),
                _ => (0.5, 0.5),
            };
            assert_eq!(
                stored["white_points"].as_f64(),
                Some(w),
                "[{}] {stored}",
                app.label()
            );
            *points.entry(white).or_default() += w;
            *points.entry(black).or_default() += b;
            // No two players meet twice (C.04.1 a).
            assert!(
                met.insert((white.min(black), white.max(black))),
                "[{}] a rematch: {g}",
                app.label()
            );
        }
        let standings = c.get(&format!("/api/v1/tournaments/{tid}/standings")).1;
        assert_eq!(standings["after_round"], 3);
        let rows = standings["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 6, "[{}] six players", app.label());
        let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
        assert_eq!(total, 9.0, "[{}] nine points given", app.label());
        for row in rows {
            let pid = row["player_id"].as_i64().unwrap();
            assert_eq!(
                row["points"].as_f64(),
                points.get(&pid).copied(),
                "[{}] the standings add up the results: {row}",
                app.label()
            );
        }
        // The generated client read the same standings.
        let read: Vec<(i64, f64)> = report["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["player_id"].as_i64().unwrap(),
                    r["points"].as_f64().unwrap(),
                )
            })
            .collect();
        let served: Vec<(i64, f64)> = rows
            .iter()
            .map(|r| {
                (
                    r["player_id"].as_i64().unwrap(),
                    r["points"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(read, served, "[{}]", app.label());
    });
}
