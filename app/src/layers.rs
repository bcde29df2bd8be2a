//! The layers of the crate and the one direction they point (see
//! `docs/architecture.md`): a module may name its own layer and the ones
//! below it, never one above.
//!
//! ```text
//! web  →  pdf  →  i18n  →  domain  →  db  →  types
//! ```
//!
//! `web` is HTTP (actix); `pdf` the printouts; `i18n` the languages and the
//! error catalogues; `domain` the operations (one transaction each); `db`
//! the schema and connections; `types` the ids and closed sets every layer
//! uses. Only `web` and the process's entry points (`server.rs`, `main.rs`)
//! name actix. The test below reads the sources and fails on an arrow that
//! points up; the domain's own modules are checked for cycles by
//! `domain::tests::the_domain_reads_in_one_direction`.

/// The layers from the bottom up: a layer may name those before it.
const LAYERS: [&str; 6] = ["types", "db", "domain", "i18n", "pdf", "web"];

/// Files outside `web` that may name actix: the server's start and the binary.
const ACTIX_ALLOWED: [&str; 2] = ["server.rs", "main.rs"];

/// The arrows of one source file (`path` relative to `app/src`) that point
/// the wrong way, as sentences. Comments and the test module at the end of
/// a file (`#[cfg(test)]`) are not read: tests may reach across layers.
pub(crate) fn violations(path: &str, source: &str) -> Vec<String> {
    let top = path.split('/').next().unwrap_or(path);
    let top = top.strip_suffix(".rs").unwrap_or(top);
    let rank = LAYERS.iter().position(|l| *l == top);
    let mut out = Vec::new();
    let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    for (i, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        if top != "web" && !ACTIX_ALLOWED.contains(&path) && line.contains("actix") {
            out.push(format!("{path}:{}: names actix outside web", i + 1));
        }
        let Some(rank) = rank else { continue };
        for named in crate_modules(line) {
            if let Some(r) = LAYERS.iter().position(|l| *l == named) {
                if r > rank {
                    out.push(format!(
                        "{path}:{}: the {top} layer names {named}, a layer above it",
                        i + 1
                    ));
                }
            } else if top == "types" {
                out.push(format!(
                    "{path}:{}: types is a leaf, and names crate::{named}",
                    i + 1
                ));
            }
        }
    }
    out
}

/// The top-level modules a line names through `crate::x` or `crate::{x, y}`.
fn crate_modules(line: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for part in line.split("crate::").skip(1) {
        if let Some(group) = part.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            // Top-level items of the group: split on commas outside braces.
            let mut depth = 0;
            let mut start = 0;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(ident(&group[start..k]));
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            out.push(ident(&group[start..]));
        } else {
            out.push(ident(part));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// The longest a page handler may be, and the most its average may be
/// (issue 38: "a page handler reads the request, calls one domain operation
/// and renders"; the logic is in `domain`, the shared answers in
/// `web/pages/mod.rs`).
const HANDLER_MAX: usize = 40;
const HANDLER_AVERAGE: usize = 20;

/// Every `async fn` of one source file with its length in lines: from the
/// line of `async fn` to the closing brace at the same indentation. The test
/// module at the end of a file (`#[cfg(test)]`) is not read.
pub(crate) fn handler_lengths(source: &str) -> Vec<(String, usize)> {
    let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = &line[..line.len() - line.trim_start().len()];
        let rest = line.trim_start();
        let rest = rest
            .strip_prefix("pub(crate) ")
            .or_else(|| rest.strip_prefix("pub(super) "))
            .or_else(|| rest.strip_prefix("pub "))
            .unwrap_or(rest);
        if let Some(sig) = rest.strip_prefix("async fn ") {
            let name: String = sig
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let close = format!("{indent}}}");
            let end = (i..lines.len())
                .find(|&j| lines[j].trim_end() == close)
                .unwrap_or(lines.len() - 1);
            out.push((name, end - i + 1));
            i = end;
        }
        i += 1;
    }
    out
}

mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }

    #[test]
    fn every_arrow_points_down() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&root, &mut files);
        assert!(files.len() > 50, "the sources are found: {}", files.len());
        let mut found = Vec::new();
        for f in &files {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if rel == "layers.rs" {
                continue; // this file plants arrows on purpose
            }
            found.extend(violations(&rel, &std::fs::read_to_string(f).unwrap()));
        }
        assert!(found.is_empty(), "arrows up:\n{}", found.join("\n"));
    }

    /// No query under `web/`: the one file that names a table is
    /// `web/auth.rs` (the login limiter's rows; docs/architecture.md).
    #[test]
    fn no_table_is_named_under_web_but_the_login_limiter() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&root.join("web"), &mut files);
        assert!(
            files.len() > 20,
            "the web sources are found: {}",
            files.len()
        );
        let named: Vec<String> = files
            .iter()
            .filter(|f| std::fs::read_to_string(f).unwrap().contains("schema::"))
            .map(|f| {
                f.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect();
        assert_eq!(named, vec!["web/auth.rs".to_string()]);
    }

    /// `docs/architecture.md` names every source file of `app/src` (by its
    /// path under `app/src`, in backticks), so a new module cannot be left
    /// off the map.
    #[test]
    fn every_module_is_on_the_map() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let map = std::fs::read_to_string(root.join("../../docs/architecture.md"))
            .expect("docs/architecture.md");
        let mut files = Vec::new();
        sources(&root, &mut files);
        let missing: Vec<String> = files
            .iter()
            .map(|f| {
                f.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .filter(|rel| !map.contains(&format!("`{rel}`")))
            .collect();
        assert!(
            missing.is_empty(),
            "not on the map in docs/architecture.md: {missing:?}"
        );
    }

    /// The check itself: a planted `use crate::web` under `pdf/`, actix in
    /// the domain, `domain` named from `db` and anything named from `types`
    /// are each found; the same lines where they belong are not.
    #[test]
    fn a_planted_arrow_up_is_found() {
        let planted = "use crate::i18n::Tr;\nuse crate::web::pages::assets;\n";
        let v = violations("pdf/standings.rs", planted);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].starts_with("pdf/standings.rs:2:"), "{v:?}");
        assert!(violations("web/pages/public.rs", planted).is_empty());
        let grouped = "use crate::{db::DbConnection, domain::{ids, kinds}};";
        assert_eq!(violations("db/models.rs", grouped).len(), 1);
        assert!(violations("domain/games.rs", grouped).is_empty());
        assert_eq!(violations("types/ids.rs", "use crate::db::X;").len(), 1);
        assert_eq!(
            violations("domain/rounds.rs", "use actix_web::HttpRequest;").len(),
            1
        );
        assert!(violations("server.rs", "use actix_web::App;").is_empty());
        // Comments and tests are not arrows.
        assert!(violations("pdf/mod.rs", "// see crate::web::pages\n").is_empty());
        let test = "fn a() {}\n#[cfg(test)]\nmod tests {\n    use crate::web::x;\n}\n";
        assert!(violations("domain/x.rs", test).is_empty());
    }

    /// Issue 38: page handlers are thin. Every `async fn` under `web/pages/`
    /// (the same rule as `handler_lengths`) is at most `HANDLER_MAX` lines,
    /// and they average at most `HANDLER_AVERAGE`.
    #[test]
    fn page_handlers_are_thin() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&root.join("web/pages"), &mut files);
        assert!(
            files.len() > 10,
            "the page sources are found: {}",
            files.len()
        );
        let mut all = Vec::new();
        for f in &files {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            for (name, n) in handler_lengths(&std::fs::read_to_string(f).unwrap()) {
                all.push((format!("{rel}: {name}"), n));
            }
        }
        assert!(all.len() > 50, "the handlers are found: {}", all.len());
        let fat: Vec<String> = all
            .iter()
            .filter(|(_, n)| *n > HANDLER_MAX)
            .map(|(h, n)| format!("{h} ({n} lines)"))
            .collect();
        assert!(
            fat.is_empty(),
            "over {HANDLER_MAX} lines:\n{}",
            fat.join("\n")
        );
        let total: usize = all.iter().map(|(_, n)| n).sum();
        assert!(
            total <= HANDLER_AVERAGE * all.len(),
            "{} handlers average {:.1} lines, over {HANDLER_AVERAGE}",
            all.len(),
            total as f64 / all.len() as f64
        );
    }

    /// The counter itself: a planted 41-line handler is over, a 40-line one
    /// is not; a nested block's closing brace does not end the fn; a test
    /// module is not read.
    #[test]
    fn a_planted_fat_handler_is_found() {
        let handler = |name: &str, body: usize| {
            let mut s = format!("pub async fn {name}(x: u8) -> u8 {{\n");
            s.push_str("    if x > 0 {\n        return x;\n    }\n");
            for k in 0..body {
                s.push_str(&format!("    let _y{k} = x;\n"));
            }
            s.push_str("    x\n}\n");
            s
        };
        // 1 signature + 3 block + body + 1 tail + 1 brace.
        for body in [0, 10, 34, 35, 60] {
            let src = format!("use a;\n\n{}\nfn sync() {{}}\n", handler("fat", body));
            let found = handler_lengths(&src);
            assert_eq!(found, vec![("fat".to_string(), body + 6)], "{src}");
            assert_eq!(found[0].1 > HANDLER_MAX, body + 6 > HANDLER_MAX);
        }
        let src = format!("{}{}", handler("a", 35), handler("b", 34));
        let found = handler_lengths(&src);
        assert_eq!(found, vec![("a".into(), 41), ("b".into(), 40)]);
        let indented = "impl X {\n    pub(super) async fn m() {\n        1;\n    }\n}\n";
        assert_eq!(handler_lengths(indented), vec![("m".into(), 3)]);
        let tested = format!(
            "fn a() {{}}\n#[cfg(test)]\nmod tests {{\n{}}}\n",
            handler("t", 50)
        );
        assert!(handler_lengths(&tested).is_empty());
    }
}
