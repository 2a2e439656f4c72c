"""``cluedo sweep``: a grid of player counts and option values, every cell seeded alike."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.simulation.balance import spread
from cluedo.simulation.core import (
    GameRecord,
    SimulationConfig,
    game_seed,
    lineup_for,
)
from cluedo.simulation.sweep import (
    Cell,
    Grid,
    parse_sweep_options,
    print_sweep,
    run_sweep,
    sweep_command,
    sweep_rows,
)
from cluedo.simulation.sweep_report import sweep_figures
from cluedo.simulation.tally import summarize

runner = CliRunner()


def flat(text: str) -> str:
    """Output with the panel borders and line breaks of rich's error box taken out."""
    return re.sub(r"[\s│╭╮╰╯─]+", " ", text)


def run(tmp_path: Path, *args: str, name: str = "sweep.json") -> tuple[int, str, dict[str, Any]]:
    path = tmp_path / name
    # A wide console, so that a cell's name stays on one line of the table.
    result = runner.invoke(app, ["sweep", "--json", str(path), *args], env={"COLUMNS": "200"})
    data = json.loads(path.read_text()) if path.exists() else {}
    return result.exit_code, result.output, data


def test_each_cell_gives_what_a_separate_simulate_run_gives(tmp_path: Path) -> None:
    code, out, data = run(
        tmp_path,
        "--rules",
        "classic",
        "--players",
        "3-4",
        "--option",
        "movement=exact,up_to",
        "--games",
        "4",
        "--seed",
        "3",
        "--bots",
        "sensible",
    )
    assert code == 0, out
    cells = data["cells"]
    assert [(c["players"], c["options"]) for c in cells] == [
        (3, {"movement": "exact"}),
        (3, {"movement": "up_to"}),
        (4, {"movement": "exact"}),
        (4, {"movement": "up_to"}),
    ]
    assert data["grid"] == {"players": [3, 4], "movement": ["exact", "up_to"]}
    for cell in cells:
        alone = tmp_path / f"alone-{cell['players']}-{cell['options']['movement']}.json"
        result = runner.invoke(
            app,
            [
                "simulate",
                "--rules",
                "classic",
                "--players",
                str(cell["players"]),
                "--options",
                json.dumps(cell["options"]),
                "--games",
                "4",
                "--seed",
                "3",
                "--bots",
                "sensible",
                "--json",
                str(alone),
            ],
        )
        assert result.exit_code == 0, result.output
        assert cell["summary"] == json.loads(alone.read_text())["summary"]
        # The cell names the command that plays it alone.
        assert shlex.split(cell["command"])[:2] == ["cluedo", "simulate"]
    # Movement changes how games go, so the cells are not all alike.
    assert cells[0]["summary"] != cells[1]["summary"]
    # Side by side in the console, one column per cell.
    text = flat(out)
    for header in ("3 players, movement=exact", "4 players, movement=up_to"):
        assert header in text
    for row in (
        "seat 1 wins",
        "character: Miss Scarlet",
        "turns per game, mean",
        "suggestions, mean",
    ):
        assert row in text


def test_every_cell_plays_the_same_seeds_and_seats() -> None:
    grid = Grid(
        "classic",
        (("players", (3, 4)), *parse_sweep_options("classic", ["movement=exact,up_to"])),
    )
    configs = [
        SimulationConfig(
            players=point["players"],
            bots=("random",),
            games=3,
            seed=8,
            options={"movement": point["movement"]},
        )
        for point in grid.points()
    ]
    played: list[list[tuple[int, int, int]]] = []
    cells = run_sweep(
        grid,
        configs,
        on_cell=lambda k: played.append([]),
        on_record=lambda r: played[-1].append((r.index, r.seed, len(r.bots))),
    )
    assert [c.point for c in cells] == grid.points()
    assert [len(p) for p in played] == [3, 3, 3, 3]
    # Game i of every cell has the seed of game i of the run, whatever was swept.
    seeds = [[(i, seed) for i, seed, _ in p] for p in played]
    assert seeds == [[(i, game_seed(8, i)) for i in range(3)]] * 4
    assert [p[0][2] for p in played] == [3, 3, 4, 4]


def test_the_seats_turn_the_same_way_in_every_cell() -> None:
    grid = Grid("classic", (("players", (3,)), ("movement", ("exact", "up_to"))))
    lineup = ("sensible", "random", "random")
    configs = [
        SimulationConfig(players=3, bots=lineup, games=3, seed=2, options={"movement": m})
        for m in ("exact", "up_to")
    ]
    seats: list[list[tuple[str, ...]]] = []
    run_sweep(
        grid,
        configs,
        on_cell=lambda k: seats.append([]),
        on_record=lambda r: seats[-1].append(r.bots),
    )
    assert seats[0] == seats[1] == [lineup_for(lineup, i) for i in range(3)]
    assert [b.index("sensible") for b in seats[0]] == [0, 1, 2]


def winning_seat_records(players: int, seat: int, games: int) -> list[GameRecord]:
    return [
        GameRecord(
            index=i,
            seed=i,
            bots=("random",) * players,
            finished=True,
            outcome="solved",
            winners=(seat,),
            winner_bots=("random",),
            turns=20 + i % 5,
            actions=50,
            wrong_accusations=(0,) * players,
            labels={"role": ("boss",) + ("minion",) * (players - 1)},
            stats={"gems": float(i % 4)},
            first=0,
        )
        for i in range(games)
    ]


def cell(players: int, seat: int, games: int = 40) -> Cell:
    records = winning_seat_records(players, seat, games)
    config = SimulationConfig(players=players, bots=("random",), games=games)
    return Cell({"players": players}, config, summarize(records, players), spread(records))


def test_a_cell_whose_first_seat_always_wins_is_flagged(tmp_path: Path) -> None:
    cells = [cell(3, seat=0), cell(4, seat=1)]
    rows = {row.name: row for row in sweep_rows(cells)}
    assert rows["seat 1 wins"].verdicts == ("high", "low")
    assert rows["seat 1 wins"].texts[0].endswith("▲") and rows["seat 1 wins"].texts[1].endswith("▼")
    assert rows["role: boss"].verdicts == ("high", "low")
    assert rows["fair share"].texts == ("33.3%", "25.0%")
    assert rows["gems, mean"].texts[0].startswith("1.50 ± ")
    assert rows["turns per game, mean"].texts[0].startswith("22.0 ± ")
    grid = Grid("classic", (("players", (3, 4)),))
    console = Console(width=120, record=True)
    print_sweep(console, grid, cells)
    text = console.export_text()
    assert "3 players !" in text and "4 players !" in text
    assert "seat 1: 100.0% (95% interval" in text and "above the fair share of 33.3%" in text
    # The page's plots draw the table's numbers.
    figures = {f.name: f for f in sweep_figures(grid, cells)}
    first = figures["first-seat"]
    assert first.ticks == ("3", "4")
    (panel,) = first.panels
    seat_one = next(line for line in panel.lines if line.name == "seat 1")
    assert [p.value for p in seat_one.points if p] == [1.0, 0.0]
    assert [p.verdict for p in seat_one.points if p] == ["high", "low"]
    assert [(p.low, p.high) for p in seat_one.points if p] == [
        (c.summary.per_seat[0].low, c.summary.per_seat[0].high) for c in cells
    ]
    assert panel.fair == (pytest.approx(1 / 3), pytest.approx(1 / 4))
    (length,) = figures["game-length"].panels
    assert [p.value for p in length.lines[0].points if p] == [c.summary.mean_turns for c in cells]


def test_the_report_plots_each_figure_against_the_swept_values(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    code, output, _ = run(
        tmp_path,
        "--rules",
        "classic",
        "--players",
        "3,5",
        "--option",
        "movement=exact,up_to",
        "--games",
        "2",
        "--seed",
        "1",
        "--bots",
        "random",
        "--report",
        str(out),
    )
    assert code == 0, output
    page = (out / "index.html").read_text(encoding="utf-8")
    for name in ("first-seat", "win-rate-by-character", "game-length", "per-game-numbers"):
        assert (out / f"{name}.png").read_bytes().startswith(b"\x89PNG")
        assert (out / f"{name}.svg").exists()
        assert f'href="{name}.svg"' in page
    assert page.count("data:image/png;base64,") == 4
    command = (
        "cluedo sweep --rules classic --players 3,5 --option movement=exact,up_to --games 2 "
        f"--seed 1 --bots random --json {tmp_path / 'sweep.json'} --report {out}"
    )
    assert command in page
    assert "sweep over players and option movement" in page
    svg = (out / "first-seat.svg").read_text(encoding="utf-8")
    texts = set(re.findall(r"<!-- (.*?) -->", svg))
    assert {"Players", "movement: exact", "movement: up_to", "seat 1", "fair share"} <= texts


def test_a_list_option_takes_its_values_apart_with_a_bar() -> None:
    swept = parse_sweep_options("classic", ["characters=plum,white,green|scarlet,mustard,white"])
    assert swept == [("characters", (["plum", "white", "green"], ["scarlet", "mustard", "white"]))]
    grid = Grid("classic", (("players", (3,)), *swept))
    config = SimulationConfig(players=3, bots=("random",), games=5, seed=2)
    command = shlex.split(sweep_command(grid, config))
    option = command[command.index("--option") + 1]
    # The command line it prints reads back to the same values.
    assert parse_sweep_options("classic", [option]) == swept


@pytest.mark.parametrize(
    ("args", "option", "says"),
    [
        (["--option", "movement=teleport"], "--option", "'exact' or 'up_to'"),
        (["--option", "moves=exact"], "--option", "no option 'moves'. Options of classic: edition"),
        (["--option", "movement"], "--option", "KEY=VALUE"),
        (["--option", "movement="], "--option", "at least one value"),
        (["--option", "movement=exact,exact"], "--option", "given twice"),
        (["--option", "movement=exact", "--option", "movement=up_to"], "--option", "given twice"),
        (["--players", "2-4"], "--players", "classic takes 3 to 6 players, got 2"),
        (["--players", "three"], "--players", "a range (3-8)"),
        (["--players", "5-3"], "--players", "runs backwards"),
        (["--rules", "chess"], "--rules", "unknown rule set"),
        (["--bots", "random,random,random"], "--bots", "one bot per seat"),
        (["--bots", "nobody"], "--bots", "unknown bot 'nobody'"),
        (["--games", "0"], "--games", ""),
    ],
)
def test_bad_sweep_arguments_are_refused_with_a_clear_error(
    tmp_path: Path, args: list[str], option: str, says: str
) -> None:
    code, out, data = run(tmp_path, "--players", "3-4", "--games", "1", *args)
    assert code == 2, out
    text = flat(out)
    assert option in text and says in text
    assert data == {}


def test_an_unwritable_json_file_is_refused_before_the_run(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["sweep", "--players", "3", "--games", "1", "--json", "/no/such/folder/x.json"]
    )
    assert result.exit_code == 2
    assert "does not exist" in flat(result.output)
