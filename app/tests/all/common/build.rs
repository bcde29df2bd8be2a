//! Test events in one line: a tournament, its players and its first rounds,
//! made through the API as an organizer would, returning typed ids.
//!
//! ```ignore
//! let e = EventBuilder::swiss(&org).players(12).rounds(5).publish(1).build();
//! org.get(&format!("/api/v1/tournaments/{}/rounds/1", e.tid));
//! ```
//!
//! Every call must succeed (the test stops naming the step otherwise); what a
//! test checks stays in the test.

use super::Client;
use app::domain::ids::{PlayerId, TournamentId};
use serde_json::{json, Map, Value};

/// A tournament made by [`EventBuilder`]: its id, its regulations as
/// answered on creation, and its players in registration order.
pub struct Event {
    pub tid: TournamentId,
    pub created: Value,
    pub players: Vec<PlayerId>,
}

impl Event {
    /// `/api/v1/tournaments/{tid}` followed by `rest`.
    pub fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.tid)
    }
}

/// A tournament to create: regulations (a Swiss system by default, the
/// server's defaults for anything not set), players, and how many rounds to
/// pair and publish.
pub struct EventBuilder<'a> {
    client: &'a Client,
    regulations: Map<String, Value>,
    players: Vec<Value>,
    paired: u32,
    published: u32,
}

impl<'a> EventBuilder<'a> {
    /// A Swiss tournament named "Test Open", created by `client`.
    pub fn swiss(client: &'a Client) -> EventBuilder<'a> {
        let mut regulations = Map::new();
        regulations.insert("name".into(), json!("Test Open"));
        EventBuilder {
            client,
            regulations,
            players: Vec::new(),
            paired: 0,
            published: 0,
        }
    }

    /// The tournament's name.
    pub fn named(self, name: &str) -> Self {
        self.with(json!({ "name": name }))
    }

    /// The number of rounds of the regulations.
    pub fn rounds(self, rounds: u32) -> Self {
        self.with(json!({ "rounds": rounds }))
    }

    /// Regulation fields as the create request takes them (they replace
    /// the builder's own: `{"system": "round_robin"}`, dates, …).
    pub fn with(mut self, fields: Value) -> Self {
        let Value::Object(fields) = fields else {
            panic!("regulations are an object: {fields}");
        };
        self.regulations.extend(fields);
        self
    }

    /// `n` more players, "Player 001" …, rated 2400 down by 10.
    pub fn players(mut self, n: usize) -> Self {
        let from = self.players.len();
        for i in from..from + n {
            self.players.push(json!({
                "name": format!("Player {:03}", i + 1),
                "rating": 2400 - 10 * i as i64,
            }));
        }
        self
    }

    /// One more player, as the register request takes him.
    pub fn player(mut self, player: Value) -> Self {
        self.players.push(player);
        self
    }

    /// Pairs rounds 1 to `rounds`, the last left unpublished; every round
    /// before it is published and played (White wins every board).
    pub fn paired(mut self, rounds: u32) -> Self {
        self.paired = rounds;
        self.published = rounds.saturating_sub(1);
        self
    }

    /// Pairs and publishes rounds 1 to `rounds`; every round before the last
    /// is played (White wins every board), the last has no results yet.
    pub fn publish(mut self, rounds: u32) -> Self {
        self.paired = self.paired.max(rounds);
        self.published = rounds;
        self
    }

    /// Creates it all through the API.
    pub fn build(self) -> Event {
        let c = self.client;
        let created = c.ok(
            c.post("/api/v1/tournaments", Value::Object(self.regulations)),
            201,
            "create the tournament",
        );
        let tid = TournamentId(created["id"].as_i64().expect("an id") as i32);
        let mut players = Vec::with_capacity(self.players.len());
        for p in self.players {
            let v = c.ok(
                c.post(&format!("/api/v1/tournaments/{tid}/players"), p),
                201,
                "register a player",
            );
            players.push(PlayerId(v["id"].as_i64().expect("a player id") as i32));
        }
        for n in 1..=self.paired {
            c.pair_round(tid);
            if n <= self.published {
                c.publish_round(tid, n);
            }
            if n < self.paired {
                play(c, tid, n);
            }
        }
        Event {
            tid,
            created,
            players,
        }
    }
}

/// A Swiss of `players` players (the builder's names and ratings) under
/// `regulations` (merged over the builder's: name, dates, Laws, …), with
/// round 1 paired and published: the start of most desk tests.
pub fn round_one(client: &Client, regulations: Value, players: usize) -> Event {
    EventBuilder::swiss(client)
        .with(regulations)
        .players(players)
        .publish(1)
        .build()
}

/// A tournament of `rounds` rounds named `name`, written straight through
/// the domain (no server) by `actor`, with `players` players "P0" … rated
/// 2000 up by one: its id.
pub fn stored_event(
    db: &app::db::Database,
    actor: &app::domain::Actor,
    name: &str,
    rounds: u32,
    players: usize,
) -> TournamentId {
    use app::domain::{registration, tournaments};
    db.write(|c| {
        let t = tournaments::create(
            c,
            actor,
            tournaments::Regulations {
                name: name.into(),
                rounds: rounds as _,
                ..Default::default()
            },
        )?;
        for i in 0..players {
            registration::register(
                c,
                actor,
                t.id,
                registration::RegisterPlayer {
                    name: format!("P{i}"),
                    rating: Some(2000 + i as i32),
                    ..Default::default()
                },
            )?;
        }
        Ok::<_, app::domain::DomainError>(t.id)
    })
    .expect("a stored event")
}

/// `base` with the fields of `extra` set over it (both JSON objects).
pub fn merged(mut base: Value, extra: Value) -> Value {
    let Value::Object(extra) = extra else {
        panic!("fields are an object: {extra}");
    };
    base.as_object_mut().expect("an object").extend(extra);
    base
}

/// Enters 1-0 on every board of round `n` of `tid` (byes have their result).
pub fn play(c: &Client, tid: impl std::fmt::Display, n: u32) {
    let round = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/rounds/{n}")),
        200,
        &format!("read round {n}"),
    );
    for g in round["games"].as_array().expect("games") {
        if g["black"].is_null() {
            continue;
        }
        c.set_result(&tid, g, "1-0");
    }
}
