"""The strong classic bot: win rates against sensible bots, decision times, the race's table.

Seats are rotated (game i moves the line-up i seats clockwise), so every bot sits
in every seat equally often; the interval is the Wilson 95% interval.

    nice .venv/bin/python benchmarks/bench_strong_bot.py wins --players 6 --games 600
    nice .venv/bin/python benchmarks/bench_strong_bot.py wins --players 3 --games 600 \
        --lineup strong,sensible,sensible
    nice .venv/bin/python benchmarks/bench_strong_bot.py solves --players 6 --games 150

``--start K`` plays games K to K + games - 1 of the same run, so a long run can be
split across processes (the records of the parts, saved with ``--save``, add up).
``wins`` also prints the strong bot's accusations on the odds (how many, their mean
odds, how many were right) and, over every time it weighed accusing, how often the
likeliest envelope was the true one by the odds it gave it. ``solves`` checks
:data:`cluedo.agents.race.SOLVES_NEXT_TURN`. The notebook's calibration is measured by
``benchmarks/bench_calibration.py``.

A bot is named as in ``cluedo simulate`` (``sensible``, ``detective``, ``strong``),
optionally with settings of the strong bot in brackets: ``strong[aware=0]``,
``strong[race=0]``, or its constants: ``strong[GAIN=0.3]``, ``strong[KEEP=0.5]``,
``strong[PULL=0.5]``, ``strong[LOOKAHEAD=6]``, ``strong[GAIN_IDLE=0.1]``,
``strong[OWN_CARD=0.2]``, ``strong[GIVE=5.0]``, ``strong[KNOWN_NAMED=0.05]``,
``strong[UNSOLVED=0.001]`` (several joined by ``;``: ``strong[DRAWS=400;RACE_DRAWS=48]``).
``peek`` (with the same settings) is a bound, not a bot: the strong bot whose notebook
also reads every card shown to any player - what reading the opponents perfectly could
at most give it. ``seer`` is another: the strong bot whose race reads how close each
opponent truly is. ``asker`` is the strong bot walking and asking as the sensible bot
does (its bets and its showing its own): what its choice of questions and rooms is worth.
``solves`` also splits its table by the chance the player may ask at its next turn
(:func:`cluedo.agents.race.reach`).

``named`` reads what sensible bots name in their questions against their own notebooks
(what ``strong[KNOWN_NAMED=0.05]`` rides on). ``paired`` compares two runs of the same
games saved with ``--save`` (several files of one run, e.g. its parts, joined by
commas), game by game for the strong bot: the variant's wins less the base's, with a
95% interval for paired outcomes (the normal one of the mean difference per game), and
the games played alike:

    nice .venv/bin/python benchmarks/bench_strong_bot.py paired default.json variant.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cluedo.agents.base import Agent
from cluedo.agents.match import play_out
from cluedo.engine.game import new_game

Z_95 = 1.959963984540054


def seed_of(base: int, index: int, what: str = "game") -> int:
    digest = hashlib.blake2b(f"strong-bench:{what}:{base}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 1


def make_bot(spec: str, seat: int, seed: int) -> Agent:
    """A bot from ``name`` or ``name[key=value;...]``."""
    name, _, rest = spec.partition("[")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.rstrip("]").split(";")):
        key, _, value = item.partition("=")
        settings[key] = (
            float(value) if "." in value else int(value) if key.isupper() else bool(int(value))
        )
    if name in ("strong", "peek", "seer", "asker"):
        from cluedo.agents.strong import StrongAgent

        tuning = {k: v for k, v in settings.items() if k.isupper()}
        bounds = {"peek": _peeking_class, "seer": _seeing_class, "asker": _asking_class}
        kind: type[StrongAgent] = bounds[name]() if name in bounds else StrongAgent
        bot = kind(seat, seed, **{k: v for k, v in settings.items() if not k.isupper()})
        for key, value in tuning.items():  # class constants, e.g. strong[KEEP=0.5]
            setattr(bot, key, value)
        return bot
    from cluedo.agents.registry import make_agent

    return make_agent(name, seat, seed=seed)


def _peeking_class() -> Any:
    """``peek``: the strong bot whose notebook also reads every card shown to anyone - a
    bound, not a bot (it sees what no seat may). It gives what reading the opponents
    perfectly could at most add: all they know from their own questions. Its race and
    its questions' log still see only the seat's view."""
    from cluedo.agents.strong import StrongAgent

    class Peeking(StrongAgent):
        name = "peek"
        game: Any = None
        _peeked = 0

        def _follow(self, view: Any) -> Any:
            book = super()._follow(view)
            events = self.game.events
            for event in events[self._peeked :]:
                if event.kind == "card_shown" and self.seat not in event.knowers:
                    book.observe_event(event.for_seat(next(iter(event.knowers))))
                    self._learnt += 1
            self._peeked = len(events)
            return book

    return Peeking


def _seeing_class() -> Any:
    """``seer``: the strong bot whose race knows how close each opponent truly is (each
    opponent's notebook rebuilt on the true deal with every card shown to it) - a
    bound, not a bot. Its own odds stay fair: it gives what knowing the opponents'
    progress exactly (which a search of the race could only estimate) adds to when the
    bot bets."""
    import random

    from cluedo.agents.race import solves_next_turn
    from cluedo.agents.strong import StrongAgent

    class Seeing(StrongAgent):
        name = "seer"
        game: Any = None
        _read = 0
        _truth: Any = None

        def _standing(self, view: Any, book: Any) -> Any:
            standing = super()._standing(view, book)
            if standing is None:
                return None
            game = self.game
            events = [e.full() for e in game.events[self._read :]]
            if self._truth is None:
                self._truth = _public_and_truth(game.rules, game.state, events, game.players)
            public, log, truth = self._truth
            for event in events:
                public.observe_event(event)
                log.observe_event(event)
            self._read = len(game.events)
            base = public.settled()
            rng = random.Random(self._read)
            alive = 1.0
            for seat in range(game.players):
                if seat != self.seat and not view["eliminated"][seat]:
                    distance = public.distance(base, seat, truth, log.questions, rng)
                    alive *= 1.0 - solves_next_turn(distance)
            combo, p, _ = standing
            return (combo, p, alive)

    return Seeing


def _asking_class() -> Any:
    """``asker``: the strong bot that walks and asks as the sensible bot does (it bets,
    tests the envelope before a bet and shows cards as the strong bot) - how much the
    strong bot's own choice of questions and rooms is worth."""
    from cluedo.agents.registry import make_agent
    from cluedo.agents.strong import StrongAgent

    class Asking(StrongAgent):
        name = "asker"

        def __init__(self, seat: int, seed: int | None = None, **kw: Any) -> None:
            super().__init__(seat, seed, **kw)
            self.helper = make_agent("sensible", seat, seed=seed)

        def choose(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
            plain = self.helper.choose(view, legal)  # every time: it reads the log too
            weighed = len(self.trace)
            own = super().choose(view, legal)
            if own.kind in ("accuse", "show") or plain.kind == "accuse":
                return own
            tested = len(self.trace) > weighed and self.trace[-1]["choice"] == "ask"
            if own.kind == "suggest" and tested:
                return own  # a question that tests the envelope before a bet
            return plain

    return Asking


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z_95**2 / (2 * n)) / (1 + Z_95**2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + Z_95**2 / (4 * n * n)) / (1 + Z_95**2 / n)
    return (centre - half, centre + half)


class Timed:
    """Wraps a bot and keeps the CPU time of each of its decisions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def choose(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        start = time.thread_time()
        action = self.agent.choose(view, legal)
        self.times.append(time.thread_time() - start)
        return action


def play_one(args: tuple[int, int, int, tuple[str, ...]]) -> dict[str, Any]:
    index, players, base, lineup = args
    n = len(lineup)
    seats = tuple(lineup[(seat - index) % n] for seat in range(n))
    seed = seed_of(base, index)
    game = new_game("classic", players=players, seed=seed)
    agents: dict[int, Any] = {}
    for seat, spec in enumerate(seats):
        bot = make_bot(spec, seat, seed_of(seed, seat, "bot"))
        agents[seat] = Timed(bot) if spec != "sensible" else bot
        if hasattr(bot, "game"):
            bot.game = game
    play_out(game, agents)
    state: Any = game.state
    times = {s: a.times for s, a in agents.items() if isinstance(a, Timed)}
    traces = {s: getattr(a.agent, "trace", []) for s, a in agents.items() if isinstance(a, Timed)}
    truth = tuple(state.envelope)
    for trace in traces.values():
        for t in trace:
            t["right"] = tuple(t.get("envelope", ())) == truth
            t.pop("envelope", None)
    return {
        "seats": seats,
        "winners": list(state.winners),
        "wrong": list(state.eliminated),
        "turns": state.turn,
        "times": times,
        "traces": traces,
    }


def wins(options: argparse.Namespace) -> None:
    lineup = tuple(options.lineup.split(","))
    if len(lineup) == 1:
        lineup = (lineup[0],) + ("sensible",) * (options.players - 1)
    if len(lineup) != options.players:
        sys.exit(f"give {options.players} bots, got {len(lineup)}")
    first = options.start
    jobs = [(i, options.players, options.seed, lineup) for i in range(first, first + options.games)]
    seated: Counter[str] = Counter()
    won: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    bets: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    weighed: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    started = time.perf_counter()
    records = []
    with ProcessPoolExecutor(options.jobs) as pool:
        for done, result in enumerate(pool.map(play_one, jobs, chunksize=4), 1):
            records.append(result)
            for seat, spec in enumerate(result["seats"]):
                seated[spec] += 1
                won[spec] += seat in result["winners"]
                wrong[spec] += result["wrong"][seat]
                times[spec].extend(result["times"].get(seat, []))
                for t in result["traces"].get(seat, []):
                    weighed[spec].append((t["p"], t["right"]))
                    if t["accuse"]:
                        bets[spec].append((t["p"], t["right"]))
            if options.progress and done % 50 == 0:
                print(f"  {done} games, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if options.save:
        with open(options.save, "w") as out:
            json.dump(records, out)
    print(f"{options.players} players, {options.games} games, line-up {','.join(lineup)}")
    for spec in dict.fromkeys(lineup):
        n, w = seated[spec], won[spec]
        low, high = wilson(w, n)
        line = (
            f"  {spec:<24} wins {w / n:6.1%} ({low:.1%}-{high:.1%}) of {n} seats,"
            f" wrong accusations {wrong[spec] / n:.1%}"
        )
        if times[spec]:
            ts = sorted(times[spec])
            p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
            line += (
                f", decision median {statistics.median(ts) * 1e3:.2f} ms"
                f" p99 {p99 * 1e3:.0f} ms max {ts[-1] * 1e3:.0f} ms"
            )
        print(line)
        if weighed[spec]:
            placed = bets[spec]
            right = sum(r for _, r in placed)
            print(
                f"    accusations on the odds: {len(placed)} in {n} games,"
                f" mean odds {statistics.fmean(p for p, _ in placed) if placed else 0:.2f},"
                f" right {right} ({right / max(len(placed), 1):.1%})"
            )
            rows: dict[int, list[int]] = defaultdict(lambda: [0, 0])
            for p, r in weighed[spec]:
                rows[min(int(p * 10), 9)][0] += 1
                rows[min(int(p * 10), 9)][1] += r
            print(
                "    likeliest envelope right, by its odds when weighed: "
                + ", ".join(f"{10 * k}%+: {h}/{c}" for k, (c, h) in sorted(rows.items()))
            )


def solves(options: argparse.Namespace) -> None:
    """How often an opponent accuses correctly at its next turn, by the cards its
    notebook still has to rule out at the start of another player's turn
    (:data:`cluedo.agents.race.SOLVES_NEXT_TURN`), on sensible bots' games: each
    player's notebook is rebuilt from the public answers, its own hand and the
    cards shown to it, with the true deal."""
    import random

    from cluedo.agents.match import step_bots
    from cluedo.agents.race import SOLVES_NEXT_TURN, reach
    from cluedo.agents.registry import make_agent

    seen: Counter[int] = Counter()
    solved: Counter[int] = Counter()
    by_reach: Counter[tuple[int, float]] = Counter()
    solved_by_reach: Counter[tuple[int, float]] = Counter()
    for index in range(options.games):
        players = options.players
        game = new_game("classic", players=players, seed=seed_of(options.seed, index))
        rules: Any = game.rules
        board = rules.board
        # Where each token stood, and which were summoned, at the start of each turn.
        tables: list[tuple[dict[str, Any], list[bool]]] = []

        def snap(game: Any, before: int, tables: list[Any] = tables) -> None:
            for event in game.events[before:]:
                if event.full()["kind"] == "turn":
                    s: Any = game.state
                    tables.append((dict(s.positions), list(s.summoned)))

        first: Any = game.state
        tables.append((dict(first.positions), list(first.summoned)))
        step_bots(
            game,
            {s: make_agent("sensible", s, seed=seed_of(index, s, "bot")) for s in range(players)},
            on_action=snap,
        )
        state: Any = game.state
        events = [e.full() for e in game.events]
        # The seat of each turn, and whether it accused correctly in that turn.
        turns: list[tuple[int, bool]] = []
        for event in events:
            if event["kind"] == "turn":
                turns.append((int(event["seat"]), False))
            elif event["kind"] == "accusation" and event["correct"] and turns:
                turns[-1] = (turns[-1][0], True)
        public, log, truth = _public_and_truth(rules, state, events, players)
        rng = random.Random(index)
        turn = -1
        for event in events:
            public.observe_event(event)
            log.observe_event(event)
            if event["kind"] != "turn":
                continue
            turn += 1
            base = public.settled()
            for seat in range(players):
                if seat == turns[turn][0] or state.eliminated[seat]:
                    continue
                later = next((t for t in range(turn + 1, len(turns)) if turns[t][0] == seat), None)
                if later is None:
                    continue  # the game ended before its next turn
                distance = public.distance(base, seat, truth, log.questions, rng)
                distance = min(distance, len(SOLVES_NEXT_TURN) - 1)
                seen[distance] += 1
                solved[distance] += turns[later][1]
                if turn < len(tables):
                    positions, summoned = tables[turn]
                    r = reach(board, positions[state.characters[seat]], summoned[seat])
                    key = (min(distance, 4), 0.0 if r == 0 else 1.0 if r == 1 else 0.5)
                    by_reach[key] += 1
                    solved_by_reach[key] += turns[later][1]
    print(f"{options.players} players, {options.games} sensible bots' games")
    for d in sorted(seen):
        print(
            f"  {d:>2} cards to rule out: solves at its next turn {solved[d] / seen[d]:.3f}"
            f" of {seen[d]} (table {SOLVES_NEXT_TURN[d]:.3f})"
        )
    print("  by the chance of asking at the next turn (0, between, 1); distance 4 is 4 or more:")
    for key in sorted(by_reach):
        print(
            f"    {key[0]} cards, reach {key[1]}: solves {solved_by_reach[key] / by_reach[key]:.3f}"
            f" of {by_reach[key]}"
        )


def named(options: argparse.Namespace) -> None:
    """What sensible bots name in their own questions, read against their notebooks:
    each asker's notebook is rebuilt as it stood when it asked (the public answers, its
    hand, the cards shown to it; a hidden choice of card drawn at random), with the
    true deal. For each suspect and weapon named: whether the asker had found that
    category's envelope card, where the card was, and whether it was still among the
    asker's envelope candidates. Then, for every suspect and weapon of a category the
    asker had not solved that was in another player's hand, how often it was still a
    candidate, by the cards the asker had left to rule out (the odds that such a card is
    named at all, against 1 for the envelope's card: what ``strong[KNOWN_NAMED]``
    reads)."""
    import random

    from cluedo.agents.match import step_bots
    from cluedo.agents.registry import make_agent

    kinds: Counter[tuple[str, str, str]] = Counter()
    others: Counter[int] = Counter()
    still: Counter[int] = Counter()
    players = options.players
    for index in range(options.games):
        game = new_game("classic", players=players, seed=seed_of(options.seed, index))
        rules: Any = game.rules
        step_bots(
            game,
            {s: make_agent("sensible", s, seed=seed_of(index, s, "bot")) for s in range(players)},
        )
        state: Any = game.state
        events = [e.full() for e in game.events]
        public, log, truth = _public_and_truth(rules, state, events, players)
        rng = random.Random(index)
        for event in events:
            if event["kind"] == "suggestion":
                asker = int(event["seat"])
                book = public.notebook_of(public.settled(), asker, truth, log.questions, rng)
                assert book is not None
                for k, key in enumerate(("suspect", "weapon")):
                    c = public.index[event[key]]
                    left = book.candidates(k)
                    where = (
                        "own"
                        if truth[c] == asker
                        else "envelope"
                        if truth[c] == players
                        else "other"
                    )
                    kinds[
                        (
                            "solved" if len(left) == 1 else "open",
                            where,
                            "candidate" if c in left else "known",
                        )
                    ] += 1
                    if len(left) > 1:
                        distance = min(book.distance(), 6)
                        for other in public.book.categories[k]:
                            if truth[other] not in (asker, players):
                                others[distance] += 1
                                still[distance] += other in left
            public.observe_event(event)
            log.observe_event(event)
    print(f"{players} players, {options.games} sensible bots' games: suspects and weapons named")
    for (status, where, known), n in sorted(kinds.items()):
        print(f"  category {status:<6} card {where:<8} {known:<9} {n}")
    print("  cards in another hand, category open: still a candidate, by cards left (6: 6+)")
    for d in sorted(others):
        print(f"    {d} cards: {still[d] / others[d]:.3f} of {others[d]}")


def _records(files: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in files.split(","):
        with open(name) as f:
            out.extend(json.load(f))
    return out


def _outcome(record: dict[str, Any]) -> str:
    """How the strong bot's seat ended (the first seat not a sensible bot's): won, lost
    its bet, or beaten to the solution."""
    seat = next(s for s, spec in enumerate(record["seats"]) if spec != "sensible")
    if seat in record["winners"]:
        return "won"
    return "bet" if record["wrong"][seat] else "beaten"


def paired(options: argparse.Namespace) -> None:
    """The variant's wins less the base's on the same games, with a 95% interval."""
    base, variant = _records(options.base), _records(options.variant)
    if len(base) != len(variant):
        sys.exit(f"not the same games: {len(base)} and {len(variant)} records")
    n = len(base)
    diffs = []
    alike = other = 0
    for b, v in zip(base, variant, strict=True):
        diffs.append((_outcome(v) == "won") - (_outcome(b) == "won"))
        alike += b["turns"] == v["turns"] and b["winners"] == v["winners"]
        other += _outcome(b) != _outcome(v)
    mean = statistics.fmean(diffs)
    spread = statistics.pstdev(diffs)
    half = Z_95 * spread / math.sqrt(n)
    for name, records in (("base", base), ("variant", variant)):
        ends = Counter(_outcome(r) for r in records)
        print(
            f"  {name:<8} won {ends['won']} ({ends['won'] / n:.1%}), lost its bet {ends['bet']}"
            f" ({ends['bet'] / n:.1%}), beaten {ends['beaten']} ({ends['beaten'] / n:.1%})"
        )
    print(
        f"  paired difference {100 * mean:+.1f} points (+-{100 * half:.1f}) on {n} games;"
        f" only the variant won {diffs.count(1)}, only the base {diffs.count(-1)};"
        f" another outcome for the bot in {other},"
        f" same length and winner in {alike}"
    )


def _public_and_truth(
    rules: Any, state: Any, events: list[dict[str, Any]], players: int
) -> tuple[Any, Any, list[int]]:
    """For reading a finished classic game again: an empty public notebook and question
    log, and the true holder of each card in category order (``players``: the
    envelope)."""
    from cluedo.agents.opponent_model import QuestionLog
    from cluedo.agents.race import PublicNotebook

    setup = next(e for e in events if e["kind"] == "setup")
    categories = [list(rules.suspects), list(rules.weapon_ids), list(rules.rooms)]
    cards = [c for cat in categories for c in cat]
    public = PublicNotebook(cards, [int(n) for n in setup["hand_sizes"]], categories)
    holder_of = {c: s for s, hand in enumerate(state.hands) for c in hand}
    return public, QuestionLog(-1), [holder_of.get(c, players) for c in cards]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("wins", help="win rates with seats rotated")
    w.add_argument("--players", type=int, default=6)
    w.add_argument("--games", type=int, default=600)
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--start", type=int, default=0, help="index of the first game")
    w.add_argument("--lineup", default="strong")
    w.add_argument("--jobs", type=int, default=2)
    w.add_argument("--progress", action="store_true")
    w.add_argument("--save", help="write every game's record (JSON) to this file")
    v = sub.add_parser("solves", help="how often an opponent solves at its next turn, by distance")
    v.add_argument("--players", type=int, default=6)
    v.add_argument("--games", type=int, default=100)
    v.add_argument("--seed", type=int, default=1)
    n = sub.add_parser("named", help="what sensible bots name, against their notebooks")
    n.add_argument("--players", type=int, default=6)
    n.add_argument("--games", type=int, default=60)
    n.add_argument("--seed", type=int, default=99)
    d = sub.add_parser("paired", help="two saved runs of the same games, game by game")
    d.add_argument("base", help="the --save file(s) of the base run, joined by commas")
    d.add_argument("variant", help="the --save file(s) of the variant, joined by commas")
    options = parser.parse_args(argv)
    if options.command == "wins":
        wins(options)
    elif options.command == "paired":
        paired(options)
    elif options.command == "named":
        named(options)
    elif options.command == "solves":
        solves(options)


if __name__ == "__main__":
    main()
