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
            c.ok(
                c.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
                201,
                &format!("pair round {n}"),
            );
            if n <= self.published {
                c.ok(
                    c.post(
                        &format!("/api/v1/tournaments/{tid}/rounds/{n}/publish"),
                        json!({}),
                    ),
                    200,
                    &format!("publish round {n}"),
                );
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

/// Enters 1-0 on every board of round `n` of `tid` (byes have their result).
fn play(c: &Client, tid: TournamentId, n: u32) {
    let round = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/rounds/{n}")),
        200,
        &format!("read round {n}"),
    );
    for g in round["games"].as_array().expect("games") {
        if g["black"].is_null() {
            continue;
        }
        c.ok(
            c.put(
                &format!("/api/v1/tournaments/{tid}/games/{}/result", g["id"]),
                json!({"result": "1-0", "version": g["version"]}),
            ),
            200,
            &format!("a result of round {n}"),
        );
    }
}
