"""External bots: a process that reads JSON lines and answers with actions."""

from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from cluedo.agents import RandomAgent, make_agent
from cluedo.agents.base import Agent
from cluedo.agents.external import TIMEOUT_ENV, ExternalAgent, ExternalBotError
from cluedo.agents.match import play_out
from cluedo.engine import new_game
from cluedo.protocol.schema import problems

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "external_bot.py"
PYTHON = sys.executable


def example_command() -> str:
    return f"{PYTHON} {EXAMPLE}"


def bot_script(tmp_path: Path, body: str, name: str = "bot.py") -> str:
    """A throw-away bot: ``body`` runs once per message line in ``msg``."""
    script = tmp_path / name
    script.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n" + textwrap.indent(textwrap.dedent(body), "    ")
    )
    return f"{PYTHON} {script}"


def close_all(agents: dict[int, Agent]) -> None:
    for agent in agents.values():
        agent.close()


def test_the_example_bot_plays_whole_games_in_every_seat() -> None:
    for seed in (1, 2):
        game = new_game("classic", players=3, seed=seed)
        agents: dict[int, Agent] = {s: ExternalAgent(example_command(), s, seed) for s in range(3)}
        try:
            play_out(game, agents)
        finally:
            close_all(agents)
        assert game.finished and game.state.outcome == "solved"
        # It accuses only when certain, so nobody was eliminated on the way.
        assert not any(game.state.eliminated)  # type: ignore[attr-defined]
        for agent in agents.values():
            assert isinstance(agent, ExternalAgent) and agent.proc.poll() == 0


def test_a_command_line_bot_from_the_registry_plays_among_built_in_bots() -> None:
    game = new_game("classic", players=4, seed=9)
    agents: dict[int, Agent] = {s: RandomAgent(s, s) for s in range(4)}
    agents[2] = make_agent(f"cmd:{example_command()}", 2, 9)
    assert agents[2].name == f"cmd:{example_command()}"
    try:
        play_out(game, agents)
    finally:
        close_all(agents)
    assert game.finished
    assert any(a.seat == 2 for a in game.actions)


def test_messages_follow_the_schema_and_the_bot_may_answer_hello(tmp_path: Path) -> None:
    record = tmp_path / "seen.jsonl"
    command = bot_script(
        tmp_path,
        f"""
        with open({str(record)!r}, "a") as out:
            out.write(line)
        if msg["type"] == "hello":
            print(json.dumps({{"type": "hello", "name": "recorder"}}), flush=True)
        elif msg["type"] == "choose":
            print(json.dumps({{"index": len(msg["legal"]) - 1}}), flush=True)
        """,
    )
    game = new_game("classic", players=3, seed=5)
    bot = ExternalAgent(command, 1, seed=42)
    agents: dict[int, Agent] = {0: RandomAgent(0, 1), 1: bot, 2: RandomAgent(2, 2)}
    try:
        play_out(game, agents)
    finally:
        close_all(agents)
    assert bot.bot_name == "recorder"
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0] == {"type": "hello", "protocol": 1, "seat": 1, "seed": 42}
    assert lines[-1] == {"type": "quit"}
    chooses = lines[1:-1]
    assert chooses and all(m["type"] == "choose" and m["seat"] == 1 for m in chooses)
    for message in lines:
        assert problems(message, "bot_message") == [], message
    # Each decision brings only the events since the previous one, and none is lost.
    log = [event for m in chooses for event in m["view"]["log"]]
    assert log == game.log_for(1)[: len(log)]
    assert [m for m in log if m["kind"] == "dealt"] == [
        {"kind": "dealt", "seat": 1, "hand": game.state.hands[1]}  # type: ignore[attr-defined]
    ]
    for reply in ({"index": 0}, {"action": {"seat": 0, "kind": "roll"}}, {"type": "hello"}):
        assert problems(reply, "bot_reply") == []
    assert problems({"index": -1}, "bot_reply") != []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('print("I think it was the butler", flush=True)', "'I think it was the butler'"),
        ('print(json.dumps({"action": {"seat": 0, "kind": "fly"}}), flush=True)', "not legal"),
        ('print(json.dumps({"index": 10**6}), flush=True)', "outside the legal list"),
        ('print(json.dumps({"index": "1"}), flush=True)', "must be an integer"),
        ('print(json.dumps({"action": "roll"}), flush=True)', "must be a JSON object"),
        ('print(json.dumps({"move": 1}), flush=True)', 'expected {"action": ...}'),
        ("print(json.dumps([1]), flush=True)", 'expected {"action": ...}'),
    ],
)
def test_a_bot_that_answers_badly_is_named_with_what_it_sent(
    tmp_path: Path, body: str, expected: str
) -> None:
    command = bot_script(tmp_path, f'if msg["type"] == "choose":\n    {body}\n')
    game = new_game("classic", players=3, seed=1)
    bot = ExternalAgent(command, 0)
    try:
        with pytest.raises(ExternalBotError) as caught:
            bot.choose(game.view(0), game.legal_actions(0))
        message = str(caught.value)
        assert command in message and "seat 0" in message and expected in message
        # Out of step after an error: the bot plays no more, and says why.
        with pytest.raises(ExternalBotError, match="plays no more"):
            bot.choose(game.view(0), game.legal_actions(0))
    finally:
        bot.close()
    assert game.actions == []  # the bot's answer never reached the game


def test_a_crash_reports_the_exit_code_and_stderr(tmp_path: Path) -> None:
    command = bot_script(tmp_path, 'if msg["type"] == "choose":\n    raise SystemExit("no idea")\n')
    game = new_game("classic", players=3, seed=1)
    bot = ExternalAgent(command, 0)
    try:
        with pytest.raises(ExternalBotError) as caught:
            bot.choose(game.view(0), game.legal_actions(0))
    finally:
        bot.close()
    message = str(caught.value)
    assert "closed its output" in message and "exited with code 1" in message
    assert "no idea" in message


def test_a_slow_bot_times_out_and_is_stopped(tmp_path: Path) -> None:
    command = bot_script(tmp_path, "time.sleep(30)\n")
    game = new_game("classic", players=3, seed=1)
    bot = ExternalAgent(command, 0, timeout=0.5)
    started = time.monotonic()
    try:
        with pytest.raises(ExternalBotError, match=r"no answer within 0.5 s.*CLUEDO_BOT_TIMEOUT"):
            bot.choose(game.view(0), game.legal_actions(0))
        assert time.monotonic() - started < 8
    finally:
        bot.close()
    assert bot.proc.poll() is not None  # terminated, not left behind
    assert time.monotonic() - started < 15


def test_the_timeout_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = bot_script(tmp_path, "pass\n")
    monkeypatch.setenv(TIMEOUT_ENV, "2.5")
    bot = ExternalAgent(command, 0)
    bot.close()
    assert bot.timeout == 2.5
    monkeypatch.setenv(TIMEOUT_ENV, "soon")
    with pytest.raises(ExternalBotError, match="not a number of seconds"):
        ExternalAgent(command, 0)
    monkeypatch.setenv(TIMEOUT_ENV, "0")
    with pytest.raises(ExternalBotError, match="more than 0"):
        ExternalAgent(command, 0)
    monkeypatch.delenv(TIMEOUT_ENV)
    with pytest.raises(ExternalBotError, match="more than 0"):
        ExternalAgent(command, 0, timeout=-1)


def test_commands_that_cannot_start() -> None:
    with pytest.raises(ExternalBotError, match="empty bot command"):
        ExternalAgent("  ", 0)
    with pytest.raises(ExternalBotError, match="cannot start bot"):
        ExternalAgent("/no/such/program --flag", 0)
    with pytest.raises(ExternalBotError, match="bad bot command line"):
        ExternalAgent('python "unclosed', 0)


def test_close_ends_the_process_and_is_idempotent(tmp_path: Path) -> None:
    command = bot_script(tmp_path, 'if msg["type"] == "quit":\n    break\n')
    bot = ExternalAgent(command, 0)
    assert bot.proc.poll() is None
    bot.close()
    bot.close()
    assert bot.proc.poll() == 0
    game = new_game("classic", players=3, seed=1)
    with pytest.raises(ExternalBotError, match="closed"):
        bot.choose(game.view(0), game.legal_actions(0))


def test_a_bot_that_ignores_its_input_is_still_stopped(tmp_path: Path) -> None:
    script = tmp_path / "deaf.py"
    script.write_text("import time\ntime.sleep(60)\n")
    bot = ExternalAgent(f"{PYTHON} {script}", 0, timeout=0.3)
    game = new_game("classic", players=6, seed=1)
    view: dict[str, Any] = game.view(0)
    # Far more than a pipe holds: writing must not block the game.
    view["padding"] = "x" * 500_000
    with pytest.raises(ExternalBotError, match="no answer"):
        bot.choose(view, game.legal_actions(0))
    started = time.monotonic()
    bot.close()
    assert bot.proc.poll() is not None and time.monotonic() - started < 8
