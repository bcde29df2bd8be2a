// The diesel schema, written to match migrations/sqlite and migrations/postgres
// (the two differ only in how ids are generated and how the audit log is
// protected). Only types that both backends share are used.

diesel::table! {
    users (id) {
        id -> Integer,
        username -> Text,
        display_name -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Text,
    }
}

diesel::table! {
    sessions (token_hash) {
        token_hash -> Text,
        user_id -> Integer,
        csrf_token -> Text,
        created_at -> Text,
        expires_at -> Text,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        user_id -> Integer,
        token_hash -> Text,
        label -> Text,
        created_at -> Text,
    }
}

diesel::table! {
    tournaments (id) {
        id -> Integer,
        name -> Text,
        place -> Text,
        federation -> Text,
        start_date -> Text,
        end_date -> Text,
        system -> Text,
        rounds -> Integer,
        schedule -> Text,
        time_control -> Text,
        default_time_minutes -> Integer,
        adjournments -> Bool,
        resumption_lateness_minutes -> Integer,
        points -> Text,
        late_entry_bye -> Text,
        draw_offer_min_moves -> Integer,
        draw_needs_arbiter -> Bool,
        illegal_moves_lose -> Integer,
        illegal_move_bonus_seconds -> Integer,
        variant -> Text,
        tiebreaks -> Text,
        initial_color -> Text,
        rating_order -> Text,
        notation -> Text,
        laws_edition -> Text,
        status -> Text,
        version -> Integer,
        created_at -> Text,
        updated_at -> Text,
    }
}

diesel::table! {
    tournament_staff (tournament_id, user_id, role) {
        tournament_id -> Integer,
        user_id -> Integer,
        role -> Text,
    }
}

diesel::table! {
    forbidden_pairs (tournament_id, player_a, player_b) {
        tournament_id -> Integer,
        player_a -> Integer,
        player_b -> Integer,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        tournament_id -> Integer,
        start_no -> Integer,
        fide_id -> Nullable<BigInt>,
        name -> Text,
        title -> Text,
        federation -> Text,
        club -> Text,
        birth_date -> Text,
        sex -> Text,
        rating -> Nullable<Integer>,
        national_rating -> Nullable<Integer>,
        k_factor -> Integer,
        status -> Text,
        joined_round -> Integer,
        left_after_round -> Nullable<Integer>,
        version -> Integer,
        created_at -> Text,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        scheduled_start -> Nullable<Text>,
        state -> Text,
        chess960_position -> Nullable<Integer>,
        paired_at -> Text,
        published_at -> Nullable<Text>,
    }
}

diesel::table! {
    games (id) {
        id -> Integer,
        tournament_id -> Integer,
        round_number -> Integer,
        board -> Integer,
        white_id -> Integer,
        black_id -> Nullable<Integer>,
        kind -> Text,
        white_score -> Nullable<Integer>,
        black_score -> Nullable<Integer>,
        termination -> Text,
        reason -> Text,
        version -> Integer,
        updated_at -> Text,
    }
}

diesel::table! {
    bye_requests (id) {
        id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
        round_number -> Integer,
        kind -> Text,
        note -> Text,
        created_at -> Text,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Integer,
        at -> Text,
        user_id -> Nullable<Integer>,
        tournament_id -> Nullable<Integer>,
        action -> Text,
        entity -> Text,
        entity_id -> Nullable<BigInt>,
        before_state -> Nullable<Text>,
        after_state -> Nullable<Text>,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    api_tokens,
    tournaments,
    tournament_staff,
    forbidden_pairs,
    players,
    rounds,
    games,
    bye_requests,
    audit_log,
);
