#![no_main]
//! SAN / coordinate reader: first byte picks position and letter set, the rest is the move text.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
    ];
    let codes: Vec<&str> = rules::san::LetterSet::codes().collect();
    let pos = rules::Position::from_fen(fens[sel as usize % fens.len()]).expect("fixed FEN");
    let set = rules::san::LetterSet::from_code(codes[(sel as usize / 4) % codes.len()])
        .expect("known code");
    let text = String::from_utf8_lossy(rest);
    if let rules::san::MoveReading::Legal(m) = rules::san::read_move(&pos, &text, set) {
        assert!(pos.is_legal(m));
    }
    let _ = rules::uci::parse_uci(&pos, &text);
});
