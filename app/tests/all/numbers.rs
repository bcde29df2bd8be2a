//! Every number of every JSON request body, at its limits and past them, gets an
//! answer that is not a server error — on SQLite and PostgreSQL.
//!
//! The numbers are read from the OpenAPI document (every integer and number
//! property of every request body, through `$ref`s and arrays), so a new field
//! is covered without editing this test. Each is sent alone at each extreme
//! (the document's maximum and one past it, `u32::MAX`, `i32::MAX`, `i64::MAX`,
//! −1, …) inside the route's sample body (`api_guards::sample_body`), then
//! every pair of a body's integers, and all of them, at once at `u32::MAX` and
//! `i32::MAX` — an overflow usually needs two large fields (a time control's
//! period plus its increment; a sum of match points). A debug build panics on overflow, which the server
//! answers with 500; in a release build the same arithmetic wraps silently, so
//! the values must be refused (422) before any arithmetic sees them.
//!
//! Found by schemathesis (issue 23): `POST /api/v1/tournaments` with a period
//! of 4294967295 minutes panicked in `TimeControl::category` and was answered
//! with 503.

use crate::api_guards::{concrete, sample_body, setup};
use crate::common::on_each_backend;
use reqwest::Method;
use serde_json::{json, Map, Value};

/// One number of a request body: where it is and what the document says of it.
#[derive(Debug, Clone)]
struct NumberField {
    /// Segments from the body's root: a property name, or `None` for the
    /// first element of an array.
    path: Vec<Option<String>>,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
}

fn label(path: &[Option<String>]) -> String {
    path.iter()
        .map(|s| match s {
            Some(k) => format!(".{k}"),
            None => "[0]".to_string(),
        })
        .collect()
}

struct Schemas<'a> {
    components: &'a Map<String, Value>,
}

impl<'a> Schemas<'a> {
    fn resolve(&self, mut s: &'a Value) -> &'a Value {
        for _ in 0..16 {
            match s.get("$ref").and_then(Value::as_str) {
                Some(r) => s = &self.components[r.rsplit('/').next().unwrap()],
                None => break,
            }
        }
        s
    }

    fn types(s: &Value) -> Vec<&str> {
        match s.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        }
    }

    /// Every number under `s`, depth-limited (schemas may be recursive).
    fn numbers(&self, s: &'a Value, path: Vec<Option<String>>, out: &mut Vec<NumberField>) {
        if path.len() > 8 {
            return;
        }
        let s = self.resolve(s);
        for k in ["oneOf", "anyOf", "allOf"] {
            for alt in s.get(k).and_then(Value::as_array).into_iter().flatten() {
                self.numbers(alt, path.clone(), out);
            }
        }
        let types = Self::types(s);
        if types.contains(&"integer") || types.contains(&"number") {
            out.push(NumberField {
                path: path.clone(),
                integer: types.contains(&"integer"),
                minimum: s.get("minimum").and_then(Value::as_f64),
                maximum: s.get("maximum").and_then(Value::as_f64),
            });
        }
        if let Some(props) = s.get("properties").and_then(Value::as_object) {
            for (k, v) in props {
                let mut p = path.clone();
                p.push(Some(k.clone()));
                self.numbers(v, p, out);
            }
        }
        if let Some(items) = s.get("items") {
            let mut p = path.clone();
            p.push(None);
            self.numbers(items, p, out);
        }
    }

    /// The smallest instance the schema describes: required properties only,
    /// the first word of an enum, the minimum of a number, `minItems` elements.
    fn minimal(&self, s: &'a Value, depth: usize) -> Value {
        let s = self.resolve(s);
        if depth > 6 {
            return Value::Null;
        }
        if let Some(alt) = ["oneOf", "anyOf"]
            .iter()
            .find_map(|k| s.get(*k).and_then(Value::as_array).and_then(|a| a.first()))
        {
            return self.minimal(alt, depth + 1);
        }
        if let Some(first) = s
            .get("enum")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
        {
            return first.clone();
        }
        let types = Self::types(s);
        if types.contains(&"object") || s.get("properties").is_some() {
            let mut o = Map::new();
            let props = s.get("properties").and_then(Value::as_object);
            for r in s
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let k = r.as_str().unwrap();
                if let Some(p) = props.and_then(|p| p.get(k)) {
                    o.insert(k.to_string(), self.minimal(p, depth + 1));
                }
            }
            return Value::Object(o);
        }
        if types.contains(&"array") {
            let n = s.get("minItems").and_then(Value::as_u64).unwrap_or(0);
            let item = s.get("items").map(|i| self.minimal(i, depth + 1));
            return Value::Array((0..n).filter_map(|_| item.clone()).collect());
        }
        if types.contains(&"integer") || types.contains(&"number") {
            return json!(s.get("minimum").and_then(Value::as_i64).unwrap_or(1));
        }
        if types.contains(&"boolean") {
            return json!(false);
        }
        if types.contains(&"string") {
            return match s.get("format").and_then(Value::as_str) {
                Some("date") => json!("2026-03-01"),
                Some("date-time") => json!("2026-03-01T10:00:00Z"),
                _ => json!("x"),
            };
        }
        Value::Null
    }

    /// The schema of the value at `path` below `s`.
    fn at(&self, s: &'a Value, path: &[Option<String>]) -> Option<&'a Value> {
        let mut s = self.resolve(s);
        for seg in path {
            s = match seg {
                Some(k) => {
                    let direct = s.get("properties").and_then(|p| p.get(k));
                    let via_alt = || {
                        ["oneOf", "anyOf", "allOf"].iter().find_map(|a| {
                            s.get(*a)?
                                .as_array()?
                                .iter()
                                .find_map(|alt| self.resolve(alt).get("properties")?.get(k))
                        })
                    };
                    self.resolve(direct.or_else(via_alt)?)
                }
                None => self.resolve(s.get("items")?),
            };
        }
        Some(s)
    }
}

/// `body` with the number at `path` set to `value`, creating what is missing
/// on the way from the schema's minimal instances.
fn with_number(
    schemas: &Schemas,
    root: &Value,
    body: &mut Value,
    path: &[Option<String>],
    value: &Value,
) {
    let mut cur = body;
    for (i, seg) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        let fill = || {
            if last {
                value.clone()
            } else {
                schemas
                    .at(root, &path[..=i])
                    .map(|s| schemas.minimal(s, 0))
                    .unwrap_or(Value::Null)
            }
        };
        match seg {
            Some(k) => {
                if !cur.is_object() {
                    *cur = json!({});
                }
                let o = cur.as_object_mut().unwrap();
                if last {
                    o.insert(k.clone(), value.clone());
                    return;
                }
                if !o.get(k).is_some_and(|v| v.is_object() || v.is_array()) {
                    o.insert(k.clone(), fill());
                }
                cur = o.get_mut(k).unwrap();
            }
            None => {
                if !cur.is_array() {
                    *cur = json!([]);
                }
                let a = cur.as_array_mut().unwrap();
                if a.is_empty() {
                    a.push(fill());
                }
                if last {
                    a[0] = value.clone();
                    return;
                }
                cur = &mut a[0];
            }
        }
    }
}

/// The extremes tried for one number.
fn extremes(f: &NumberField) -> Vec<Value> {
    if !f.integer {
        return vec![json!(1e300), json!(-1e300), json!(20.5), json!(-0.5)];
    }
    let mut v = vec![
        json!(u32::MAX),
        json!(i32::MAX),
        json!(i32::MIN),
        json!(i64::MAX),
        json!(-1),
        json!(0),
    ];
    if let Some(max) = f.maximum {
        v.push(json!(max as i64));
        v.push(json!(max as i64 + 1));
    }
    if let Some(min) = f.minimum {
        v.push(json!(min as i64 - 1));
    }
    v
}

#[test]
fn every_number_of_every_body_at_its_limits_gets_no_server_error() {
    on_each_backend(|app, _| {
        let (tid, gid, org) = setup(app);
        let pid = org.get(&format!("/api/v1/tournaments/{tid}/players")).1[0]["id"]
            .as_i64()
            .unwrap();
        // A team event for the team routes, its round 1 paired.
        let team_tid = crate::teams::gaps::small_swiss(&org, "Numbers", 4, 3);
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{team_tid}/team-rounds"),
                json!({}),
            ),
            201,
            "pair the team round",
        );
        let doc = org.ok(org.get("/api/openapi.json"), 200, "openapi");
        let schemas = Schemas {
            components: doc["components"]["schemas"].as_object().unwrap(),
        };
        let (mut sent, mut accepted, mut fields_seen) = (0, 0, 0);
        let mut failures = Vec::new();
        for def in app::web::api::routes() {
            let method = Method::from_bytes(def.method.as_str().as_bytes()).unwrap();
            let op = &doc["paths"][def.path][def.method.as_str().to_lowercase()];
            let Some(schema) = op["requestBody"]["content"]["application/json"]
                .get("schema")
                .filter(|_| method != Method::GET)
            else {
                continue;
            };
            let mut fields = Vec::new();
            schemas.numbers(schema, vec![], &mut fields);
            if fields.is_empty() {
                continue;
            }
            fields_seen += fields.len();
            let t = if def.path.contains("team") {
                team_tid
            } else {
                tid
            };
            let path = concrete(def.path, t, gid, pid);
            let base = sample_body(def.path, &method);
            let mut bodies: Vec<(String, Value)> = Vec::new();
            for f in &fields {
                for v in extremes(f) {
                    let mut b = base.clone();
                    with_number(&schemas, schema, &mut b, &f.path, &v);
                    bodies.push((format!("{} = {v}", label(&f.path)), b));
                }
            }
            // Two numbers at once at the same extreme (every pair), and all of
            // them: one large value alone may pass where a sum of two cannot.
            let integers: Vec<&NumberField> = fields.iter().filter(|f| f.integer).collect();
            for v in [json!(u32::MAX), json!(i32::MAX)] {
                for (i, a) in integers.iter().enumerate() {
                    for b in &integers[i + 1..] {
                        let mut body = base.clone();
                        with_number(&schemas, schema, &mut body, &a.path, &v);
                        with_number(&schemas, schema, &mut body, &b.path, &v);
                        bodies.push((
                            format!("{} = {} = {v}", label(&a.path), label(&b.path)),
                            body,
                        ));
                    }
                }
                let mut body = base.clone();
                for f in &integers {
                    with_number(&schemas, schema, &mut body, &f.path, &v);
                }
                bodies.push((format!("every integer = {v}"), body));
            }
            for (what, body) in bodies {
                sent += 1;
                let a = org
                    .try_send(method.clone(), &path, Some(&body))
                    .unwrap_or_else(|e| panic!("{} {path} {what}: {e}", def.method));
                if a.0.is_server_error() {
                    failures.push(format!(
                        "{} {} with {what}: {} {}\n  body: {body}",
                        def.method, def.path, a.0, a.1
                    ));
                } else if a.0.is_success() {
                    accepted += 1;
                }
            }
        }
        assert!(
            failures.is_empty(),
            "[{}] {} of {sent} requests got a server error:\n{}",
            app.label(),
            failures.len(),
            failures.join("\n")
        );
        // The document has numbers in many bodies; a walk that found few
        // would test nothing.
        assert!(
            fields_seen >= 80,
            "[{}] only {fields_seen} numbers found in the request bodies",
            app.label()
        );
        eprintln!(
            "[{}] numbers: {fields_seen} fields, {sent} requests, {accepted} accepted, 0 server errors",
            app.label()
        );
        // The server is still whole.
        org.ok(
            org.get(&format!("/api/v1/tournaments/{tid}")),
            200,
            "read after",
        );
    });
}

/// The walk itself: a time control's numbers are found through `$ref`s and the
/// array of periods, and a body is built around one of them.
#[test]
fn the_walk_finds_nested_numbers_and_builds_their_bodies() {
    let doc = json!({
        "components": {"schemas": {
            "Period": {"type": "object", "required": ["minutes"],
                       "properties": {"minutes": {"type": "integer", "maximum": 1440},
                                      "moves": {"type": ["integer", "null"]}}},
            "TimeControl": {"type": "object", "required": ["periods"],
                            "properties": {"periods": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Period"}},
                                           "increment_seconds": {"type": "integer"}}}
        }},
        "body": {"type": "object", "required": ["name"],
                 "properties": {"name": {"type": "string"},
                                "time_control": {"$ref": "#/components/schemas/TimeControl"}}}
    });
    let schemas = Schemas {
        components: doc["components"]["schemas"].as_object().unwrap(),
    };
    let mut fields = Vec::new();
    schemas.numbers(&doc["body"], vec![], &mut fields);
    let labels: Vec<String> = fields.iter().map(|f| label(&f.path)).collect();
    assert_eq!(
        labels,
        [
            ".time_control.increment_seconds",
            ".time_control.periods[0].minutes",
            ".time_control.periods[0].moves"
        ]
    );
    assert_eq!(fields[1].maximum, Some(1440.0));
    let mut body = json!({"name": "T"});
    with_number(
        &schemas,
        &doc["body"],
        &mut body,
        &fields[0].path,
        &json!(7),
    );
    assert_eq!(
        body,
        json!({"name": "T", "time_control": {"periods": [{"minutes": 1}], "increment_seconds": 7}})
    );
    let mut body = json!({"name": "T"});
    with_number(
        &schemas,
        &doc["body"],
        &mut body,
        &fields[2].path,
        &json!(9),
    );
    assert_eq!(
        body,
        json!({"name": "T", "time_control": {"periods": [{"minutes": 1, "moves": 9}]}})
    );
}
