#![no_main]
//! PGN reader: any bytes (decoded as the reader does), replayed and validated.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = rules::pgn::decode(data);
    for game in rules::pgn::read_games(&text).into_iter().flatten() {
        if let Ok(r) = rules::pgn::replay(&game, rules::san::LetterSet::ENGLISH) {
            let _ = rules::pgn::write_game(&game.tags, &r.start, &r.moves, "*");
        }
    }
});
