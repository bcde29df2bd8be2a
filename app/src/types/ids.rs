//! The ids that cross from the database through the domain to `web` —
//! tournament, player, game, and every other row that is named by its id —
//! and the round number, as types of their own, so
//! that `games::get(conn, audience, tid, gid)` cannot be called with the two
//! swapped. A leaf of `domain`: it uses no other domain module.
//!
//! Each is an `i32` underneath: an `INTEGER` column on both backends (read
//! and written through `i32`, so rows and queries take them as they are), a
//! plain number in JSON and in URLs (`serde(transparent)`), `integer`/`int32`
//! in the OpenAPI document (fields say `#[schema(value_type = i32)]`, as the
//! derive would otherwise name the type), and written as the number.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Integer;

/// Declares one id: the newtype, its number, and the database and serde traits.
macro_rules! id_type {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
            diesel::AsExpression, diesel::FromSqlRow,
        )]
        #[serde(transparent)]
        #[diesel(sql_type = Integer)]
        pub struct $name(pub i32);

        impl $name {
            /// The number underneath (for storage formats and arithmetic).
            pub fn get(self) -> i32 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        impl From<$name> for i32 {
            fn from(id: $name) -> i32 {
                id.0
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0 as i64
            }
        }

        impl<DB: Backend> FromSql<Integer, DB> for $name
        where
            i32: FromSql<Integer, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                <i32 as FromSql<Integer, DB>>::from_sql(bytes).map($name)
            }
        }

        impl<DB: Backend> ToSql<Integer, DB> for $name
        where
            i32: ToSql<Integer, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                <i32 as ToSql<Integer, DB>>::to_sql(&self.0, out)
            }
        }
    };
}

id_type! {
    /// A tournament (`tournaments.id`).
    TournamentId
}

id_type! {
    /// A game, one board of a round (`games.id`).
    GameId
}

id_type! {
    /// A player registered in a tournament (`players.id`; not a FIDE id).
    PlayerId
}

id_type! {
    /// A round of a tournament by its number, from 1 (`rounds.number`,
    /// `games.round_number`); 0 where no round is meant yet (before round 1).
    RoundNo
}

id_type! {
    /// A round's row (`rounds.id`), not its number: see [`RoundNo`].
    RoundId
}

id_type! {
    /// A user account (`users.id`, `sessions.user_id`, `audit_log.user_id`).
    UserId
}

id_type! {
    /// An API token of a user (`api_tokens.id`).
    ApiTokenId
}

id_type! {
    /// An entry sent through the public entry form (`entries.id`).
    EntryId
}

id_type! {
    /// A sealed-move envelope (`adjournments.id`).
    AdjournmentId
}

id_type! {
    /// A penalty given by an arbiter (`penalties.id`).
    PenaltyId
}

id_type! {
    /// A player's request for a bye (`bye_requests.id`).
    ByeRequestId
}

id_type! {
    /// An imported rating list (`rating_lists.id`).
    RatingListId
}

id_type! {
    /// A team's row (`teams.id`); not its number in the tournament
    /// (`teams.number`, its pairing number), which pages and the API use.
    TeamId
}

id_type! {
    /// A match between two teams, its row (`team_matches.id`); not its
    /// number within the round (`team_matches.number`).
    TeamMatchId
}

id_type! {
    /// A line of the audit log (`audit_log.id`).
    AuditId
}

impl RoundNo {
    /// The round after this one.
    pub fn next(self) -> RoundNo {
        RoundNo(self.0 + 1)
    }

    /// The round before this one (0 before round 1).
    pub fn prev(self) -> RoundNo {
        RoundNo(self.0 - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_number_in_json_text_and_urls() {
        let t = TournamentId(7);
        assert_eq!(serde_json::to_string(&t).unwrap(), "7");
        assert_eq!(serde_json::from_str::<GameId>("12").unwrap(), GameId(12));
        assert_eq!(t.to_string(), "7");
        assert_eq!("41".parse::<GameId>().unwrap(), GameId(41));
        assert!("x".parse::<GameId>().is_err());
        assert!(serde_json::from_str::<GameId>("\"12\"").is_err());
    }
}
