//! Random tournament generator (the "RTG" of the FIDE endorsement, C.04.A):
//! a Swiss tournament whose every round is paired by our FIDE (Dutch) engine
//! (C.04.3) and whose results are drawn from a rating-based model, written as
//! TRF. The same seed and settings give the same file on any machine: the
//! only source of randomness is [`SplitMix64`], defined here.
//!
//! # Settings (`key = value` lines)
//!
//! Blank lines and lines starting with `#` are ignored; keys are the ones of
//! the generators already in use (`shared` fixtures `pairing/rtg/*.cfg`) plus
//! ours. Rates are "one in N" (0 = never).
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `PlayersNumber` | players (2–9,999: a TRF pairing number has four digits) | 40 |
//! | `RoundsNumber` | rounds | 9 |
//! | `HighestRating`, `LowestRating` | rating range (uniform) | 2400, 1400 |
//! | `DrawPercentage` | draw chance between equal ratings, % | 30 |
//! | `ForfeitRate` | a game is forfeited (one side, 1 in 5 of them both) | 0 |
//! | `RetiredRate` | a player retires before a round (from round 2; absent after) | 0 |
//! | `HalfPointByeRate`, `ZeroPointByeRate`, `FullPointByeRate` | requested byes | 0 |
//! | `ZeroHalfRate` | a game ends 0–½ or ½–0 (art. 12.3(b) of the Laws) | 0 |
//! | `ZeroZeroRate` | a game ends 0–0 (art. 12.9) | 0 |
//! | `Baku` | Baku acceleration (C.04.5.1), `0` / `1` | 0 |
//! | `InitialColour` | `W`, `B` or `random` | random |
//! | `TieBreaks` | tie-break list written as record `212` (C.07 codes) | `PTS,BH/C1,BH,SB,DE,WIN` |
//! | `Titles` | `1`: titles and sex drawn by rating (for norm tests) | 0 |
//! | `Federations` | federations drawn from the first N of a fixed list (0 = none) | 0 |
//!
//! Titles, sex and federations come from a second generator seeded from the
//! seed, so turning them on changes nothing else in the tournament.
//!
//! Without a settings file every setting is drawn from the seed (see
//! [`Config::from_seed`]): 6–300 players, 5–13 rounds, every option mixed in.
//!
//! # Result model
//!
//! White's expected score is `E = 1 / (1 + 10^(−Δ/400))`, Δ = white's rating
//! minus black's (the FIDE rating table, C.07 / B.02, in closed form). The
//! draw chance is `D · 2^(−|Δ|/200)` (D = `DrawPercentage`; halved every 200
//! points of difference), capped so that a win and a loss stay possible; the
//! rest is split so that white's expected score is exactly `E`.
//!
//! # Output
//!
//! TRF as written by [`crate::trf::write`]: `012` with the seed, `XXR`,
//! `XXC`, the players' `001` records, `XXA` records for the Baku virtual
//! points, and `212` with the tie-break list. If a round cannot be paired
//! (a small field late in the event), the file ends before it; `XXR` keeps
//! the planned number of rounds, under which the rounds were paired.

use crate::model::{ByeKind, Color, GameResult, Player, RoundEntry, Tournament};

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by the
/// golden-ratio increment and mixed by two multiply–xorshift steps. Fixed
/// here so that a seed gives the same tournament with any version of any crate.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by rejection (no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// A uniform number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with chance one in `n` (never for 0).
    pub fn one_in(&mut self, n: u32) -> bool {
        n > 0 && self.below(u64::from(n)) == 0
    }
}

/// The most players a generated tournament may have: the TRF it is written
/// as gives a pairing number four digits (TRF-16, columns 5-8).
pub const MAX_PLAYERS: u32 = 9999;

/// The generator's settings (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub players: u32,
    pub rounds: u32,
    pub highest_rating: u32,
    pub lowest_rating: u32,
    pub draw_percentage: u32,
    pub forfeit_rate: u32,
    pub retired_rate: u32,
    pub half_bye_rate: u32,
    pub zero_bye_rate: u32,
    pub full_bye_rate: u32,
    pub zero_half_rate: u32,
    pub zero_zero_rate: u32,
    pub baku: bool,
    /// `None`: drawn from the seed.
    pub initial_colour: Option<Color>,
    pub tie_breaks: String,
    /// Titles and sex drawn by rating.
    pub titles: bool,
    /// Federations drawn from the first N of [`FEDERATIONS`] (0 = none).
    pub federations: u32,
}

/// The federations the generator draws from.
pub const FEDERATIONS: [&str; 12] = [
    "POL", "GER", "CZE", "HUN", "FRA", "ESP", "NED", "IND", "USA", "ARM", "SRB", "ENG",
];

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 40,
            rounds: 9,
            highest_rating: 2400,
            lowest_rating: 1400,
            draw_percentage: 30,
            forfeit_rate: 0,
            retired_rate: 0,
            half_bye_rate: 0,
            zero_bye_rate: 0,
            full_bye_rate: 0,
            zero_half_rate: 0,
            zero_zero_rate: 0,
            baku: false,
            initial_colour: None,
            tie_breaks: "PTS,BH/C1,BH,SB,DE,WIN".into(),
            titles: false,
            federations: 0,
        }
    }
}

impl Config {
    /// Reads `key = value` lines; unknown keys and bad values are errors.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut c = Config::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("line {}: expected key = value", i + 1))?;
            let (key, value) = (key.trim(), value.trim());
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| format!("line {}: {key} needs a whole number", i + 1))
            };
            match key {
                "PlayersNumber" => c.players = number()?,
                "RoundsNumber" => c.rounds = number()?,
                "HighestRating" => c.highest_rating = number()?,
                "LowestRating" => c.lowest_rating = number()?,
                "DrawPercentage" => c.draw_percentage = number()?.min(100),
                "ForfeitRate" => c.forfeit_rate = number()?,
                "RetiredRate" => c.retired_rate = number()?,
                "HalfPointByeRate" => c.half_bye_rate = number()?,
                "ZeroPointByeRate" => c.zero_bye_rate = number()?,
                "FullPointByeRate" => c.full_bye_rate = number()?,
                "ZeroHalfRate" => c.zero_half_rate = number()?,
                "ZeroZeroRate" => c.zero_zero_rate = number()?,
                "Baku" => c.baku = number()? != 0,
                "InitialColour" => {
                    c.initial_colour = match value.to_ascii_lowercase().as_str() {
                        "w" | "white" | "white1" => Some(Color::White),
                        "b" | "black" | "black1" => Some(Color::Black),
                        "random" | "" => None,
                        _ => {
                            return Err(format!("line {}: InitialColour is W, B or random", i + 1))
                        }
                    }
                }
                "TieBreaks" => c.tie_breaks = value.to_string(),
                "Titles" => c.titles = number()? != 0,
                "Federations" => c.federations = number()?.min(FEDERATIONS.len() as u32),
                _ => return Err(format!("line {}: unknown setting {key}", i + 1)),
            }
        }
        if c.players < 2 || c.rounds < 1 {
            return Err("at least 2 players and 1 round".into());
        }
        if c.players > MAX_PLAYERS {
            return Err(format!(
                "PlayersNumber {}: a TRF file holds at most {MAX_PLAYERS} players \
                 (a pairing number has four digits, columns 5-8)",
                c.players
            ));
        }
        if c.lowest_rating > c.highest_rating {
            return Err("LowestRating is above HighestRating".into());
        }
        Ok(c)
    }

    /// Every setting drawn from the seed: 6–300 players (small fields more
    /// often), 5–13 rounds (fewer than the players), ratings, draw rate and
    /// each option (forfeits, retirements, byes of every kind, 0–½ and 0–0
    /// results, Baku acceleration) present in about half of the tournaments.
    pub fn from_seed(seed: u64) -> Config {
        let mut r = SplitMix64::new(seed ^ 0x5EED_C0F1_6000_0000);
        let players = match r.below(3) {
            0 => r.range(6, 20),
            1 => r.range(21, 80),
            _ => r.range(81, 300),
        } as u32;
        let rounds = (r.range(5, 13) as u32).min(players - 1);
        let lowest = r.range(1000, 1800) as u32;
        let highest = lowest + r.range(100, 1000) as u32;
        // an option is present in about half of the tournaments, at a rate
        // of one in `lo..=hi`
        let mut opt = |lo: u64, hi: u64| {
            if r.below(2) == 0 {
                0
            } else {
                r.range(lo, hi) as u32
            }
        };
        Config {
            players,
            rounds,
            highest_rating: highest,
            lowest_rating: lowest,
            draw_percentage: 0,
            forfeit_rate: opt(10, 60),
            retired_rate: opt(60, 300),
            half_bye_rate: opt(15, 80),
            zero_bye_rate: opt(20, 120),
            full_bye_rate: opt(40, 200),
            zero_half_rate: opt(50, 300),
            zero_zero_rate: opt(80, 400),
            baku: false,
            initial_colour: None,
            tie_breaks: String::new(),
            titles: false,
            federations: 0,
        }
        .finish_from_seed(&mut r)
    }

    fn finish_from_seed(mut self, r: &mut SplitMix64) -> Config {
        self.draw_percentage = r.range(0, 60) as u32;
        self.baku = r.below(4) == 0 && self.players >= 8;
        self.initial_colour = match r.below(3) {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        };
        let lists = [
            "PTS,BH/C1,BH,SB,DE,WIN",
            "PTS,DE,WIN,BPG,BH/C1,BH",
            "PTS,ARO,BH,SB",
            "PTS,SB,BH/M1,WON",
        ];
        self.tie_breaks = lists[r.below(lists.len() as u64) as usize].to_string();
        self
    }

    /// The settings as `key = value` lines (what [`Config::parse`] reads).
    pub fn to_text(&self) -> String {
        let colour = match self.initial_colour {
            Some(Color::White) => "W",
            Some(Color::Black) => "B",
            None => "random",
        };
        let mut extra = String::new();
        if self.titles {
            extra.push_str("Titles = 1\n");
        }
        if self.federations > 0 {
            extra.push_str(&format!("Federations = {}\n", self.federations));
        }
        format!(
            "PlayersNumber = {}\nRoundsNumber = {}\nHighestRating = {}\nLowestRating = {}\n\
             DrawPercentage = {}\nForfeitRate = {}\nRetiredRate = {}\nHalfPointByeRate = {}\n\
             ZeroPointByeRate = {}\nFullPointByeRate = {}\nZeroHalfRate = {}\nZeroZeroRate = {}\n\
             Baku = {}\nInitialColour = {colour}\nTieBreaks = {}\n{extra}",
            self.players,
            self.rounds,
            self.highest_rating,
            self.lowest_rating,
            self.draw_percentage,
            self.forfeit_rate,
            self.retired_rate,
            self.half_bye_rate,
            self.zero_bye_rate,
            self.full_bye_rate,
            self.zero_half_rate,
            self.zero_zero_rate,
            u8::from(self.baku),
            self.tie_breaks
        )
    }
}

/// The Baku virtual points (C.04.5.1), in half-points, of the player with
/// pairing number `id` before round `round`: group A is the first 2·⌈N/4⌉
/// players; the accelerated rounds are the first ⌈R/2⌉; group A has 1 point
/// in the first ⌈accelerated/2⌉ of them and ½ in the others.
pub fn baku_virtual_points(players: u32, rounds: u32, id: u32, round: u32) -> i32 {
    let group_a = 2 * players.div_ceil(4);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if id > group_a || round > accelerated {
        0
    } else if round <= full {
        2
    } else {
        1
    }
}

/// The result of a game from white's side (see the module docs).
pub(crate) fn game(
    r: &mut SplitMix64,
    c: &Config,
    white: u32,
    black: u32,
) -> (GameResult, GameResult) {
    use GameResult::*;
    if r.one_in(c.forfeit_rate) {
        return match r.below(5) {
            0 => (ForfeitLoss, ForfeitLoss),
            1 | 2 => (ForfeitWin, ForfeitLoss),
            _ => (ForfeitLoss, ForfeitWin),
        };
    }
    if r.one_in(c.zero_zero_rate) {
        return (Adjusted(0), Adjusted(0));
    }
    if r.one_in(c.zero_half_rate) {
        return if r.below(2) == 0 {
            (Adjusted(0), Adjusted(1))
        } else {
            (Adjusted(1), Adjusted(0))
        };
    }
    let delta = f64::from(white) - f64::from(black);
    let expected = 1.0 / (1.0 + 10f64.powf(-delta / 400.0));
    let draw = (f64::from(c.draw_percentage) / 100.0 * 2f64.powf(-delta.abs() / 200.0))
        .min(2.0 * expected.min(1.0 - expected) * 0.9);
    let win = expected - draw / 2.0;
    let x = r.unit();
    if x < win {
        (Win, Loss)
    } else if x < win + draw {
        (Draw, Draw)
    } else {
        (Loss, Win)
    }
}

/// A title for a player rated `rating` (roughly as titles go with ratings).
fn draw_title(r: &mut SplitMix64, rating: u32, woman: bool) -> Option<&'static str> {
    let x = r.below(100);
    let open = match rating {
        2500.. if x < 80 => Some("GM"),
        2500.. => Some("IM"),
        2400..=2499 if x < 20 => Some("GM"),
        2400..=2499 if x < 75 => Some("IM"),
        2400..=2499 => Some("FM"),
        2300..=2399 if x < 15 => Some("IM"),
        2300..=2399 if x < 65 => Some("FM"),
        2300..=2399 if x < 75 => Some("CM"),
        2200..=2299 if x < 15 => Some("FM"),
        2200..=2299 if x < 45 => Some("CM"),
        _ => None,
    };
    if !woman || (open.is_some() && r.one_in(2)) {
        return open;
    }
    let y = r.below(100);
    match rating {
        2300.. if y < 70 => Some("WGM"),
        2200.. if y < 70 => Some("WIM"),
        2100.. if y < 50 => Some("WFM"),
        2000.. if y < 30 => Some("WCM"),
        _ => open,
    }
}

/// A generated tournament and its TRF text.
pub struct Generated {
    pub tournament: Tournament,
    pub trf: String,
}

/// Generates a tournament: players by rating (pairing number = rating
/// order), each round's absences drawn, the round paired by
/// [`crate::dutch::pair`], the results drawn.
pub fn generate(c: &Config, seed: u64) -> Generated {
    generate_with(c, seed, System::Dutch)
}

/// The Swiss system a generated tournament is paired with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// FIDE (Dutch), C.04.3: [`crate::dutch::pair`].
    Dutch,
    /// Burstein, C.04.4.2: [`crate::burstein::pair`]; the seeding rounds are
    /// the system's own (no Baku acceleration), and the file says
    /// `092 FIDE_BURSTEIN`.
    Burstein,
    /// Lim, C.04.4.3: [`crate::lim::pair`] (no acceleration); the file says
    /// `092 FIDE_LIM`.
    Lim,
    /// Dubov, C.04.4.1: [`crate::dubov::pair`]; no acceleration, and the
    /// file says `092 FIDE_DUBOV`.
    Dubov,
}

/// [`generate`] with the rounds paired by `system`.
///
/// # Panics
/// With more than [`MAX_PLAYERS`] players (a TRF file cannot hold them;
/// [`Config::parse`] refuses such settings with an error).
pub fn generate_with(c: &Config, seed: u64, system: System) -> Generated {
    assert!(
        c.players <= MAX_PLAYERS,
        "{} players: a TRF file holds at most {MAX_PLAYERS}",
        c.players
    );
    let pair = match system {
        System::Dutch => crate::dutch::pair,
        System::Burstein => crate::burstein::pair,
        System::Lim => crate::lim::pair,
        System::Dubov => crate::dubov::pair,
    };
    let mut r = SplitMix64::new(seed);
    let mut ratings: Vec<u32> = (0..c.players)
        .map(|_| r.range(u64::from(c.lowest_rating), u64::from(c.highest_rating)) as u32)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let players: Vec<Player> = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| Player {
            id: i as u32 + 1,
            name: format!("Player {:04}", i + 1),
            rating: Some(rating),
            ..Player::default()
        })
        .collect();
    let mut players = players;
    if c.titles || c.federations > 0 {
        // A second stream: the main one (pairings, results) stays as it was.
        let mut extra = SplitMix64::new(seed ^ 0x7171_1E5F_ED00_0000);
        for p in &mut players {
            let rating = p.rating.unwrap_or(0);
            if c.titles {
                let woman = extra.one_in(4);
                p.sex = Some(if woman { 'w' } else { 'm' });
                p.title = draw_title(&mut extra, rating, woman).map(str::to_string);
            }
            if c.federations > 0 {
                p.federation =
                    Some(FEDERATIONS[extra.below(u64::from(c.federations)) as usize].to_string());
            }
        }
    }
    let initial = c.initial_colour.unwrap_or(if r.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    let mut t = Tournament {
        name: format!("Random tournament, seed {seed}"),
        total_rounds: c.rounds,
        initial_color: initial,
        players,
        ..Tournament::default()
    };
    if c.baku && system == System::Dutch {
        t.accelerations = (1..=c.players)
            .filter(|&id| baku_virtual_points(c.players, c.rounds, id, 1) > 0)
            .map(|id| {
                let points = (1..=c.rounds.div_ceil(2))
                    .map(|round| baku_virtual_points(c.players, c.rounds, id, round))
                    .collect();
                (id, points)
            })
            .collect();
    }
    let mut retired = vec![false; c.players as usize];
    for round in 1..=c.rounds {
        let k = round as usize - 1;
        // absences: retirements, then requested byes
        for (i, p) in t.players.iter_mut().enumerate() {
            p.rounds.resize(k, RoundEntry::NotPaired);
            if round > 1 && !retired[i] && r.one_in(c.retired_rate) {
                retired[i] = true;
            }
            let bye = if retired[i] {
                Some(ByeKind::Zero)
            } else if round < c.rounds && r.one_in(c.half_bye_rate) {
                Some(ByeKind::Half)
            } else if r.one_in(c.zero_bye_rate) {
                Some(ByeKind::Zero)
            } else if r.one_in(c.full_bye_rate) {
                Some(ByeKind::Full)
            } else {
                None
            };
            if let Some(kind) = bye {
                p.rounds.push(RoundEntry::Bye(kind));
            }
        }
        let Ok(pairing) = pair(&t, round) else {
            // cannot be paired: the file ends before this round; `XXR` keeps
            // the planned number, under which the rounds were paired (the
            // final-round rules of C.04.3 art. 1.7 were not applied)
            for p in &mut t.players {
                p.rounds.truncate(k);
            }
            break;
        };
        for &(w, b) in &pairing.boards {
            let (rw, rb) = (
                t.players[w as usize - 1].rating.unwrap_or(0),
                t.players[b as usize - 1].rating.unwrap_or(0),
            );
            let (res_w, res_b) = game(&mut r, c, rw, rb);
            for (id, opp, color, result) in
                [(w, b, Color::White, res_w), (b, w, Color::Black, res_b)]
            {
                t.players[id as usize - 1].rounds.push(RoundEntry::Game {
                    opponent: opp,
                    color,
                    result: Some(result),
                });
            }
        }
        if let Some(b) = pairing.bye {
            t.players[b as usize - 1]
                .rounds
                .push(RoundEntry::Bye(ByeKind::PairingAllocated));
        }
    }
    // points and ranks as the tie-break list gives them
    let order: Vec<crate::tiebreak::TieBreak> = c
        .tie_breaks
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    let order = if order.is_empty() {
        vec![crate::tiebreak::TieBreak::Points]
    } else {
        order
    };
    let rows = crate::standings::compute(&t, &order, crate::tiebreak::Edition::default());
    for row in &rows {
        let p = &mut t.players[row.id as usize - 1];
        p.recorded_points = Some(row.points);
        p.recorded_rank = Some(row.rank);
    }
    let mut text = crate::trf::write(&t);
    let list: Vec<String> = order.iter().map(ToString::to_string).collect();
    text.push_str(&format!("212 {}\n", list.join(",")));
    let named = match system {
        System::Dutch => None,
        System::Burstein => Some("092 FIDE_BURSTEIN\n"),
        System::Lim => Some("092 FIDE_LIM\n"),
        System::Dubov => Some("092 FIDE_DUBOV\n"),
    };
    if let Some(line) = named {
        // the system named as the endorsed engines name it
        text = text
            .split_inclusive('\n')
            .map(|l| if l.starts_with("092 ") { line } else { l })
            .collect();
        if !text.contains("\n092 ") {
            text.push_str(line);
        }
    }
    t = crate::trf::parse(&text).expect("the generator writes TRF it reads");
    Generated {
        tournament: t,
        trf: text,
    }
}
