//! Small tournaments for the norm tests, written as TRF text: player 1 is the
//! candidate; each of their rounds is a game against a given pairing number
//! or a bye, and the opponent's side of each game is written to match.

#![allow(dead_code)]

/// A player: title, rating (0 = unrated), federation, sex.
#[derive(Clone, Copy)]
pub struct P(pub &'static str, pub u32, pub &'static str, pub char);

/// A round of player 1: a game against a pairing number with player 1's
/// result code (`1 = 0 + -`, or `' '` for a game not finished), or a bye
/// code (`U`, `H`, `F`, `Z`).
#[derive(Clone, Copy)]
pub enum R {
    G(u32, char),
    B(char),
}

fn opposite(c: char) -> char {
    match c {
        '1' => '0',
        '0' => '1',
        '+' => '-',
        '-' => '+',
        other => other,
    }
}

/// The TRF text: `header` records, then the `001` records.
pub fn trf(header: &str, players: &[P], candidate: &[R]) -> String {
    let n = players.len();
    let rounds = candidate.len();
    let mut blocks: Vec<Vec<String>> = vec![vec!["          ".to_string(); rounds]; n];
    for (k, r) in candidate.iter().enumerate() {
        match *r {
            R::G(opp, res) => {
                let (c1, c2) = if k % 2 == 0 { ('w', 'b') } else { ('b', 'w') };
                blocks[0][k] = format!("{opp:>4} {c1} {res}  ");
                blocks[opp as usize - 1][k] = format!("{:>4} {c2} {}  ", 1, opposite(res));
            }
            R::B(code) => blocks[0][k] = format!("0000 - {code}  "),
        }
    }
    let mut s = String::from(header);
    for (i, p) in players.iter().enumerate() {
        let rating = if p.1 == 0 {
            String::new()
        } else {
            p.1.to_string()
        };
        let line = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}",
            i + 1,
            p.3,
            p.0,
            format!("Player {}", i + 1),
            rating,
            p.2,
            "",
            "",
            "",
            "",
            blocks[i].concat()
        );
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// Table 1.4.9 of B.01 (p = 100 … 50; below 50, dp(p) = −dp(100 − p)),
/// copied here from the regulation so the tests do not use the crate's table.
pub const DP_FROM_50: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

pub fn table_dp(p: i64) -> i64 {
    if p >= 50 {
        i64::from(DP_FROM_50[(p - 50) as usize])
    } else {
        -i64::from(DP_FROM_50[(50 - p) as usize])
    }
}
