"""Killer Kloo Doo in the terminal (see :mod:`cluedo.rules.killer_kloo_doo`).

Words for the deck of playing cards (``Q♥``), both parts' events, the contests
and offers a person answers (a bribe to accept or refuse, a heart, club or spade
to lay, clubs against an assault), and a side panel with what the text wants on
the table: survival points, carried weapons, objectives done, who is in the
tunnels, cards a spy turned face up. The notebook follows Part 1's clue cards,
with a column for the middle they are dug from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from cluedo.engine import Action
from cluedo.mechanics.playing_cards import is_card, label
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter

CONTEST_WORDS: Mapping[str, tuple[str, str, str]] = {
    # contest kind: (verb, the rest of the sentence, how the one asked answers)
    "persuade": (
        "want",
        "to persuade {person} to come to the {room}",
        "lay a heart; the higher wins",
    ),
    "grab": ("try", "to grab a weapon from {whom}", "lay a club; the higher wins"),
    "assault": ("assault", "{whom}", "lay any clubs; the difference in totals is the damage"),
    "lure": (
        "send",
        "a servant to lure {person} to the {room}",
        "a spade above the diamond stops it",
    ),
    "spy": ("send", "a servant to spy on {whose} cards", "a spade above the diamond stops it"),
    "steal": ("send", "a servant to steal {whose} weapon", "a spade above both diamonds stops it"),
}
"""How a contest is put, for whoever reads it: 'Mrs. White tries to grab a weapon from you'."""


@register_presenter("killer-kloo-doo")
class KillerKlooDooPresenter(Presenter):
    help = (
        "Killer Kloo Doo\n"
        "  Part 1: bring the person and the weapon into your room (hearts persuade, court\n"
        "  cards trick or fetch), suggest, accuse (+60 right, -20 wrong). Spades dig,\n"
        "  diamonds bribe, clubs grab, aces drug.\n"
        "  Part 2: finish your three objectives, then end a turn on the staircase.\n"
        "  Hearts heal, clubs assault, aces poison, court cards + diamonds hire servants.\n"
    )
    words: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {
        **Presenter.words,
        "accuse": ("Accuse (ends Part 1: +60 if right, -20 if wrong)", ("accuse", "a")),
        "stay": ("Stay in this room", ("stay",)),
        "emerge": ("Come out of the tunnels", ("emerge",)),
        "passage": ("Take the secret passage (two turns, through the tunnels)", ("passage", "p")),
        "dig": ("Dig with a spade", ("dig",)),
        "persuade": ("Persuade someone here with a heart", ("persuade",)),
        "trick": ("Trick someone here with a court card", ("trick",)),
        "fetch": ("Send a servant to fetch a weapon", ("fetch",)),
        "bribe": ("Offer a bribe (a diamond)", ("bribe",)),
        "grab": ("Grab with a club", ("grab",)),
        "drug": ("Drug a player with an ace", ("drug",)),
        "pick_up": ("Pick up a weapon", ("pick", "pick up")),
        "heal": ("Heal with a heart", ("heal",)),
        "poison": ("Poison a player with an ace", ("poison",)),
        "attack": ("Attack with your weapon", ("attack", "k")),
        "assault": ("Assault with clubs", ("assault",)),
        "lure": ("Servant: lure someone to a room", ("lure",)),
        "spy": ("Servant: spy on a player", ("spy",)),
        "steal": ("Servant: steal a weapon", ("steal",)),
        "clean_room": ("Play a court card for the cleaning materials", ("clean",)),
        "search": ("Search the room (two dice, 7 or more)", ("search",)),
        "show": ("Show", ("show",)),
        "defend": ("Lay a card", ("defend", "d")),
        "concede": ("Lay nothing", ("concede", "n")),
        "accept": ("Accept the bribe", ("accept", "y")),
        "refuse": ("Refuse the bribe", ("refuse", "n")),
    }
    place_words: ClassVar[Mapping[str, tuple[str, str]]] = {
        **Presenter.place_words,
        "middle": ("mid", "the middle"),
    }
    parameters: ClassVar[Mapping[str, Sequence[str]]] = {
        "persuade": ("person", "card"),
        "trick": ("person", "card"),
        "fetch": ("weapon", "card"),
        "bribe": ("target", "ask", "weapon", "card"),
        "grab": ("target", "take", "weapon", "card"),
        "lure": ("person", "room", "card", "diamond"),
        "steal": ("target", "room", "card", "diamonds"),
        "spy": ("target", "card", "diamond"),
        "assault": ("person", "cards"),
    }

    # -- words ----------------------------------------------------------------------

    def value_words(self, key: str, value: Any) -> str:
        if is_card(value):
            return label(value)
        return super().value_words(key, value)

    def _cards(self, cards: Sequence[str]) -> str:
        return " ".join(label(c) for c in cards) or "none"

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        names = self.names(viewer)
        kind = event["kind"]
        seat = event.get("seat")
        who = names.subject(seat) if isinstance(seat, int) else ""
        target = event.get("target")
        whom = names.object(target) if isinstance(target, int) else ""
        v = self.value_words
        played = label(event["card_played"]) if "card_played" in event else ""
        text: str | None
        if kind == "setup":
            text = (
                f"Part 1 begins: the weapons lie in the middle with {event['middle']} clue "
                "cards face down."
            )
        elif kind == "card_drawn":
            text = f"{who} drew " + (f"{label(event['card'])}." if "card" in event else "a card.")
        elif kind == "dug_clue":
            got = names.the(event["card"]) if "card" in event else "a clue card"
            text = f"{who} dug up {got} with {played}."
        elif kind == "dug_weapon":
            text = f"{who} dug up {names.the(event['weapon'])} with {played}."
        elif kind == "tunnels":
            text = f"{who} went into the tunnels, towards the {v('to', event['to'])}."
        elif kind == "emerged":
            text = f"{who} came out of the tunnels into the {v('to', event['to'])}."
        elif kind == "stayed":
            text = f"{who} stayed in the {v('room', event['room'])}."
        elif kind == "tricked":
            text = f"{who} tricked {self._person(event['person'], names)} into coming ({played})."
        elif kind == "persuasion":
            against = label(event["against"]) if event.get("against") else "nothing"
            person = self._person(event["person"], names)
            if event["won"]:
                text = f"{who} persuaded {person} to come: {played} against {against}."
            else:
                text = f"{who} failed to persuade {person}: {played} against {against}."
        elif kind == "fetched":
            whose = names.possessive(seat, start=True)
            text = f"{whose} servant fetched {names.the(event['weapon'])} ({played})."
        elif kind == "card_laid":
            text = f"{who} laid " + (
                f"{label(event['card'])} face down." if "card" in event else "a card face down."
            )
        elif kind == "contest":
            text = self._contest_line(event, viewer, hint=False)
        elif kind == "contest_result":
            outcome = "won" if event["won"] else "lost"
            cards = self._cards(event["cards"])
            text = f"{who} {outcome} the {event['type']} against {whom}: {cards}."  # past tense
        elif kind in ("bribe_accepted", "bribe_refused"):
            answer = "accepted" if kind == "bribe_accepted" else "refused"
            what = names.the(event["weapon"]) if event.get("weapon") else f"a {event['ask']} card"
            text = f"{whom[:1].upper()}{whom[1:]} {answer} {played} from {who} for {what}."
        elif kind in ("clue_passed", "card_given"):
            to = "you" if event["to"] == viewer else names.seat(event["to"])
            what = (
                (names.the(event["card"]) if kind == "clue_passed" else label(event["card"]))
                if "card" in event
                else "a card"
            )
            text = f"{who} passed {what} to {to}."
        elif kind == "grabbed":
            text = f"{who} grabbed {names.the(event['weapon'])} from {whom}."
        elif kind in ("drugged", "poisoned"):
            misses = "you miss your" if target == viewer else "they miss their"
            text = f"{who} {kind} {whom} with {played}: {misses} next turn."
        elif kind == "missed_turn":
            text = f"{who} {names.verb(seat, 'miss')} a turn."
        elif kind == "picked_up":
            text = f"{who} picked up {names.the(event['weapon'])}."
        elif kind == "weapon_left":
            weapon = names.the(event["weapon"])
            text = f"{weapon[:1].upper()}{weapon[1:]} is left in the {v('room', event['room'])}."
        elif kind == "part_one_over":
            scores = ", ".join(f"{names.seat(s)} {p}" for s, p in enumerate(event["scores"]))
            env = ", ".join(names.card(c) for c in event["envelope"])
            how = event["how"].replace("-", " ")
            text = f"Part 1 is over ({how}). The envelope: {env}. Scores: {scores}."
        elif kind == "part_two":
            text = (
                "Part 2 begins: everyone in the Study, every weapon in the Lounge. Survival: "
                + ", ".join(f"{names.card(c)} {p}" for c, p in event["survival"].items())
            )
        elif kind == "objectives":
            text = "Your objectives: " + ", ".join(
                names.the(c) for c in event.get("objectives", [])
            )
        elif kind == "first_player":
            text = f"{names.seat_long(event['seat'])} rolled highest and starts."
        elif kind == "healed":
            text = f"{who} healed with {played}: {event['survival']} survival points."
        elif kind == "attack":
            text = (
                f"{who} attacked {self._person(event['person'], names)} with "
                f"{names.the(event['weapon'])}: {self._strike(event['roll'], event['score'])}"
            )
            if "counter_score" in event:
                counter = names.the(event["counter_weapon"])
                strike = self._strike(event["counter_roll"], event["counter_score"])
                text += f"; {counter} struck back: {strike}"
            text += "."
        elif kind == "assault":
            text = (
                f"{who} assaulted {self._person(event['person'], names)}: "
                f"{self._cards(event['cards'])} against {self._cards(event['against'])}."
            )
        elif kind == "wounded":
            person = self._person(event["person"], names)
            lose = "lose" if person == "you" else "loses"
            text = (
                f"{person[:1].upper()}{person[1:]} {lose} {event['damage']}: "
                f"{event['survival']} survival points left."
            )
        elif kind == "killed":
            person = self._person(event["person"], names)
            text = "You are DEAD." if person == "you" else f"{person} is DEAD."
        elif kind == "servant":
            who_to = f" against {whom}" if whom else ""
            result = (
                "did the job" if event["won"] else f"was seen through with {label(event['spade'])}"
            )
            whose = names.possessive(seat, start=True)
            text = f"{whose} servant ({event['type']}){who_to} {result}."
        elif kind == "spied":
            whose = names.possessive(target, start=True)
            text = f"{whose} cards are face up: {self._cards(event['cards'])}."
        elif kind == "stolen":
            weapon = names.the(event["weapon"])
            text = (
                f"{weapon[:1].upper()}{weapon[1:]} was stolen from {whom} and left in the "
                f"{v('room', event['room'])}."
            )
        elif kind == "materials":
            text = f"{who} got the cleaning materials in the {v('room', event['room'])} ({played})."
        elif kind == "materials_lost":
            text = (
                f"{who} left the {v('room', event['room'])}: the servant took the materials away."
            )
        elif kind == "searched":
            result = "the room is clear!" if event["done"] else "not yet."
            rolled = " + ".join(map(str, event["dice"]))
            text = f"{who} searched the {v('room', event['room'])}: {rolled}, {result}"
        elif kind == "objective_achieved":
            text = (
                f"{who} completed an objective: {names.the(event['card'])} ({event['done']} of 3)."
            )
        elif kind == "weapon_cleaned":
            text = f"{who} cleaned {names.the(event['weapon'])} in the Kitchen."
        elif kind == "weapon_thrown":
            text = f"{who} threw {names.the(event['weapon'])} out of the front door."
        elif kind == "on_staircase":
            text = (
                "You are on the staircase with every objective done: one more turn to escape!"
                if seat == viewer
                else f"{who} is on the staircase with every objective done: stop them now!"
            )
        elif kind == "escaped":
            text = f"{who} climbed to the roof and escaped by helicopter."
        elif kind == "accusation":
            verdict = "right! +60" if event["correct"] else "wrong: -20"
            text = (
                f"{who} {names.verb(seat, 'accuse').upper()} {names.the(event['suspect'])} with "
                f"{names.the(event['weapon'])} in the {names.card(event['room'])}: {verdict}."
            )
        elif kind == "deck_empty":
            text = "The pack is empty: no card to draw."
        elif kind == "game_over" and event["outcome"] == "police":
            text = "The police arrive: nobody escapes."
        else:
            return names.describe(event, self.sentence)
        return text

    def _person(self, person: str, names: Any) -> str:
        """A character in a sentence: 'you' when it is the viewer's own."""
        characters = self.table.characters
        viewer = names.viewer
        if viewer is not None and viewer < len(characters) and characters[viewer] == person:
            return "you"
        return str(self.value_words("person", person))

    @staticmethod
    def _strike(roll: int, score: int) -> str:
        """An attack's score as the rules count it: the roll times the weapon's power."""
        power = score // roll if roll else 0
        return f"rolled {roll} × {power} = {score}"

    def _contest_line(self, event: Mapping[str, Any], viewer: int | None, hint: bool = True) -> str:
        names = self.names(viewer)
        attacker, asked = event["attacker"], event["seat"]
        who = names.subject(attacker)
        whom = names.object(asked)
        if event["type"] == "bribe":
            what = (
                names.the(event["weapon"])
                if event.get("weapon")
                else f"a {event['ask']} card of their choice"
            )
            offer = names.verb(attacker, "offer")
            return f"{who} {offer} {label(event['card'])} to {whom} for {what}."
        verb, rest, answer = CONTEST_WORDS.get(event["type"], (event["type"], "", ""))
        text: str = f"{who} {names.verb(attacker, verb)} " + rest.format(
            person=self._person(event.get("person", ""), names) if event.get("person") else "",
            room=self.value_words("room", event.get("room", "")),
            whom=whom,
            whose=names.possessive(asked),
        )
        if asked == viewer:
            return text + (f" ({answer})" if hint and answer else "")
        return f"{text.rstrip()} - {whom} must answer."

    # -- the side panel -------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        names = self.names(seat)
        out: list[Text] = []
        part = view.get("part", 1)
        head = Text(f"Part {part}", style="bold")
        if part == 1:
            head.append(
                f" · {view.get('middle_clues', 0)} clue cards and "
                f"{len(view.get('middle_weapons', []))} weapons in the middle"
            )
        head.append(f" · pack {view.get('deck', 0)}")
        out.append(head)
        if seat is not None:
            if part == 1:
                out.append(
                    Text.assemble(
                        ("Your clue cards: ", "bold"),
                        ", ".join(names.card(c) for c in view.get("hand", [])) or "(none)",
                    )
                )
            out.append(
                Text.assemble(
                    ("Your playing cards: ", "bold"), self._cards(view.get("playing_cards", []))
                )
            )
            if part == 2:
                done = view.get("achieved", [[]])[seat]
                objs = ", ".join(
                    names.card(c) + (" (done)" if c in done else "")
                    for c in view.get("objectives", [])
                )
                out.append(Text.assemble(("Your objectives: ", "bold"), objs))
        for s, character in enumerate(self.table.characters):
            line = Text(f"{names.seat(s)}: ")
            facts = [f"{view.get('card_counts', [0] * 9)[s]} cards"]
            if part == 1:
                facts.append(f"{view.get('hand_sizes', [0] * 9)[s]} clues")
            else:
                facts.append(f"{view.get('survival', {}).get(character, '?')} survival")
                if character in view.get("dead", []):
                    facts = ["dead"]
                achieved = view.get("achieved", [[]] * 9)[s]
                if achieved:
                    facts.append("done: " + ", ".join(names.card(c) for c in achieved))
            carried = view.get("carried", [[]] * 9)[s]
            if carried:
                facts.append("carries " + ", ".join(names.card(w) for w in carried))
            if character in view.get("in_tunnels", []):
                facts.append("in the tunnels")
            exposed = view.get("exposed", [[]] * 9)[s]
            if exposed:
                facts.append("shown " + self._cards(exposed))
            if view.get("skip", [0] * 9)[s]:
                facts.append("misses a turn")
            line.append("; ".join(facts))
            out.append(line)
        if view.get("escaping") is not None:
            out.append(
                Text(f"{names.seat(view['escaping'])} is on the staircase!", style="bold red")
            )
        return out

    # -- menus ----------------------------------------------------------------------

    def title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        pending = view.get("pending") or {}
        if pending.get("kind") == "contest" and seat in pending.get("seats", []):
            return self._contest_line({**pending, "seat": seat}, seat) + " Your answer?"
        return super().title(seat, view, legal)

    def confirmation(self, action: Action, seat: int, view: Mapping[str, Any]) -> str | None:
        if action.kind == "accuse":
            return "An accusation ends Part 1 for everybody (+60 if right, -20 if wrong). Sure?"
        return None
