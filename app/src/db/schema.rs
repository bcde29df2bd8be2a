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
        acceleration -> Text,
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
        chess960_position -> Nullable<Integer>,
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

diesel::table! {
    arrivals (id) {
        id -> Integer,
        tournament_id -> Integer,
        game_id -> Integer,
        player_id -> Integer,
        arrived_at -> Nullable<Text>,
        absent -> Bool,
        recorded_at -> Text,
    }
}

diesel::table! {
    penalties (id) {
        id -> Integer,
        tournament_id -> Integer,
        game_id -> Integer,
        player_id -> Integer,
        kind -> Text,
        article -> Text,
        seconds -> Nullable<Integer>,
        decision -> Text,
        effect -> Text,
        note -> Text,
        arbiter_id -> Nullable<Integer>,
        at -> Text,
    }
}

diesel::table! {
    game_records (game_id) {
        game_id -> Integer,
        tournament_id -> Integer,
        format -> Text,
        notation -> Text,
        start_fen -> Text,
        text -> Text,
        report -> Text,
        uploaded_at -> Text,
    }
}

diesel::table! {
    adjournments (id) {
        id -> Integer,
        tournament_id -> Integer,
        game_id -> Integer,
        position_fen -> Text,
        white_time_used_seconds -> Integer,
        black_time_used_seconds -> Integer,
        sealer_id -> Integer,
        sealed_move_number -> Integer,
        draw_offer_by -> Nullable<Integer>,
        resume_at -> Text,
        resume_place -> Text,
        sealed_ciphertext -> Text,
        sealed_nonce -> Text,
        state -> Text,
        replier_present_at -> Nullable<Text>,
        sealer_present_at -> Nullable<Text>,
        opened_at -> Nullable<Text>,
        verdict -> Nullable<Text>,
        outcome -> Nullable<Text>,
        created_at -> Text,
        version -> Integer,
    }
}

diesel::table! {
    fide_departures (id) {
        id -> Integer,
        tournament_id -> Integer,
        at -> Text,
        username -> Text,
        what -> Text,
    }
}

diesel::table! {
    tournament_versions (tournament_id) {
        tournament_id -> Integer,
        version -> BigInt,
    }
}

diesel::table! {
    arbiter_meta (key) {
        key -> Text,
        value -> Text,
    }
}

diesel::table! {
    login_failures (id) {
        id -> Integer,
        key -> Text,
        at_ms -> BigInt,
    }
}

diesel::table! {
    rating_lists (id) {
        id -> Integer,
        source -> Text,
        name -> Text,
        list_date -> Text,
        imported_at -> Text,
        row_count -> BigInt,
        active -> Bool,
        tournament_id -> Nullable<Integer>,
    }
}

diesel::table! {
    list_managers (user_id) {
        user_id -> Integer,
        granted_at -> Text,
    }
}

diesel::table! {
    rating_list_players (id) {
        id -> Integer,
        list_id -> Integer,
        fide_id -> Nullable<BigInt>,
        national_id -> Nullable<Text>,
        name -> Text,
        search_key -> Text,
        title -> Text,
        federation -> Text,
        sex -> Text,
        birth_year -> Nullable<Integer>,
        standard -> Nullable<Integer>,
        rapid -> Nullable<Integer>,
        blitz -> Nullable<Integer>,
        games -> Nullable<Integer>,
        k_standard -> Nullable<Integer>,
        k_rapid -> Nullable<Integer>,
        k_blitz -> Nullable<Integer>,
        flags -> Text,
    }
}

diesel::table! {
    prize_tables (tournament_id) {
        tournament_id -> Integer,
        body -> Text,
        version -> Integer,
        updated_at -> Text,
    }
}

diesel::table! {
    entry_forms (tournament_id) {
        tournament_id -> Integer,
        is_open -> Bool,
        deadline -> Nullable<Text>,
        max_players -> Nullable<Integer>,
        eligibility -> Text,
        federation -> Text,
        min_rating -> Nullable<Integer>,
        max_rating -> Nullable<Integer>,
        updated_at -> Text,
    }
}

diesel::table! {
    entries (id) {
        id -> Integer,
        tournament_id -> Integer,
        name -> Text,
        fide_id -> Nullable<BigInt>,
        title -> Text,
        federation -> Text,
        club -> Text,
        birth_date -> Text,
        sex -> Text,
        rating -> Nullable<Integer>,
        email -> Text,
        from_rating_list -> Bool,
        state -> Text,
        reason -> Text,
        player_id -> Nullable<Integer>,
        created_at -> Text,
        decided_at -> Nullable<Text>,
    }
}

diesel::table! {
    checkin_rounds (tournament_id, round_number) {
        tournament_id -> Integer,
        round_number -> Integer,
        opened_at -> Text,
    }
}

diesel::table! {
    checkins (tournament_id, round_number, player_id) {
        tournament_id -> Integer,
        round_number -> Integer,
        player_id -> Integer,
        source -> Text,
        at -> Text,
    }
}

diesel::table! {
    checkin_codes (player_id) {
        player_id -> Integer,
        tournament_id -> Integer,
        code -> Text,
    }
}

// Team competitions (issue 20), migrations/*/2026-11-25-000001_teams.
diesel::table! {
    team_events (tournament_id) {
        tournament_id -> Integer,
        system -> Text,
        boards -> Integer,
        total_rounds -> Integer,
        match_win -> Integer,
        match_draw -> Integer,
        match_loss -> Integer,
        bye_match_points -> Integer,
        bye_game_points -> Integer,
        primary_score -> Text,
        board_colours -> Text,
        colour_preference -> Text,
        initial_colour -> Text,
        tiebreaks -> Text,
        version -> Integer,
    }
}

diesel::table! {
    teams (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        name -> Text,
        federation -> Text,
        rating -> Nullable<Integer>,
        captain_name -> Text,
        captain_user_id -> Nullable<Integer>,
        withdrawn -> Bool,
        version -> Integer,
        // migrations/*/2026-11-26-101500_team_withdrawals_byes
        withdrawn_from -> Nullable<Integer>,
    }
}

diesel::table! {
    team_members (id) {
        id -> Integer,
        team_id -> Integer,
        place -> Integer,
        name -> Text,
        title -> Text,
        federation -> Text,
        rating -> Nullable<Integer>,
        fide_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    team_rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        state -> Text,
        lineup_deadline -> Nullable<Text>,
        bye_team -> Nullable<Integer>,
        paired_at -> Text,
        published_at -> Nullable<Text>,
    }
}

diesel::table! {
    team_matches (id) {
        id -> Integer,
        tournament_id -> Integer,
        round_number -> Integer,
        number -> Integer,
        home_team -> Integer,
        away_team -> Integer,
        home_lineup_at -> Nullable<Text>,
        away_lineup_at -> Nullable<Text>,
        version -> Integer,
    }
}

diesel::table! {
    team_boards (match_id, board) {
        match_id -> Integer,
        board -> Integer,
        home_place -> Nullable<Integer>,
        away_place -> Nullable<Integer>,
        home_white -> Bool,
        result -> Nullable<Text>,
    }
}

// migrations/*/2026-11-26-101500_team_withdrawals_byes.
diesel::table! {
    team_byes (tournament_id, team_number, round_number) {
        tournament_id -> Integer,
        team_number -> Integer,
        round_number -> Integer,
        requested_at -> Text,
    }
}

// migrations/*/2026-11-27-200000_norm_facts.
diesel::table! {
    norm_facts (tournament_id) {
        tournament_id -> Integer,
        event_kind -> Text,
        host_federation -> Text,
        large_swiss -> Text,
        chief_arbiter -> Text,
        deputy_arbiter -> Text,
        organizer -> Text,
        rating_period -> Text,
        outside_fide -> Text,
        version -> Integer,
        // migrations/*/2026-11-28-120000_norm_computers.
        computers -> Text,
    }
}

// migrations/*/2026-11-28-000000_venue_publishing (issue 39).
diesel::table! {
    mirrors (tournament_id) {
        tournament_id -> Integer,
        token_hash -> Text,
        issued_at -> Text,
        revoked_at -> Nullable<Text>,
        venue_version -> BigInt,
        accepted_at -> Nullable<Text>,
    }
}

diesel::table! {
    mirror_ids (tournament_id, entity, venue_id) {
        tournament_id -> Integer,
        entity -> Text,
        venue_id -> Integer,
        local_id -> Integer,
    }
}

diesel::table! {
    publish_links (tournament_id) {
        tournament_id -> Integer,
        server_url -> Text,
        token -> Text,
        sent_version -> BigInt,
        sent_at -> Nullable<Text>,
        last_error -> Text,
        error_at -> Nullable<Text>,
    }
}

diesel::joinable!(rating_list_players -> rating_lists (list_id));

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
    arrivals,
    penalties,
    game_records,
    adjournments,
    fide_departures,
    rating_lists,
    rating_list_players,
    list_managers,
    prize_tables,
    entry_forms,
    entries,
    checkin_rounds,
    checkins,
    checkin_codes,
    team_events,
    teams,
    team_members,
    team_rounds,
    team_matches,
    team_boards,
    team_byes,
    norm_facts,
    mirrors,
    mirror_ids,
    publish_links,
);
