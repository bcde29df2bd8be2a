//! `pairing` command-line tool.

fn main() {
    eprintln!("pairing: no command yet");
    std::process::exit(2);
}
