//! The pages' languages: English, Polish and Czech. The language comes from the
//! `lang` cookie (the switch in the page footer), else from `Accept-Language`.
//! English and Polish texts are side by side below; the Czech ones, by the same
//! keys, in `i18n/cs.rs`.
//!
//! Over 700 lines because the English/Polish text table, one line a key (the
//! Czech texts are in `i18n/cs.rs`).

mod cs;
pub mod errors;
mod serde_text;

pub use serde_text::serde_detail;

use crate::domain::kinds::{
    ArrivalOutcome, ByeRequestKind, GameKind, PairingSystem, PenaltyKind, PlayedColour, RoundState,
    TimeCategory, TournamentStatus, Variant,
};
use std::borrow::Borrow;

pub const LANG_COOKIE: &str = "arbiter_lang";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Pl,
    Cs,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Pl, Lang::Cs];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pl => "pl",
            Lang::Cs => "cs",
        }
    }

    /// The language's own name, for the switch.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Pl => "Polski",
            Lang::Cs => "Čeština",
        }
    }

    pub fn parse(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "pl" => Some(Lang::Pl),
            // `cz` is the country, but people type it for the language too.
            "cs" | "cz" => Some(Lang::Cs),
            _ => None,
        }
    }

    /// Cookie first, then the first supported language of `Accept-Language`
    /// (in the order the browser gives, which is by preference in practice).
    pub fn from_request(cookie: Option<&str>, accept_language: &str) -> Lang {
        if let Some(l) = cookie.and_then(Lang::parse) {
            return l;
        }
        accept_language
            .split(',')
            .filter_map(|part| {
                let tag = part.split(';').next()?.trim();
                Lang::parse(tag.split('-').next()?)
            })
            .next()
            .unwrap_or(Lang::En)
    }
}

/// Translator handed to every template: `{{ tr.t("standings") }}`.
#[derive(Clone, Copy, Debug)]
pub struct Tr {
    pub lang: Lang,
}

impl Tr {
    /// The text for `key`; an unknown key shows as itself (caught by the tests).
    /// A sentence stored in English from a message template (a penalty's
    /// effect) in this language (`errors::stored`).
    pub fn stored(&self, text: &str) -> String {
        errors::stored(text, self.lang)
    }

    /// An interface word of a closed set (a penalty's kind) in this language
    /// (`errors::word`).
    pub fn word(&self, w: impl std::fmt::Display) -> String {
        errors::word(&w.to_string(), self.lang)
    }

    /// A message (`domain::Msg`) in this language (`errors::message`).
    pub fn msg(&self, m: &crate::domain::Msg) -> String {
        errors::message(m, self.lang)
    }

    pub fn t(&self, key: &'static str) -> &'static str {
        match self.lang {
            Lang::En => Tr::en_pl(key).0,
            Lang::Pl => Tr::en_pl(key).1,
            // A key without a Czech text shows in English (and fails the tests).
            Lang::Cs => cs::text(key).unwrap_or_else(|| Tr::en_pl(key).0),
        }
    }

    /// The English and the Polish text for `key`; an unknown key is itself in both.
    fn en_pl(key: &str) -> (&str, &str) {
        match key {
            "entry_closed_never" => ("The organizer has not opened entries for this tournament.", "Organizator nie otworzył zapisów do tego turnieju."),
            "entry_closed" => ("Entries for this tournament are closed.", "Zapisy do tego turnieju są zamknięte."),
            "entry_closed_round_robin" => ("The round robin has started: its table is fixed, entries are closed.", "Turniej kołowy się rozpoczął: tabela jest ustalona, zapisy zamknięte."),
            "entry_closed_deadline" => ("The entry deadline has passed.", "Termin zapisów minął."),
            "entry_closed_full" => ("The field is full: every place is taken.", "Lista jest pełna: wszystkie miejsca zajęte."),
            // Penalties, 10.2 decisions, time controls.
            "forfeit_legend" => ("forfeit", "walkower"),
            "tc_moves" => ("{n} moves", "{n} posunięć"),
            "tc_minutes" => ("{n} min", "{n} min"),
            "tc_increment" => ("+{n} s/move", "+{n} s/posunięcie"),
            "tc_delay" => ("delay {n} s", "opóźnienie {n} s"),
            "penalty_warning" => ("warning", "ostrzeżenie"),
            "penalty_extra_time" => ("extra time to the opponent", "dodatkowy czas dla przeciwnika"),
            "penalty_time_deduction" => ("time deducted", "odjęcie czasu"),
            "penalty_game_lost" => ("game lost", "przegrana partia"),
            "penalty_score_reduced" => ("score reduced", "obniżenie wyniku"),
            "penalty_score_raised" => ("opponent's score raised", "podwyższenie wyniku przeciwnika"),
            "penalty_expulsion" => ("expulsion", "wykluczenie z zawodów"),
            "penalty_illegal_move" => ("illegal move", "nieprawidłowe posunięcie"),
            "penalty_clock_without_move" => ("clock pressed without a move (as an illegal move)", "naciśnięcie zegara bez wykonania posunięcia (jak nieprawidłowe posunięcie)"),
            "penalty_two_handed_move" => ("move made with two hands (as an illegal move)", "posunięcie wykonane dwiema rękami (jak nieprawidłowe posunięcie)"),
            "penalty_incorrect_draw_claim" => ("incorrect draw claim", "nieuzasadniona reklamacja remisu"),
            "penalty_quickplay_claim" => ("quickplay claim", "reklamacja w końcówce partii"),
            "penalty_both_at_fault" => ("both at fault", "wina obu zawodników"),
            "decision_draw" => ("draw", "remis"),
            "decision_postponed" => ("decision postponed", "decyzja odroczona"),
            "decision_rejected" => ("claim rejected", "reklamacja odrzucona"),
            "decision_increment" => ("increment introduced", "wprowadzony dodatek czasu"),
            // The printouts (app/src/pdf); `{n}` and the like are filled in there.
            "pdf_player_card" => ("Player card", "Karta zawodnika"),
            "pdf_pairing_number" => ("Pairing number", "Numer startowy"),
            "pdf_federation" => ("Federation", "Federacja"),
            "pdf_fide_id" => ("FIDE id", "FIDE ID"),
            "pdf_rating" => ("Rating", "Ranking"),
            "pdf_club" => ("Club", "Klub"),
            "pdf_status" => ("Status", "Status"),
            "pdf_points" => ("Points", "Punkty"),
            "pdf_rank" => ("Rank", "Miejsce"),
            "pdf_performance" => ("Performance", "Ranking turniejowy"),
            "pdf_rating_change" => ("Rating change", "Zmiana rankingu"),
            "pdf_rd" => ("Rd", "R."),
            "pdf_bd" => ("Bd", "Sz."),
            "pdf_no" => ("No", "Nr"),
            "pdf_colour" => ("Colour", "Kolor"),
            "pdf_opponent" => ("Opponent", "Przeciwnik"),
            "pdf_rtg" => ("Rtg", "Rank."),
            "pdf_result" => ("Result", "Wynik"),
            "pdf_white" => ("White", "Białe"),
            "pdf_black" => ("Black", "Czarne"),
            "pdf_name" => ("Name", "Nazwisko i imię"),
            "pdf_pts" => ("Pts", "Pkt"),
            "pdf_fed" => ("Fed", "Fed."),
            "pdf_rk" => ("Rk", "M."),
            "pdf_perf" => ("Perf", "Perf."),
            "pdf_player" => ("Player", "Zawodnik"),
            "pdf_place" => ("Place", "Miejsce"),
            "pdf_prize" => ("Prize", "Nagroda"),
            "pdf_paid" => ("Paid", "Wypłata"),
            "pdf_bye" => ("bye", "pauza"),
            "pdf_requested_bye" => ("requested bye", "pauza na życzenie"),
            "pdf_absent" => ("absent", "nieobecny"),
            "pdf_free_round" => ("free round", "wolna runda"),
            "pdf_crosstable_after" => ("Crosstable after round {n}", "Tabela krzyżowa po rundzie {n}"),
            "pdf_crosstable_help" => ("Each cell: the opponent's line in this table, the colour (w = White, b = Black) and the result.", "W każdej kratce: wiersz przeciwnika w tej tabeli, kolor (b = białe, c = czarne) i wynik."),
            "pdf_adjourned_title" => ("Adjourned game: round {r}, board {b}", "Partia przerwana: runda {r}, szachownica {b}"),
            "pdf_envelope" => ("Sealed-move envelope", "Koperta z zapisanym posunięciem"),
            "pdf_tournament" => ("Tournament", "Turniej"),
            "pdf_round_board" => ("Round / Board", "Runda / szachownica"),
            "pdf_round_board_value" => ("Round {r}, board {b}", "Runda {r}, szachownica {b}"),
            "pdf_time_white" => ("Time used by White", "Czas zużyty przez białe"),
            "pdf_time_black" => ("Time used by Black", "Czas zużyty przez czarne"),
            "pdf_sealed_by" => ("Sealed by", "Posunięcie zapisał"),
            "pdf_sealed_move_number" => ("Sealed move number", "Numer zapisanego posunięcia"),
            "pdf_draw_offer" => ("Draw offer", "Propozycja remisu"),
            "pdf_draw_offered_by" => ("offered by {who}", "złożona przez: {who}"),
            "pdf_none" => ("none", "brak"),
            "pdf_resumption_date" => ("Resumption date", "Data wznowienia"),
            "pdf_resumption_time" => ("Resumption time", "Godzina wznowienia"),
            "pdf_resumption_place" => ("Resumption place", "Miejsce wznowienia"),
            "pdf_position_fen" => ("Position (FEN)", "Pozycja (FEN)"),
            "pdf_envelope_note" => ("The sealed move is written by the player on the sheet inside this envelope and is not printed here. The envelope is opened only at resumption, in the presence of the player who must reply.", "Zapisane posunięcie zawodnik notuje na kartce w tej kopercie; nie jest tu drukowane. Kopertę otwiera się dopiero przy wznowieniu, w obecności zawodnika, który ma odpowiedzieć."),
            "pdf_white_signature" => ("White's signature", "Podpis białych"),
            "pdf_black_signature" => ("Black's signature", "Podpis czarnych"),
            "pdf_arbiter_signature" => ("Arbiter's signature", "Podpis sędziego"),
            "pdf_page" => ("Arbiter · page {i} of {n}", "Arbiter · strona {i} z {n}"),
            "pdf_pairings_round" => ("Pairings, round {n}", "Kojarzenia, runda {n}"),
            "pdf_match_game" => (
                "Double-Swiss: match {m}, game {g}. Game {o} is played on the same boards with the colours reversed.",
                "Podwójny system szwajcarski: mecz {m}, partia {g}. Partia {o} jest grana na tych samych szachownicach z odwróconymi kolorami.",
            ),
            "pdf_start" => ("Start: {t}", "Początek: {t}"),
            "pdf_chess960_every" => ("Chess960 start position {n} (every board): {p}", "Pozycja wyjściowa Chess960 {n} (wszystkie szachownice): {p}"),
            "pdf_chess960_board" => ("Board {b}: Chess960 start position {n}: {p}", "Szachownica {b}: pozycja wyjściowa Chess960 {n}: {p}"),
            "pdf_pairings_by_name" => ("Pairings by name, round {n}", "Kojarzenia alfabetycznie, runda {n}"),
            "pdf_prize_list" => ("Prize list", "Lista nagród"),
            "pdf_prize_list_provisional" => ("Prize list (provisional, after round {n})", "Lista nagród (wstępna, po rundzie {n})"),
            "pdf_prize_one" => ("One prize per player (the most valuable).", "Jedna nagroda na zawodnika (najcenniejsza)."),
            "pdf_prize_several" => ("A player may win a prize in several categories.", "Zawodnik może otrzymać nagrody w kilku kategoriach."),
            "pdf_ties_tiebreak" => ("Ties: decided by the tie-breaks.", "Równe wyniki: decyduje punktacja pomocnicza."),
            "pdf_ties_hort" => ("Ties: shared by the Hort system.", "Równe wyniki: podział systemem Horta."),
            "pdf_ties_equal" => ("Ties: prizes shared equally.", "Równe wyniki: nagrody dzielone po równo."),
            "pdf_shared" => ("shared", "dzielona"),
            "pdf_results_round" => ("Results, round {n}", "Wyniki, runda {n}"),
            "pdf_missing" => ("{n} game(s) still without a result.", "Partie bez wyniku: {n}."),
            "pdf_scoresheets_round" => ("Scoresheets, round {n}", "Blankiety, runda {n}"),
            "pdf_scoresheet_round" => ("Scoresheet · round {n}", "Blankiet · runda {n}"),
            "pdf_no_boards" => ("Round {n} has no boards to play.", "W rundzie {n} nie ma partii do rozegrania."),
            "pdf_scoresheet" => ("Scoresheet", "Blankiet"),
            "pdf_event" => ("Event", "Turniej"),
            "pdf_date" => ("Date", "Data"),
            "pdf_sheet_owner" => ("This sheet belongs to", "Blankiet należy do"),
            "pdf_chess960_start" => ("Chess960 start position", "Pozycja wyjściowa Chess960"),
            "pdf_result_label" => ("Result:", "Wynik:"),
            "pdf_standings_title" => ("Standings", "Klasyfikacja"),
            "pdf_standings_after" => ("Standings after round {n}", "Klasyfikacja po rundzie {n}"),
            "pdf_tiebreaks" => ("Tie-breaks: {list}", "Punktacja pomocnicza: {list}"),
            "expelled" => ("expelled", "wykluczony"),
            "site" => ("Arbiter", "Arbiter"),
            "tournaments" => ("Tournaments", "Turnieje"),
            "no_tournaments" => ("No tournaments yet.", "Nie ma jeszcze turniejów."),
            "running" => ("running", "w toku"),
            "registration" => ("registration", "zapisy"),
            "finished" => ("finished", "zakończony"),
            "swiss" => ("Swiss system", "system szwajcarski"),
            "burstein" => ("Swiss system, Burstein", "system szwajcarski, Burstein"),
            "lim" => ("Swiss system, Lim", "system szwajcarski, Lim"),
            "dubov" => ("Swiss system, Dubov", "system szwajcarski, Dubow"),
            "double_swiss" => ("Double-Swiss system", "podwójny system szwajcarski"),
            "round_robin" => ("round robin", "kołowy"),
            "double_round_robin" => ("double round robin", "kołowy dwukrotny"),
            "home" => ("Home", "Start"),
            "players" => ("Players", "Zawodnicy"),
            "player" => ("Player", "Zawodnik"),
            "rounds" => ("Rounds", "Rundy"),
            "round" => ("Round", "Runda"),
            "standings" => ("Standings", "Klasyfikacja"),
            "crosstable" => ("Crosstable", "Tabela krzyżowa"),
            "rank_crosstable" => ("Rank crosstable", "Tabela wyników wg miejsc"),
            "pairings" => ("Pairings", "Kojarzenia"),
            "ds_match" => ("Match", "Mecz"),
            "rounds_help" => ("Double-Swiss: each game is a round (twice the matches).", "Podwójny szwajcarski: każda partia to runda (dwa razy tyle co meczów)."),
            "ds_game" => ("game", "partia"),
            "ds_game_n" => ("Game {}", "Partia {}"),
            "ds_second_follows" => (
                "The second game of the match: the first game's boards with the colours reversed. Edit the pairing in round {}; publishing either round publishes both.",
                "Druga partia meczu: szachownice pierwszej partii z odwróconymi kolorami. Kojarzenie zmienia się w rundzie {}; opublikowanie jednej rundy publikuje obie.",
            ),
            "ds_first_done" => ("The match's first game is complete.", "Pierwsza partia meczu zakończona."),
            "ds_to_second" => ("Results of the second game", "Wyniki drugiej partii"),
            "board" => ("Board", "Szachownica"),
            "card_current" => ("This round", "W tej rundzie"),
            "card_against" => ("against", "przeciwko"),
            "bd" => ("Bd", "Sz."),
            "white" => ("White", "Białe"),
            "black" => ("Black", "Czarne"),
            "result" => ("Result", "Wynik"),
            "points" => ("Points", "Punkty"),
            "pts" => ("Pts", "Pkt"),
            "rank" => ("Rank", "M."),
            "name" => ("Name", "Nazwisko i imię"),
            "rating" => ("Rating", "Ranking"),
            "title" => ("Title", "Tytuł"),
            "federation" => ("Federation", "Federacja"),
            "club" => ("Club", "Klub"),
            "no" => ("No.", "Nr"),
            "dates" => ("Dates", "Daty"),
            "place" => ("Place", "Miejsce"),
            "system" => ("System", "System"),
            "time_control" => ("Time control", "Tempo gry"),
            "regulations" => ("Regulations", "Regulamin"),
            "schedule" => ("Schedule", "Harmonogram"),
            "not_paired_yet" => ("Not paired yet.", "Jeszcze nie skojarzona."),
            "not_published" => (
                "This round is paired but not yet published.",
                "Runda jest skojarzona, ale jeszcze nie opublikowana.",
            ),
            "bye" => ("bye", "pauza"),
            "pairing_bye" => ("bye (pairing)", "pauza (z kojarzenia)"),
            "half_bye" => ("half-point bye", "pauza za ½ pkt"),
            "full_bye" => ("full-point bye", "pauza za 1 pkt"),
            "zero_bye" => ("zero-point bye", "pauza za 0 pkt"),
            "free" => ("free round", "wolna runda"),
            "opponent" => ("Opponent", "Przeciwnik"),
            "colour" => ("Colour", "Kolor"),
            "score" => ("Score", "Wynik narastająco"),
            "rating_change" => ("Rating change", "Zmiana rankingu"),
            "performance" => ("Performance", "Ranking turniejowy"),
            "total" => ("Total", "Razem"),
            "after_round" => ("after round", "po rundzie"),
            "tiebreaks" => ("Tie-breaks", "Punktacja pomocnicza"),
            "legend" => ("What the columns mean", "Co znaczą kolumny"),
            "login" => ("Log in", "Zaloguj"),
            "logout" => ("Log out", "Wyloguj"),
            "username" => ("User name", "Nazwa użytkownika"),
            "password" => ("Password", "Hasło"),
            "logged_in_as" => ("Logged in as", "Zalogowany:"),
            "new_tournament" => ("New tournament", "Nowy turniej"),
            "create" => ("Create", "Utwórz"),
            "manage" => ("Manage", "Zarządzaj"),
            "manage_players" => ("Register players", "Rejestracja zawodników"),
            "register" => ("Register", "Zgłoś"),
            "register_one" => ("Register a player", "Zgłoś zawodnika"),
            "csv_import" => ("Import from CSV", "Import z CSV"),
            "csv_lines" => ("Players to import", "Zawodnicy do importu"),
            "csv_help" => (
                "One player a line: name; rating; title; federation; FIDE id; club; sex (m, or f/w for a woman). Only the name is required; separate with ; or tabs.",
                "Jeden zawodnik w wierszu: nazwisko i imię; ranking; tytuł; federacja; FIDE ID; klub; płeć (m albo k dla kobiety). Wymagane jest tylko nazwisko; oddzielaj średnikami lub tabulatorami.",
            ),
            "rl_name" => ("Name of the list", "Nazwa listy"),
            "rl_title" => ("Rating lists", "Listy rankingowe"),
            "rl_own_title" => ("Rating lists of this tournament", "Listy rankingowe tego turnieju"),
            // The staff menu's short name of that page (a phone's menu is short).
            "rl_own_menu" => ("Rating lists", "Rankingi"),
            "rl_own_help" => ("A list loaded here serves this tournament only: its registration, the player search and the re-rating read it instead of the server's list of the same kind. Other tournaments do not see it.", "Lista wczytana tutaj służy tylko temu turniejowi: rejestracja, wyszukiwanie zawodników i aktualizacja rankingów korzystają z niej zamiast z listy serwera tego samego rodzaju. Inne turnieje jej nie widzą."),
            "rl_own_load" => ("Load a list for this tournament", "Wczytaj listę dla tego turnieju"),
            "rl_own_file_help" => ("FIDE's combined XML list or its TXT list, zipped or not, or a national list as CSV; at most 1 GiB. It replaces this tournament's own list of its kind; the one replaced is kept for going back.", "Połączona lista FIDE w XML lub lista TXT, spakowana lub nie, albo lista krajowa w CSV; najwyżej 1 GiB. Zastępuje własną listę tego turnieju tego rodzaju; zastąpiona zostaje zachowana, by można było do niej wrócić."),
            "rl_own_rollback_confirm" => ("Put this tournament's previous list of this kind back in use (or, if there is none, the server's list)? The current one is kept and can be restored the same way.", "Przywrócić poprzednią listę tego rodzaju w tym turnieju (a jeśli jej nie ma, listę serwera)? Obecna zostanie zachowana i można ją przywrócić w ten sam sposób."),
            "rl_own_rolled_back" => ("The previous list is in use again.", "Poprzednia lista jest ponownie w użyciu."),
            "rl_own_ask_organizer" => ("Only the tournament's organizer loads its own rating lists.", "Własne listy rankingowe turnieju wczytuje tylko jego organizator."),
            "rl_whose" => ("Loaded for", "Wczytana dla"),
            "rl_whose_own" => ("this tournament", "tego turnieju"),
            "rl_whose_server" => ("the whole server", "całego serwera"),
            "rl_loaded" => ("Lists in use", "Listy w użyciu"),
            "rl_none_loaded" => ("No rating list is loaded.", "Nie wczytano żadnej listy rankingowej."),
            "rl_source" => ("List", "Lista"),
            "rl_source_fide" => ("FIDE", "FIDE"),
            "rl_source_national" => ("national", "krajowa"),
            "rl_date" => ("Date of the list", "Data listy"),
            "rl_size" => ("Players", "Zawodnicy"),
            "rl_rollback" => ("Go back to the previous list", "Wróć do poprzedniej listy"),
            "rl_rollback_confirm" => ("Put the previous list of this kind back in use? The current one is kept and can be restored the same way.", "Przywrócić poprzednią listę tego rodzaju? Obecna zostanie zachowana i można ją przywrócić w ten sam sposób."),
            "rl_rollback_yes" => ("Yes, go back", "Tak, przywróć"),
            "rl_in_use_again" => ("in use again", "ponownie w użyciu"),
            "rl_load" => ("Load a list", "Wczytaj listę"),
            "rl_file" => ("List file", "Plik listy"),
            "rl_file_help" => ("FIDE's combined XML list or its TXT list, zipped as FIDE publishes it or not, or a national list as CSV; at most 1 GiB. The new list replaces the one in use of its kind; the old one is kept for going back.", "Połączona lista FIDE w XML lub lista TXT, spakowana (ZIP), jak publikuje ją FIDE, lub nie, albo lista krajowa w CSV; najwyżej 1 GiB. Nowa lista zastępuje listę tego rodzaju w użyciu; poprzednia zostaje zachowana, by można było do niej wrócić."),
            "rl_format" => ("Layout", "Format"),
            "rl_format_auto" => ("recognise from the file", "rozpoznaj z pliku"),
            "rl_format_xml" => ("FIDE XML", "FIDE XML"),
            "rl_format_txt" => ("FIDE TXT", "FIDE TXT"),
            "rl_format_csv" => ("national CSV", "krajowa CSV"),
            "rl_map" => ("Columns of a CSV list", "Kolumny listy CSV"),
            "rl_map_help" => ("Only for CSV: which column holds what, e.g. id=1,name=2,rating=5,sep=;", "Tylko dla CSV: która kolumna co zawiera, np. id=1,name=2,rating=5,sep=;"),
            "rl_send" => ("Load the list", "Wczytaj listę"),
            "rl_uploading" => ("Sending the file", "Wysyłanie pliku"),
            "rl_players_loaded" => ("players loaded", "zawodników wczytano"),
            "rl_ask_admin" => ("Only an administrator or a list manager loads rating lists: ask an administrator.", "Listy rankingowe wczytuje tylko administrator lub zarządca list: poproś administratora."),
            "rl_managers" => ("List managers", "Zarządcy list"),
            "rl_managers_help" => ("A list manager may load and roll back the rating lists every tournament of this server registers from.", "Zarządca list może wczytywać i przywracać listy rankingowe, z których korzystają wszystkie turnieje na tym serwerze."),
            "rl_appoint" => ("Make a list manager", "Mianuj zarządcą list"),
            "rl_manager_added" => ("may now load rating lists", "może teraz wczytywać listy rankingowe"),
            "rl_manager_removed" => ("no longer loads rating lists", "nie wczytuje już list rankingowych"),
            "rl_no_list" => ("No rating list is loaded, so the search finds nobody.", "Nie wczytano żadnej listy rankingowej, więc wyszukiwanie nikogo nie znajdzie."),
            "rl_load_here" => ("Load one on the rating lists page", "Wczytaj ją na stronie list rankingowych"),
            "rl_nothing_found" => ("Nobody in the loaded rating lists matches this search.", "Nikt z wczytanych list rankingowych nie pasuje do wyszukiwania."),
            "now" => ("Now", "Teraz"),
            "present_at_help" => ("HH:MM on the day of the resumption; empty: now.", "GG:MM w dniu wznowienia; puste: teraz."),
            "open_at_help" => ("HH:MM on the day of the resumption; empty: when the replying player arrived.", "GG:MM w dniu wznowienia; puste: gdy przybył zawodnik odpowiadający."),
            "sex_not_given" => ("not given", "nie podano"),
            "sex_m" => ("man", "mężczyzna"),
            "sex_f" => ("woman", "kobieta"),
            "import" => ("Import", "Importuj"),
            "joins_round" => ("Joins at round (late entry)", "Dołącza od rundy (późne zgłoszenie)"),
            "withdraw" => ("Withdraw", "Wycofaj"),
            "withdrawn" => ("withdrawn", "wycofany"),
            "request_bye" => ("Bye", "Pauza"),
            "bye_kind" => ("Kind of bye", "Rodzaj pauzy"),
            "bye_half_in_round" => ("Half-point bye in round", "Pauza za pół punktu w rundzie"),
            "bye_other" => ("Another bye…", "Inna pauza…"),
            "confirm_bye" => ("Record this bye", "Zapisać tę pauzę"),
            "confirm_withdraw" => ("withdraw from the tournament? They will not be paired in the coming rounds.", "wycofać z turnieju? Zawodnik nie będzie kojarzony w kolejnych rundach."),
            "confirm_yes" => ("Yes, record it", "Tak, zapisz"),
            "confirm_no" => ("No, go back", "Nie, wróć"),
            "byes" => ("Requested byes", "Zgłoszone pauzy"),
            "status" => ("Status", "Status"),
            "actions" => ("Actions", "Akcje"),
            "pair_next" => ("Pair the next round", "Kojarz następną rundę"),
            "publish" => ("Publish", "Opublikuj"),
            "unpair" => ("Unpair", "Cofnij kojarzenie"),
            "review" => ("Review the pairing", "Sprawdź kojarzenie"),
            "swap_colours" => ("Swap colours", "Zamień kolory"),
            "swap_boards" => ("Swap the black players of two boards", "Zamień czarnych na dwóch szachownicach"),
            "swap" => ("Swap", "Zamień"),
            "first_board" => ("First board", "Pierwsza szachownica"),
            "second_board" => ("Second board", "Druga szachownica"),
            "broken_criteria" => (
                "This pairing breaks these criteria:",
                "To kojarzenie łamie kryteria:",
            ),
            "no_broken" => ("The edited pairing breaks no criterion.", "Zmienione kojarzenie nie łamie żadnego kryterium."),
            "results" => ("Results", "Wyniki"),
            "save_results" => ("Save results", "Zapisz wyniki"),
            "reason" => ("Reason (for a correction)", "Powód (przy poprawce)"),
            "keys_help" => (
                "Keyboard: type a board number and Enter, then one key in the empty box: 1 (white wins), = (draw), 0 (black wins), + (white wins by forfeit), - (black wins by forfeit) or x (double forfeit) — or type the result in full (1-0, ½-½, 1/2, 0-1, +/-, -/+, -/-), which stays in its own box. The cursor moves on to the next board; Undo (or Ctrl+Z) takes the last entry back. Without JavaScript, type the results in the boxes and save.",
                "Klawiatura: wpisz numer szachownicy i Enter, potem jeden klawisz w pustym polu: 1 (wygrały białe), = (remis), 0 (wygrały czarne), + (walkower dla białych), - (walkower dla czarnych) lub x (obustronny walkower) — albo wpisz cały wynik (1-0, ½-½, 1/2, 0-1, +/-, -/+, -/-), który zostaje w swoim polu. Kursor przechodzi do następnej szachownicy; Cofnij (lub Ctrl+Z) wycofuje ostatni wpis. Bez JavaScriptu wpisz wyniki w polach i zapisz.",
            ),
            "undo" => ("Undo", "Cofnij"),
            "fix_errors_n" => ("Please correct the fields marked below", "Popraw zaznaczone pola"),
            "fide_read" => ("I have read the warning", "Przeczytałem ostrzeżenie"),
            "fide_leave" => ("Take the tournament out of FIDE mode for good", "Wyprowadź turniej z trybu FIDE na stałe"),
            "fide_do" => ("Do it outside the FIDE rules", "Wykonaj poza przepisami FIDE"),
            "fide_mode_on" => ("FIDE mode: operations the FIDE rules forbid are off.", "Tryb FIDE: czynności zabronione przez przepisy FIDE są wyłączone."),
            "fide_mode_off" => ("This tournament has left FIDE mode:", "Ten turniej opuścił tryb FIDE:"),
            "not_fide" => ("⚠ not FIDE mode", "⚠ poza trybem FIDE"),
            "settings" => ("Settings", "Ustawienia"),
            "settings_saved" => ("saved", "zapisano"),
            "nothing_changed" => ("nothing to change", "nic do zmiany"),
            "locked_running" => ("Round 1 is paired: the regulations are fixed except the name, place, federation, end date and schedule.", "Runda 1 jest skojarzona: regulamin jest ustalony poza nazwą, miejscem, federacją, datą zakończenia i harmonogramem."),
            "start_now" => ("Start the round now", "Rozpocznij rundę teraz"),
            "registered" => ("registered", "zgłoszony"),
            "players_registered" => ("players registered", "zawodników zgłoszono"),
            "csv_nothing" => ("Nothing was imported. Correct these lines and import again:", "Nic nie zaimportowano. Popraw te wiersze i importuj ponownie:"),
            "register_anyway" => ("This is another player: register anyway", "To inny zawodnik: zgłoś mimo to"),
            "edit" => ("edit", "edytuj"),
            "reinstate" => ("Take back the withdrawal", "Cofnij wycofanie"),
            "reinstated" => ("back in the tournament", "z powrotem w turnieju"),
            "edit_player" => ("Edit player", "Edycja zawodnika"),
            "save" => ("Save", "Zapisz"),
            "delete_player" => ("Remove this registration", "Usuń to zgłoszenie"),
            "delete_help" => ("Only a player who was never paired can be removed; one who played is withdrawn instead.", "Usunąć można tylko zawodnika, który nie był kojarzony; tego, kto grał, się wycofuje."),
            "deleted" => ("registration removed", "zgłoszenie usunięte"),
            "changed" => ("changed", "zmieniono"),
            "birth_date" => ("Birth date", "Data urodzenia"),
            "sex" => ("Sex", "Płeć"),
            "bye_for" => ("bye for", "pauza dla"),
            "provisional" => ("provisional: results are missing", "wstępna: brak części wyników"),
            "print" => ("Print (PDF)", "Drukuj (PDF)"),
            "pdf_pairings" => ("pairings", "kojarzenia"),
            "pdf_by_name" => ("pairings by name", "kojarzenia alfabetycznie"),
            "pdf_results" => ("results", "wyniki"),
            "pdf_scoresheets" => ("scoresheets", "blankiety zapisu"),
            "pdf_standings" => ("standings", "klasyfikacja"),
            "pdf_startlist" => ("start list", "lista startowa"),
            "pdf_start_list" => ("Start list", "Lista startowa"),
            "pdf_title" => ("Title", "Tytuł"),
            "pdf_crosstable" => ("crosstable", "tabela turniejowa"),
            "pdf_card" => ("player card", "karta zawodnika"),
            "dismiss" => ("Remove", "Usuń"),
            "dismissed" => ("removed", "usunięto"),
            "undone" => ("taken back", "wycofano"),
            "network_error" => ("no connection to the server; not saved", "brak połączenia z serwerem; nie zapisano"),
            "not_a_result" => ("not a result: type 1-0, ½-½, 0-1, +/-, -/+ or -/-", "to nie jest wynik: wpisz 1-0, ½-½, 0-1, +/-, -/+ lub -/-"),
            "undo_reason" => ("entered by mistake, taken back at once", "wpisany omyłkowo, od razu wycofany"),
            "round_complete" => ("Every result of this round is in.", "Wszystkie wyniki tej rundy są wpisane."),
            "event_complete" => ("Every result of the last round is in: the tournament is finished.", "Wszystkie wyniki ostatniej rundy są wpisane: turniej zakończony."),
            "confirm_result" => ("enter it anyway", "wpisz mimo to"),
            "go_to_board" => ("Go to board", "Przejdź do szachownicy"),
            "saved" => ("saved", "zapisano"),
            "audit" => ("Audit log", "Dziennik zmian"),
            "when" => ("When", "Kiedy"),
            "who" => ("Who", "Kto"),
            "what" => ("What", "Co"),
            "personal_data" => ("Personal data", "Dane osobowe"),
            "personal_data_help" => ("On the person's request: everything the tournament holds about them as one file, or erased — the name and personal details replaced, games and results kept (the other players' scores rest on them); the audit log, a record of the arbiters' actions, is kept as it is.", "Na prośbę osoby: wszystko, co turniej o niej przechowuje, jako jeden plik, albo usunięcie — nazwisko i dane osobowe zastąpione, partie i wyniki zachowane (opierają się na nich wyniki innych zawodników); dziennik zmian, zapis czynności sędziów, pozostaje bez zmian."),
            "personal_data_export" => ("Download the personal data (JSON)", "Pobierz dane osobowe (JSON)"),
            "personal_data_erase" => ("Erase the personal data", "Usuń dane osobowe"),
            "personal_data_final" => ("This cannot be undone.", "Tego nie można cofnąć."),
            "language" => ("Language", "Język"),
            "error" => ("Error", "Błąd"),
            "not_found" => ("Page not found", "Nie ma takiej strony"),
            "back_home" => ("Back to the tournaments", "Powrót do listy turniejów"),
            "live" => ("Updates live while results come in.", "Aktualizuje się na bieżąco."),
            "no_games" => ("No games yet.", "Brak partii."),
            "game" => ("Game", "Partia"),
            "moves" => ("Moves", "Posunięcia"),
            "no_moves" => ("The moves of this game have not been entered.", "Zapis tej partii nie został wprowadzony."),
            "ending_on_board" => ("Ending on the board", "Zakończenie na szachownicy"),
            "first_error" => ("First unplayable move", "Pierwsze niewykonalne posunięcie"),
            "validation" => ("Validation", "Weryfikacja"),
            "chess960_draw" => ("Draw the position again", "Wylosuj pozycję ponownie"),
            "chess960_per_board" => ("Draw per board", "Losuj dla każdej szachownicy"),
            "chess960_enter" => ("Position drawn in the hall (0–959)", "Pozycja wylosowana na sali (0–959)"),
            "pgn_import" => ("Import the round's PGN", "Import PGN rundy"),
            "pgn_import_help" => ("One PGN file with the round's games (electronic boards, transcriptions)", "Jeden plik PGN z partiami rundy (szachownice elektroniczne, przepisane zapisy)"),
            "pgn_matched" => ("Stored", "Zapisane"),
            "pgn_unmatched" => ("No board fits", "Bez pasującej szachownicy"),
            "pgn_ambiguous" => ("Several boards fit", "Pasuje kilka szachownic"),
            "pgn_conflicts" => ("Results in the file that contradict the entered ones (not applied)", "Wyniki w pliku sprzeczne z wprowadzonymi (nie zastosowano)"),
            "penalties" => ("Penalties", "Kary"),
            "termination" => ("How it ended", "Sposób zakończenia"),
            "plies_stored" => ("half-moves stored", "półruchów zapisano"),
            "envelope" => ("Envelope", "Koperta"),
            "sealed" => ("sealed; the move stays secret until the envelope is opened", "zapieczętowana; posunięcie pozostaje tajne do otwarcia koperty"),
            "marked_present" => ("Marked present", "Obecność zapisana"),
            "opened" => ("opened", "otwarta"),
            "arrivals" => ("Arrivals", "Przybycia"),
            "start_set" => ("Round start set", "Początek rundy ustalony"),
            "public_page" => ("public page", "strona publiczna"),
            "plies" => ("Half-moves", "Półruchy"),
            "expected_result" => ("Result the board gives", "Wynik wynikający z pozycji"),
            "final_position" => ("Final position", "Pozycja końcowa"),
            "report_disagrees" => ("The moves were stored, but the validation report and the entered result disagree (the result was left as entered):", "Posunięcia zapisano, ale raport weryfikacji i wpisany wynik się różnią (wynik pozostał bez zmian):"),
            "legal_up_to" => ("Moves stored; they are legal up to half-move", "Posunięcia zapisano; są poprawne do półruchu"),
            "format" => ("Format", "Format"),
            "scoresheet" => ("scoresheet as written", "zapis z blankietu"),
            "pgn" => ("PGN", "PGN"),
            "notation" => ("Notation letters", "Litery figur"),
            "start_position" => ("Start position", "Pozycja początkowa"),
            "moves_text" => ("Moves (PGN, or the scoresheet: 1.e4 e5 2.Sf3 …)", "Posunięcia (PGN albo zapis: 1.e4 e5 2.Sf3 …)"),
            "save_moves" => ("Save and validate the moves", "Zapisz i sprawdź posunięcia"),
            "no_penalties" => ("No penalties.", "Brak kar."),
            "penalty_kind" => ("Penalty (article)", "Kara (artykuł)"),
            "seconds" => ("Seconds", "Sekundy"),
            "points_after" => ("Score (0 or ½)", "Wynik (0 lub ½)"),
            "decision" => ("Decision", "Decyzja"),
            "claimed" => ("claimed by the opponent (rapid/blitz)", "reklamowane przez przeciwnika (szachy szybkie/błyskawiczne)"),
            "note" => ("Note", "Uwagi"),
            "record_penalty" => ("Record the penalty", "Zapisz karę"),
            "adjournment" => ("Adjournment", "Przerwanie partii"),
            "sealed_by" => ("Sealed by", "Zapieczętował"),
            "move" => ("move", "posunięcie"),
            "time_used" => ("Time used (White / Black)", "Zużyty czas (białe / czarne)"),
            "resumption" => ("Resumption", "Wznowienie"),
            "draw_offer_by" => ("Standing draw offer by", "Aktualna propozycja remisu od"),
            "position" => ("Position", "Pozycja"),
            "sealer_present" => ("Sealer present", "Pieczętujący obecny"),
            "replier_present" => ("Replying player present", "Odpowiadający obecny"),
            "outcome" => ("Outcome", "Rozstrzygnięcie"),
            "present" => ("Present", "Obecny"),
            "replier" => ("player to reply", "odpowiadający"),
            "sealer" => ("sealer", "pieczętujący"),
            "at_time" => ("At", "O godzinie"),
            "mark_present" => ("Mark present", "Zapisz obecność"),
            "open_envelope" => ("Open the envelope", "Otwórz kopertę"),
            "replier_flag_fallen" => ("the present player's flag had fallen", "chorągiewka obecnego zawodnika opadła"),
            "reply_seal_help" => ("Sealer absent: the replying player may seal his reply in a new envelope", "Pieczętujący nieobecny: odpowiadający może zapieczętować swoją odpowiedź w nowej kopercie"),
            "reply_sealed_move" => ("Reply to seal", "Odpowiedź do zapieczętowania"),
            "white_time_used" => ("White's time used", "Czas zużyty przez białe"),
            "black_time_used" => ("Black's time used", "Czas zużyty przez czarne"),
            "ended_before_resumption" => ("Ended before resumption", "Zakończona przed wznowieniem"),
            "draw_agreed" => ("draw agreed", "remis uzgodniony"),
            "white_resigns" => ("White resigns", "białe poddają"),
            "black_resigns" => ("Black resigns", "czarne poddają"),
            "record" => ("Record", "Zapisz"),
            "position_restorable" => ("the position can be set up again", "pozycję można odtworzyć"),
            "envelope_lost" => ("Envelope lost", "Koperta zaginęła"),
            "adjourn" => ("Adjourn the game", "Przerwij partię"),
            "adjourn_help" => ("The sealed move is encrypted at once and shown nowhere until the envelope is opened.", "Zapieczętowane posunięcie jest od razu szyfrowane i nigdzie nie pokazywane do otwarcia koperty."),
            "sealed_move" => ("Sealed move", "Zapieczętowane posunięcie"),
            "fen_default" => ("empty = the final position of the stored moves", "puste = pozycja końcowa zapisanych posunięć"),
            "round_start" => ("Round start", "Początek rundy"),
            "set_start" => ("Set the start", "Ustal początek"),
            "arrivals_help" => ("Enter each late player's arrival time (or absent), see the consequence of the default time, then confirm it.", "Wpisz godzinę przybycia spóźnionego zawodnika (lub nieobecność), sprawdź skutek czasu spóźnienia i zatwierdź go."),
            "arrived_at" => ("arrived at", "przybył o"),
            "absent" => ("absent", "nieobecny"),
            "consequence" => ("Consequence", "Skutek"),
            "deadline" => ("deadline", "termin"),
            "override_result" => ("Other result (override)", "Inny wynik (zmiana)"),
            "confirm_consequence" => ("Confirm", "Zatwierdź"),
            "preview" => ("Show the consequence", "Pokaż skutek"),
            "desk" => ("desk", "biurko"),
            "name_field" => ("Tournament name", "Nazwa turnieju"),
            "start_date" => ("First day", "Pierwszy dzień"),
            "end_date" => ("Last day", "Ostatni dzień"),
            "number_of_rounds" => ("Rounds (Swiss)", "Liczba rund (szwajcarski)"),
            "base_minutes" => ("Minutes per player", "Minuty dla zawodnika"),
            "increment" => ("Increment, seconds per move", "Dodawany czas, sekund na ruch"),
            "default_time" => (
                "Default time: minutes a player may be late (0 = must be present at the start, as the Laws have it when the regulations say nothing)",
                "Czas spóźnienia: ile minut zawodnik może się spóźnić (0 = musi być obecny na starcie, jak w Przepisach, gdy regulamin nic nie mówi)",
            ),
            "tiebreak_order" => ("Tie-break order (FIDE codes, comma-separated; empty = usual for the system)", "Kolejność punktacji pomocniczej (kody FIDE po przecinku; puste = zwykła dla systemu)"),
            "laws_edition" => ("Edition of the Laws", "Wydanie Przepisów"),
            "win_points" => ("Points for a win", "Punkty za wygraną"),
            "draw_points" => ("Points for a draw", "Punkty za remis"),
            "late_entry_bye" => ("Late entries' missed rounds score", "Opuszczone rundy późno zgłoszonych"),
            "zero" => ("zero", "zero"),
            "half" => ("half a point", "pół punktu"),
            "full" => ("a full point", "cały punkt"),
            "fix_errors" => ("Please correct the field marked below.", "Popraw zaznaczone pole."),
            "variant" => ("Variant", "Odmiana"),
            "standard" => ("standard chess", "szachy klasyczne"),
            "chess960" => ("Chess960", "Szachy 960"),
            "blitz" => ("blitz", "błyskawiczne"),
            "rapid" => ("rapid", "szybkie"),
            "reg_points" => ("Points", "Punktacja"),
            "reg_default_time" => ("Default time", "Czas spóźnienia"),
            "minutes" => ("minutes", "minut"),
            "reg_forfeits" => ("A player later than the default time loses by forfeit.", "Zawodnik spóźniony ponad ten czas przegrywa walkowerem."),
            "reg_illegal" => ("Illegal move that loses the game", "Nieprawidłowy ruch, który przegrywa partię"),
            "reg_laws" => ("Laws of Chess", "Przepisy gry w szachy"),
            "acceleration" => ("Accelerated pairings", "Przyspieszone kojarzenie"),
            "none" => ("none", "brak"),
            "baku" => ("Baku acceleration (C.04.5.1)", "przyspieszenie bakijskie (C.04.5.1)"),
            "reg_basics" => ("Basics", "Podstawowe"),
            "reg_schedule" => ("Round schedule", "Harmonogram rund"),
            "reg_schedule_help" => ("The start of each round: a date and a time (HH:MM). It is the start the late-arrival rule counts from.", "Początek każdej rundy: data i godzina (GG:MM). Od niego liczy się czas spóźnienia."),
            "reg_date" => ("Date", "Data"),
            "reg_time" => ("Time (HH:MM)", "Godzina (GG:MM)"),
            "reg_time_group" => ("Time", "Czas"),
            "reg_periods_help" => ("Each period: its moves (empty: the rest of the game) and its minutes. An empty row is no period.", "Każdy okres: liczba posunięć (puste: do końca partii) i minuty. Pusty wiersz to brak okresu."),
            "reg_period" => ("Period", "Okres"),
            "reg_moves" => ("moves", "posunięcia"),
            "reg_minutes" => ("minutes", "minuty"),
            "reg_delay" => ("Delay, seconds per move", "Opóźnienie, sekund na posunięcie"),
            "reg_adjournments_on" => ("Adjourned games allowed", "Partie odłożone dozwolone"),
            "reg_resumption_lateness" => ("Lateness allowed at resumption, minutes", "Dopuszczalne spóźnienie przy wznowieniu, minuty"),
            "reg_loss_points" => ("Points for a loss", "Punkty za przegraną"),
            "reg_forfeit_win_points" => ("Forfeit win", "Wygrana walkowerem"),
            "reg_forfeit_loss_points" => ("Forfeit loss", "Przegrana walkowerem"),
            "reg_pairing_bye_points" => ("Bye from the pairing", "Pauza z kojarzenia"),
            "reg_full_bye_points" => ("Full-point bye", "Pauza pełnopunktowa"),
            "reg_half_bye_points" => ("Half-point bye", "Pauza półpunktowa"),
            "reg_zero_bye_points" => ("Zero-point bye", "Pauza bez punktu"),
            "reg_pairing" => ("Pairing", "Kojarzenie"),
            "reg_initial_color" => ("Colour of the top seed in round 1", "Kolor najwyżej rozstawionego w rundzie 1"),
            "reg_rating_order" => ("Rating that orders the players", "Ranking ustalający kolejność"),
            "reg_rating_fide" => ("FIDE rating", "ranking FIDE"),
            "reg_rating_national" => ("national rating", "ranking krajowy"),
            "reg_laws_arbiter" => ("Laws & arbiter", "Przepisy i sędzia"),
            "reg_laws_more" => ("Draw offers and illegal moves", "Propozycje remisu i nieprawidłowe posunięcia"),
            "reg_draw_offer_min_moves" => ("Moves before a draw may be agreed (0: no minimum)", "Posunięcia przed uzgodnieniem remisu (0: bez minimum)"),
            "reg_draw_needs_arbiter" => ("Draws agreed only with the arbiter's consent", "Remis tylko za zgodą sędziego"),
            "reg_illegal_moves_lose" => ("Illegal move that loses (empty: as the edition says)", "Nieprawidłowe posunięcie, które przegrywa (puste: wg wydania)"),
            "reg_illegal_move_bonus" => ("Seconds for the opponent after an illegal move (empty: as the edition says)", "Sekundy dla przeciwnika po nieprawidłowym posunięciu (puste: wg wydania)"),
            "reg_as_edition" => ("as the edition of the Laws says", "wg wydania Przepisów"),
            "reg_rest_of_game" => ("rest of the game", "reszta partii"),
            "reg_moves_word" => ("moves", "posunięć"),
            "fixed_note" => ("Fixed: round 1 is paired.", "Ustalone: runda 1 jest skojarzona."),
            "virtual_points_title" => ("virtual points of the accelerated round (Baku, C.04.5.1): for the pairing only, never in the standings", "punkty wirtualne przyspieszonej rundy (metoda bakijska, C.04.5.1): tylko do kojarzenia, nigdy w klasyfikacji"),
            "team_system_where" => ("A team event: its system, rounds and match points are set on the page", "Rozgrywki drużynowe: system, liczbę rund i punkty meczowe ustala się na stronie"),
            "adjournments_off" => ("Adjourned games are off in this tournament's regulations.", "Regulamin tego turnieju nie przewiduje partii odłożonych."),
            "pair_round_n" => ("Pair round {}", "Kojarz rundę {}"),
            "publish_round_n" => ("Publish round {}", "Opublikuj rundę {}"),
            "publish_start" => ("Round starts at (HH:MM)", "Runda zaczyna się o (GG:MM)"),
            "results_unchanged" => ("Nothing changed: every result was already saved.", "Nic się nie zmieniło: wszystkie wyniki były już zapisane."),
            "no_start_here" => ("Set the round's start here:", "Ustaw tu początek rundy:"),
            "in_force_from" => ("in force from", "obowiązujące od"),
            "reg_adjournments" => ("Adjourned games", "Partie odłożone"),
            "yes" => ("yes", "tak"),
            "no_word" => ("no", "nie"),
            "win" => ("win", "wygrana"),
            "draw" => ("draw", "remis"),
            "loss" => ("loss", "przegrana"),
            "main_nav" => ("Main", "Menu główne"),
            "tournament_nav" => ("Tournament", "Turniej"),
            "accounts" => ("Accounts", "Konta"),
            "account_created" => ("Account created", "Utworzono konto"),
            "accounts_help" => ("The people who may log in. An organizer appoints arbiters and captains by these user names.", "Osoby, które mogą się logować. Organizator wyznacza sędziów i kapitanów według tych nazw użytkowników."),
            "display_name" => ("Name shown", "Wyświetlana nazwa"),
            "administrator" => ("Administrator", "Administrator"),
            "new_account" => ("New account", "Nowe konto"),
            "create_account" => ("Create the account", "Utwórz konto"),
            "import_trf" => ("Import a TRF file", "Import pliku TRF"),
            "import_trf_help" => ("A tournament in FIDE's TRF format (from Swiss-Manager, Vega or this server) becomes a new tournament with its players, rounds and results; you are its organizer.", "Turniej w formacie FIDE TRF (ze Swiss-Managera, Vegi lub z tego serwera) staje się nowym turniejem z zawodnikami, rundami i wynikami; zostajesz jego organizatorem."),
            "trf_file" => ("The file", "Plik"),
            "trf_text" => ("or its text", "albo jego treść"),
            "team_deadline" => ("Captains' line-up deadline", "Termin składów dla kapitanów"),
            "team_set_deadline" => ("Set the deadline", "Ustaw termin"),
            "laws_guidelines" => ("Guidelines", "Wytyczne"),
            "staff_nav" => ("Running the event", "Prowadzenie turnieju"),
            "phase_before" => ("Before", "Przed turniejem"),
            "phase_rounds" => ("Rounds", "Rundy"),
            "phase_after" => ("After", "Po turnieju"),
            "nav_pair_round" => ("Pair round", "Kojarz rundę"),
            "nav_publish_round" => ("Publish round", "Opublikuj rundę"),
            "nav_round_results" => ("Results of round", "Wyniki rundy"),
            "skip" => ("Skip to the content", "Przejdź do treści"),
            "staff" => ("Staff", "Obsługa"),
            "published" => ("published", "opublikowana"),
            "paired" => ("paired, not published", "skojarzona, nieopublikowana"),
            "round_finished" => ("finished", "zakończona"),
            "open_results" => ("results missing", "brak wyników"),
            "kind" => ("Kind", "Rodzaj"),
            "role" => ("Role", "Funkcja"),
            "arbiter" => ("arbiter", "sędzia"),
            "organizer" => ("organizer", "organizator"),
            "appoint" => ("Appoint", "Powołaj"),
            // Rating lists (issue 21).
            "rating_list" => ("Rating list", "Lista rankingowa"),
            "rating_list_search" => ("Find in the rating list", "Szukaj na liście rankingowej"),
            "rating_list_help" => (
                "FIDE id or the beginning of the name (Kowalski, J); choosing a player fills the form above.",
                "Numer FIDE albo początek nazwiska (Kowalski, J); wybór zawodnika wypełnia formularz powyżej.",
            ),
            "rerate_preview" => ("Re-rate from the list: preview", "Aktualizuj rankingi z listy: podgląd"),
            "rerate_apply" => ("Apply these changes", "Zastosuj zmiany"),
            "rerate_none" => ("Nothing to change.", "Nic do zmiany."),
            "k_factor" => ("K", "K"),
            "prizes" => ("Prizes", "Nagrody"),
            "prizes_none" => ("No prizes are announced.", "Nie ogłoszono nagród."),
            "prizes_nobody" => ("Nobody qualifies for this category.", "Nikt nie spełnia warunków tej kategorii."),
            "prizes_one_each" => ("One prize per player (the most valuable).", "Jedna nagroda na zawodnika (najwyższa)."),
            "prizes_split_tiebreak" => ("Ties are decided by the tie-breaks.", "Przy równej liczbie punktów decyduje punktacja pomocnicza."),
            "prizes_split_hort" => ("Tied players share by the Hort system.", "Zawodnicy z równą liczbą punktów dzielą się systemem Horta."),
            "prizes_split_equal" => ("Tied players share the prizes equally.", "Zawodnicy z równą liczbą punktów dzielą nagrody po równo."),
            "prizes_not_final" => ("The prize list is published once the last round is complete.", "Lista nagrodzonych zostanie opublikowana po zakończeniu ostatniej rundy."),
            "prize" => ("Prize", "Nagroda"),
            "prize_paid" => ("Paid", "Wypłata"),
            "prize_shared" => ("shared", "dzielona"),
            // Online entries, check-in and the hall screen (issue 21: app/src/web/pages/entries.rs).
            "entry_title" => ("Enter the tournament", "Zgłoszenie do turnieju"),
            "entry_sent" => ("your entry is received and waits for the organizer's approval", "zgłoszenie przyjęte, czeka na zatwierdzenie przez organizatora"),
            "entry_deadline" => ("Entries until", "Zgłoszenia do"),
            "entry_places" => ("Places taken", "Zajęte miejsca"),
            "entry_from_list" => ("I am in the FIDE rating list: take my data from it by my FIDE id", "Jestem na liście rankingowej FIDE: pobierz moje dane według numeru FIDE"),
            "entry_birth" => ("Birth date (or year)", "Data urodzenia (lub rok)"),
            "entry_email" => ("E-mail (for the organizer only)", "E-mail (widzi tylko organizator)"),
            "entry_send" => ("Send the entry", "Wyślij zgłoszenie"),
            "entry_list" => ("Who is in", "Lista zgłoszonych"),
            "entry_none" => ("Nobody yet.", "Jeszcze nikt."),
            "entry_manage" => ("Online entries", "Zgłoszenia online"),
            "entry_pending" => ("waiting", "oczekuje"),
            "entry_approved" => ("approved", "zatwierdzone"),
            "entry_rejected" => ("rejected", "odrzucone"),
            "entry_elig_anyone" => ("anyone", "każdy"),
            "entry_elig_rating_list" => ("players in the imported rating list", "zawodnicy z zaimportowanej listy rankingowej"),
            "entry_elig_federation" => ("players of one federation", "zawodnicy jednej federacji"),
            "entry_form_saved" => ("The entry form is saved.", "Formularz zgłoszeń zapisany."),
            "entry_public_page" => ("The public entry page", "Publiczna strona zgłoszeń"),
            "entry_form" => ("Entry form", "Formularz zgłoszeń"),
            "entry_take" => ("Take entries", "Przyjmuj zgłoszenia"),
            "entry_max" => ("Largest field", "Najwięcej zawodników"),
            "entry_who" => ("Who may enter", "Kto może się zgłosić"),
            "entry_min_rating" => ("Lowest rating", "Najniższy ranking"),
            "entry_max_rating" => ("Highest rating", "Najwyższy ranking"),
            "entry_entries" => ("Entries received", "Otrzymane zgłoszenia"),
            "entry_state" => ("State", "Stan"),
            "entry_approve" => ("Approve", "Zatwierdź"),
            "entry_reject" => ("Reject", "Odrzuć"),
            "entry_reason" => ("Reason", "Powód"),
            "checkin_title" => ("Check-in for round", "Obecność przed rundą"),
            "checkin_on" => ("Check-in is in use: players not present are not paired and score as a missed round.", "Obecność jest sprawdzana: nieobecni nie są kojarzeni i dostają wynik jak za opuszczoną rundę."),
            "checkin_off" => ("Check-in is not in use: every active player is paired.", "Obecność nie jest sprawdzana: kojarzeni są wszyscy aktywni zawodnicy."),
            "checkin_present" => ("present", "obecny"),
            "checkin_absent" => ("not present", "nieobecny"),
            "checkin_codes_issued" => ("codes made", "utworzonych kodów"),
            "checkin_codes" => ("Check-in codes", "Kody obecności"),
            "checkin_public_title" => ("Confirm your presence", "Potwierdź obecność"),
            "checkin_confirmed" => ("present for round", "obecność potwierdzona na rundę"),
            "checkin_swiss_only" => ("Only a Swiss takes check-in: a round robin pairs everyone by its table.", "Obecność sprawdza się tylko w systemie szwajcarskim: turniej kołowy kojarzy wszystkich według tabeli."),
            "checkin_stop" => ("Stop check-in (pair everyone)", "Wyłącz sprawdzanie (kojarz wszystkich)"),
            "checkin_start" => ("Take check-in for this round", "Sprawdzaj obecność przed tą rundą"),
            "checkin_present_count" => ("Present", "Obecnych"),
            "checkin_missing_count" => ("Not yet", "Jeszcze nie"),
            "checkin_search" => ("Find a player", "Znajdź zawodnika"),
            "checkin_search_help" => ("Type part of the name (case and accents do not matter: “krol” finds Król). When one player is left, Enter picks them; Enter again marks them present.", "Wpisz część nazwiska (wielkość liter i znaki diakrytyczne nie mają znaczenia: „krol” znajdzie Króla). Gdy zostanie jeden zawodnik, Enter go wybiera; drugi Enter oznacza go jako obecnego."),
            "checkin_filter" => ("Find", "Szukaj"),
            "checkin_no_match" => ("No player matches this search.", "Żaden zawodnik nie pasuje do wyszukiwania."),
            "checkin_show_all" => ("Show everyone", "Pokaż wszystkich"),
            "checkin_state" => ("Presence", "Obecność"),
            "checkin_code" => ("Code", "Kod"),
            "checkin_excused" => ("bye", "pauza"),
            "checkin_undo" => ("Take back", "Cofnij"),
            "checkin_mark" => ("Present", "Obecny"),
            "checkin_codes_help" => ("Each player confirms his presence on the check-in page with his own code.", "Każdy zawodnik potwierdza obecność na stronie obecności własnym kodem."),
            "checkin_issue_codes" => ("Make codes for the players without one", "Utwórz kody dla zawodników bez kodu"),
            "checkin_print_codes" => ("Printable list of codes", "Lista kodów do druku"),
            "checkin_code_help" => ("the code the organizer gave you", "kod otrzymany od organizatora"),
            "checkin_send" => ("Confirm", "Potwierdź"),
            "checkin_not_open" => ("Check-in for the next round has not started.", "Sprawdzanie obecności przed następną rundą jeszcze się nie zaczęło."),
            "hall_title" => ("Hall screen", "Ekran na salę"),
            "hall_no_round" => ("The pairings appear here when the round is published.", "Kojarzenia pojawią się tu po opublikowaniu rundy."),
            "hall_pairings" => ("Pairings", "Kojarzenia"),
            "hall_result" => ("Result", "Wynik"),
            "hall_bye" => ("bye", "pauza"),
            "hall_find_board" => ("Find your board", "Znajdź swoją szachownicę"),
            "hall_colour" => ("Colour", "Kolor"),
            "hall_scan" => ("Pairings and results on your phone", "Kojarzenia i wyniki w telefonie"),
            "left_out" => ("Not paired", "Niekojarzeni"),
            "left_out_absent" => ("absent at check-in", "nieobecny przy sprawdzaniu obecności"),
            "left_out_requested_bye" => ("requested a bye", "prosił o pauzę"),
            "left_out_late_entry" => ("late entry, joins later", "późne zgłoszenie, dołącza później"),
            // Team competitions (issue 20): app/src/web/pages/teams.rs, templates/teams/.
            "teams" => ("Teams", "Drużyny"),
            "team" => ("Team", "Drużyna"),
            "team_standings" => ("Team standings", "Klasyfikacja drużynowa"),
            "team_crosstable" => ("Team crosstable", "Tabela krzyżowa drużyn"),
            "team_rosters" => ("Rosters", "Składy drużyn"),
            "team_captain" => ("Captain", "Kapitan"),
            "team_wdl" => ("Matches won, drawn, lost", "Mecze wygrane, zremisowane, przegrane"),
            "match_points" => ("Match points", "Punkty meczowe"),
            "game_points" => ("Game points", "Punkty małe"),
            "lineup_deadline" => ("Line-ups due", "Termin składów"),
            "team_unpublished" => ("Not published: only the staff see this round.", "Nieopublikowana: tę rundę widzą tylko sędziowie i organizatorzy."),
            "team_manage" => ("Team rounds", "Rundy drużynowe"),
            "team_pair_next" => ("Pair the next round", "Kojarz następną rundę"),
            "team_public_view" => ("As the public sees it", "Widok publiczny"),
            "team_save_lineup" => ("Save the line-up", "Zapisz skład"),
            "team_save_results" => ("Save the results", "Zapisz wyniki"),
            // Team printouts (issue 20).
            "pdf_team_empty_board" => ("(empty board)", "(wolna szachownica)"),
            "pdf_match_sheets_round" => ("Match sheets, round {n}", "Protokoły meczów, runda {n}"),
            "pdf_match_sheet_title" => ("Round {n}, match {m}", "Runda {n}, mecz {m}"),
            "pdf_match_result" => ("Match result (game points)", "Wynik meczu (punkty partii)"),
            "pdf_captain_of" => ("Captain, {team}", "Kapitan, {team}"),
            "pdf_team_standings_after" => ("Team standings after round {n}", "Klasyfikacja drużynowa po rundzie {n}"),
            "pdf_team" => ("Team", "Drużyna"),
            "pdf_team_wdl" => ("W–D–L", "W–R–P"),
            "pdf_team_mp" => ("MP", "PM"),
            "pdf_team_gp" => ("GP", "PP"),
            "pdf_team_crosstable_after" => ("Team crosstable after round {n}", "Tabela drużynowa po rundzie {n}"),
            "pdf_team_crosstable_help" => ("Each cell: the game points the team in the row scored against the team in the column.", "W każdej komórce: punkty partii zdobyte przez drużynę z wiersza przeciw drużynie z kolumny."),
            "pdf_board_prizes" => ("Board prizes", "Nagrody za szachownice"),
            "pdf_min_games" => ("Players with at least {n} games played over the board on the board, by performance, then points.", "Zawodnicy z co najmniej {n} partiami rozegranymi na danej szachownicy, według rankingu turniejowego, potem punktów."),
            "pdf_board_n" => ("Board {n}", "Szachownica {n}"),
            "pdf_team_games" => ("Games", "Partie"),
            "pdf_team_standings" => ("team standings", "klasyfikacja drużynowa"),
            "pdf_team_crosstable" => ("team crosstable", "tabela drużynowa"),
            "pdf_match_sheets" => ("match sheets", "protokoły meczów"),
            "pdf_board_prizes_link" => ("board prizes", "nagrody za szachownice"),
            // Team events: withdrawals, half-point byes, unpairing (issue 20).
            "team_withdrawn_from" => ("withdrawn from round", "wycofana od rundy"),
            "team_half_byes" => ("Half-point byes", "Pauzy za pół punktu"),
            "team_unpair" => ("Unpair the round", "Cofnij kojarzenie rundy"),
            "team_withdraw" => ("Withdraw", "Wycofaj"),
            "team_reinstate" => ("Take back the withdrawal", "Cofnij wycofanie"),
            "team_from_round" => ("from round", "od rundy"),
            "team_request_bye" => ("Half-point bye in round", "Pauza za pół punktu w rundzie"),
            "team_cancel_bye" => ("Cancel the bye", "Anuluj pauzę"),
            "team_settings" => ("Team regulations", "Regulamin rozgrywek drużynowych"),
            "team_boards" => ("Boards", "Szachownice"),
            "team_swiss_rounds" => ("Rounds (Swiss; 0 = from the teams)", "Rundy (system szwajcarski; 0 = wg liczby drużyn)"),
            "team_primary" => ("Teams are ranked by", "Drużyny klasyfikuje się według"),
            "team_settings_fixed" => ("Round 1 is paired: the team regulations are fixed.", "Runda 1 jest skojarzona: regulamin drużynowy jest już ustalony."),
            "team_captain_account" => ("Captain's user name", "Nazwa użytkownika kapitana"),
            "team_roster_size" => ("Players", "Zawodnicy"),
            "team_add" => ("Add a team", "Dodaj drużynę"),
            "team_edit" => ("Edit team", "Edytuj drużynę"),
            "team_captain_help" => ("The captain logs in with this account to enter his team's line-ups. An administrator creates the account (arbiter user add NAME); then type its user name here.", "Kapitan loguje się tym kontem, by podawać składy swojej drużyny. Konto zakłada administrator (arbiter user add NAZWA); potem wpisz tu nazwę użytkownika."),
            "team_save" => ("Save the team", "Zapisz drużynę"),
            "team_cancel_edit" => ("cancel", "anuluj"),
            "team_paste" => ("Paste teams and rosters", "Wklej drużyny i składy"),
            "team_paste_label" => ("Teams, one block each", "Drużyny, każda w osobnym bloku"),
            "team_paste_help" => ("A team's first line: name; federation; captain's user name. Then its players in board order: name; rating; title; federation; FIDE id (empty cells allowed; ; or tab between cells). An empty line before the next team; lines starting with # are skipped.", "Pierwszy wiersz drużyny: nazwa; federacja; nazwa użytkownika kapitana. Potem jej zawodnicy w kolejności szachownic: nazwisko i imię; ranking; tytuł; federacja; FIDE ID (puste pola dozwolone; między polami ; albo tabulator). Pusty wiersz przed następną drużyną; wiersze zaczynające się od # są pomijane."),
            "team_paste_submit" => ("Add these teams", "Dodaj te drużyny"),
            "team_swiss" => ("Team Swiss", "Drużynowy system szwajcarski"),
            "team_round_robin" => ("Team round robin", "Drużynowy system kołowy"),
            "team_double_round_robin" => ("Team double round robin", "Drużynowy system kołowy dwukrotny"),
            "team_scheveningen" => ("Scheveningen (team against team)", "System Scheveningen (drużyna przeciw drużynie)"),
            "team_your_lineup" => ("Your team's line-up", "Skład twojej drużyny"),
            "team_lineup_for_round" => ("Your team's line-up for round", "Skład twojej drużyny na rundę"),
            "team_lineup_saved" => ("Line-up saved.", "Skład zapisany."),
            "team_lineup_closed" => ("The line-up can no longer change here (the deadline has passed or results are in); the arbiter may still change it.", "Składu nie można już tu zmienić (minął termin albo są wyniki); sędzia nadal może go zmienić."),
            "team_no_lineup" => ("There is no line-up for you to enter now: you captain no team here, or no round is published yet.", "Nie masz teraz składu do podania: nie jesteś kapitanem drużyny w tym turnieju albo żadna runda nie jest jeszcze opublikowana."),
            "team_fields" => ("Team event (team systems only)", "Rozgrywki drużynowe (tylko systemy drużynowe)"),
            "team_lineup_in" => ("Your line-up is in; you may change it until the deadline.", "Skład został podany; możesz go zmienić do upływu terminu."),
            "team_lineup_help" => ("Board by board, in roster order (reserves after the regulars).", "Szachownica po szachownicy, w kolejności składu (rezerwowi po podstawowych)."),
            "team_empty_board" => ("empty board", "wolna szachownica"),
            "team_fide_id" => ("FIDE id", "Identyfikator FIDE"),
            "team_match_win" => ("Match won (match points)", "Mecz wygrany (pkt meczowe)"),
            "team_match_draw" => ("Match drawn", "Mecz zremisowany"),
            "team_match_loss" => ("Match lost", "Mecz przegrany"),
            "team_event" => ("Team event", "Rozgrywki drużynowe"),
            "team_absences" => ("Withdrawals and byes", "Wycofania i pauzy"),
            // The prize table form (issue 21).
            // Title norms and the rating report (issue 35).
            "norms_title" => ("Norms", "Normy"),
            "norms_facts" => ("Event facts for norms and reports", "Dane turnieju do norm i raportów"),
            "norms_facts_saved" => ("The event facts are saved.", "Dane turnieju zostały zapisane."),
            "norms_event_kind" => ("Kind of event (B.01 1.4.1b, 1.4.3)", "Rodzaj turnieju (B.01 1.4.1b, 1.4.3)"),
            "norms_kind_ordinary" => ("Ordinary event", "Zwykły turniej"),
            "norms_kind_national" => ("Final of a national championship (1.4.3a)", "Finał mistrzostw kraju (1.4.3a)"),
            "norms_kind_national_team" => ("National team championship (1.4.3b)", "Drużynowe mistrzostwa kraju (1.4.3b)"),
            "norms_kind_zonal" => ("Zonal or sub-zonal tournament (1.4.3c)", "Turniej strefowy lub podstrefowy (1.4.3c)"),
            "norms_kind_team" => ("World or Continental team or club championship (1.4.1b)", "Drużynowe lub klubowe mistrzostwa świata albo kontynentu (1.4.1b)"),
            "norms_kind_world_cup" => ("World Cup (1.4.1b)", "Puchar Świata (1.4.1b)"),
            "norms_host_federation" => ("Host federation (empty: the tournament's)", "Federacja organizująca (puste: federacja turnieju)"),
            "norms_large_swiss" => ("1.4.3d: Swiss with foreign titled players in every round", "1.4.3d: turniej szwajcarski z zagranicznymi utytułowanymi w każdej rundzie"),
            "norms_large_auto" => ("worked out from the rounds", "wyliczane z rund"),
            "norms_large_yes" => ("applies", "ma zastosowanie"),
            "norms_large_no" => ("does not apply", "nie ma zastosowania"),
            "norms_outside_fide" => ("Players not of a FIDE federation (pairing numbers, 1.4.2a)", "Zawodnicy spoza federacji FIDE (numery startowe, 1.4.2a)"),
            "norms_computers" => ("Computers (pairing numbers, 1.4.2: their games do not count)", "Komputery (numery startowe, 1.4.2: partie z nimi się nie liczą)"),
            "norms_chief_arbiter" => ("Chief arbiter", "Sędzia główny"),
            "norms_deputy_arbiter" => ("Deputy chief arbiter", "Zastępca sędziego głównego"),
            "norms_organizer" => ("Organizer", "Organizator"),
            "norms_rating_period" => ("Rating period (YYYY-MM)", "Okres rankingowy (RRRR-MM)"),
            "norms_save" => ("Save the facts", "Zapisz dane"),
            "norms_rounds_read" => ("Rounds paired", "Rundy skojarzone"),
            "norms_public_shown" => ("The public norm summary", "Publiczne zestawienie norm"),
            "norms_public_hidden" => ("The public norm summary appears once every round is played and published.", "Publiczne zestawienie norm pojawi się, gdy wszystkie rundy zostaną rozegrane i opublikowane."),
            "norms_documents" => ("Documents", "Dokumenty"),
            "norms_it1" => ("IT1 norm certificate", "Certyfikat normy IT1"),
            "norms_it3" => ("IT3 tournament report", "Raport turniejowy IT3"),
            "norms_rating_pdf" => ("Rating report (PDF)", "Raport rankingowy (PDF)"),
            "norms_rating_trf" => ("FIDE rating report (TRF)", "Raport rankingowy FIDE (TRF)"),
            "norms_results" => ("Norm results", "Wyniki norm"),
            "norms_none" => ("No norm is achieved on the rounds counted.", "W uwzględnionych rundach nie zdobyto żadnej normy."),
            "norms_player" => ("Player", "Zawodnik"),
            "norms_title_col" => ("Title", "Tytuł"),
            "norms_games" => ("Games", "Partie"),
            "norms_score" => ("Score", "Wynik"),
            "norms_average" => ("Average rating of opponents", "Średni ranking przeciwników"),
            "norms_performance" => ("Performance", "Ranking turniejowy"),
            "norms_achieved" => ("norm", "norma"),
            "norms_not_achieved" => ("no norm", "brak normy"),
            "norms_requirement" => ("Requirement", "Wymóg"),
            "norms_numbers" => ("Numbers", "Liczby"),
            "norms_holds" => ("held", "spełniony"),
            "norms_fails" => ("failed", "niespełniony"),
            "norms_exempt" => ("exempt", "zwolnienie"),
            "norms_forecast" => ("Forecast before the last round", "Prognoza przed ostatnią rundą"),
            "norms_forecast_none" => ("No player has a norm in reach in the remaining games.", "Żaden zawodnik nie ma normy w zasięgu w pozostałych partiach."),
            "norms_forecast_what" => ("Score for a norm", "Wynik dający normę"),
            "norms_remaining" => ("Remaining games", "Pozostałe partie"),
            "norms_already" => ("already made", "już zdobyta"),
            "norms_needs" => ("needs at least", "potrzebuje co najmniej"),
            "norms_out_of" => ("out of", "z"),
            "norms_sometimes" => ("possible with some results", "możliwa przy niektórych wynikach"),
            "norms_ratings" => ("Rating changes (B.02)", "Zmiany rankingu (B.02)"),
            "new_rating" => ("New rating", "Nowy ranking"),
            "norms_public_title" => ("Title norms", "Normy na tytuły"),
            "norms_public_none" => ("No norm was achieved in this event.", "W tym turnieju nie zdobyto żadnej normy."),
            "pdf_rating_report" => ("Rating report", "Raport rankingowy"),
            "pdf_expected" => ("Exp.", "Oczek."),
            "pdf_difference" => ("Diff.", "Różn."),
            "norms_req_games" => ("number of games", "liczba partii"),
            "norms_req_titled" => ("titled opponents", "utytułowani przeciwnicy"),
            "norms_req_title_or_higher" => ("opponents with the title or higher", "przeciwnicy z tym tytułem lub wyższym"),
            "norms_req_foreign_federations" => ("other federations", "inne federacje"),
            "norms_req_own_federation" => ("own federation", "własna federacja"),
            "norms_req_one_federation" => ("one federation", "jedna federacja"),
            "norms_req_average" => ("average rating", "średni ranking"),
            "norms_req_performance" => ("performance", "ranking turniejowy"),
            "norms_req_score" => ("score", "wynik"),
            "norms_first_rating" => ("first rating", "pierwszy ranking"),
            "norms_first_incomplete" => ("not yet published (fewer than 5 games or below the floor)", "jeszcze nie publikowany (mniej niż 5 partii lub poniżej progu)"),
            "prize_table" => ("Prize table", "Tabela nagród"),
            "publishing" => ("Publishing", "Publikacja"),
            "published_from_venue" => ("Published from the venue", "Publikowany z sali gry"),
            "mirror_help" => ("This tournament is run at the venue and shown here as the venue sends it: it cannot be changed on this server.", "Ten turniej jest prowadzony w sali gry i pokazywany tu tak, jak przysyła go sala: na tym serwerze nie można go zmieniać."),
            "mirror_version" => ("The venue's version shown", "Pokazana wersja z sali gry"),
            "publishing_token" => ("Publishing token", "Token publikacji"),
            "token_active" => ("active", "aktywny"),
            "token_revoked" => ("revoked", "unieważniony"),
            "token_shown_once" => ("The publishing token, shown only this once: give it to the venue.", "Token publikacji, pokazany tylko ten jeden raz: przekaż go do sali gry."),
            "token_help" => ("On the public server: a token lets a venue publish its event into this new, empty tournament. A new token replaces the previous one.", "Na serwerze publicznym: token pozwala sali gry publikować turniej do tego nowego, pustego turnieju. Nowy token zastępuje poprzedni."),
            "issue_token" => ("Issue a token", "Wydaj token"),
            "revoke_token" => ("Revoke the token", "Unieważnij token"),
            "publish_to_server" => ("Publish to a public server", "Publikuj na serwerze publicznym"),
            "publish_server" => ("Server address", "Adres serwera"),
            "publish_published" => ("Version published / version here", "Opublikowana wersja / wersja tutaj"),
            "publish_pending" => ("A newer state waits", "Czeka nowszy stan"),
            "publish_error" => ("Last error", "Ostatni błąd"),
            "publish_help" => ("At the venue: each new public state is sent in the background; nothing waits for the network, and only what the public may see leaves this computer.", "W sali gry: każdy nowy stan publiczny jest wysyłany w tle; nic nie czeka na sieć, a z tego komputera wychodzi tylko to, co może zobaczyć publiczność."),
            "publish_link_start" => ("Publish", "Publikuj"),
            "publish_stop" => ("Stop publishing", "Zakończ publikację"),
            "publish_yes" => ("yes", "tak"),
            "publish_no" => ("no", "nie"),
            "prize_table_saved" => ("The prize table is saved.", "Tabela nagród została zapisana."),
            "prize_form_help" => ("Prizes in the currency's units, separated by commas: 1000, 500, 250.50 (a decimal comma is fine too: 250,50). Empty rows are left out; add a category in an empty row.", "Nagrody w jednostkach waluty, oddzielone przecinkami: 1000, 500, 250.50 (można też użyć przecinka dziesiętnego: 250,50). Puste wiersze są pomijane; nową kategorię wpisz w pusty wiersz."),
            "prize_currency" => ("Currency", "Waluta"),
            "prize_ties" => ("Ties", "Równe wyniki"),
            "prize_category" => ("Category", "Kategoria"),
            "prize_category_name" => ("Category name", "Nazwa kategorii"),
            "prize_amounts" => ("Prizes (1st, 2nd, …)", "Nagrody (1., 2., …)"),
            "prize_kind" => ("Ranks", "Klasyfikuje"),
            "prize_kind_players" => ("Players (the standings)", "Zawodników (klasyfikacja)"),
            "prize_kind_best_club" => ("Best club", "Najlepszy klub"),
            "prize_kind_board" => ("Board prizes", "Nagrody za szachownicę"),
            "prize_kind_teams" => ("Team places", "Miejsca drużyn"),
            "prize_top" => ("Best club: players counted per club", "Najlepszy klub: liczeni zawodnicy klubu"),
            "prize_board" => ("Board number", "Numer szachownicy"),
            "prize_min_games" => ("Games on the board at least", "Co najmniej partii na szachownicy"),
            "prize_rating_from" => ("Rating from", "Ranking od"),
            "prize_rating_below" => ("Rating below", "Ranking poniżej"),
            "prize_unrated" => ("Unrated players included", "Także zawodnicy bez rankingu"),
            "prize_born_from" => ("Born in or after", "Urodzeni w roku lub później"),
            "prize_born_to" => ("Born in or before", "Urodzeni w roku lub wcześniej"),
            "prize_women" => ("Women only", "Tylko kobiety"),
            "prize_remove" => ("Remove this category", "Usuń tę kategorię"),
            _ => (key, key),
        }
    }

    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    /// A tournament's status (`registration`, `running`, `finished`).
    pub fn status(&self, s: impl Borrow<TournamentStatus>) -> &'static str {
        self.t(s.borrow().as_str())
    }

    pub fn system(&self, s: impl Borrow<PairingSystem>) -> &'static str {
        self.t(s.borrow().as_str())
    }

    /// The time-control category (Appendices A and B).
    pub fn category(&self, s: impl Borrow<TimeCategory>) -> &'static str {
        self.t(s.borrow().as_str())
    }

    pub fn variant(&self, s: impl Borrow<Variant>) -> &'static str {
        self.t(s.borrow().as_str())
    }

    /// How a game ended, as the moves form and the reports name it.
    pub fn termination(&self, code: &str) -> String {
        if self.lang == Lang::Cs {
            if let Some(text) = cs::termination(code) {
                return text.to_string();
            }
        }
        let pl = self.lang == Lang::Pl;
        let (en, pl_text) = match code {
            "checkmate" => ("checkmate", "mat"),
            "stalemate" => ("stalemate", "pat"),
            "dead" => ("dead position", "martwa pozycja"),
            "resignation" => ("resignation", "poddanie"),
            "agreement" => ("draw by agreement", "remis za zgodą"),
            "threefold" => (
                "threefold repetition (claim)",
                "trzykrotne powtórzenie (reklamacja)",
            ),
            "fifty_moves" => ("fifty-move rule (claim)", "reguła 50 posunięć (reklamacja)"),
            "time_white" => ("White's flag fell", "białym spadła chorągiewka"),
            "time_black" => ("Black's flag fell", "czarnym spadła chorągiewka"),
            "arbiter_white" => (
                "White declared lost by the arbiter",
                "sędzia uznał partię białych za przegraną",
            ),
            "arbiter_black" => (
                "Black declared lost by the arbiter",
                "sędzia uznał partię czarnych za przegraną",
            ),
            // A game an expelled player did not play (`penalties::expel`),
            // with the article of the tournament's edition.
            other if other.starts_with("expulsion (") => {
                let word = match self.lang {
                    Lang::En => "expulsion",
                    Lang::Pl => "wykluczenie",
                    Lang::Cs => "vyloučení",
                };
                return format!("{word}{}", &other["expulsion".len()..]);
            }
            // An envelope ended unopened (`library::SEALED_PHRASES`).
            other => {
                return match crate::domain::library::sealed_notes(other) {
                    Some(m) => errors::message(&m, self.lang),
                    None => other.replace('_', " "),
                }
            }
        };
        if pl { pl_text } else { en }.to_string()
    }

    /// What the default-time rule gives (`play`, `white_forfeits`, …).
    pub fn arrival_outcome(&self, outcome: impl Borrow<ArrivalOutcome>) -> &'static str {
        let [en, pl, cs] = match outcome.borrow() {
            ArrivalOutcome::Play => ["the game is played", "partia się odbywa", "partie se hraje"],
            ArrivalOutcome::WhiteForfeits => [
                "White loses by default",
                "białe przegrywają walkowerem",
                "bílý prohrává kontumačně",
            ],
            ArrivalOutcome::BlackForfeits => [
                "Black loses by default",
                "czarne przegrywają walkowerem",
                "černý prohrává kontumačně",
            ],
            ArrivalOutcome::DoubleForfeit => [
                "both lose by default",
                "obaj przegrywają walkowerem",
                "oba prohrávají kontumačně",
            ],
        };
        match self.lang {
            Lang::En => en,
            Lang::Pl => pl,
            Lang::Cs => cs,
        }
    }

    /// A game's stored reason: the notes of an opened envelope's judgement
    /// (`domain/library.rs`, `SEALED_PHRASES`), else as [`Tr::stored`].
    pub fn reason(&self, text: &str) -> String {
        match crate::domain::library::sealed_notes(text) {
            Some(m) => errors::message(&m, self.lang),
            None => self.stored(text),
        }
    }

    /// A remark of the rules core's validation report (stored in English),
    /// read back into its template (`domain/library.rs`, `RECORD_PHRASES`)
    /// and shown in this language.
    pub fn note(&self, note: &str) -> String {
        errors::message(&crate::domain::library::record_phrase(note), self.lang)
    }

    /// A requested bye's kind (`half`, `zero`, `full`).
    pub fn bye_kind(&self, kind: impl Borrow<ByeRequestKind>) -> &'static str {
        match kind.borrow() {
            ByeRequestKind::Full => "1",
            ByeRequestKind::Zero => "0",
            ByeRequestKind::Half => "½",
        }
    }

    /// A staff role (`organizer`, `arbiter`).
    pub fn role(&self, role: &str) -> &'static str {
        match role {
            "organizer" => self.t("organizer"),
            _ => self.t("arbiter"),
        }
    }

    /// A round's state (`paired`, `published`, `finished`).
    pub fn round_state(&self, s: impl Borrow<RoundState>) -> &'static str {
        match s.borrow() {
            // A round is feminine in Polish ("runda zakończona"), a
            // tournament masculine ("turniej zakończony").
            RoundState::Finished => self.t("round_finished"),
            s => self.t(s.as_str()),
        }
    }

    /// A bye or free round, by the game's kind.
    pub fn bye(&self, kind: impl Borrow<GameKind>) -> &'static str {
        let kind = *kind.borrow();
        if kind.is_bye() || kind == GameKind::Free {
            self.t(kind.as_str())
        } else {
            self.t("bye")
        }
    }
    /// A penalty's offence or sanction in words (`illegal move`, not `illegal_move`).
    pub fn penalty(&self, kind: impl Borrow<PenaltyKind>) -> &'static str {
        self.t(match kind.borrow() {
            PenaltyKind::Warning => "penalty_warning",
            PenaltyKind::ExtraTime => "penalty_extra_time",
            PenaltyKind::TimeDeduction => "penalty_time_deduction",
            PenaltyKind::GameLost => "penalty_game_lost",
            PenaltyKind::ScoreReduced => "penalty_score_reduced",
            PenaltyKind::ScoreRaised => "penalty_score_raised",
            PenaltyKind::Expulsion => "penalty_expulsion",
            PenaltyKind::IllegalMove => "penalty_illegal_move",
            PenaltyKind::ClockWithoutMove => "penalty_clock_without_move",
            PenaltyKind::TwoHandedMove => "penalty_two_handed_move",
            PenaltyKind::IncorrectDrawClaim => "penalty_incorrect_draw_claim",
            PenaltyKind::QuickplayClaim => "penalty_quickplay_claim",
            PenaltyKind::BothAtFault => "penalty_both_at_fault",
        })
    }

    /// A time on a clock, from seconds: `6300` → `1:45:00` (never "6300 s").
    pub fn clock(&self, seconds: impl Borrow<i32>) -> String {
        let s = (*seconds.borrow()).max(0);
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }

    /// A stored date and time (`2026-11-28T10:00` as a form sends it, or an
    /// RFC 3339 timestamp, shown in the server's local time) as people read
    /// it: `28 Nov 2026, 10:00`, `28.11.2026, 10:00`, `28. 11. 2026 10:00`.
    /// Anything else is shown as stored.
    pub fn date_time(&self, stored: &str) -> String {
        let local = chrono::DateTime::parse_from_rfc3339(stored)
            .map(|t| t.with_timezone(&chrono::Local).naive_local());
        let naive = local.or_else(|_| {
            let s = stored.trim().replace(' ', "T");
            chrono::NaiveDateTime::parse_from_str(&s, "%Y-%m-%dT%H:%M:%S")
                .or_else(|_| chrono::NaiveDateTime::parse_from_str(&s, "%Y-%m-%dT%H:%M"))
        });
        let Ok(t) = naive else {
            return stored.to_string();
        };
        let pattern = match self.lang {
            Lang::En => "%-d %b %Y, %H:%M",
            Lang::Pl => "%-d.%m.%Y, %H:%M",
            Lang::Cs => "%-d. %-m. %Y %H:%M",
        };
        t.format(pattern).to_string()
    }

    /// The one-letter colour of a crosstable cell: English w/b, Polish b/c
    /// (białe/czarne), Czech b/č (bílý/černý); empty without a game.
    pub fn colour_letter(&self, c: impl Borrow<PlayedColour>) -> &'static str {
        match (c.borrow(), self.lang) {
            (PlayedColour::NoGame, _) => "",
            (PlayedColour::White, Lang::En) => "w",
            (PlayedColour::White, _) => "b",
            (PlayedColour::Black, Lang::En) => "b",
            (PlayedColour::Black, Lang::Pl) => "c",
            (PlayedColour::Black, Lang::Cs) => "č",
        }
    }

    /// A crosstable cell as written: `12w1` (opponent number 12, White, won),
    /// in this language's colour letters; a bye or a round-robin cell is its result.
    pub fn cross_cell(&self, c: &crate::domain::views::CrossCell) -> String {
        match c.opponent {
            Some(o) => format!("{o}{}{}", self.colour_letter(c.colour), c.result),
            None => c.result.clone(),
        }
    }

    /// Points with their noun in this language's plural: `1 point`, `½
    /// point`, `2½ points`; `1 punkt`, `2 punkty`, `5 punktów`, `2½ punktu`; `1 bod`,
    /// `2 body`, `5 bodů`, `2½ bodu` (a fraction takes the genitive singular
    /// in Polish and Czech).
    pub fn points(&self, half_points: i32) -> String {
        let n = crate::domain::rounds::fmt_points(half_points);
        format!("{n} {}", self.points_word(half_points))
    }

    /// The noun of [`Tr::points`] alone.
    pub fn points_word(&self, half_points: i32) -> &'static str {
        let whole = half_points.unsigned_abs() / 2;
        let half = half_points % 2 != 0;
        let few = (2..=4).contains(&(whole % 10)) && !(12..=14).contains(&(whole % 100));
        match self.lang {
            Lang::En if (whole == 1 && !half) || (whole == 0 && half) => "point",
            Lang::En => "points",
            Lang::Pl if half => "punktu",
            Lang::Pl if whole == 1 => "punkt",
            Lang::Pl if few => "punkty",
            Lang::Pl => "punktów",
            Lang::Cs if half => "bodu",
            Lang::Cs if whole == 1 => "bod",
            Lang::Cs if (2..=4).contains(&whole) => "body",
            Lang::Cs => "bodů",
        }
    }

    /// The legend under a Swiss crosstable, in this language's letters and plural.
    pub fn cross_legend(&self) -> String {
        format!(
            "12{}1 = {} {} 12, {}, {}; + / − = {}.",
            self.colour_letter(PlayedColour::White),
            self.t("opponent"),
            self.t("no").to_lowercase(),
            self.t("white").to_lowercase(),
            self.points(2),
            self.t("forfeit_legend"),
        )
    }
}

/// A tie-break's name and explanation in plain words (C.07 codes).
pub fn tiebreak_help(code: &str, lang: Lang) -> (&'static str, &'static str) {
    let base = code.split('/').next().unwrap_or("").to_ascii_uppercase();
    let cut1 = code.to_ascii_uppercase().contains("/C1");
    if lang == Lang::Cs {
        return cs::tiebreak(&base, cut1);
    }
    let pl = lang == Lang::Pl;
    match (base.as_str(), pl) {
        ("BH", false) if cut1 => (
            "Buchholz Cut 1",
            "Sum of the opponents' points, without the lowest one.",
        ),
        ("BH", true) if cut1 => (
            "Buchholz bez najsłabszego",
            "Suma punktów przeciwników bez najniższej.",
        ),
        ("BH", false) => ("Buchholz", "Sum of the opponents' points."),
        ("BH", true) => ("Buchholz", "Suma punktów przeciwników."),
        ("SB", false) => (
            "Sonneborn-Berger",
            "Points of the opponents one beat, plus half of those one drew with.",
        ),
        ("SB", true) => (
            "Sonneborn-Berger",
            "Punkty pokonanych przeciwników plus połowa punktów zremisowanych.",
        ),
        ("DE", false) => (
            "Direct encounter",
            "Points scored against the other players with the same score.",
        ),
        ("DE", true) => (
            "Wynik bezpośredni",
            "Punkty zdobyte w partiach między zawodnikami z tą samą liczbą punktów.",
        ),
        ("WIN", false) => ("Wins", "Number of rounds won, played or by forfeit."),
        ("WIN", true) => ("Wygrane", "Liczba wygranych rund, także walkowerem."),
        ("WON", false) => ("Games won", "Games won over the board."),
        ("WON", true) => ("Partie wygrane", "Partie wygrane przy szachownicy."),
        ("BPG", false) => ("Games with Black", "Games played with the black pieces."),
        ("BPG", true) => ("Partie czarnymi", "Partie rozegrane czarnymi."),
        ("BWG", false) => ("Wins with Black", "Games won with the black pieces."),
        ("BWG", true) => ("Wygrane czarnymi", "Partie wygrane czarnymi."),
        ("KS", false) => (
            "Koya",
            "Points against the players who scored at least half.",
        ),
        ("KS", true) => (
            "Koya",
            "Punkty zdobyte z zawodnikami, którzy mają co najmniej 50%.",
        ),
        ("PS", false) => (
            "Progressive score",
            "Sum of the running scores after each round.",
        ),
        ("PS", true) => (
            "Punktacja progresywna",
            "Suma wyników narastających po każdej rundzie.",
        ),
        ("ARO", false) => (
            "Average rating of opponents",
            "The opponents' average rating.",
        ),
        ("ARO", true) => (
            "Średni ranking przeciwników",
            "Średni ranking przeciwników.",
        ),
        ("TPR", false) => ("Performance rating", "The rating the result is worth."),
        ("TPR", true) => ("Ranking turniejowy", "Ranking, jakiemu odpowiada wynik."),
        ("FB", false) => (
            "Fore Buchholz",
            "Buchholz as if every last-round game were drawn.",
        ),
        ("FB", true) => (
            "Fore Buchholz",
            "Buchholz, jakby wszystkie partie ostatniej rundy były remisami.",
        ),
        ("AOB", false) => (
            "Average opponents' Buchholz",
            "The opponents' average Buchholz.",
        ),
        ("AOB", true) => (
            "Średni Buchholz przeciwników",
            "Średni Buchholz przeciwników.",
        ),
        ("RTNG", false) => ("Rating", "Own rating."),
        ("RTNG", true) => ("Ranking", "Własny ranking."),
        ("TPN", false) => ("Pairing number", "Lower pairing number first."),
        ("TPN", true) => ("Numer startowy", "Niższy numer startowy wyżej."),
        (_, false) => ("Tie-break", "A FIDE tie-break (C.07)."),
        (_, true) => ("Punktacja pomocnicza", "Punktacja pomocnicza FIDE (C.07)."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An expelled player's forfeit is named in the page's language, with the
    /// article it was stored with (`penalties::expel`).
    #[test]
    fn an_expulsion_forfeit_speaks_the_language_of_the_page() {
        let shown = |lang| Tr { lang }.termination("expulsion (12.9.7)");
        assert_eq!(shown(Lang::En), "expulsion (12.9.7)");
        assert_eq!(shown(Lang::Pl), "wykluczenie (12.9.7)");
        assert_eq!(shown(Lang::Cs), "vyloučení (12.9.7)");
        assert_eq!(
            Tr { lang: Lang::Pl }.termination("expulsion (13.4(g))"),
            "wykluczenie (13.4(g))"
        );
    }

    /// Every `tr.t("key")` in the templates and the page code has a text.
    #[test]
    fn every_key_used_has_a_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Vec::new();
        // Every file below the templates and the page code, subfolders too.
        let mut dirs = vec![root.join("../templates"), root.join("src/web/pages")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    sources.push(std::fs::read_to_string(path).unwrap());
                }
            }
        }
        let tr = Tr { lang: Lang::Pl };
        let mut missing = Vec::new();
        for text in &sources {
            for part in text.split(".t(\"").skip(1) {
                let key = part.split('"').next().unwrap_or("");
                let key: &'static str = Box::leak(key.to_string().into_boxed_str());
                if tr.t(key) == key && !["site", "system", "status", "zero", "key"].contains(&key) {
                    missing.push(key);
                }
                if key != "key" && cs::text(key).is_none() {
                    missing.push(key);
                }
            }
        }
        assert!(missing.is_empty(), "no text for {missing:?}");
    }

    /// The keys of a `match` over `"key" => …` arms in `source` between two markers.
    fn keys_between(source: &str, from: &str, to: &str) -> Vec<String> {
        let start = source.find(from).expect("start marker");
        let end = start + source[start..].find(to).expect("end marker");
        source[start..end]
            .lines()
            .filter_map(|l| {
                let l = l.trim_start();
                let rest = l.strip_prefix('"')?;
                let (key, after) = rest.split_once('"')?;
                after
                    .trim_start()
                    .starts_with("=>")
                    .then(|| key.to_string())
            })
            .collect()
    }

    /// Every English/Polish key has a Czech text, and the Czech table holds
    /// no key the others lack (a renamed key would leave a stale one behind).
    #[test]
    fn every_key_has_three_texts() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let here = std::fs::read_to_string(root.join("src/i18n/mod.rs")).unwrap();
        let czech = std::fs::read_to_string(root.join("src/i18n/cs.rs")).unwrap();
        let keys = keys_between(&here, "fn en_pl(", "_ => (key, key)");
        assert!(keys.len() > 300, "found only {} keys", keys.len());
        let without: Vec<_> = keys.iter().filter(|k| cs::text(k).is_none()).collect();
        assert!(without.is_empty(), "no Czech text for {without:?}");
        let cs_keys = keys_between(&czech, "pub fn text(", "_ => return None");
        let stale: Vec<_> = cs_keys.iter().filter(|k| !keys.contains(k)).collect();
        assert!(stale.is_empty(), "Czech texts for unknown keys: {stale:?}");
        // A Polish text equal to the English one is suspicious unless it is a
        // name or an abbreviation both languages use.
        for k in &keys {
            let (en, pl) = Tr::en_pl(k);
            let cs = cs::text(k).unwrap_or("");
            assert!(!pl.is_empty() && !cs.is_empty(), "{k}: empty text");
            if en == cs && en.chars().filter(|c| c.is_alphabetic()).count() > 5 {
                assert!(
                    SAME_IN_ALL.contains(&en),
                    "{k}: the Czech text is the English one ({en:?})"
                );
            }
        }
    }

    /// Texts that are the same word in English and Czech (names, codes).
    const SAME_IN_ALL: &[&str] = &["Arbiter", "Chess960", "Rating", "FIDE XML", "FIDE TXT"];

    #[test]
    fn both_languages_have_the_keys_used() {
        for key in ["standings", "pairings", "keys_help", "legend"] {
            assert_ne!(Tr { lang: Lang::En }.t(key), key);
            assert_ne!(Tr { lang: Lang::Pl }.t(key), Tr { lang: Lang::En }.t(key));
        }
    }
}
