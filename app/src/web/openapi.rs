//! The OpenAPI document of the JSON API, served at `/api/openapi.json`.

use super::api;
use actix_web::HttpResponse;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(info(
    title = "Arbiter API",
    description = "Chess tournament management: registration, FIDE Dutch and Berger pairings, results, standings. Reading is public; writes need a session (cookie + X-CSRF-Token header) or a bearer token, and the tournament role."
))]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                super::auth::SESSION_COOKIE,
            ))),
        );
    }
}

/// Answers every operation can give besides its own: 400 when the body or the
/// query string cannot be read, 404 when an id in the path names nothing (or
/// is not a number), 413 for a body over the size limit, 415 for a body not
/// sent as JSON, 422 for a field out of range. All carry `ErrorBody`.
struct CommonErrors;

impl Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |text: &str| {
            ResponseBuilder::new()
                .description(text)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let has_ids = path.contains('{');
            for op in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                let r = &mut op.responses.responses;
                r.entry("400".into())
                    .or_insert_with(|| error("The body or the query string cannot be read").into());
                if has_ids {
                    r.entry("404".into()).or_insert_with(|| {
                        error("No such tournament, round, game, player or envelope").into()
                    });
                }
                if op.request_body.is_some() {
                    r.entry("413".into()).or_insert_with(|| {
                        error("The body is larger than the server accepts").into()
                    });
                    r.entry("415".into()).or_insert_with(|| {
                        error("The body is not sent as application/json").into()
                    });
                    r.entry("422".into()).or_insert_with(|| {
                        error("A field is missing, of the wrong type or out of range").into()
                    });
                }
            }
        }
    }
}

/// One rule of `LINKS`: from, status, to, parameters.
type LinkRule = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// One rule of `LINK_BODIES`: from, status, to, fields.
type LinkBody = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Fields of a linked operation's body taken from the answer (OpenAPI 3.1
/// Link Object `requestBody`, runtime expressions inside): the version an
/// edit must name (optimistic concurrency), so that a client following the
/// link edits the object it just created. From, status, to, fields.
const LINK_BODIES: &[LinkBody] = &[
    (
        "tournaments_create",
        "201",
        "tournaments_edit",
        &[("version", "$response.body#/version")],
    ),
    (
        "players_register",
        "201",
        "players_edit",
        &[("version", "$response.body#/version")],
    ),
];

/// The links of the main flow (OpenAPI 3.1 Link Objects), so that a client or a
/// stateful tester can follow create → register → pair → publish → result:
/// from operation, its answer's status, the operations the answer leads to,
/// and how their path parameters are taken from the answer or the request.
const LINKS: &[LinkRule] = &[
    (
        "tournaments_create",
        "201",
        &[
            "tournaments_get",
            "tournaments_edit",
            "tournaments_staff",
            "tournaments_appoint",
            "tournaments_standings",
            "tournaments_audit",
            "players_list",
            "players_register",
            "players_byes",
            "rounds_list",
            "rounds_pair_next",
            "exports_export_trf",
            "exports_standings_pdf",
            "exports_crosstable_pdf",
            "exports_tournament_pgn",
            "entries_list",
            "entries_submit",
            "entries_set_form",
            "entries_sheet",
            "entries_set_open",
            "prizes_get",
            "prizes_set",
            "ratings_rerate",
            "teams_set_event",
        ],
        &[("tid", "$response.body#/id")],
    ),
    (
        "exports_import_trf",
        "201",
        &[
            "tournaments_get",
            "players_list",
            "rounds_list",
            "rounds_pair_next",
            "exports_export_trf",
        ],
        &[("tid", "$response.body#/tournament/id")],
    ),
    (
        "players_register",
        "201",
        &[
            "players_card",
            "players_edit",
            "players_withdraw",
            "players_reinstate",
            "players_delete",
            "players_request_bye",
            "exports_card_pdf",
        ],
        &[("tid", "$request.path.tid"), ("pid", "$response.body#/id")],
    ),
    (
        "rounds_pair_next",
        "201",
        &[
            "rounds_get",
            "rounds_publish",
            "rounds_unpair",
            "rounds_edit_pairing",
            "rounds_set_chess960",
            "rounds_import_pgn",
            "exports_round_pgn",
            "exports_pairings_pdf",
            "exports_pairings_by_name_pdf",
            "exports_scoresheets_pdf",
            "desk_set_round_start",
        ],
        &[
            ("tid", "$request.path.tid"),
            ("n", "$response.body#/number"),
        ],
    ),
    (
        "rounds_publish",
        "200",
        &[
            "games_get",
            "games_set_result",
            "exports_game_pgn",
            "desk_get_moves",
            "desk_submit_moves",
            "desk_list_penalties",
            "desk_record_penalty",
            "desk_preview_arrivals",
            "desk_record_arrivals",
            "desk_list_envelopes",
            "desk_adjourn",
        ],
        &[
            ("tid", "$request.path.tid"),
            ("gid", "$response.body#/games/0/id"),
        ],
    ),
    (
        "rounds_publish",
        "200",
        &["exports_results_pdf", "rounds_get"],
        &[
            ("tid", "$request.path.tid"),
            ("n", "$response.body#/number"),
        ],
    ),
    (
        "games_set_result",
        "200",
        &["games_get", "exports_game_pgn"],
        &[("tid", "$request.path.tid"), ("gid", "$response.body#/id")],
    ),
    (
        "games_set_result",
        "200",
        &["tournaments_standings", "rounds_pair_next"],
        &[("tid", "$request.path.tid")],
    ),
    (
        "desk_adjourn",
        "201",
        &[
            "desk_get_envelope",
            "desk_mark_present",
            "desk_open_envelope",
            "desk_end_envelope",
            "desk_envelope_lost",
            "exports_envelope_pdf",
        ],
        &[("tid", "$request.path.tid"), ("aid", "$response.body#/id")],
    ),
    (
        "entries_submit",
        "201",
        &["entries_approve", "entries_reject"],
        &[("tid", "$request.path.tid"), ("eid", "$response.body#/id")],
    ),
    (
        "teams_set_event",
        "200",
        &[
            "teams_add_team",
            "teams_list_rounds",
            "teams_pair_next",
            "teams_standings",
            "teams_board_stats",
            "teams_export_trf",
        ],
        &[("tid", "$request.path.tid")],
    ),
    (
        "teams_add_team",
        "201",
        &["teams_edit_team"],
        &[
            ("tid", "$request.path.tid"),
            ("team", "$response.body#/number"),
        ],
    ),
    (
        "teams_pair_next",
        "201",
        &[
            "teams_get_round",
            "teams_publish",
            "teams_set_deadline",
            "teams_set_results",
        ],
        &[
            ("tid", "$request.path.tid"),
            ("n", "$response.body#/number"),
        ],
    ),
];

/// The document: the title and description here, the operations from the
/// handlers' own declarations (`web::api`), then the security schemes, the
/// answers every operation shares, the operation ids and the links.
pub fn document() -> serde_json::Value {
    let mut doc = ApiDoc::openapi();
    doc.merge(api::ApiPaths::openapi());
    Security.modify(&mut doc);
    CommonErrors.modify(&mut doc);
    let mut doc = serde_json::to_value(doc).expect("the document is JSON");
    operation_ids(&mut doc);
    links(&mut doc);
    object_defaults(&mut doc);
    text_formats(&mut doc);
    files(&mut doc);
    unsigned(&mut doc);
    doc
}

/// The formats of text fields, from `domain::formats`, whose checks the
/// server makes with the same rules: what the pattern allows is accepted and
/// nothing else. Also the closed sets of words and numbers.
fn text_formats(doc: &mut serde_json::Value) {
    use crate::domain::formats::{self, trimmed, whole};
    use serde_json::json;
    let player = [
        ("title", json!({"pattern": trimmed(formats::TITLE)})),
        (
            "federation",
            json!({"pattern": trimmed(formats::FEDERATION)}),
        ),
        (
            "birth_date",
            json!({"pattern": trimmed(&formats::birth_date())}),
        ),
        // FIDE Rating Regulations B.02 §8.3.3: K is 40, 20 or 10.
        ("k_factor", json!({"enum": [10, 20, 40, null]})),
    ];
    let mut rules: Vec<(&str, &str, serde_json::Value)> = Vec::new();
    for schema in ["RegisterPlayer", "EditPlayer"] {
        for (field, rule) in &player {
            rules.push((schema, field, rule.clone()));
        }
    }
    rules.extend([
        (
            "RoundSchedule",
            "start",
            json!({"pattern": whole(&formats::local_minute())}),
        ),
        (
            "SetRoundStart",
            "start",
            json!({"pattern": trimmed(&formats::local_minute())}),
        ),
        (
            "Regulations",
            "tiebreaks",
            json!({"items": {"type": "string", "pattern": formats::tiebreak()}}),
        ),
        // A prize category: a name, 1 to 500 prizes of 0 to 10^11 cents
        // (`PrizeTable::validate`; the rules across categories stay there).
        (
            "Category",
            "name",
            json!({"minLength": 1, "pattern": formats::NOT_BLANK}),
        ),
        (
            "Category",
            "prizes",
            json!({"minItems": 1, "maxItems": 500,
                   "items": {"type": "integer", "format": "int64",
                             "minimum": 0, "maximum": 100_000_000_000_i64}}),
        ),
        // A team event: 1 to 32 boards, at most 99 rounds
        // (`TeamEventSettings::validate`).
        (
            "TeamEventSettings",
            "boards",
            json!({"minimum": 1, "maximum": 32}),
        ),
        ("TeamEventSettings", "rounds", json!({"maximum": 99})),
        // A line-up deadline: an RFC 3339 instant, or nothing (white space
        // or empty clears it).
        (
            "PairTeamRound",
            "lineup_deadline",
            json!({"pattern": trimmed(&format!("(?:{})?", formats::instant()))}),
        ),
        (
            "SetDeadline",
            "deadline",
            json!({"pattern": trimmed(&format!("(?:{})?", formats::instant()))}),
        ),
        (
            "StaffMember",
            "role",
            json!({"enum": ["organizer", "arbiter"], "pattern": null}),
        ),
    ]);
    let schemas = &mut doc["components"]["schemas"];
    // A player's sex is its own schema (`kinds::Sex`), read leniently.
    let Some(sex) = schemas["Sex"].as_object_mut() else {
        panic!("the document has no Sex");
    };
    sex.insert("pattern".into(), json!(trimmed(formats::SEX)));
    for (schema, field, rule) in rules {
        let Some(property) = schemas[schema]["properties"][field].as_object_mut() else {
            panic!("the document has no {schema}.{field}");
        };
        for (key, value) in rule.as_object().into_iter().flatten() {
            if value.is_null() {
                property.remove(key);
            } else {
                property.insert(key.clone(), value.clone());
            }
        }
    }
}

/// utoipa writes a `u32` as `format: int32, minimum: 0`, which says that
/// 2^31 and above are refused; serde reads them. The document says what the
/// server reads: 0 to 2^32 − 1.
fn unsigned(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            let is_u32 = map.get("format").and_then(|f| f.as_str()) == Some("int32")
                && map.get("minimum").and_then(|m| m.as_i64()) == Some(0)
                && !map.contains_key("maximum");
            if is_u32 {
                map.insert("format".into(), "int64".into());
                map.insert("maximum".into(), u32::MAX.into());
            }
            map.values_mut().for_each(unsigned);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(unsigned),
        _ => {}
    }
}

/// Files in and out. A request body sent as a file (TRF, PGN, a rating list)
/// is also accepted as a JSON string holding it (`exports::body_text`), so the
/// document says so. A PDF answer is a string that begins with the PDF header
/// `%PDF-` (ISO 32000-1 §7.5.2); PGN and TRF answers are text.
fn files(doc: &mut serde_json::Value) {
    if let Some(paths) = doc["paths"].as_object_mut() {
        for item in paths.values_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for op in item.values_mut() {
                let Some(content) = op
                    .pointer_mut("/requestBody/content")
                    .and_then(|c| c.as_object_mut())
                else {
                    continue;
                };
                let file = content.keys().any(|k| k != "application/json");
                if file && !content.contains_key("application/json") {
                    content.insert(
                        "application/json".into(),
                        serde_json::json!({"schema": {"type": "string"}}),
                    );
                }
            }
        }
    }
    let schemas = &mut doc["components"]["schemas"];
    // `PATCH /tournaments/{tid}`: the changes are regulation fields, by their
    // names in `Regulations`, and nothing else (`tournaments::edit`).
    let regulation_fields = schemas["Regulations"]["properties"].clone();
    if regulation_fields.is_object() && schemas["EditTournament"].is_object() {
        let description = schemas["EditTournament"]["properties"]["changes"]["description"].clone();
        schemas["EditTournament"]["properties"]["changes"] = serde_json::json!({
            "type": "object",
            "description": description,
            "properties": regulation_fields,
            "additionalProperties": false,
        });
    }
    if schemas["PdfFile"].is_object() {
        schemas["PdfFile"]["pattern"] = "^%PDF-".into();
        schemas["PdfFile"]["contentMediaType"] = "application/pdf".into();
    }
}

/// Each operation's id from the route table (`module_handler`): unique, as
/// OpenAPI requires and as generated clients name their functions.
fn operation_ids(doc: &mut serde_json::Value) {
    for (method, path, id) in api::operation_ids() {
        let op = &mut doc["paths"][path][method.as_str().to_lowercase()];
        if op.is_object() {
            op["operationId"] = serde_json::Value::from(id);
        }
    }
}

fn links(doc: &mut serde_json::Value) {
    let ids = api::operation_ids();
    let find = |id: &str| {
        ids.iter()
            .find(|(_, _, name)| name == id)
            .map(|(m, p, _)| (m.as_str().to_lowercase(), *p))
    };
    for (from, status, targets, params) in LINKS {
        let (method, path) = find(from).unwrap_or_else(|| panic!("no operation {from}"));
        for to in targets.iter() {
            let (_, to_path) = find(to).unwrap_or_else(|| panic!("no operation {to}"));
            // Only the parameters the target has.
            let parameters: serde_json::Map<String, serde_json::Value> = params
                .iter()
                .filter(|(name, _)| to_path.contains(&format!("{{{name}}}")))
                .map(|(name, expr)| (name.to_string(), serde_json::Value::from(*expr)))
                .collect();
            let response = &mut doc["paths"][path][&method]["responses"][*status];
            assert!(response.is_object(), "{from} has no {status} answer");
            response["links"][*to] = serde_json::json!({
                "operationId": to,
                "parameters": parameters,
            });
        }
    }
    for (from, status, to, fields) in LINK_BODIES {
        let (method, path) = find(from).unwrap_or_else(|| panic!("no operation {from}"));
        let link = &mut doc["paths"][path][&method]["responses"][*status]["links"][*to];
        assert!(link.is_object(), "no link from {from} to {to}");
        let body: serde_json::Map<String, serde_json::Value> = fields
            .iter()
            .map(|(name, expr)| (name.to_string(), serde_json::Value::from(*expr)))
            .collect();
        link["requestBody"] = body.into();
    }
}

/// Drops the `default` of a property that refers to an object schema: the
/// server fills a missing one from its own defaults (serde), and a default
/// object beside a `$ref` is something generators refuse (openapi-python-client:
/// "ModelProperty cannot have a default value").
fn object_defaults(doc: &mut serde_json::Value) {
    let Some(schemas) = doc["components"]["schemas"].as_object_mut() else {
        return;
    };
    for schema in schemas.values_mut() {
        let Some(props) = schema.get_mut("properties").and_then(|p| p.as_object_mut()) else {
            continue;
        };
        for prop in props.values_mut() {
            let is_object_default = prop.get("default").is_some_and(|d| d.is_object());
            if is_object_default {
                if let Some(p) = prop.as_object_mut() {
                    p.remove("default");
                }
            }
        }
    }
}

pub async fn serve() -> HttpResponse {
    static DOC: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    HttpResponse::Ok().json(DOC.get_or_init(document))
}

/// Each pattern of the document against the server's own check, string by
/// string: the pattern matches exactly the strings the server accepts.
#[cfg(test)]
mod document_agrees {
    use crate::domain::formats::*;
    use crate::domain::registration::RegisterPlayer;

    fn pattern(p: &str) -> regex::Regex {
        regex::Regex::new(p).expect("the pattern compiles")
    }

    #[test]
    fn every_day_of_four_years() {
        let date = pattern(&whole(DATE));
        let minute = pattern(&whole(&local_minute()));
        for year in ["1900", "2000", "2023", "2024", "0000", "9999"] {
            for month in 0..=13 {
                for day in 0..=32 {
                    let s = format!("{year}-{month:02}-{day:02}");
                    assert_eq!(date.is_match(&s), is_date(&s), "{s}");
                    let t = format!("{s}T23:59");
                    assert_eq!(minute.is_match(&t), is_local_minute(&t), "{t}");
                }
            }
        }
        for s in [
            "2026-1-05",
            "12026-01-05",
            "2026-01-05 ",
            "2026-01-05T24:00",
            "2026-01-05T9:00",
        ] {
            assert!(!date.is_match(s) || is_date(s), "{s}");
            assert_eq!(minute.is_match(s), is_local_minute(s), "{s}");
        }
    }

    #[test]
    fn instants() {
        let rule = pattern(&whole(&instant()));
        let mut tried = 0;
        for date in ["2026-03-01", "2024-02-29", "2023-02-29", "2026-3-01"] {
            for time in [
                "00:00:00", "23:59:59", "24:00:00", "09:60:00", "09:00:60", "9:00:00",
            ] {
                for fraction in ["", ".5", ".123456789", ".1234567890", "."] {
                    for zone in [
                        "Z",
                        "z",
                        "+01:00",
                        "-23:59",
                        "+24:00",
                        "+0100",
                        "",
                        "+01:00:00",
                    ] {
                        for t in ["T", "t", " "] {
                            let s = format!("{date}{t}{time}{fraction}{zone}");
                            assert_eq!(rule.is_match(&s), is_instant(&s), "{s}");
                            if is_instant(&s) {
                                assert!(chrono::DateTime::parse_from_rfc3339(&s).is_ok(), "{s}");
                            }
                            tried += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(tried, 4 * 6 * 5 * 8 * 3);
    }

    #[test]
    fn player_fields() {
        let space = ["", " ", "\u{3000}", "\t\n"];
        let words = [
            "",
            "gm",
            "GM",
            "Wgm",
            "wim",
            "CM",
            "WCM",
            "XM",
            "ım",
            "GMX",
            "pol",
            "POL",
            "Po",
            "ﬀa",
            "m",
            "F",
            "x",
            "1990",
            "1990-02-28",
            "1992-02-29",
            "1990-02-29",
            "1990-2-28",
            "٢٠٢٠",
        ];
        let rules: [(&str, String); 4] = [
            ("title", trimmed(TITLE)),
            ("federation", trimmed(FEDERATION)),
            ("sex", trimmed(SEX)),
            ("birth_date", trimmed(&birth_date())),
        ];
        for (field, p) in rules {
            let p = pattern(&p);
            for w in words {
                for (before, after) in space.iter().zip(space.iter().rev()) {
                    let s = format!("{before}{w}{after}");
                    let mut cmd = RegisterPlayer {
                        name: "A".into(),
                        ..Default::default()
                    };
                    // A sex is read as the body is (`kinds::Sex`), the
                    // others by the command's check.
                    let mut read = true;
                    match field {
                        "title" => cmd.title = s.clone(),
                        "federation" => cmd.federation = s.clone(),
                        "sex" => match serde_json::from_value(serde_json::json!(s)) {
                            Ok(sex) => cmd.sex = sex,
                            Err(_) => read = false,
                        },
                        _ => cmd.birth_date = s.clone(),
                    }
                    let accepted = read && cmd.validate().is_ok();
                    assert_eq!(p.is_match(&s), accepted, "{field}: {s:?}");
                }
            }
        }
    }

    #[test]
    fn tiebreak_codes() {
        use pairing::tiebreak::TieBreak;
        let p = pattern(&tiebreak());
        let codes = [
            "BH", "FB", "SB", "PS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "PTS", "AOB",
            "DE", "WIN", "WON", "BPG", "BWG", "REP", "KS", "STD", "TPN", "XX", "B", "",
        ];
        let modifiers = [
            "",
            "/C1",
            "/c2",
            "/M1",
            "/U1000",
            "/u+7",
            "/C255",
            "/C256",
            "/C0001",
            "/M300",
            "/U4294967295",
            "/U4294967296",
            "/C",
            "/",
            "/X1",
            "/C1/M1",
            "/C-1",
        ];
        for code in codes {
            for case in [code.to_string(), code.to_lowercase()] {
                for m in modifiers {
                    for s in [format!("{case}{m}"), format!(" {case}{m}\u{a0}")] {
                        assert_eq!(p.is_match(&s), s.parse::<TieBreak>().is_ok(), "{s:?}");
                    }
                }
            }
        }
    }
}

/// The prize table's schemas carry team places (issue 21): the category
/// kind `teams` beside the others, and an award's team and the teams it is
/// shared with.
#[cfg(test)]
mod prize_schemas {
    #[test]
    fn team_places_are_in_the_document() {
        let doc = super::document();
        let schemas = &doc["components"]["schemas"];
        let kind = schemas["CategoryKind"].to_string();
        for k in ["players", "best_club", "board", "teams"] {
            assert!(kind.contains(&format!("\"{k}\"")), "{k}: {kind}");
        }
        let award = &schemas["Award"]["properties"];
        assert!(
            award["team"].is_object() && award["shared_with_teams"].is_object(),
            "{award}"
        );
    }
}

/// The typed ids (`types/ids.rs`) are plain integers to clients: no schema of
/// their own, and the id fields of the views are `integer`.
#[cfg(test)]
mod id_schemas {
    #[test]
    fn ids_are_integers_in_the_document() {
        let doc = super::document();
        let schemas = &doc["components"]["schemas"];
        let text = doc.to_string();
        for name in [
            "TournamentId",
            "PlayerId",
            "GameId",
            "RoundNo",
            "RoundId",
            "UserId",
            "ApiTokenId",
            "EntryId",
            "AdjournmentId",
            "PenaltyId",
            "ByeRequestId",
            "RatingListId",
            "TeamId",
            "TeamMatchId",
            "AuditId",
        ] {
            assert!(
                !text.contains(&format!("#/components/schemas/{name}\"")),
                "{name} is referenced as a schema"
            );
            assert!(schemas[name].is_null(), "{name} has a schema");
        }
        for (schema, field) in [
            ("EnvelopeView", "id"),
            ("EntryView", "id"),
            ("EntryReceipt", "id"),
            ("PenaltyView", "id"),
            ("ByeRequestView", "id"),
            ("RatingListView", "id"),
            ("FoundPlayer", "list_id"),
            ("UserView", "id"),
            ("AuditEntry", "id"),
        ] {
            let f = &schemas[schema]["properties"][field];
            assert_eq!(f["type"], "integer", "{schema}.{field}: {f}");
        }
        let user = &schemas["AuditEntry"]["properties"]["user_id"];
        assert!(user.to_string().contains("integer"), "{user}");
    }
}
