//! TRF round trip over every `.trf` under the shared fixtures, and over the
//! crate's own small data set.

use std::path::{Path, PathBuf};

use pairing::trf;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("SKIPPED: ../shared/fixtures not found ({})", dir.display());
        None
    }
}

fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "trf"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn all_fixture_files() -> Vec<PathBuf> {
    let Some(root) = fixtures() else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for sub in ["pairing/dutch", "pairing/dutch/tournaments", "tiebreaks"] {
        files.extend(trf_files(&root.join(sub)));
    }
    files
}

#[test]
fn every_fixture_round_trips_byte_for_byte() {
    let files = all_fixture_files();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let t = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let written = trf::write(&t);
        assert_eq!(written, text, "{}", path.display());
        assert_eq!(trf::parse(&written).unwrap(), t, "{}", path.display());
    }
    println!("{} TRF files round-trip byte for byte", files.len());
}

#[test]
fn every_fixture_is_rewritten_from_the_model_alone() {
    let files = all_fixture_files();
    let mut canonical = 0;
    let mut differing = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let t = trf::parse(&text).unwrap().without_layout();
        let written = trf::write(&t);
        let again = trf::parse(&written).unwrap().without_layout();
        assert_eq!(again, t, "{}", path.display());
        if written == text {
            canonical += 1;
        } else {
            // The only records the standard layout adds or drops: the counts and
            // the type (added), `XXC white1` (the default, dropped).
            let strip = |s: &str| -> Vec<String> {
                s.lines()
                    .filter(|l| {
                        !["062", "072", "092", "XXC"]
                            .iter()
                            .any(|t| l.starts_with(t))
                    })
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(strip(&written), strip(&text), "{}", path.display());
            differing.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    println!(
        "{canonical}/{} fixtures are canonical (written identically from the model alone)",
        files.len()
    );
    if !differing.is_empty() {
        println!("not canonical: {}", differing.join(" "));
    }
}

/// Found by the `trf_parse` fuzz target: a file starting with two byte-order
/// marks kept the second as content, so writing it and reading it back was
/// not stable.
#[test]
fn byte_order_marks_are_not_content() {
    let plain = "012 Fixture Open\n001    1      Nowak, Jan                        1900\n";
    let once = format!("\u{feff}{plain}");
    let twice = format!("\u{feff}\u{feff}{plain}");
    let t = trf::parse(plain).unwrap();
    for text in [&once, &twice] {
        let read = trf::parse(text).unwrap();
        assert_eq!(read.name, t.name, "{text:?}");
        let written = trf::write(&read);
        assert!(!written.starts_with('\u{feff}'), "{written:?}");
        assert_eq!(trf::write(&trf::parse(&written).unwrap()), written);
    }
}
