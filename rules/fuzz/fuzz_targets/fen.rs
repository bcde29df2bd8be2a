#![no_main]
//! FEN reader: any text; whatever loads must write, generate and play without panicking.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in [
        rules::Position::from_fen(&text),
        rules::Position::from_fen_lenient(&text),
    ]
    .into_iter()
    .flatten()
    {
        let fen = pos.to_fen();
        let again = rules::Position::from_fen_lenient(&fen).expect("own FEN reads back");
        assert_eq!(again.to_fen(), fen);
        let moves = pos.legal_moves();
        for &m in moves.iter().take(8) {
            let next = pos.play(m).expect("generated move is legal");
            let _ = rules::san::write_san(&pos, m);
            let _ = next.zobrist();
        }
        let _ = rules::perft::perft(&pos, 2);
    }
});
