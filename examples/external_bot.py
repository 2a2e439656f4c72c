#!/usr/bin/env python3
"""A small Cluedo bot in another process, using only the standard library.

It speaks the external-bot protocol of docs/protocol.md: it reads one JSON
message per line on stdin and answers every "choose" with one JSON line on
stdout. Play against it with

    cluedo play --bots "cmd:python examples/external_bot.py"

It can also play the other way round, as a client of `cluedo engine`: it starts
the engine, opens a game and plays every seat itself through the engine protocol:

    python examples/external_bot.py --engine "cluedo engine" --players 4 --seed 7

It plays the classic rules simply: it crosses off its own cards and every card
shown to it, treats the cards of a suggestion nobody could disprove as the
answer (unless it holds them), heads for rooms it has not crossed off, suggests
what it does not know, and accuses only when one suspect, one weapon and one
room are left.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
from typing import Any

CATEGORIES = ("suspect", "weapon", "room")
# The corridor square outside each door of the classic board (row, column), so the bot
# can head for a room; on any other board it wanders.
CLASSIC_DOORS = {
    "kitchen": [(7, 4)],
    "ballroom": [(5, 7), (5, 16), (8, 9), (8, 14)],
    "conservatory": [(5, 18)],
    "billiard_room": [(9, 17), (13, 22)],
    "library": [(13, 20), (16, 16)],
    "study": [(20, 17)],
    "hall": [(17, 11), (17, 12), (20, 15)],
    "lounge": [(18, 6)],
    "dining_room": [(12, 8), (16, 6)],
}
CLASSIC_PASSAGES = {
    "kitchen": "study",
    "study": "kitchen",
    "conservatory": "lounge",
    "lounge": "conservatory",
}


class Bot:
    def __init__(self) -> None:
        self.rng = random.Random()
        self.seat = -1
        # Every card of each category, learnt from the accusations the bot may make.
        self.cards: dict[str, set[str]] = {c: set() for c in CATEGORIES}
        self.shown_to: dict[int, set[str]] = {}  # cards this bot has shown, per suggester
        # Each choose message brings only the events since the previous one; keep them all.
        self.log: list[dict[str, Any]] = []

    def hello(self, message: dict[str, Any]) -> None:
        self.seat = message["seat"]
        self.rng.seed(message.get("seed"))

    def knowledge(self, view: dict[str, Any]) -> tuple[set[str], dict[str, str]]:
        """Cards known to be held by someone, and cards known to be in the envelope."""
        held = set(view["hand"])
        answer: dict[str, str] = {}
        if view.get("envelope"):
            for category, card in zip(CATEGORIES, view["envelope"], strict=True):
                answer[category] = card
        for event in self.log:
            if event["kind"] == "card_shown" and event.get("to") == self.seat and "card" in event:
                held.add(event["card"])
            elif event["kind"] == "not_refuted" and event["seat"] == self.seat:
                # Nobody else holds the cards of that suggestion (it is the latest one
                # this bot made): those it does not hold itself are in the envelope.
                mine = self.last_suggestion(event)
                for category, card in zip(CATEGORIES, mine, strict=True):
                    if card not in view["hand"]:
                        answer[category] = card
        return held, answer

    def last_suggestion(self, upto: dict[str, Any]) -> tuple[str, ...]:
        found: tuple[str, ...] = ()
        for event in self.log:
            if event is upto:
                break
            if event["kind"] == "suggestion" and event["seat"] == self.seat:
                found = (event["suspect"], event["weapon"], event["room"])
        return found

    def candidates(self, view: dict[str, Any]) -> dict[str, list[str]]:
        held, answer = self.knowledge(view)
        out = {}
        for category in CATEGORIES:
            if category in answer:
                out[category] = [answer[category]]
            else:
                out[category] = sorted(self.cards[category] - held)
        return out

    def distance(self, view: dict[str, Any], square: list[int], rooms: list[str]) -> float:
        """Rough distance (ignoring walls) from a square to the nearest door of ``rooms``."""
        if view.get("board") != "classic":
            return self.rng.random()
        doors = [d for room in (rooms or CLASSIC_DOORS) for d in CLASSIC_DOORS.get(room, [])]
        far = 100.0
        best = min((abs(square[0] - r) + abs(square[1] - c) for r, c in doors), default=far)
        return best + self.rng.random() / 2  # break ties at random

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        self.log.extend(view["log"])
        kinds = {a["kind"] for a in legal}
        for action in legal:
            if action["kind"] == "accuse":
                for category in CATEGORIES:
                    self.cards[category].add(action[category])
        if kinds == {"show"}:
            # Show a card this suggester has already seen, if any, to give away least.
            suggester = view["pending"]["suggester"]
            seen = self.shown_to.setdefault(suggester, set())
            choice = next((a for a in legal if a["card"] in seen), legal[0])
            seen.add(choice["card"])
            return choice
        left = self.candidates(view)
        if "accuse" in kinds and all(len(left[c]) == 1 for c in CATEGORIES):
            want = {c: left[c][0] for c in CATEGORIES}
            for action in legal:
                if action["kind"] == "accuse" and all(action[c] == want[c] for c in CATEGORIES):
                    return action
        if "suggest" in kinds:
            suspect = self.rng.choice(left["suspect"] or sorted(self.cards["suspect"]))
            weapon = self.rng.choice(left["weapon"] or sorted(self.cards["weapon"]))
            for action in legal:
                if action["kind"] == "suggest" and (action["suspect"], action["weapon"]) == (
                    suspect,
                    weapon,
                ):
                    return action
        # Rooms still in doubt; once the room is known, any room will do to suggest in.
        targets = left["room"] if len(left["room"]) > 1 else sorted(self.cards["room"])
        here = view["positions"][view["characters"][self.seat]]
        if "passage" in kinds and CLASSIC_PASSAGES.get(here) in targets:
            return next(a for a in legal if a["kind"] == "passage")
        if "move" in kinds:
            moves = [a for a in legal if a["kind"] == "move"]
            rooms = [a for a in moves if isinstance(a["to"], str) and a["to"] != here]
            wanted = [a for a in rooms if a["to"] in targets]
            if wanted or rooms:
                return self.rng.choice(wanted or rooms)
            return min(moves, key=lambda a: self.distance(view, a["to"], targets))
        for kind in ("roll", "end_turn"):
            for action in legal:
                if action["kind"] == kind:
                    return action
        return legal[0]


def play_through_engine(command: str, players: int, seed: int) -> int:
    """Start `cluedo engine`, play one game in every seat, print how it ended."""
    engine = subprocess.Popen(
        shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    requests, replies = engine.stdin, engine.stdout
    assert requests is not None and replies is not None

    def ask(cmd: str, **fields: Any) -> dict[str, Any]:
        requests.write(json.dumps({"cmd": cmd, **fields}) + "\n")
        requests.flush()
        reply: dict[str, Any] = json.loads(replies.readline())
        if not reply["ok"]:
            raise SystemExit(f"engine error on {cmd}: {reply['error']['message']}")
        return reply

    game = ask("new", rules="classic", players=players, seed=seed)["game"]
    bots = [Bot() for _ in range(players)]
    cursors = [0] * players
    for seat, bot in enumerate(bots):
        bot.hello({"seat": seat, "seed": seed})
    status = ask("to_act", game=game)
    while not status["finished"]:
        seat = status["to_act"][0]
        view = ask("view", game=game, seat=seat, log_since=cursors[seat])["view"]
        cursors[seat] = view["log_end"]
        legal = ask("legal", game=game, seat=seat)["actions"]
        status = ask("apply", game=game, action=bots[seat].choose(view, legal))
    envelope = ask("view", game=game, seat=None)["view"]["envelope"]
    print(f"game over: {status['outcome']}, winners {status['winners']}, envelope {envelope}")
    ask("quit")
    return engine.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", help='drive this engine command instead, e.g. "cluedo engine"')
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.engine:
        raise SystemExit(play_through_engine(args.engine, args.players, args.seed))
    bot = Bot()
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message["type"] == "hello":
            bot.hello(message)  # no answer is needed
        elif message["type"] == "choose":
            action = bot.choose(message["view"], message["legal"])
            sys.stdout.write(json.dumps({"action": action}) + "\n")
            sys.stdout.flush()
        elif message["type"] == "quit":
            break


if __name__ == "__main__":
    main()
