//! Test harness: a real server on a real database (SQLite file or a fresh
//! PostgreSQL database), driven over HTTP.
#![allow(dead_code)]

pub mod build;
pub mod form;
pub mod model;

use app::db::{Backend, Database};
use app::domain::{audit, users, Actor};
use app::server::{start_background_with_limits, Background, Limits, Settings};
use diesel::{Connection, RunQueryDsl};
use reqwest::blocking::Client as Http;
use reqwest::StatusCode;
use serde_json::Value;
use std::sync::atomic::{AtomicU32, Ordering};

pub const ADMIN_PASSWORD: &str = "admin-password-1";
pub const USER_PASSWORD: &str = "user-password-1";

fn postgres_base() -> String {
    std::env::var("ARBITER_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

/// Runs `test` once on every backend (`backends`), each time on a fresh
/// server and database; `label` names the backend in assertion messages.
pub fn on_each_backend(mut test: impl FnMut(&TestApp, &'static str)) {
    for backend in backends() {
        let app = TestApp::start(backend);
        test(&app, app.label());
    }
}

/// The backends to test on: SQLite always; PostgreSQL when reachable — and when
/// `ARBITER_REQUIRE_POSTGRES=1` (CI), its absence is a failure, not a skip.
pub fn backends() -> Vec<Backend> {
    let mut v = vec![Backend::Sqlite];
    match diesel::PgConnection::establish(&postgres_base()) {
        Ok(_) => v.push(Backend::Postgres),
        Err(e) => {
            if std::env::var("ARBITER_REQUIRE_POSTGRES").as_deref() == Ok("1") {
                panic!("PostgreSQL is required (ARBITER_REQUIRE_POSTGRES=1) but {} is unreachable: {e}", postgres_base());
            }
            eprintln!(
                "SKIPPED on PostgreSQL: {} unreachable ({e}); set ARBITER_TEST_POSTGRES",
                postgres_base()
            );
        }
    }
    v
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A throw-away database; dropped (PostgreSQL) or deleted (SQLite) at the end.
pub struct TestDb {
    pub url: String,
    backend: Backend,
    name: String,
    _dir: Option<TempDir>,
}

/// A directory removed (with what is in it) when this is dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// A fresh `arbiter_{name}_{process id}` under the system's temporary directory.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("arbiter_{name}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

/// A scratch directory ([`TempDir::new`]) with a SQLite database in it.
pub fn scratch_sqlite(name: &str) -> (TempDir, Database) {
    let dir = TempDir::new(name);
    let db = Database::open(&dir.join(format!("{name}.db")).to_string_lossy(), 8)
        .expect("open database");
    (dir, db)
}

/// An account made straight in the database (`admin`: an administrator).
pub fn add_account(db: &Database, user: &str, password: &str, name: &str, admin: bool) {
    db.write(|conn| users::create_user(conn, &Actor::system(), user, password, name, admin))
        .expect("account");
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl TestDb {
    pub fn dir(&self) -> std::path::PathBuf {
        self._dir
            .as_ref()
            .map(|d| d.0.clone())
            .unwrap_or_else(std::env::temp_dir)
    }

    pub fn new(backend: Backend) -> TestDb {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let name = format!("arbiter_t{}_{}_{}", std::process::id(), n, rand_suffix());
        match backend {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(&name);
                std::fs::create_dir_all(&dir).unwrap();
                TestDb {
                    url: dir.join("arbiter.db").to_string_lossy().into_owned(),
                    backend,
                    name,
                    _dir: Some(TempDir(dir)),
                }
            }
            Backend::Postgres => {
                let base = postgres_base();
                let mut c = diesel::PgConnection::establish(&base).expect("postgres");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut c)
                    .expect("create database");
                let url = match base.rfind('/') {
                    Some(i) => format!("{}/{name}", &base[..i]),
                    None => panic!("bad postgres url"),
                };
                let dir = std::env::temp_dir().join(&name);
                std::fs::create_dir_all(&dir).unwrap();
                TestDb {
                    url,
                    backend,
                    name,
                    _dir: Some(TempDir(dir)),
                }
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if self.backend == Backend::Postgres {
            if let Ok(mut c) = diesel::PgConnection::establish(&postgres_base()) {
                let _ = diesel::sql_query(format!(
                    "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                    self.name
                ))
                .execute(&mut c);
            }
        }
    }
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0)
}

/// The settings of a test server: a free port, the sealed-move key in
/// `dir`, cookies without `Secure`, two workers.
pub fn settings(dir: &std::path::Path) -> Settings {
    Settings {
        bind: "127.0.0.1:0".into(),
        key_file: dir.join("seal.key"),
        secure_cookies: false,
        workers: 2,
    }
}

/// A server in the background on `db`, with the test settings ([`settings`]).
pub fn serve(db: Database, dir: &std::path::Path) -> Background {
    app::server::start_background(db, settings(dir)).expect("server")
}

/// The value of header `name` of an answer ("" when it has none).
pub fn header(res: &reqwest::blocking::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string()
}

/// Round `n` of `tid` as the staff read it (through the domain, no server).
pub fn staff_round(
    conn: &mut app::db::DbConnection,
    tid: app::domain::ids::TournamentId,
    n: i32,
) -> app::domain::DomainResult<app::domain::rounds::RoundView> {
    app::domain::rounds::get(
        conn,
        tid,
        app::domain::ids::RoundNo(n),
        app::domain::Audience::Staff,
    )
}

/// The password of a test account: the administrator's, or every other one's.
fn password_of(username: &str) -> &'static str {
    if username == "admin" {
        ADMIN_PASSWORD
    } else {
        USER_PASSWORD
    }
}

/// Half-points as the pages write them: `½`, `2½`, `3`.
pub fn points_text(half: i32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".into(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

pub struct TestApp {
    pub server: Option<Background>,
    pub db: Database,
    pub base: String,
    pub backend: Backend,
    _testdb: TestDb,
}

impl TestApp {
    /// A server on a fresh database with an administrator `admin`.
    pub fn start(backend: Backend) -> TestApp {
        TestApp::start_with_limits(backend, Limits::default())
    }

    /// `start` with the server's limits given (`app::config::Limits`).
    pub fn start_with_limits(backend: Backend, limits: Limits) -> TestApp {
        let testdb = TestDb::new(backend);
        let db = Database::open(&testdb.url, 8).expect("open database");
        db.write(|conn| {
            users::create_user(
                conn,
                &Actor::system(),
                "admin",
                ADMIN_PASSWORD,
                "Admin",
                true,
            )
        })
        .expect("admin");
        let server = start_background_with_limits(db.clone(), settings(&testdb.dir()), limits)
            .expect("server");
        let base = server.url();
        TestApp {
            server: Some(server),
            db,
            base,
            backend,
            _testdb: testdb,
        }
    }

    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// A browser without JavaScript logged in through the login page as
    /// `username` (created as [`TestApp::user`] does).
    pub fn form_user(&self, username: &str) -> form::Form {
        self.ensure_user(username);
        form::Form::logged_in(&self.base, username, password_of(username))
    }

    /// Logs in a new client as `username` (created as an ordinary user if needed).
    pub fn user(&self, username: &str) -> Client {
        self.ensure_user(username);
        let mut c = self.client();
        c.login(username, password_of(username));
        c
    }

    /// Creates `username` as an ordinary user unless the account exists.
    fn ensure_user(&self, username: &str) {
        let exists = self
            .db
            .read(|conn| users::find_user_id(conn, username))
            .unwrap()
            .is_some();
        if !exists {
            self.db
                .write(|conn| {
                    users::create_user(
                        conn,
                        &Actor::system(),
                        username,
                        USER_PASSWORD,
                        username,
                        false,
                    )
                })
                .unwrap();
        }
    }

    pub fn audit_count(&self) -> i64 {
        self.db.read(audit::count_all).unwrap()
    }

    /// Runs `a`: its status must be `expect`, and it must leave exactly
    /// `rows` audit rows (1 for an action done, 0 for one refused); the body.
    pub fn audited(&self, a: impl FnOnce() -> Answer, expect: u16, rows: i64, what: &str) -> Value {
        let label = self.label();
        let before = self.audit_count();
        let (status, body) = a();
        assert_eq!(status.as_u16(), expect, "[{label}] {what}: {body}");
        let written = self.audit_count() - before;
        assert_eq!(written, rows, "[{label}] {what}: audit rows written");
        body
    }

    pub fn label(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(s) = self.server.take() {
            s.stop();
        }
    }
}

pub struct Client {
    http: Http,
    base: String,
    pub csrf: Option<String>,
    pub bearer: Option<String>,
}

pub type Answer = (StatusCode, Value);

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            http: Http::builder().cookie_store(true).build().unwrap(),
            base: base.to_string(),
            csrf: None,
            bearer: None,
        }
    }

    pub fn login(&mut self, username: &str, password: &str) -> Answer {
        let a = self.send(
            reqwest::Method::POST,
            "/api/v1/session",
            Some(&serde_json::json!({"username": username, "password": password})),
        );
        if a.0 == StatusCode::OK {
            self.csrf = a.1["csrf_token"].as_str().map(str::to_string);
        }
        a
    }

    /// Like `send`, but a broken connection is an `Err` instead of a panic.
    pub fn try_send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        let mut rb = self.http.request(method, format!("{}{}", self.base, path));
        if let Some(t) = &self.csrf {
            rb = rb.header("X-CSRF-Token", t);
        }
        if let Some(t) = &self.bearer {
            rb = rb.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(b) = body {
            rb = rb.json(b);
        }
        let res = rb.send().map_err(|e| e.to_string())?;
        let status = res.status();
        let text = res.text().map_err(|e| e.to_string())?;
        Ok((
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        ))
    }

    pub fn send(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> Answer {
        self.try_send(method, path, body)
            .unwrap_or_else(|e| panic!("request: {e}"))
    }

    pub fn raw(
        &self,
        method: reqwest::Method,
        path: &str,
        content_type: &str,
        body: &str,
    ) -> Answer {
        self.raw_bytes(method, path, content_type, body.as_bytes().to_vec())
    }

    /// `raw` with a body of bytes (a zip archive, say).
    pub fn raw_bytes(
        &self,
        method: reqwest::Method,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> Answer {
        let mut rb = self
            .http
            .request(method, format!("{}{}", self.base, path))
            .header("Content-Type", content_type)
            .body(body);
        if let Some(t) = &self.csrf {
            rb = rb.header("X-CSRF-Token", t);
        }
        let res = rb.send().expect("request");
        let status = res.status();
        let text = res.text().unwrap_or_default();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// A GET whose body is kept as bytes: (status, content type, body).
    pub fn bytes(&self, path: &str) -> (StatusCode, String, Vec<u8>) {
        let mut rb = self.http.get(format!("{}{}", self.base, path));
        if let Some(t) = &self.bearer {
            rb = rb.header("Authorization", format!("Bearer {t}"));
        }
        let res = rb.send().expect("request");
        let status = res.status();
        let ct = header(&res, "content-type");
        (
            status,
            ct,
            res.bytes().map(|b| b.to_vec()).unwrap_or_default(),
        )
    }

    pub fn get(&self, path: &str) -> Answer {
        self.send(reqwest::Method::GET, path, None)
    }
    pub fn post(&self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::POST, path, Some(&body))
    }
    pub fn put(&self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::PUT, path, Some(&body))
    }
    pub fn patch(&self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::PATCH, path, Some(&body))
    }
    pub fn delete(&self, path: &str) -> Answer {
        self.send(reqwest::Method::DELETE, path, None)
    }

    /// A call that must succeed with `expect`; returns the body.
    pub fn ok(&self, a: Answer, expect: u16, what: &str) -> Value {
        assert_eq!(a.0.as_u16(), expect, "{what}: {}", a.1);
        a.1
    }

    /// The text of the PDF at `path` (which must answer 200) as `pdftotext`
    /// reads it; `None` when `pdftotext` is not installed.
    pub fn pdf_text(&self, path: &str) -> Option<String> {
        let (status, _, bytes) = self.bytes(path);
        assert_eq!(status.as_u16(), 200, "{path}");
        crate::exports_pdf::read_pdf(&bytes, path).1
    }

    /// Publishes team round `n` of team tournament `tid` (must succeed).
    pub fn publish_team_round(
        &self,
        tid: impl std::fmt::Display,
        n: impl std::fmt::Display,
    ) -> Value {
        self.ok(
            self.post(
                &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/publish"),
                serde_json::json!({}),
            ),
            200,
            &format!("publish team round {n}"),
        )
    }

    /// A new API token labelled `label` for this client's user (must succeed).
    pub fn api_token(&self, label: &str) -> String {
        let v = self.ok(
            self.post("/api/v1/tokens", serde_json::json!({ "label": label })),
            201,
            "a token",
        );
        v["token"].as_str().expect("the token").to_string()
    }

    /// Enters `result` for `game` (as the API answers a game: its `id` and
    /// `version`) of tournament `tid` (must succeed); returns the game.
    pub fn set_result(&self, tid: impl std::fmt::Display, game: &Value, result: &str) -> Value {
        self.ok(
            self.put(
                &format!("/api/v1/tournaments/{tid}/games/{}/result", game["id"]),
                serde_json::json!({"result": result, "version": game["version"]}),
            ),
            200,
            &format!("the result {result}"),
        )
    }

    /// Makes `tid` a team event with `settings` (the team-event request;
    /// must succeed).
    pub fn team_event(&self, tid: impl std::fmt::Display, settings: Value) -> Value {
        let path = format!("/api/v1/tournaments/{tid}/team-event");
        self.ok(self.put(&path, settings), 200, "the team event")
    }

    /// Enters a team (`body`: name, roster, …) in `tid` (must succeed).
    pub fn add_team(&self, tid: impl std::fmt::Display, body: Value) -> Value {
        let path = format!("/api/v1/tournaments/{tid}/teams");
        self.ok(self.post(&path, body), 201, "a team")
    }

    /// Imports a tournament from the TRF `text` (the answer as it comes).
    pub fn import_trf(&self, text: &str) -> Answer {
        let path = "/api/v1/tournaments/import-trf";
        self.raw(reqwest::Method::POST, path, "text/plain", text)
    }

    /// Enters the moves of game `gid` of `tid` as a scoresheet in English
    /// letters (must succeed); returns the answer with its report.
    pub fn set_moves(&self, tid: impl std::fmt::Display, gid: i64, text: &str) -> Value {
        let path = format!("/api/v1/tournaments/{tid}/games/{gid}/moves");
        let body = serde_json::json!({"format": "scoresheet", "text": text});
        self.ok(self.put(&path, body), 200, "the moves")
    }

    /// Registers a player (`body`: the register request) in tournament
    /// `tid` (must succeed): the player as the API answers.
    pub fn add_player(&self, tid: impl std::fmt::Display, body: Value) -> Value {
        self.ok(
            self.post(&format!("/api/v1/tournaments/{tid}/players"), body),
            201,
            "register a player",
        )
    }

    /// Creates a tournament from the create request's `body` (must
    /// succeed): its id.
    pub fn create_tournament(&self, body: Value) -> i64 {
        self.created_tournament(body)["id"]
            .as_i64()
            .expect("the tournament's id")
    }

    /// Creates a tournament (must succeed: 201) and returns it as the API
    /// answers (its id, its regulations as stored).
    pub fn created_tournament(&self, body: Value) -> Value {
        let path = "/api/v1/tournaments";
        self.ok(self.post(path, body), 201, "create a tournament")
    }

    /// Enters the results of team round `n` of `tid` (`[{"match", "board",
    /// "result"}]`; must succeed).
    pub fn team_results(
        &self,
        tid: impl std::fmt::Display,
        n: impl std::fmt::Display,
        results: &[Value],
    ) -> Value {
        self.ok(
            self.put(
                &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/results"),
                serde_json::json!({ "results": results }),
            ),
            200,
            &format!("the results of team round {n}"),
        )
    }

    /// Pairs the next round of tournament `tid` (must succeed); returns the round.
    pub fn pair_round(&self, tid: impl std::fmt::Display) -> Value {
        self.ok(
            self.post(
                &format!("/api/v1/tournaments/{tid}/rounds"),
                serde_json::json!({}),
            ),
            201,
            "pair the next round",
        )
    }

    /// Publishes round `n` of tournament `tid` (must succeed); returns the body.
    pub fn publish_round(&self, tid: impl std::fmt::Display, n: impl std::fmt::Display) -> Value {
        self.ok(
            self.post(
                &format!("/api/v1/tournaments/{tid}/rounds/{n}/publish"),
                serde_json::json!({}),
            ),
            200,
            &format!("publish round {n}"),
        )
    }
}

/// Starts the real `arbiter` binary on `db_url` with the sealed-move key file
/// `key` and waits for the address it prints: (the process, its URL).
pub fn spawn_arbiter(
    db_url: &str,
    key: &std::path::Path,
    workers: u32,
) -> (std::process::Child, String) {
    spawn_arbiter_logging(db_url, key, workers, None)
}

/// [`spawn_arbiter`], with the server's log at `log` (a `RUST_LOG` level)
/// kept on the child's stderr for the test to read; without, the log is
/// dropped (warnings only).
pub fn spawn_arbiter_logging(
    db_url: &str,
    key: &std::path::Path,
    workers: u32,
    log: Option<&str>,
) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database",
            db_url,
            "--workers",
            &workers.to_string(),
        ])
        .env("ARBITER_KEY_FILE", key)
        .env_remove("ARBITER_KEY")
        .env("RUST_LOG", log.unwrap_or("warn"))
        .stdout(Stdio::piped())
        .stderr(if log.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("start arbiter");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        let line = line.unwrap();
        if let Some(rest) = line.strip_prefix("Arbiter is running at ") {
            let url = rest.split_whitespace().next().unwrap_or("");
            return (child, url.trim_end_matches('/').to_string());
        }
    }
    let mut err = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut err);
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not start: {err}");
}
