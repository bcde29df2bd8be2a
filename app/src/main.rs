//! `arbiter`: the chess tournament server.

use app::config;
use app::db::{redact, Database};
use app::domain::ids::TournamentId;
use app::domain::{users, Actor};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Chess tournament management: pairings, results, standings"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (HTML pages and the JSON API under /api/v1).
    Serve(ServeArgs),
    /// Load the demo tournaments (a finished 30-player Swiss, a 10-player round
    /// robin) and run the server.
    Demo(ServeArgs),
    /// Apply pending database migrations and exit.
    Migrate {
        /// Database URL: a SQLite file path, or postgres://… (default: $DATABASE_URL, else arbiter.db)
        #[arg(long)]
        database: Option<String>,
    },
    /// Import a FIDE TRF file as a new tournament (with its paired rounds).
    ImportTrf {
        /// The TRF file.
        file: std::path::PathBuf,
        /// Database URL: a SQLite file path, or postgres://… (default: $DATABASE_URL, else arbiter.db)
        #[arg(long)]
        database: Option<String>,
        /// The account that becomes the tournament's organizer.
        #[arg(long)]
        owner: Option<String>,
    },
    /// Write a tournament as FIDE TRF to standard output.
    ExportTrf {
        /// The tournament id.
        tid: TournamentId,
        #[arg(long)]
        database: Option<String>,
    },
    /// Publish a tournament of this database to a public Arbiter server
    /// (issue 39): give the server's address and the token its organizer
    /// issued; the running `serve` then sends each new public state. Without
    /// --server and --token it shows how the link fares; --stop ends it.
    Publish {
        /// The tournament id here, at the venue.
        tid: TournamentId,
        /// The public server, e.g. http://results.example.org:8080
        #[arg(long, requires = "token")]
        server: Option<String>,
        /// The publishing token (arbp.…) the server's organizer issued.
        #[arg(long, env = "ARBITER_PUBLISH_TOKEN", hide_env_values = true)]
        token: Option<String>,
        /// Stop publishing this tournament.
        #[arg(long, conflicts_with = "server")]
        stop: bool,
        #[arg(long)]
        database: Option<String>,
    },
    /// Online backup of a SQLite database into FILE (a consistent snapshot while
    /// the server runs). For PostgreSQL use pg_dump (see the README).
    Backup {
        file: std::path::PathBuf,
        #[arg(long)]
        database: Option<String>,
    },
    /// Restore a SQLite database from a backup FILE (stop the server first).
    Restore {
        file: std::path::PathBuf,
        #[arg(long)]
        database: Option<String>,
    },
    /// Write a synthetic finished Swiss as TRF, for load tests (see scripts/load-test.sh).
    #[command(hide = true)]
    LoadFixture {
        file: std::path::PathBuf,
        #[arg(long, default_value_t = 1000)]
        players: u32,
        #[arg(long, default_value_t = 11)]
        rounds: u32,
    },
    /// Rating lists: import the FIDE list or a national one.
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Manage accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
}

#[derive(clap::Args)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// Database URL: a SQLite file path, or postgres://… (default: $DATABASE_URL, else arbiter.db)
    #[arg(long)]
    database: Option<String>,
    /// Load the demo tournaments first.
    #[arg(long)]
    demo: bool,
    /// Mark session cookies Secure (set this when a TLS proxy stands in front).
    #[arg(long)]
    secure_cookies: bool,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    workers: Option<usize>,
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Import a list file as FIDE publishes it (combined XML or fixed-width
    /// TXT, zipped or not) or a national list as CSV; it replaces the previous
    /// list of its source.
    Import {
        file: std::path::PathBuf,
        /// xml, txt or csv (default: recognised from the first bytes).
        #[arg(long)]
        format: Option<String>,
        /// CSV columns (from 1): e.g. "id=1,name=2,fed=3,rating=5,birth=6,sep=;,skip=1".
        /// Keys: id fide_id name title fed sex birth rating rapid blitz k games flags sep skip.
        #[arg(long)]
        map: Option<String>,
        /// The list's date, YYYY-MM-DD (default: today).
        #[arg(long)]
        date: Option<String>,
        /// A label for the list.
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        database: Option<String>,
    },
    /// Write a synthetic list of N players in FIDE's XML or TXT layout (tests, benchmarks).
    #[command(hide = true)]
    Generate {
        file: std::path::PathBuf,
        #[arg(long, default_value_t = 1000)]
        players: u64,
        #[arg(long, default_value = "xml")]
        format: String,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create an account. Without --password a random one is made and printed.
    Add {
        username: String,
        #[arg(long, env = "ARBITER_PASSWORD", hide_env_values = true)]
        password: Option<String>,
        #[arg(long, default_value = "")]
        display_name: String,
        /// Administrator: may create accounts and act in every tournament.
        #[arg(long)]
        admin: bool,
        #[arg(long)]
        database: Option<String>,
    },
}

fn open(database: Option<String>) -> Result<Database, String> {
    let url = config::database_url(database);
    Database::open(&url, config::pool_size(&url)).map_err(|e| e.to_string())
}

fn serve(args: ServeArgs, demo: bool) -> Result<(), String> {
    let db = open(args.database)?;
    if demo || args.demo {
        let creds = app::demo::load(&db).map_err(|e| format!("loading the demo failed: {e}"))?;
        println!("Demo tournaments loaded. Staff accounts:");
        for (role, user, password) in creds {
            println!("  {role:<10} user {user:<10} password {password}");
        }
    }
    let settings = app::server::Settings {
        bind: args.bind.clone(),
        key_file: app::secrets::key_path(db.url()),
        secure_cookies: args.secure_cookies,
        workers: args.workers.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
        }),
    };
    let url = redact(db.url());
    actix_web::rt::System::new().block_on(async move {
        let (server, addrs, state) = app::server::build_with_state(db, &settings, false)
            .map_err(|e| format!("cannot start on {}: {e}", settings.bind))?;
        for a in &addrs {
            println!("Arbiter is running at http://{a}/  (database: {url}; API: http://{a}/api/openapi.json)");
        }
        let handle = server.handle();
        // SIGTERM (or SIGINT): /readyz says 503 and the live streams end at once
        // (browsers reconnect, through the proxy, to another instance); the
        // server stops accepting and finishes the requests under way.
        actix_web::rt::spawn(async move {
            shutdown_signal().await;
            log::info!("shutting down: live streams closed, finishing requests under way");
            state.live.versions.close();
            handle.stop(true).await;
        });
        server.await.map_err(|e| e.to_string())
    })
}

async fn shutdown_signal() {
    use actix_web::rt::signal::unix::{signal, SignalKind};
    match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) {
        (Ok(mut term), Ok(mut int)) => {
            first_of(term.recv(), int.recv()).await;
        }
        _ => {
            let _ = actix_web::rt::signal::ctrl_c().await;
        }
    }
}

/// Waits for the first of two futures.
async fn first_of<A: std::future::Future, B: std::future::Future>(a: A, b: B) {
    let mut a = std::pin::pin!(a);
    let mut b = std::pin::pin!(b);
    std::future::poll_fn(move |cx| {
        if a.as_mut().poll(cx).is_ready() || b.as_mut().poll(cx).is_ready() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await
}

fn import_trf(
    file: &std::path::Path,
    database: Option<String>,
    owner: Option<String>,
) -> Result<(), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    // Older programs write Latin-1; anything not UTF-8 is read that way.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    let parsed = pairing::trf::parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let db = open(database)?;
    let actor = match owner {
        None => Actor::system(),
        Some(name) => {
            let id = db
                .read(|conn| users::find_user_id(conn, &name))
                .map_err(|e| e.to_string())?
                .ok_or_else(|| {
                    format!("there is no user '{name}' (create it with `arbiter user add {name}`)")
                })?;
            Actor {
                user_id: Some(id),
                username: Some(name),
                is_admin: false,
            }
        }
    };
    let v = db
        .write(|conn| app::domain::interchange::import_trf(conn, &actor, &parsed))
        .map_err(|e| e.to_string())?;
    println!(
        "Imported tournament {} \"{}\": {} players, {} rounds, {} games, {} requested byes",
        v.tournament.id,
        v.tournament.regulations.name,
        v.tournament.players,
        v.rounds,
        v.games,
        v.bye_requests
    );
    Ok(())
}

fn ratings(command: RatingsCommand) -> Result<(), String> {
    use app::domain::rating_list::{CsvMap, ListFormat};
    match command {
        RatingsCommand::Import {
            file,
            format,
            map,
            date,
            name,
            database,
        } => {
            let format = match format {
                None => None,
                Some(f) => Some(
                    ListFormat::parse(&f)
                        .ok_or_else(|| format!("--format {f}: xml, txt or csv"))?,
                ),
            };
            let map = match map {
                None => None,
                Some(m) => Some(CsvMap::parse(&m).map_err(|e| e.to_string())?),
            };
            let date = date.unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%d").to_string());
            let db = open(database)?;
            let started = std::time::Instant::now();
            let v = app::web::api::ratings::import_file(
                &db,
                &Actor::system(),
                &file,
                format,
                map,
                &date,
                name,
            )
            .map_err(|e| format!("{}: {e}", file.display()))?;
            println!(
                "Imported {} list \"{}\" of {}: {} players in {:.1} s",
                v.source.as_str(),
                v.name,
                v.list_date,
                v.players,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        RatingsCommand::Generate {
            file,
            players,
            format,
        } => {
            let f = std::fs::File::create(&file)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            let mut out = std::io::BufWriter::new(f);
            match format.as_str() {
                "xml" => app::ratinggen::write_xml(&mut out, players),
                "txt" => app::ratinggen::write_txt(&mut out, players),
                other => return Err(format!("--format {other}: xml or txt")),
            }
            .and_then(|()| std::io::Write::flush(&mut out))
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!("Wrote {} ({players} players)", file.display());
            Ok(())
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Serve(args) => serve(args, false),
        Command::Demo(args) => serve(args, true),
        Command::ImportTrf {
            file,
            database,
            owner,
        } => import_trf(&file, database, owner),
        Command::ExportTrf { tid, database } => {
            let db = open(database)?;
            let text = db
                .read(|conn| {
                    app::domain::interchange::export_trf(conn, tid, app::domain::Audience::Staff)
                })
                .map_err(|e| e.to_string())?;
            print!("{text}");
            Ok(())
        }
        Command::Publish {
            tid,
            server,
            token,
            stop,
            database,
        } => {
            use app::domain::mirror;
            let db = open(database)?;
            let actor = Actor::system();
            let link = db
                .write(|conn| match (server, token) {
                    _ if stop => mirror::clear_link(conn, &actor, tid),
                    (Some(server), Some(token)) => {
                        mirror::set_link(conn, &actor, tid, mirror::SetLink { server, token })
                    }
                    _ => mirror::link(conn, &actor, tid),
                })
                .map_err(|e| e.to_string())?;
            if !link.linked {
                println!("Tournament {tid} is not published.");
                return Ok(());
            }
            println!(
                "Tournament {tid} is published to {} (tournament {} there).",
                link.server, link.remote_tournament
            );
            println!(
                "Version here {}; the server has {}{}.",
                link.version,
                link.published_version,
                link.published_at
                    .map(|t| format!(" (since {t})"))
                    .unwrap_or_default()
            );
            if link.pending {
                println!("A newer state waits: the running server sends it.");
            }
            if !link.last_error.is_empty() {
                println!("Last error: {}", link.last_error);
            }
            Ok(())
        }
        Command::LoadFixture {
            file,
            players,
            rounds,
        } => {
            let t = app::loadgen::swiss(players, rounds, 2026);
            std::fs::write(&file, pairing::trf::write(&t))
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!(
                "Wrote {} ({players} players, {rounds} rounds)",
                file.display()
            );
            Ok(())
        }
        Command::Backup { file, database } => {
            let url = config::database_url(database);
            app::db::backup::backup(&url, &file)?;
            println!("Backed up {} to {}", redact(&url), file.display());
            Ok(())
        }
        Command::Restore { file, database } => {
            let url = config::database_url(database);
            app::db::backup::restore(&file, &url)?;
            println!("Restored {} from {}", redact(&url), file.display());
            Ok(())
        }
        Command::Ratings { command } => ratings(command),
        Command::Migrate { database } => {
            let db = open(database)?;
            println!("Migrations applied to {}", redact(db.url()));
            Ok(())
        }
        Command::User {
            command:
                UserCommand::Add {
                    username,
                    password,
                    display_name,
                    admin,
                    database,
                },
        } => {
            let db = open(database)?;
            let (password, generated) = match password {
                Some(p) => (p, false),
                None => (users::random_token()[..16].to_string(), true),
            };
            let user = db
                .write(|conn| {
                    users::create_user(
                        conn,
                        &Actor::system(),
                        &username,
                        &password,
                        &display_name,
                        admin,
                    )
                })
                .map_err(|e| e.to_string())?;
            println!(
                "Created user {} (id {}){}",
                user.username,
                user.id,
                if admin { ", administrator" } else { "" }
            );
            if generated {
                println!("Password: {password}");
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    // Log lines go through `tracing`: those written while a request runs carry
    // its request id (the span of tracing-actix-web, see `web/ops.rs`).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: {e}");
            ExitCode::FAILURE
        }
    }
}
