//! Every tie-break value and rank of the FIDE reference calculator's fixtures
//! (`../shared/fixtures/tiebreaks`), under both editions of C.07.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pairing::standings;
use pairing::tiebreak::{Edition, TieBreak, TieBreaks};
use pairing::trf;
use serde_json::Value;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/tiebreaks");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("SKIPPED: ../shared/fixtures not found ({})", dir.display());
        None
    }
}

fn number(v: &Value) -> Option<f64> {
    v.as_f64()
}

fn order(v: &Value) -> Vec<TieBreak> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn every_tournament_matches_the_reference_calculator() {
    let Some(dir) = fixtures() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut matching = 0;
    let mut mismatches: BTreeMap<String, usize> = BTreeMap::new();
    let mut checked: BTreeMap<String, usize> = BTreeMap::new();
    let mut examples: Vec<String> = Vec::new();
    for path in &files {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let id = fixture["id"].as_str().unwrap().to_string();
        let text = std::fs::read_to_string(dir.join(fixture["trf"].as_str().unwrap())).unwrap();
        let t = trf::parse(&text).unwrap();
        let alternatives: Vec<(u64, String, f64)> = fixture["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["sno"].as_u64().unwrap(),
                    a["key"].as_str().unwrap().to_string(),
                    a["value"].as_f64().unwrap(),
                )
            })
            .collect();
        let results = fixture["results"].as_array().unwrap();
        let mut ok = true;
        for (set, edition) in [("values", Edition::E2026), ("values_2024", Edition::E2024)] {
            let keys = if set == "values" {
                "tiebreaks"
            } else {
                "tiebreaks_2024"
            };
            let tb = TieBreaks::new(&t, edition);
            for key in fixture[keys].as_array().unwrap() {
                let key = key.as_str().unwrap();
                let label = if set == "values" {
                    key.to_string()
                } else {
                    format!("{key} (2024)")
                };
                let code: TieBreak = key.parse().unwrap();
                assert_eq!(code.to_string(), key, "codes print as in the fixtures");
                let values = tb.values(&code);
                for r in results {
                    let sno = r["sno"].as_u64().unwrap();
                    let expected = number(&r[set][key]);
                    let got = values[sno as usize - 1].map(|v| v.as_f64());
                    *checked.entry(label.clone()).or_default() += 1;
                    let alternative = alternatives
                        .iter()
                        .any(|(s, k, v)| *s == sno && k == key && got == Some(*v));
                    if got != expected && !alternative {
                        ok = false;
                        *mismatches.entry(label.clone()).or_default() += 1;
                        if examples.len() < 40 {
                            examples.push(format!(
                                "{id} sno {sno} {label}: expected {expected:?}, got {got:?}"
                            ));
                        }
                    }
                }
            }
        }
        for (rank_key, order_key) in [
            ("rank", "rank_order"),
            ("rank_alt", "rank_order_alt"),
            ("rank_pts_de", ""),
        ] {
            let order = if order_key.is_empty() {
                vec![TieBreak::Points, TieBreak::DirectEncounter]
            } else {
                order(&fixture[order_key])
            };
            let rows = standings::compute(&t, &order, Edition::E2026);
            for row in &rows {
                let r = &results[row.id as usize - 1];
                assert_eq!(r["sno"].as_u64(), Some(u64::from(row.id)));
                *checked.entry(rank_key.to_string()).or_default() += 1;
                if r[rank_key].as_u64() != Some(u64::from(row.rank)) {
                    ok = false;
                    *mismatches.entry(rank_key.to_string()).or_default() += 1;
                    if examples.len() < 40 {
                        examples.push(format!(
                            "{id} sno {} {rank_key}: expected {}, got {}",
                            row.id, r[rank_key], row.rank
                        ));
                    }
                }
                let expected_points = r["values"]["PTS"].as_f64().unwrap();
                assert_eq!(
                    f64::from(row.points) / 2.0,
                    expected_points,
                    "{id} sno {} points",
                    row.id
                );
            }
        }
        if ok {
            matching += 1;
        }
    }
    println!("{matching}/{} tournaments match", files.len());
    for (key, n) in &checked {
        println!(
            "  {key:<16} {:>5} checked, {:>4} mismatches",
            n,
            mismatches.get(key).copied().unwrap_or(0)
        );
    }
    for e in &examples {
        println!("  {e}");
    }
    assert_eq!(
        matching,
        files.len(),
        "some tie-break values differ (see above)"
    );
}
