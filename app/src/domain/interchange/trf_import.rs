//! TRF import: a new tournament from a TRF file, in one transaction with one audit row.

use super::*;
use crate::domain::ids::{self, TournamentId};
use crate::domain::kinds::Acceleration;

/// What an import made.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportedTournament {
    pub tournament: TournamentView,
    /// Rounds imported with their pairings and results.
    pub rounds: u32,
    pub games: u32,
    /// Byes in rounds not yet paired, now requested byes.
    pub bye_requests: u32,
}

#[derive(Insertable)]
#[diesel(table_name = tournaments_table)]
struct NewTournament {
    name: String,
    place: String,
    federation: String,
    start_date: String,
    end_date: String,
    system: PairingSystem,
    rounds: i32,
    schedule: String,
    time_control: String,
    default_time_minutes: i32,
    adjournments: bool,
    resumption_lateness_minutes: i32,
    points: String,
    late_entry_bye: LateEntryBye,
    draw_offer_min_moves: i32,
    draw_needs_arbiter: bool,
    illegal_moves_lose: i32,
    illegal_move_bonus_seconds: i32,
    variant: Variant,
    tiebreaks: String,
    initial_color: InitialColour,
    rating_order: RatingOrder,
    notation: Notation,
    laws_edition: LawsEdition,
    status: TournamentStatus,
    version: i32,
    created_at: String,
    updated_at: String,
}

pub(super) fn trf_date(d: Option<&str>) -> Option<String> {
    let d = d?.trim();
    ["%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y"]
        .iter()
        .find_map(|f| chrono::NaiveDate::parse_from_str(d, f).ok())
        .map(|d| d.format("%Y-%m-%d").to_string())
}

pub(super) fn birth_date(d: Option<&str>) -> String {
    let Some(d) = d.map(str::trim).filter(|d| !d.is_empty()) else {
        return String::new();
    };
    if let Some(full) = trf_date(Some(d)) {
        return full;
    }
    let year: String = d.chars().take(4).collect();
    if year.len() == 4 && year.chars().all(|c| c.is_ascii_digit()) && year != "0000" {
        year
    } else {
        String::new()
    }
}

fn entry_points(e: &RoundEntry, p: &PointSystem) -> i32 {
    match e {
        RoundEntry::Game {
            result: Some(r), ..
        } => match r {
            GameResult::Win => p.win,
            GameResult::Draw => p.draw,
            GameResult::Loss => p.loss,
            GameResult::ForfeitWin => p.forfeit_win,
            GameResult::ForfeitLoss => p.forfeit_loss,
            GameResult::Adjusted(h) => *h,
        },
        RoundEntry::Game { result: None, .. } => 0,
        RoundEntry::Bye(ByeKind::PairingAllocated) => p.pairing_bye,
        RoundEntry::Bye(ByeKind::Full) => p.full_bye,
        RoundEntry::Bye(ByeKind::Half) => p.half_bye,
        RoundEntry::Bye(ByeKind::Zero) => p.zero_bye,
        RoundEntry::NotPaired => p.not_paired,
    }
}

/// The line of player `id`'s `001` record in the file (1-based), for errors.
fn line_of(t: &pairing::Tournament, id: PlayerId) -> usize {
    t.trf
        .lines
        .iter()
        .position(|l| matches!(l, pairing::TrfLine::Player { id: i, .. } if *i == id))
        .map_or(0, |i| i + 1)
}

fn inconsistent(t: &pairing::Tournament, id: PlayerId, message: crate::domain::Msg) -> DomainError {
    let line = line_of(t, id);
    DomainError::invalid(
        "trf",
        msg!("line {}: {}", line, crate::domain::msg::nested(message)),
    )
}

/// Kind and scores (half-points) of a game from both sides' results.
pub(super) fn game_scores(
    rw: Option<GameResult>,
    rb: Option<GameResult>,
    p: &PointSystem,
) -> Option<(GameKind, Option<i32>, Option<i32>)> {
    use GameResult::*;
    let played = |r: GameResult| match r {
        Win => Some(p.win),
        Draw => Some(p.draw),
        Loss => Some(p.loss),
        Adjusted(h) => Some(h),
        ForfeitWin | ForfeitLoss => None,
    };
    Some(match (rw?, rb?) {
        (ForfeitWin, ForfeitLoss) => (GameKind::Forfeit, Some(p.forfeit_win), Some(p.forfeit_loss)),
        (ForfeitLoss, ForfeitWin) => (GameKind::Forfeit, Some(p.forfeit_loss), Some(p.forfeit_win)),
        (ForfeitLoss, ForfeitLoss) => (
            GameKind::DoubleForfeit,
            Some(p.forfeit_loss),
            Some(p.forfeit_loss),
        ),
        (a @ (Win | Draw | Loss), b @ (Win | Draw | Loss))
            if !matches!((a, b), (Win, Loss) | (Loss, Win) | (Draw, Draw)) =>
        {
            return None
        }
        (a, b) => (GameKind::Played, Some(played(a)?), Some(played(b)?)),
    })
}

/// Imports a parsed TRF as a new tournament. The actor (any logged-in user)
/// becomes its organizer; the system actor (command line) may import without one.
/// The steps below each write one part; a failure in any of them rolls back
/// the caller's transaction, so nothing of a refused file stays.
pub fn import_trf(
    conn: &mut DbConnection,
    actor: &Actor,
    src: &pairing::Tournament,
) -> DomainResult<ImportedTournament> {
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(DomainError::Unauthenticated);
    }
    let (reg, played) = regulations_of(src)?;
    let ts = now();
    let tid = insert_tournament(conn, actor, src, &reg, &ts)?;
    let ids = insert_players(conn, tid, src, &reg, &ts)?;
    let n_games = insert_rounds(conn, tid, src, &ids, played, &ts)?;
    let n_requests = if reg.system.is_swiss() {
        insert_requested_byes(conn, tid, src, &ids, played, &ts)?
    } else {
        0
    };
    insert_forbidden_pairs(conn, tid, src, &ids)?;
    tournaments::refresh_status(conn, tid)?;
    let view = tournaments::get(conn, tid, Audience::Staff)?;
    let out = ImportedTournament {
        tournament: view,
        rounds: played,
        games: n_games,
        bye_requests: n_requests,
    };
    Entry::at(tid, "tournament.import_trf", "tournament", tid).made(conn, actor, &out)?;
    Ok(out)
}

/// The regulations a TRF header gives, and the number of rounds paired in it.
fn regulations_of(src: &pairing::Tournament) -> DomainResult<(Regulations, u32)> {
    let played = src
        .players
        .iter()
        .flat_map(|p| {
            p.rounds.iter().enumerate().filter_map(|(i, e)| {
                matches!(
                    e,
                    RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                )
                .then_some(i as u32 + 1)
            })
        })
        .max()
        .unwrap_or(0);
    let system = match src.kind {
        pairing::TournamentKind::Swiss => named_system(src).unwrap_or(PairingSystem::Swiss),
        pairing::TournamentKind::RoundRobin { double: false } => PairingSystem::RoundRobin,
        pairing::TournamentKind::RoundRobin { double: true } => PairingSystem::DoubleRoundRobin,
    };
    let total = if src.total_rounds > 0 {
        src.total_rounds
    } else {
        played.max(1)
    };
    let start = trf_date(src.details.start_date.as_deref())
        .unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%d").to_string());
    let end = trf_date(src.details.end_date.as_deref())
        .filter(|e| *e >= start)
        .unwrap_or_else(|| start.clone());
    let name: String = src.name.trim().chars().take(200).collect();
    let federation = src
        .details
        .federation
        .clone()
        .unwrap_or_default()
        .trim()
        .to_uppercase();
    let mut reg = Regulations {
        name: if name.is_empty() {
            "Imported tournament".into()
        } else {
            name
        },
        place: src.details.city.clone().unwrap_or_default(),
        federation: if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_uppercase()) {
            federation
        } else {
            String::new()
        },
        start_date: start,
        end_date: end,
        system,
        rounds: total,
        time_control: src
            .details
            .time_control
            .as_deref()
            .and_then(parse_time_control)
            .unwrap_or_default(),
        initial_color: match src.initial_color {
            Color::Black => InitialColour::Black,
            Color::White => InitialColour::White,
        },
        points: tournaments::PointsConfig::from_system(&src.points),
        ..Regulations::default()
    };
    if !src.accelerations.is_empty() {
        reg.acceleration = acceleration_of(src, total)?;
    }
    if system.is_swiss() && played > total {
        return Err(DomainError::invalid(
            "trf",
            msg!(
                "the file has {} rounds paired but XXR says {} rounds",
                played,
                total
            ),
        ));
    }
    reg.validate()?;
    Ok((reg, played))
}

/// The `XXA` records of a file: the Baku method's virtual points (C.04.5.1,
/// `pairing::generator::baku_virtual_points`, what the export writes) read
/// back as the regulation. Other pairing-only points cannot be kept (the
/// regulations name a method, not points per player), so the file is refused
/// rather than imported without them.
fn acceleration_of(src: &pairing::Tournament, total: u32) -> DomainResult<Acceleration> {
    let n = src.players.len() as u32;
    let half = |h: i32| match h % 2 {
        0 => (h / 2).to_string(),
        _ => format!("{}.5", h / 2),
    };
    for id in 1..=n {
        let records = src
            .accelerations
            .iter()
            .find(|(p, _)| *p == id)
            .map(|(_, points)| points.as_slice())
            .unwrap_or(&[]);
        for round in 1..=total.max(records.len() as u32) {
            let baku = pairing::generator::baku_virtual_points(n, total, id, round);
            let got = records.get(round as usize - 1).copied().unwrap_or(0);
            if got != baku {
                return Err(DomainError::invalid(
                    "trf",
                    msg!(
                        "the XXA points of player {} in round {} are {}, not the Baku method's {}: only Baku acceleration (C.04.5.1) can be imported",
                        id,
                        round,
                        half(got),
                        half(baku)
                    ),
                ));
            }
        }
    }
    Ok(Acceleration::Baku)
}

/// The tournament row, and the importing user as its organizer.
fn insert_tournament(
    conn: &mut DbConnection,
    actor: &Actor,
    src: &pairing::Tournament,
    reg: &Regulations,
    ts: &str,
) -> DomainResult<TournamentId> {
    let row = NewTournament {
        name: reg.name.clone(),
        place: reg.place.clone(),
        federation: reg.federation.clone(),
        start_date: reg.start_date.clone(),
        end_date: reg.end_date.clone(),
        system: reg.system,
        rounds: reg.rounds as i32,
        schedule: "[]".into(),
        time_control: serde_json::to_string(&reg.time_control).unwrap_or_default(),
        default_time_minutes: reg.default_time_minutes as i32,
        adjournments: reg.adjournments,
        resumption_lateness_minutes: reg.resumption_lateness_minutes as i32,
        // Kept as the file says (also the points of an unpaired round).
        points: serde_json::to_string(&src.points).unwrap_or_default(),
        late_entry_bye: reg.late_entry_bye,
        draw_offer_min_moves: reg.draw_offer_min_moves as i32,
        draw_needs_arbiter: reg.draw_needs_arbiter,
        illegal_moves_lose: reg.illegal_moves_lose.unwrap_or(0) as i32,
        illegal_move_bonus_seconds: reg.illegal_move_bonus_seconds.unwrap_or(0) as i32,
        variant: reg.variant,
        tiebreaks: reg.tiebreaks.join(","),
        initial_color: reg.initial_color,
        rating_order: reg.rating_order,
        notation: reg.notation,
        laws_edition: reg.laws_edition,
        status: TournamentStatus::Registration,
        version: 1,
        created_at: ts.to_string(),
        updated_at: ts.to_string(),
    };
    let tid: TournamentId = diesel::insert_into(tournaments_table::table)
        .values(&row)
        .returning(tournaments_table::id)
        .get_result(conn)?;
    // The acceleration read from the file's `XXA` records (`acceleration_of`).
    if reg.acceleration != Acceleration::None {
        diesel::update(tournaments_table::table.find(tid))
            .set(tournaments_table::acceleration.eq(reg.acceleration))
            .execute(conn)?;
    }
    if let Some(uid) = actor.user_id {
        tournaments::grant_creator_roles(conn, tid, uid)?;
    }

    Ok(tid)
}

/// The players, by pairing number: their ids in that order.
fn insert_players(
    conn: &mut DbConnection,
    tid: TournamentId,
    src: &pairing::Tournament,
    reg: &Regulations,
    ts: &str,
) -> DomainResult<Vec<ids::PlayerId>> {
    let mut ids: Vec<ids::PlayerId> = Vec::with_capacity(src.players.len());
    for p in &src.players {
        let name: String = p.name.trim().chars().take(100).collect();
        let federation = p.federation.clone().unwrap_or_default().to_uppercase();
        let sex = p
            .sex
            .map(|c| crate::domain::kinds::Sex::of_letter(&c.to_string()))
            .unwrap_or_default();
        let born = birth_date(p.birth_date.as_deref());
        let rating = p.rating.filter(|r| *r <= 3500).map(|r| r as i32);
        let id: ids::PlayerId = diesel::insert_into(players::table)
            .values((
                players::tournament_id.eq(tid),
                players::start_no.eq(p.id as i32),
                players::fide_id.eq(p
                    .fide_id
                    .filter(|f| (1..=99_999_999_999).contains(f))
                    .map(|f| f as i64)),
                players::name.eq(if name.is_empty() {
                    format!("Player {}", p.id)
                } else {
                    name
                }),
                players::title.eq(title_from_trf(p.title.as_deref().unwrap_or(""))),
                players::federation.eq(
                    if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_uppercase()) {
                        federation
                    } else {
                        String::new()
                    },
                ),
                players::club.eq(""),
                players::birth_date.eq(&born),
                players::sex.eq(sex),
                players::rating.eq(rating),
                players::national_rating.eq(None::<i32>),
                players::k_factor.eq(crate::domain::registration::default_k_factor(
                    rating,
                    &born,
                    crate::domain::registration::year_of(&reg.start_date),
                )),
                players::status.eq(PlayerStatus::Active),
                players::joined_round.eq(1),
                players::version.eq(1),
                players::created_at.eq(&ts),
            ))
            .returning(players::id)
            .get_result(conn)?;
        ids.push(id);
    }
    Ok(ids)
}

/// Rounds 1..=played with their games and byes: boards by the higher score,
/// then the higher-ranked player. The number of games and byes written.
fn insert_rounds(
    conn: &mut DbConnection,
    tid: TournamentId,
    src: &pairing::Tournament,
    ids: &[ids::PlayerId],
    played: u32,
    ts: &str,
) -> DomainResult<u32> {
    let id_of = |no: PlayerId| ids[no as usize - 1];
    let entry = |no: PlayerId, r: u32| -> RoundEntry {
        src.players[no as usize - 1]
            .rounds
            .get(r as usize - 1)
            .copied()
            .unwrap_or(RoundEntry::NotPaired)
    };
    let points = src.points;
    let mut score = vec![0i32; src.players.len()];
    let mut n_games = 0u32;
    for r in 1..=played {
        let mut boards: Vec<(i32, PlayerId, NewGame)> = Vec::new();
        let mut byes: Vec<NewGame> = Vec::new();
        let game = |white: ids::PlayerId,
                    black: Option<ids::PlayerId>,
                    kind: GameKind,
                    ws: Option<i32>,
                    bs: Option<i32>| {
            NewGame {
                tournament_id: tid,
                round_number: ids::RoundNo(r as i32),
                board: 0,
                white_id: white,
                black_id: black,
                kind,
                white_score: ws,
                black_score: bs,
                termination: String::new(),
                reason: if kind == GameKind::Played
                    && ws.zip(bs).is_some_and(|(w, b)| {
                        w + b != points.win + points.loss && w + b != 2 * points.draw
                    }) {
                    "imported from TRF".into()
                } else {
                    String::new()
                },
                version: 1,
                updated_at: ts.to_string(),
            }
        };
        for p in &src.players {
            match entry(p.id, r) {
                RoundEntry::Game {
                    opponent,
                    color,
                    result,
                } => {
                    let back = entry(opponent, r);
                    let RoundEntry::Game {
                        opponent: o2,
                        color: c2,
                        result: rb,
                    } = back
                    else {
                        return Err(inconsistent(
                            src,
                            p.id,
                            msg!(
                                "round {}: player {} plays {}, whose round {} is no game",
                                r,
                                p.id,
                                opponent,
                                r
                            ),
                        ));
                    };
                    if o2 != p.id || c2 == color {
                        return Err(inconsistent(src, p.id, msg!("round {}: player {} plays {} but {} plays {} with the same colour or another opponent", r, p.id, opponent, opponent, o2)));
                    }
                    if color == Color::Black {
                        continue;
                    }
                    let (kind, ws, bs) = if result.is_none() && rb.is_none() {
                        (GameKind::Pending, None, None)
                    } else {
                        game_scores(result, rb, &points).ok_or_else(|| {
                            inconsistent(
                                src,
                                p.id,
                                msg!(
                                    "round {}: the results of {} and {} do not agree",
                                    r,
                                    p.id,
                                    opponent
                                ),
                            )
                        })?
                    };
                    let top = score[p.id as usize - 1].max(score[opponent as usize - 1]);
                    boards.push((
                        top,
                        p.id.min(opponent),
                        game(id_of(p.id), Some(id_of(opponent)), kind, ws, bs),
                    ));
                }
                RoundEntry::Bye(kind) => {
                    let (k, pts) = match kind {
                        ByeKind::PairingAllocated => (GameKind::PairingBye, points.pairing_bye),
                        ByeKind::Full => (GameKind::FullBye, points.full_bye),
                        ByeKind::Half => (GameKind::HalfBye, points.half_bye),
                        ByeKind::Zero => (GameKind::ZeroBye, points.zero_bye),
                    };
                    byes.push(game(id_of(p.id), None, k, Some(pts), None));
                }
                RoundEntry::NotPaired => {}
            }
        }
        boards.sort_by_key(|(top, first, _)| (-top, *first));
        let pending = boards.iter().any(|(_, _, g)| g.kind == GameKind::Pending);
        for (board, mut g) in boards
            .into_iter()
            .map(|(_, _, g)| g)
            .chain(byes)
            .enumerate()
            .map(|(i, g)| (i as i32 + 1, g))
        {
            g.board = board;
            diesel::insert_into(games::table).values(&g).execute(conn)?;
            n_games += 1;
        }
        diesel::insert_into(rounds::table)
            .values((
                rounds::tournament_id.eq(tid),
                rounds::number.eq(r as i32),
                rounds::scheduled_start.eq(None::<String>),
                rounds::state.eq(if pending {
                    RoundState::Published
                } else {
                    RoundState::Finished
                }),
                rounds::paired_at.eq(&ts),
                rounds::published_at.eq(Some(&ts)),
            ))
            .execute(conn)?;
        for p in &src.players {
            score[p.id as usize - 1] += entry_points(&entry(p.id, r), &points);
        }
    }
    Ok(n_games)
}

/// Byes already known for rounds not yet paired become requested byes (Swiss).
fn insert_requested_byes(
    conn: &mut DbConnection,
    tid: TournamentId,
    src: &pairing::Tournament,
    ids: &[ids::PlayerId],
    played: u32,
    ts: &str,
) -> DomainResult<u32> {
    let id_of = |no: PlayerId| ids[no as usize - 1];
    let mut n_requests = 0u32;
    for p in &src.players {
        for (i, e) in p.rounds.iter().enumerate().skip(played as usize) {
            let kind = match e {
                RoundEntry::Bye(ByeKind::Half) => ByeRequestKind::Half,
                RoundEntry::Bye(ByeKind::Zero) => ByeRequestKind::Zero,
                RoundEntry::Bye(ByeKind::Full) => ByeRequestKind::Full,
                _ => continue,
            };
            diesel::insert_into(bye_requests::table)
                .values((
                    bye_requests::tournament_id.eq(tid),
                    bye_requests::player_id.eq(id_of(p.id)),
                    bye_requests::round_number.eq(i as i32 + 1),
                    bye_requests::kind.eq(kind),
                    bye_requests::note.eq("imported from TRF"),
                    bye_requests::created_at.eq(&ts),
                ))
                .execute(conn)?;
            n_requests += 1;
        }
    }
    Ok(n_requests)
}

/// The file's forbidden pairs (`XXP`).
fn insert_forbidden_pairs(
    conn: &mut DbConnection,
    tid: TournamentId,
    src: &pairing::Tournament,
    ids: &[ids::PlayerId],
) -> DomainResult<()> {
    let id_of = |no: PlayerId| ids[no as usize - 1];
    for &(a, b) in &src.forbidden {
        diesel::insert_into(forbidden_pairs::table)
            .values((
                forbidden_pairs::tournament_id.eq(tid),
                forbidden_pairs::player_a.eq(id_of(a.min(b))),
                forbidden_pairs::player_b.eq(id_of(a.max(b))),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Where a TRF file's problem is: its line and column, when the parser knows.
pub fn trf_error_position(e: &pairing::trf::TrfError) -> (Option<usize>, Option<usize>) {
    match e {
        pairing::trf::TrfError::Unexpected { line, column, .. } => (Some(*line), Some(*column)),
        pairing::trf::TrfError::Inconsistent { line, .. } => (Some(*line), None),
        _ => (None, None),
    }
}

/// The server's limit on the players of an imported file (`ARBITER_MAX_PLAYERS`):
/// a huge file, and its pairing, must not take the server (issue 41).
pub fn check_trf_size(src: &pairing::Tournament, max_players: usize) -> DomainResult<()> {
    if src.players.len() > max_players {
        return Err(DomainError::invalid(
            "trf",
            msg!(
                "the file has {} players; this server takes at most {} in a tournament",
                src.players.len(),
                max_players
            ),
        ));
    }
    Ok(())
}

/// A TRF file's text read for import by a person on the pages: parsed and
/// within the limit, or the problem at the field `trf` (the parser's sentence
/// names the line and column).
pub fn read_trf_text(text: &str, max_players: usize) -> DomainResult<pairing::Tournament> {
    if text.trim().is_empty() {
        return Err(DomainError::invalid(
            "trf",
            msg!("paste the TRF file's text or choose the file"),
        ));
    }
    // The parser's sentence names the line and column itself.
    let parsed = pairing::trf::parse(text).map_err(|e| {
        let why = crate::domain::library::trf_error(&e);
        DomainError::invalid("trf", msg!("the TRF file cannot be read: {}", why))
    })?;
    check_trf_size(&parsed, max_players)?;
    Ok(parsed)
}

/// What the TRF import page made of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportedTrf {
    /// A team event (the file has `013` team records; `teams::import_trf_as_new`).
    Team(TournamentId),
    /// An individual tournament (`import_trf`).
    Individual(TournamentId),
}

/// A TRF file as the import page takes it: a team file becomes a team
/// event, any other an individual tournament of at most `max_players`.
pub fn import_trf_file(
    conn: &mut DbConnection,
    actor: &Actor,
    text: &str,
    max_players: usize,
) -> DomainResult<ImportedTrf> {
    if crate::domain::teams::is_team_trf(text) {
        let tid = crate::domain::teams::import_trf_as_new(conn, actor, text)?;
        crate::domain::limits::players_within_file(conn, tid, max_players, "trf")?;
        return Ok(ImportedTrf::Team(tid));
    }
    let parsed = read_trf_text(text, max_players)?;
    import_trf(conn, actor, &parsed).map(|v| ImportedTrf::Individual(v.tournament.id))
}

/// The Swiss system a file's `092` record names (`FIDE_BURSTEIN`, …, as
/// [`super::trf_export::system_text`] writes them); None for any other text.
fn named_system(src: &pairing::Tournament) -> Option<PairingSystem> {
    let text = src.trf.lines.iter().find_map(|l| match l {
        pairing::TrfLine::Record(r) if r.starts_with("092") => r.get(3..).map(str::trim),
        _ => None,
    })?;
    [
        PairingSystem::Burstein,
        PairingSystem::Lim,
        PairingSystem::Dubov,
        PairingSystem::DoubleSwiss,
    ]
    .into_iter()
    .find(|s| super::trf_export::system_text(*s).is_some_and(|n| n.eq_ignore_ascii_case(text)))
}
