//! The closed sets of the domain — settings of the regulations and states of
//! tournaments, rounds, games and players — as enums. A leaf of `domain`: it
//! uses no other domain module.
//!
//! Each set is stored as text on both backends (the words below are the
//! stored values and the JSON values, so databases and clients written before
//! the enums keep working), read once at the boundary: a stored word the set
//! does not know is a database error, a word in a JSON body or a form that it
//! does not know is a 422 naming the field and the allowed values
//! (`web::json_error_handler`, `pages` forms through [`parse_field`]).
//! Nothing else in `app/` compares these words as strings.
//!
//! Over 700 lines because every closed set of the domain is declared here,
//! one after another (a few lines each, with the macro that declares them
//! and `Sex`, written out by hand), so that the list is read in one place.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

/// The word a stored or submitted value did not match, and the words it may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue {
    pub set: &'static str,
    pub value: String,
    pub allowed: &'static [&'static str],
}

impl std::fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a {}; allowed: {}",
            self.value,
            self.set,
            self.allowed.join(", ")
        )
    }
}

impl std::error::Error for UnknownValue {}

/// Declares one closed set: the enum, its words, text in the database on both
/// backends, serde and the OpenAPI schema (an `enum` of the words).
macro_rules! closed_set {
    (
        $(#[$meta:meta])*
        $name:ident, $set:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize,
            diesel::AsExpression, diesel::FromSqlRow,
        )]
        #[diesel(sql_type = Text)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $word)] $variant ),+
        }

        impl $name {
            /// Every member, in the order of the declaration.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every word, in the order of the declaration.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            /// The stored (and JSON) word.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, UnknownValue> {
                match s {
                    $($word => Ok($name::$variant),)+
                    _ => Err(UnknownValue {
                        set: $set,
                        value: s.chars().take(60).collect(),
                        allowed: $name::WORDS,
                    }),
                }
            }
        }

        // The schema by hand: the derive does not read the words through
        // this macro (it listed the variants' Rust names).
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(Some(concat!("A ", $set, ".")))
                    .enum_values(Some($name::WORDS.iter().copied()))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        // By hand rather than derived, so that a wrong word is answered in the
        // same words as everywhere else: the value, the set and the allowed words.
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let word = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                word.parse().map_err(serde::de::Error::custom)
            }
        }

        impl<DB: Backend> FromSql<Text, DB> for $name
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let word = <String as FromSql<Text, DB>>::from_sql(bytes)?;
                Ok(word.parse::<$name>()?)
            }
        }

        impl<DB: Backend> ToSql<Text, DB> for $name
        where
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                <str as ToSql<Text, DB>>::to_sql(self.as_str(), out)
            }
        }
    };
}

closed_set! {
    /// Where a tournament stands: before round 1, running, every round played.
    TournamentStatus, "tournament status" {
        Registration = "registration",
        Running = "running",
        Finished = "finished",
    }
}

closed_set! {
    /// The pairing system (SPEC §2): a Swiss by the FIDE Dutch system (C.04.3)
    /// or the Burstein (C.04.4.2), Dubov (C.04.4.1) or Lim (C.04.4.3) system,
    /// the Double-Swiss (C.04.5: every match two games, each game a round
    /// here, as in its TRF), or Berger tables (C.05).
    PairingSystem, "pairing system" {
        Swiss = "swiss",
        RoundRobin = "round_robin",
        DoubleRoundRobin = "double_round_robin",
        Burstein = "burstein",
        Lim = "lim",
        Dubov = "dubov",
        DoubleSwiss = "double_swiss",
    }
}

impl PairingSystem {
    /// A Swiss system (Dutch, Burstein, Dubov, Lim or Double-Swiss): rounds
    /// set by the regulations, paired one at a time from the scores.
    pub fn is_swiss(self) -> bool {
        matches!(
            self,
            PairingSystem::Swiss
                | PairingSystem::Burstein
                | PairingSystem::Lim
                | PairingSystem::Dubov
                | PairingSystem::DoubleSwiss
        )
    }

    /// The Double-Swiss (C.04.5): match *k* is rounds 2*k*−1 (game 1) and
    /// 2*k* (game 2, the same boards with the colours reversed), as the
    /// pairing crate's TRF convention writes it.
    pub fn is_double_swiss(self) -> bool {
        self == PairingSystem::DoubleSwiss
    }
}

closed_set! {
    /// Accelerated pairings of a Swiss (FIDE Handbook C.04.5): `baku` adds the
    /// Baku method's virtual points (C.04.5.1) for pairing the early rounds;
    /// they never count in the standings.
    Acceleration, "acceleration" {
        None = "none",
        Baku = "baku",
    }
}

closed_set! {
    /// The variant played: standard chess or Chess960 (Laws, Guidelines II).
    Variant, "variant" {
        Standard = "standard",
        Chess960 = "chess960",
    }
}

closed_set! {
    /// A round: paired (staff only), published to everyone, or finished (every
    /// result in; it goes back to published when a result is cleared).
    RoundState, "round state" {
        Paired = "paired",
        Published = "published",
        Finished = "finished",
    }
}

closed_set! {
    /// What a game row is: a game to play or played, a forfeit, or a bye.
    GameKind, "game kind" {
        Pending = "pending",
        Played = "played",
        Forfeit = "forfeit",
        DoubleForfeit = "double_forfeit",
        Adjourned = "adjourned",
        PairingBye = "pairing_bye",
        FullBye = "full_bye",
        HalfBye = "half_bye",
        ZeroBye = "zero_bye",
        /// Not paired this round (absent without a bye).
        Free = "free",
    }
}

impl RoundState {
    /// Published or finished: the public sees it.
    pub fn is_public(self) -> bool {
        self != RoundState::Paired
    }
}

impl GameKind {
    /// No result yet: scheduled or adjourned.
    pub fn is_open(self) -> bool {
        matches!(self, GameKind::Pending | GameKind::Adjourned)
    }

    /// A bye of any kind (the row has no black player).
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            GameKind::PairingBye | GameKind::FullBye | GameKind::HalfBye | GameKind::ZeroBye
        )
    }
}

closed_set! {
    /// The edition of the Laws of Chess applied (FIDE Handbook E.01): the one
    /// in force since 1 January 2023 for a new tournament; 2018, 2009 and
    /// 2005 for events played under them. What differs between them is the
    /// table of `rules::laws`.
    LawsEdition, "Laws edition" {
        Laws2023 = "2023",
        Laws2018 = "2018",
        Laws2009 = "2009",
        Laws2005 = "2005",
    }
}

impl LawsEdition {
    /// The edition as the rules core knows it (`rules::laws`).
    pub fn rules(self) -> rules::laws::Edition {
        match self {
            LawsEdition::Laws2023 => rules::laws::Edition::Laws2023,
            LawsEdition::Laws2018 => rules::laws::Edition::Laws2018,
            LawsEdition::Laws2009 => rules::laws::Edition::Laws2009,
            LawsEdition::Laws2005 => rules::laws::Edition::Laws2005,
        }
    }

    /// The article of `rule` in this edition (`rules::laws::TABLE`, the one
    /// place article numbers come from); `?` where the edition has no such rule.
    pub fn article(self, rule: rules::laws::Rule) -> &'static str {
        rules::laws::article(self.rules(), rule).unwrap_or("?")
    }

    /// The day the edition came into force, as `YYYY-MM-DD`.
    pub fn in_force_from(self) -> String {
        let (y, m, d) = self.rules().effective_from();
        format!("{y:04}-{m:02}-{d:02}")
    }
}

closed_set! {
    /// The colour of the top seed in round 1 (C.04.3 art. 5; C.05 for Berger tables).
    InitialColour, "initial colour" {
        White = "white",
        Black = "black",
    }
}

closed_set! {
    /// The rating that orders the players: FIDE or national.
    RatingOrder, "rating order" {
        Fide = "fide",
        National = "national",
    }
}

closed_set! {
    /// How a late entry's missed rounds score (SPEC §2).
    LateEntryBye, "late-entry score" {
        Zero = "zero",
        Half = "half",
    }
}

closed_set! {
    /// The letters of the notation on scoresheets (Laws, Appendix C.3), by language.
    Notation, "notation" {
        En = "en", Pl = "pl", Cs = "cs", De = "de", Fr = "fr", Nl = "nl",
        Es = "es", It = "it", Hu = "hu", Da = "da", Et = "et", Fi = "fi",
        Is = "is", No = "no", Pt = "pt", Ro = "ro", Sv = "sv",
    }
}

closed_set! {
    /// The kind of time control (Laws, Appendices A and B): which rating applies.
    TimeCategory, "time-control category" {
        Standard = "standard",
        Rapid = "rapid",
        Blitz = "blitz",
    }
}

closed_set! {
    /// How a game's moves are submitted: one PGN game, or the moves as written
    /// on the scoresheet (`1.e4 e5 2.Sf3 …`, in the notation's letters).
    RecordFormat, "record format" {
        Pgn = "pgn",
        Scoresheet = "scoresheet",
    }
}

closed_set! {
    /// A sealed-move envelope (Guidelines I, adjourned games): sealed, opened at
    /// resumption, ended before resumption (draw or resignation), or lost (§11).
    EnvelopeState, "envelope state" {
        Sealed = "sealed",
        Opened = "opened",
        Ended = "ended",
        Lost = "lost",
    }
}

closed_set! {
    /// Who is at the envelope of an adjourned game (Guidelines I §6): the
    /// player who sealed the move, or the player to reply to it.
    EnvelopeParty, "player at the envelope" {
        Sealer = "sealer",
        Replier = "replier",
    }
}

closed_set! {
    /// What the default-time rule gives a game (2023 art. 6.7.1, 2009 art. 6.6(a), 2005 art. 6.7).
    ArrivalOutcome, "arrival outcome" {
        Play = "play",
        WhiteForfeits = "white_forfeits",
        BlackForfeits = "black_forfeits",
        DoubleForfeit = "double_forfeit",
    }
}

closed_set! {
    /// How a Chess960 start position is chosen (Guidelines II): drawn at random
    /// by the server, or entered after a physical draw.
    DrawMode, "draw mode" {
        Draw = "draw",
        Enter = "enter",
    }
}

closed_set! {
    /// How an adjourned game ends before resumption (Guidelines I §5): a draw
    /// agreed, or a resignation announced to the arbiter.
    EarlyEnd, "end before resumption" {
        Draw = "draw",
        WhiteResigns = "white_resigns",
        BlackResigns = "black_resigns",
    }
}

// Team competitions (issue 20): the regulations of a team event
// (pairing/src/team/model.rs `TeamSettings`).
closed_set! {
    /// How a team event is paired: the Swiss system for teams (C.04.6), the
    /// Berger tables (C.05) single or double, or Scheveningen (two teams).
    TeamSystemKind, "team pairing system" {
        Swiss = "swiss",
        RoundRobin = "round_robin",
        DoubleRoundRobin = "double_round_robin",
        Scheveningen = "scheveningen",
    }
}

closed_set! {
    /// The score teams are ranked and paired by (C.04.6 art. 1.2).
    TeamPrimaryScore, "primary score" {
        MatchPoints = "match_points",
        GamePoints = "game_points",
    }
}

closed_set! {
    /// Colours on the boards of a match, seen from the first-named team.
    BoardColourRule, "board colour rule" {
        WhiteOnOdd = "white_on_odd",
        WhiteOnAll = "white_on_all",
    }
}

closed_set! {
    /// Team colour preferences in the Swiss system (C.04.6 art. 1.7).
    TeamColourPreference, "colour preference type" {
        A = "a",
        B = "b",
        None = "none",
    }
}

closed_set! {
    /// The colour a player had in a game; `""` when he had no opponent (a bye).
    PlayedColour, "colour" {
        NoGame = "",
        White = "white",
        Black = "black",
    }
}

closed_set! {
    /// A registered player: playing, withdrawn (may be reinstated) or expelled (art. 12.9(g)).
    PlayerStatus, "player status" {
        Active = "active",
        Withdrawn = "withdrawn",
        Expelled = "expelled",
    }
}

/// A player's sex as registered, and as rating lists and TRF files give it:
/// male, female or not given. Stored and answered as `m`, `f` or empty (the
/// words below, as before the enum). Not declared through `closed_set!`
/// because it is read more leniently than the other sets: a JSON body or a
/// form may write it in either case with white space around (`" F"` is
/// `f`), as the API has always taken it (`formats::SEX` is its pattern,
/// which `web::openapi` gives its schema).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    diesel::AsExpression,
    diesel::FromSqlRow,
)]
#[diesel(sql_type = Text)]
pub enum Sex {
    #[default]
    #[serde(rename = "")]
    NotGiven,
    #[serde(rename = "m")]
    Male,
    #[serde(rename = "f")]
    Female,
}

impl Sex {
    /// Every member, in the order of the declaration.
    pub const ALL: &'static [Sex] = &[Sex::NotGiven, Sex::Male, Sex::Female];
    /// Every stored word, in the order of the declaration.
    pub const WORDS: &'static [&'static str] = &["", "m", "f"];
    /// The words a message lists as allowed (interface words, translated).
    const ALLOWED: &'static [&'static str] = &["m", "f", "(empty)"];

    /// The stored (and JSON) word.
    pub fn as_str(self) -> &'static str {
        match self {
            Sex::NotGiven => "",
            Sex::Male => "m",
            Sex::Female => "f",
        }
    }

    /// The sex as an arbiter types it in a pasted list, in either case: `m`
    /// (man); `f`, `w` (woman), Polish `k` (kobieta), Czech `ž` (žena) or `ż`
    /// as a Polish keyboard writes it; empty is not given; anything else none.
    pub fn of_typed(text: &str) -> Option<Sex> {
        match text.trim().to_lowercase().as_str() {
            "" => Some(Sex::NotGiven),
            "m" => Some(Sex::Male),
            "f" | "w" | "k" | "ž" | "ż" => Some(Sex::Female),
            _ => None,
        }
    }

    /// The letter of a rating list or of a TRF file (TRF-16 column 10), in
    /// either case: `m`; `f`, or `w` as FIDE writes women; anything else is
    /// not given (lists leave it blank or write other marks).
    pub fn of_letter(text: &str) -> Sex {
        match text.trim().to_ascii_lowercase().as_str() {
            "m" => Sex::Male,
            "f" | "w" => Sex::Female,
            _ => Sex::NotGiven,
        }
    }

    /// The letter of TRF-16 column 10: `m` or `w`.
    pub fn trf_letter(self) -> Option<char> {
        match self {
            Sex::NotGiven => None,
            Sex::Male => Some('m'),
            Sex::Female => Some('w'),
        }
    }

    /// The stored word as one letter (`m` or `f`), for the pairing model.
    pub fn letter(self) -> Option<char> {
        self.as_str().chars().next()
    }
}

impl std::fmt::Display for Sex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a JSON body or a form may write: `m`, `f` or nothing, in either
/// case, white space around.
impl std::str::FromStr for Sex {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, UnknownValue> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" => Ok(Sex::NotGiven),
            "m" => Ok(Sex::Male),
            "f" => Ok(Sex::Female),
            _ => Err(UnknownValue {
                set: "sex",
                value: s.chars().take(60).collect(),
                allowed: Sex::ALLOWED,
            }),
        }
    }
}

impl utoipa::PartialSchema for Sex {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(
                "A player's sex: `m`, `f` or empty (not given). Read in either \
                 case with white space around; answered as `m`, `f` or empty.",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Sex {}

impl<'de> serde::Deserialize<'de> for Sex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let word = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        word.parse().map_err(serde::de::Error::custom)
    }
}

/// The stored words exactly: anything else is a database error.
impl<DB: Backend> FromSql<Text, DB> for Sex
where
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        let word = <String as FromSql<Text, DB>>::from_sql(bytes)?;
        match Sex::ALL.iter().find(|s| s.as_str() == word) {
            Some(s) => Ok(*s),
            None => Err(Box::new(UnknownValue {
                set: "sex",
                value: word.chars().take(60).collect(),
                allowed: Sex::ALLOWED,
            })),
        }
    }
}

impl<DB: Backend> ToSql<Text, DB> for Sex
where
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        <str as ToSql<Text, DB>>::to_sql(self.as_str(), out)
    }
}

closed_set! {
    /// A requested bye: its score (SPEC §2).
    ByeRequestKind, "bye kind" {
        Half = "half",
        Zero = "zero",
        Full = "full",
    }
}

closed_set! {
    /// The arbiter's penalties (art. 12.9, 7.4(b), 9.5(b), 10.2, 13.4).
    PenaltyKind, "penalty kind" {
        Warning = "warning",
        ExtraTime = "extra_time",
        TimeDeduction = "time_deduction",
        GameLost = "game_lost",
        ScoreReduced = "score_reduced",
        ScoreRaised = "score_raised",
        Expulsion = "expulsion",
        IllegalMove = "illegal_move",
        /// The clock pressed without a move: an illegal move from 2018 (7.5.3).
        ClockWithoutMove = "clock_without_move",
        /// A move made with two hands: an illegal move from 2018 (7.5.4).
        TwoHandedMove = "two_handed_move",
        IncorrectDrawClaim = "incorrect_draw_claim",
        QuickplayClaim = "quickplay_claim",
        BothAtFault = "both_at_fault",
    }
}

closed_set! {
    /// The arbiter's decision on a claim under art. 10.2 (Guidelines III):
    /// drawn, postponed or rejected (2 minutes to the opponent), or an
    /// increment for both players.
    QuickplayDecision, "quickplay decision" {
        Draw = "draw",
        Postponed = "postponed",
        Rejected = "rejected",
        Increment = "increment",
    }
}

closed_set! {
    /// An online entry: waiting for the organizer, approved (the player is
    /// registered) or rejected (with a reason).
    EntryState, "entry state" {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
}

closed_set! {
    /// Who may enter a tournament through its entry form.
    EntryEligibility, "eligibility" {
        /// Anyone.
        Anyone = "anyone",
        /// Only players found (by FIDE id) in the imported rating list.
        RatingList = "rating_list",
        /// Only players of the federation the form names.
        Federation = "federation",
    }
}

closed_set! {
    /// How a player's presence for a round was recorded.
    CheckinSource, "check-in source" {
        /// Marked present by the arbiter.
        Staff = "staff",
        /// Confirmed by the player with his personal code.
        Code = "code",
    }
}

closed_set! {
    /// Why an active player is not on a board of a round.
    LeftOutReason, "reason" {
        /// He asked for a bye for the round.
        RequestedBye = "requested_bye",
        /// A late entry who joins in a later round.
        LateEntry = "late_entry",
        /// Check-in was in use and he was not present.
        Absent = "absent",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T>(all: &[T])
    where
        T: Copy + std::fmt::Debug + PartialEq + std::str::FromStr<Err = UnknownValue>,
        T: serde::Serialize + serde::de::DeserializeOwned + std::fmt::Display,
    {
        for v in all {
            assert_eq!(v.to_string().parse::<T>().unwrap(), *v);
            let json = serde_json::to_string(v).unwrap();
            assert_eq!(json, format!("\"{v}\""));
            assert_eq!(serde_json::from_str::<T>(&json).unwrap(), *v);
        }
    }

    #[test]
    fn every_word_reads_back_as_itself() {
        round_trip(TournamentStatus::ALL);
        round_trip(PairingSystem::ALL);
        round_trip(Variant::ALL);
        round_trip(RoundState::ALL);
        round_trip(GameKind::ALL);
        round_trip(LawsEdition::ALL);
        round_trip(InitialColour::ALL);
        round_trip(RatingOrder::ALL);
        round_trip(LateEntryBye::ALL);
        round_trip(Notation::ALL);
        round_trip(PlayerStatus::ALL);
        round_trip(ByeRequestKind::ALL);
        round_trip(PenaltyKind::ALL);
        round_trip(TimeCategory::ALL);
        round_trip(RecordFormat::ALL);
        round_trip(EnvelopeState::ALL);
        round_trip(EnvelopeParty::ALL);
        round_trip(ArrivalOutcome::ALL);
        round_trip(DrawMode::ALL);
        round_trip(EarlyEnd::ALL);
        round_trip(PlayedColour::ALL);
        round_trip(EntryState::ALL);
        round_trip(EntryEligibility::ALL);
        round_trip(CheckinSource::ALL);
        round_trip(LeftOutReason::ALL);
        round_trip(TeamSystemKind::ALL);
        round_trip(TeamPrimaryScore::ALL);
        round_trip(BoardColourRule::ALL);
        round_trip(TeamColourPreference::ALL);
        round_trip(QuickplayDecision::ALL);
        round_trip(Sex::ALL);
    }

    #[test]
    fn a_sex_is_read_in_either_case_and_stored_as_its_word() {
        assert_eq!(" F\u{3000}".parse::<Sex>().unwrap(), Sex::Female);
        assert_eq!("M".parse::<Sex>().unwrap(), Sex::Male);
        assert_eq!("  ".parse::<Sex>().unwrap(), Sex::NotGiven);
        assert_eq!(Sex::Female.as_str(), "f");
        let e = "x".parse::<Sex>().unwrap_err();
        assert_eq!(e.to_string(), "'x' is not a sex; allowed: m, f, (empty)");
        assert!("w".parse::<Sex>().is_err());
        assert_eq!(Sex::of_letter("W"), Sex::Female);
        assert_eq!(Sex::of_letter("?"), Sex::NotGiven);
        for (typed, sex) in [
            ("m", Some(Sex::Male)),
            ("M", Some(Sex::Male)),
            (" f ", Some(Sex::Female)),
            ("F", Some(Sex::Female)),
            ("w", Some(Sex::Female)),
            ("W", Some(Sex::Female)),
            ("k", Some(Sex::Female)),
            ("K", Some(Sex::Female)),
            ("ž", Some(Sex::Female)),
            ("Ž", Some(Sex::Female)),
            ("ż", Some(Sex::Female)),
            ("Ż", Some(Sex::Female)),
            ("", Some(Sex::NotGiven)),
            ("x", None),
            ("male", None),
        ] {
            assert_eq!(Sex::of_typed(typed), sex, "{typed:?}");
        }
        assert_eq!(Sex::Female.trf_letter(), Some('w'));
        assert_eq!(Sex::Female.letter(), Some('f'));
        assert_eq!(Sex::NotGiven.letter(), None);
    }

    #[test]
    fn the_notations_are_the_rules_cores_letter_sets() {
        let mut ours: Vec<&str> = Notation::WORDS.to_vec();
        let mut core: Vec<&str> = rules::san::LetterSet::codes().collect();
        ours.sort_unstable();
        core.sort_unstable();
        assert_eq!(ours, core);
    }

    #[test]
    fn an_unknown_word_names_the_allowed_ones() {
        let e = "swis".parse::<PairingSystem>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'swis' is not a pairing system; allowed: swiss, round_robin, double_round_robin, burstein, lim, dubov, double_swiss"
        );
        let e = serde_json::from_str::<GameKind>("\"won\"").unwrap_err();
        assert!(e.to_string().contains("pending"), "{e}");
        // Words are case-sensitive as stored; a form's spaces are trimmed.
        assert!("Swiss".parse::<PairingSystem>().is_err());
    }
}
