fn main() {
    eprintln!("chess-rules: no command yet");
    std::process::exit(2);
}
