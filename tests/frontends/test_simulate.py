"""``cluedo simulate`` as a user runs it, and the simulation library under it."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cluedo.agents import RandomAgent
from cluedo.agents.base import Agent
from cluedo.agents.registry import bots_for
from cluedo.cli import app
from cluedo.engine.actions import Action
from cluedo.engine.registry import available
from cluedo.simulation.core import (
    GameRecord,
    SimulationConfig,
    default_bot,
    game_seed,
    lineup_for,
    play_index,
    run_games,
    wilson_interval,
)
from cluedo.simulation.results_file import RESULTS_VERSION
from cluedo.simulation.simulate import split_bots
from cluedo.simulation.tally import summarize

runner = CliRunner()

RECORD_FIELDS = {
    "index",
    "seed",
    "bots",
    "finished",
    "outcome",
    "winner",
    "winner_bot",
    "winners",
    "turns",
    "wrong_accusations",
    "error",
    "labels",
    "stats",
}


class OtherRandom(RandomAgent):
    """A second, distinguishable bot name, to see where each bot sat."""

    name = "other"


class Crasher(RandomAgent):
    """Raises on its first decision: a stand-in for a buggy bot."""

    name = "crasher"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.calls = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("crasher gives up")
        return super().choose(view, legal)


class Stubborn(Agent):
    """Never accuses, so a game among these never ends."""

    name = "stubborn"

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        peaceful = [a for a in legal if a.kind not in ("accuse", "suggest")]
        return peaceful[self.rng.randrange(len(peaceful))] if peaceful else legal[0]


@pytest.fixture
def extra_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots_for("classic"), "other", OtherRandom)
    monkeypatch.setitem(bots_for("classic"), "crasher", Crasher)
    monkeypatch.setitem(bots_for("classic"), "stubborn", Stubborn)


def simulate(tmp_path: Path, *args: str, name: str = "out.json") -> tuple[int, str, dict[str, Any]]:
    """Run the command; return its exit code, output and the JSON results."""
    path = tmp_path / name
    # Options given in args come last, so they win over the default --json.
    result = runner.invoke(app, ["simulate", "--json", str(path), *args])
    data = json.loads(path.read_text()) if path.exists() else {}
    return result.exit_code, result.output, data


def test_every_game_ends_and_each_has_a_full_record(tmp_path: Path) -> None:
    code, out, data = simulate(
        tmp_path, "--players", "6", "--games", "20", "--seed", "3", "--bots", "random"
    )
    assert code == 0, out
    records = data["records"]
    assert len(records) == 20
    assert [r["index"] for r in records] == list(range(20))
    for r in records:
        assert r.keys() >= RECORD_FIELDS
        assert r["finished"] and r["outcome"] in ("solved", "no-winner")
        assert r["error"] is None
        assert len(r["bots"]) == 6 and len(r["wrong_accusations"]) == 6
        assert r["seed"] == game_seed(3, r["index"])
        if r["outcome"] == "solved":
            assert r["winner_bot"] == r["bots"][r["winner"]]
        else:
            # Every seat accused wrongly: that is the only way to a game without a winner.
            assert r["winner"] is None and r["wrong_accusations"] == [1] * 6
    # The summary table names the figures a reader looks for.
    for text in ("Win rate per bot", "Win rate per seat", "95% CI", "median", "errors"):
        assert text in out
    assert data["summary"]["games"] == 20 and data["summary"]["errors"] == 0


def test_seats_rotate_so_every_bot_plays_every_seat(tmp_path: Path, extra_bots: None) -> None:
    code, out, data = simulate(
        tmp_path, "--players", "3", "--games", "6", "--bots", "other,random,random"
    )
    assert code == 0, out
    seats_of_other = [r["bots"].index("other") for r in data["records"]]
    assert seats_of_other == [0, 1, 2, 0, 1, 2]
    per_bot = {b["bot"]: b["seat_games"] for b in data["summary"]["per_bot"]}
    assert per_bot == {"other": 6, "random": 12}


def test_the_same_seed_gives_the_same_results(tmp_path: Path) -> None:
    args = ("--players", "4", "--games", "20", "--bots", "random")
    _, _, first = simulate(tmp_path, *args, "--seed", "11", name="a.json")
    simulate(tmp_path, *args, "--seed", "11", name="b.json")
    _, _, other = simulate(tmp_path, *args, "--seed", "12", name="c.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert first["records"] != other["records"]


def test_two_workers_give_the_same_results_as_one(tmp_path: Path) -> None:
    args = ("--players", "5", "--games", "24", "--seed", "4", "--bots", "random")
    code1, out1, _ = simulate(tmp_path, *args, "--workers", "1", name="one.json")
    code2, out2, _ = simulate(tmp_path, *args, "--workers", "2", name="two.json")
    assert code1 == code2 == 0, out1 + out2
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()


def test_any_single_game_replays_alone(tmp_path: Path, extra_bots: None) -> None:
    config = SimulationConfig(players=4, bots=("other", "random", "random", "random"), games=9)
    full = run_games(config)
    alone = run_games(SimulationConfig(**{**config.__dict__, "start": 7, "games": 1}))
    assert alone == [full[7]]
    assert full[7] == play_index(config, 7)


@pytest.mark.parametrize(
    ("args", "option", "says"),
    [
        (["--players", "9"], "--players", "3 to 6 players"),
        (["--bots", "random,nobody"], "--bots", "unknown bot 'nobody'"),
        (["--bots", "random,random"], "--bots", "one bot per seat"),
        (["--bots", "cmd:"], "--bots", "command line"),
        (["--options", "{not json"], "--options", "not valid JSON"),
        (["--options", "[1, 2]"], "--options", "JSON object"),
        (["--options", '{"movement": "teleport"}'], "--options", "movement"),
        (["--rules", "chess"], "--rules", "unknown rule set"),
        (["--games", "0"], "--games", ""),
        (["--json", "/no/such/folder/out.json"], "--json", "does not exist"),
    ],
)
def test_bad_options_are_refused_with_a_clear_error(
    tmp_path: Path, args: list[str], option: str, says: str
) -> None:
    code, out, data = simulate(tmp_path, "--players", "6", *args)
    assert code == 2
    flat = re.sub(r"[\s│╭╮╰╯─]+", " ", out)
    assert option in flat and says in flat
    assert data == {}


def test_a_game_that_raises_is_an_error_and_the_run_goes_on(
    tmp_path: Path, extra_bots: None
) -> None:
    code, out, data = simulate(
        tmp_path, "--players", "3", "--games", "4", "--seed", "2", "--bots", "crasher,random,random"
    )
    assert code == 1
    records = data["records"]
    assert len(records) == 4 and all(r["outcome"] == "error" for r in records)
    assert all("crasher gives up" in r["error"] for r in records)
    assert data["summary"]["errors"] == 4
    flat = " ".join(out.split())
    assert f"seed {records[0]['seed']}" in flat
    assert "--seed 2 --start 0 --games 1 --bots crasher,random,random" in flat


def test_a_game_past_the_action_limit_is_an_error(extra_bots: None) -> None:
    config = SimulationConfig(players=3, bots=("stubborn",), games=2, action_limit=300)
    records = run_games(config)
    assert [r.outcome for r in records] == ["error", "error"]
    assert all(r.error is not None and "300" in r.error for r in records)
    assert all(not r.finished and r.actions == 300 for r in records)
    assert summarize(records, 3).errors == 2


def test_summary_counts_wins_per_bot_and_seat(extra_bots: None) -> None:
    config = SimulationConfig(players=3, bots=("other", "random", "random"), games=30, seed=8)
    records = run_games(config)
    summary = summarize(records, 3)
    winners = [r for r in records if r.winner is not None]
    assert sum(r.wins for r in summary.per_seat) == len(winners)
    by_bot = {b.bot: b for b in summary.per_bot}
    assert by_bot["other"].wins.wins == sum(1 for r in winners if r.winner_bots == ("other",))
    assert by_bot["other"].seat_games == 30 and by_bot["random"].seat_games == 60
    wrong = sum(sum(r.wrong_accusations) for r in records)
    assert by_bot["other"].wrong_accusations + by_bot["random"].wrong_accusations == wrong
    assert summary.no_winner == sum(1 for r in records if r.outcome == "no-winner")


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    # Published values (Newcombe 1998, and the Wilson interval's textbook examples).
    [
        (0, 10, 0.0, 0.2775),
        (1, 10, 0.0179, 0.4042),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_on_known_values(wins: int, trials: int, low: float, high: float) -> None:
    got = wilson_interval(wins, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="between 0 and 10"):
        wilson_interval(11, 10)


def test_line_up_rotation_and_default_bot() -> None:
    assert lineup_for(["a", "b", "c", "d"], 5) == ("d", "a", "b", "c")
    assert default_bot() == "sensible"


UNIFORM_BOT = """
import json, random, sys
rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        rng.seed(message["seed"])
    elif message["type"] == "choose":
        print(json.dumps({"index": rng.randrange(len(message["legal"]))}), flush=True)
    elif message["type"] == "quit":
        break
"""


def test_a_bot_in_another_process_plays_through_simulate(tmp_path: Path) -> None:
    script = tmp_path / "uniform_bot.py"
    script.write_text(UNIFORM_BOT)
    spec = f"cmd:{sys.executable} {script}"
    code, out, data = simulate(
        tmp_path, "--players", "3", "--games", "3", "--seed", "5", "--bots", f"{spec},random,random"
    )
    assert code == 0, out
    assert [r["bots"].index(spec) for r in data["records"]] == [0, 1, 2]
    assert all(r["finished"] for r in data["records"])


def test_commas_inside_an_external_command_stay_in_it() -> None:
    assert split_bots("random,cmd:bot --pair a,b,random") == (
        "random",
        "cmd:bot --pair a,b",
        "random",
    )
    assert split_bots("nobody,random") == ("nobody", "random")


@pytest.mark.parametrize("rules", available())
def test_each_rule_set_is_played_by_its_own_bots(rules: str) -> None:
    # "sensible" means a different bot in each rule set: the classic detective would
    # not survive a game of Clussassin, so a run must build the rule set's own bots.
    records = run_games(SimulationConfig(rules=rules, players=4, bots=("sensible",), games=2))
    assert [r.error for r in records] == [None, None]
    assert all(r.finished for r in records)


def test_a_bot_the_rule_set_does_not_have_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "--rules", "clussassin", "--bots", "detective"])
    assert result.exit_code == 2
    assert "unknown bot 'detective' for clussassin" in result.output


def test_a_level_stands_for_the_rule_sets_bot_of_that_strength() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "pendragon",
            "--players",
            "3",
            "--games",
            "2",
            "--bots",
            "easy,medium,hard",
        ],
    )
    assert result.exit_code == 0, result.output
    records = run_games(
        SimulationConfig(rules="classic", players=3, bots=("easy", "hard", "medium"), games=1)
    )
    assert records[0].error is None and records[0].finished


# -- the rule set's own report: seat groupings and per-game numbers -------------------


def _record(
    index: int, winners: tuple[int, ...], roles: tuple[str, ...], **stats: float
) -> GameRecord:
    return GameRecord(
        index=index,
        seed=index,
        bots=("random",) * len(roles),
        finished=True,
        outcome="solved" if winners else "no-winner",
        winners=winners,
        winner_bots=("random",) * len(winners),
        turns=10,
        actions=30,
        wrong_accusations=(0,) * len(roles),
        labels={"role": roles},
        stats=stats,
    )


def test_win_rate_by_grouping_counts_each_side_and_each_seat() -> None:
    roles = ("guest", "accomplice", "guest", "guest")
    records = [
        _record(0, (0,), roles, bluffs=1),
        _record(1, (1,), roles, bluffs=3),
        _record(2, (2,), roles, bluffs=2),
        _record(3, (), roles),  # nobody won; this game reports no bluffs figure
    ]
    summary = summarize(records, 4)
    groups = {g.label: g for g in summary.groups}
    assert [g.grouping for g in summary.groups] == ["role", "role"]
    # The guests' side won 2 of 4 games; a single guest seat won 2 of 12.
    assert (groups["guest"].side.wins, groups["guest"].side.trials) == (2, 4)
    assert (groups["guest"].seats.wins, groups["guest"].seats.trials) == (2, 12)
    assert (groups["accomplice"].side.wins, groups["accomplice"].side.trials) == (1, 4)
    (bluffs,) = summary.stats
    assert bluffs.name == "bluffs" and bluffs.games == 3
    assert (bluffs.mean, bluffs.median, bluffs.low, bluffs.high, bluffs.total) == (2, 2, 1, 3, 6)
    rates = summary.outcome_rates()
    assert rates["solved"].wins == 3 and rates["no-winner"].wins == 1
    assert rates["solved"].trials == 4


def test_errored_games_stay_out_of_the_groupings_and_averages(extra_bots: None) -> None:
    records = run_games(SimulationConfig(players=3, bots=("stubborn",), games=1, action_limit=50))
    assert records[0].labels == {} and records[0].stats == {}
    summary = summarize(records, 3)
    assert summary.groups == () and summary.stats == ()


def test_each_game_records_the_rule_sets_labels_and_numbers(tmp_path: Path) -> None:
    code, out, data = simulate(
        tmp_path, "--players", "3", "--games", "4", "--seed", "2", "--bots", "random"
    )
    assert code == 0, out
    assert data["version"] == RESULTS_VERSION == 3
    for r in data["records"]:
        assert len(r["labels"]["character"]) == 3
        assert r["first"] == 0  # Miss Scarlet, in seat 0, plays first
        assert r["stats"]["turns"] == r["turns"]
        assert r["stats"]["wrong accusations"] == sum(r["wrong_accusations"])
        assert r["stats"]["accusations"] >= r["stats"]["wrong accusations"]
    summary = data["summary"]
    characters = {g["label"] for g in summary["groups"] if g["grouping"] == "character"}
    assert characters == {"Miss Scarlet", "Colonel Mustard", "Mrs. White"}  # as people read them
    assert sum(o["wins"] for o in summary["outcome_rates"]) == 4
    means = {st["name"]: st["mean"] for st in summary["stats"]}
    assert means["turns"] == summary["mean_turns"]
    assert "Win rate by character" in out and "Per game" in out


def test_labels_that_do_not_fit_the_table_make_the_game_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cluedo.rules.classic.rules import ClassicRules

    monkeypatch.setattr(ClassicRules, "seat_labels", lambda self, state: {"team": ["a"]})
    records = run_games(SimulationConfig(players=3, bots=("random",), games=1))
    assert records[0].outcome == "error"
    assert records[0].error is not None and "1 labels for 3 seats" in records[0].error


def test_clue_or_cruel_reports_win_rates_by_role_and_its_numbers(tmp_path: Path) -> None:
    code, out, data = simulate(
        tmp_path, "--rules", "clue-or-cruel", "--players", "3", "--games", "2", "--seed", "1"
    )
    assert code == 0, out
    roles = {g["label"]: g for g in data["summary"]["groups"] if g["grouping"] == "role"}
    assert set(roles) == {"accomplice", "guest"}
    assert roles["accomplice"]["side"]["trials"] == 2 and roles["guest"]["seats"]["trials"] == 4
    wins = roles["accomplice"]["side"]["wins"] + roles["guest"]["side"]["wins"]
    assert wins == sum(1 for r in data["records"] if r["winners"])
    for r in data["records"]:
        assert r["labels"]["role"].count("accomplice") == 1
        assert r["stats"]["bluff calls right"] <= r["stats"]["bluff calls"]
    assert "Win rate by role" in out and "successful bluffs" in out


def test_a_grouping_reported_in_some_games_is_rated_over_those_games() -> None:
    roles = ("guest", "accomplice", "guest")
    with_roles = _record(0, (1,), roles)
    without = GameRecord(**{**with_roles.__dict__, "index": 1, "labels": {}})
    summary = summarize([with_roles, without], 3)
    accomplice = next(g for g in summary.groups if g.label == "accomplice")
    assert (accomplice.side.wins, accomplice.side.trials) == (1, 1)
