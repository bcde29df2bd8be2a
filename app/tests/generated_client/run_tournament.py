"""A 6-player, 3-round Swiss run through a client generated from the server's
own /api/openapi.json by openapi-python-client (issue 23, README "API").

Every call to the server goes through the generated package `arbiter_client`
(its operation functions and models); nothing here builds a URL or a JSON body
by hand. The Rust test `api_contract::a_generated_client_runs_a_tournament`
generates the package, runs this script and checks what it printed against the
server's own answers.

Usage: run_tournament.py BASE_URL USERNAME PASSWORD
Prints one JSON object: the tournament id, the results entered and the
standings as the generated client read them.
"""

import datetime
import json
import sys
from http import HTTPStatus

from arbiter_client import AuthenticatedClient, Client
from arbiter_client.api.games import games_set_result
from arbiter_client.api.players import players_list, players_register
from arbiter_client.api.rounds import rounds_get, rounds_pair_next, rounds_publish
from arbiter_client.api.session import session_create_token, session_login
from arbiter_client.api.tournaments import tournaments_create, tournaments_standings
from arbiter_client.models import (
    LoginForm,
    PlayerView,
    Regulations,
    RegisterPlayer,
    RoundView,
    SessionView,
    SetResult,
    StandingsView,
    TokenForm,
    TournamentView,
)
from arbiter_client.types import Unset


def expect(response, status, kind):
    """The answer must have the documented status and parse as the documented model."""
    if response.status_code != status or not isinstance(response.parsed, kind):
        raise SystemExit(
            f"expected {int(status)} {kind.__name__}, got {int(response.status_code)}: "
            f"{response.content[:500]!r}"
        )
    return response.parsed


def main():
    base, username, password = sys.argv[1:4]

    # Log in with the session, then make a bearer token (the session cookie and
    # its CSRF token are the documented way to do that).
    anonymous = Client(base_url=base)
    login = session_login.sync_detailed(
        client=anonymous, body=LoginForm(username=username, password=password)
    )
    session = expect(login, HTTPStatus.OK, SessionView)
    cookie = login.headers["set-cookie"].split(";")[0]
    name, value = cookie.split("=", 1)
    with_session = Client(
        base_url=base,
        cookies={name: value},
        headers={"X-CSRF-Token": session.csrf_token},
    )
    token = session_create_token.sync(
        client=with_session, body=TokenForm(label="generated client")
    ).token
    api = AuthenticatedClient(base_url=base, token=token)

    created = tournaments_create.sync_detailed(
        client=api,
        body=Regulations(
            name="Generated Client Open",
            place="Test Hall",
            # `format: date` in the document: the generated model takes a date.
            start_date=datetime.date(2026, 5, 1),
            end_date=datetime.date(2026, 5, 3),
            rounds=3,
        ),
    )
    tid = expect(created, HTTPStatus.CREATED, TournamentView).id

    for i, (player, rating) in enumerate(
        [
            ("Adamski, Adam", 2310),
            ("Borowska, Beata", 2250),
            ("Cieslak, Cezary", 2190),
            ("Dudek, Dorota", 2105),
            ("Elert, Emil", 2030),
            ("Fiedler, Filip", 1960),
        ]
    ):
        answer = players_register.sync_detailed(
            tid, client=api, body=RegisterPlayer(name=player, rating=rating, federation="POL")
        )
        expect(answer, HTTPStatus.CREATED, PlayerView)
    players = players_list.sync(tid, client=api)
    assert len(players) == 6, players

    # Results by board: white wins on board 1, a draw on board 2, black wins on
    # board 3 — every round, so the expected standings follow from the pairings.
    results = []
    by_board = {1: "1-0", 2: "1/2-1/2", 3: "0-1"}
    for n in (1, 2, 3):
        paired = expect(rounds_pair_next.sync_detailed(tid, client=api), HTTPStatus.CREATED, RoundView)
        assert paired.number == n, (paired.number, n)
        expect(rounds_publish.sync_detailed(tid, n, client=api), HTTPStatus.OK, RoundView)
        round_view = expect(rounds_get.sync_detailed(tid, n, client=api), HTTPStatus.OK, RoundView)
        for game in round_view.games:
            if game.black is None or isinstance(game.black, Unset):
                continue
            result = by_board[game.board]
            answer = games_set_result.sync_detailed(
                tid, game.id, client=api, body=SetResult(result=result, version=game.version)
            )
            expect(answer, HTTPStatus.OK, type(game))
            results.append(
                {
                    "round": n,
                    "board": game.board,
                    "game": game.id,
                    "white": game.white.id,
                    "black": game.black.id,
                    "result": result,
                }
            )

    standings = expect(
        tournaments_standings.sync_detailed(tid, client=api), HTTPStatus.OK, StandingsView
    )
    print(
        json.dumps(
            {
                "tournament": tid,
                "results": results,
                "after_round": standings.after_round,
                "standings": [
                    {"rank": row.rank, "player_id": row.player_id, "points": row.points}
                    for row in standings.rows
                ],
            }
        )
    )


if __name__ == "__main__":
    main()
