"""Killer Kloo Doo in words: a deck of playing cards, contests and offers, then survival.

Playing cards read as "Queen of Hearts (13)" (the number is what the card is
worth when cards are compared). Part 1 words the digging, persuading, tricking,
grabbing and drugging around the classic suggestions; Part 2 the survival
points, assaults, attacks, servants, objectives and the escape by helicopter.
A contest or an offer is put to the seat that must answer it, and its words say
what that seat may lay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cluedo.engine.actions import Action
from cluedo.presentation.names import Names, capital, humanise, plural
from cluedo.presentation.words import Event, Item, OptionText, View, Words

CONTESTS: Mapping[str, tuple[str, str, str]] = {
    # contest -> (verb, the rest of the clause, what the one asked may lay)
    "persuade": ("want", "to persuade {person} to come to {room}", "a higher heart to stay"),
    "grab": ("try", "to grab {what} from {whom}", "a higher club to keep it"),
    "assault": (
        "assault",
        "{person}",
        "clubs to soften the blow (the difference in totals is the damage)",
    ),
    "lure": (
        "send",
        "a servant to lure {person} to {room}",
        "a spade above the diamond to see the servant through",
    ),
    "spy": (
        "send",
        "a servant to spy on {whose} cards",
        "a spade above the diamond to see the servant through",
    ),
    "steal": (
        "send",
        "a servant to steal {whose} weapon",
        "a spade above both diamonds to see the servant through",
    ),
}
"""How a contest is put, and how the one asked may stop it."""

ASKED_FOR = {"weapon": "a weapon", "clue": "a clue card", "card": "a card"}
"""What a bribe asks for or a grab takes, in words (the ``ask`` and ``take`` parameters)."""

CONTEST_NOUNS = {"persuade": "persuasion", "grab": "grab", "assault": "assault"}
"""A contest as a noun: 'wins the persuasion against you'."""

SERVANT_JOBS = {
    "lure": "to lure {whom}",
    "spy": "to spy on {whom}",
    "steal": "to steal from {whom}",
}
PART_ONE_ENDS = {
    "accused-right": "a right accusation",
    "accused-wrong": "a wrong accusation",
    "stalled": "the last of its turns",
}


class KillerKlooDooWords(Words):
    """Killer Kloo Doo's words."""

    action_labels: ClassVar[Mapping[str, str]] = {
        **Words.action_labels,
        "accuse": "Accuse (this ends Part 1: 60 points if right, minus 20 if wrong)",
        "stay": "Stay in this room",
        "emerge": "Come out of the tunnels",
        "passage": "Take the secret passage (two turns, through the tunnels)",
        "dig": "Dig with a spade",
        "persuade": "Persuade someone here with a heart",
        "trick": "Trick someone into coming with a court card",
        "fetch": "Send a servant to fetch a weapon",
        "bribe": "Offer a bribe (a diamond)",
        "grab": "Grab with a club",
        "drug": "Drug a player with an ace",
        "pick_up": "Pick up a weapon",
        "heal": "Heal with a heart",
        "poison": "Poison a player with an ace",
        "attack": "Attack with your weapon",
        "assault": "Assault with clubs",
        "lure": "Send a servant to lure someone to a room",
        "spy": "Send a servant to spy on a player",
        "steal": "Send a servant to steal a weapon",
        "clean_room": "Play a court card for the cleaning materials",
        "search": "Search the room (two dice, 7 or more)",
        "defend": "Lay a card",
        "concede": "Lay nothing",
        "accept": "Accept the bribe",
        "refuse": "Refuse the bribe",
    }
    parameter_labels: ClassVar[Mapping[str, str]] = {
        **Words.parameter_labels,
        "person": "whom",
        "target": "which player",
        "card": "which card",
        "cards": "which cards",
        "diamond": "which diamond",
        "diamonds": "which diamonds",
        "take": "take what",
        "ask": "ask for what",
    }
    options: ClassVar[Mapping[str, OptionText]] = {
        **Words.options,
        "edition": OptionText(
            "Edition",
            "Which edition's card names to use; the rule text uses the British names.",
            {"us": "American names", "uk": "British names"},
        ),
        "parts": OptionText(
            "Parts",
            "Play both parts, only Part 1 (the investigation), or only Part 2 (the escape, "
            "every Part 1 score zero).",
            {"both": "Both parts", "investigation": "Only Part 1", "survival": "Only Part 2"},
        ),
        "dice": OptionText("Dice", "How many dice are rolled to move."),
        "movement": OptionText(
            "Movement",
            "Whether a token moves exactly the number rolled, as in the classic game, or any "
            "number of squares up to it.",
            {"exact": "Exactly the roll", "up_to": "Up to the roll"},
        ),
        "turn_limit": OptionText(
            "Turn limit",
            "Turns per part before it is cut short: Part 1 then ends without an accusation, "
            "and in Part 2 the police arrive and nobody escapes.",
        ),
    }
    places: ClassVar[Mapping[str, str]] = {**Words.places, "middle": "the middle"}
    outcomes: ClassVar[Mapping[str, str]] = {
        "accused-right": "has the best score",
        "accused-wrong": "has the best score",
        "stalled": "has the best score",
        "escaped": "escapes by helicopter and wins",
        "last-standing": "is the last one standing",
        "police": "the police arrive and nobody escapes",
    }

    # -- shared pieces ------------------------------------------------------------------

    def played(self, e: Event, n: Names) -> str:
        return n.playing_card(e["card_played"]) if e.get("card_played") else "a card"

    # -- Part 1 -------------------------------------------------------------------------

    def event_setup(self, e: Event, n: Names) -> str:
        first = e["first"]
        return (
            "Part 1 begins: the weapons lie in the middle with "
            f"{plural(e['middle'], 'clue card')} face down. "
            f"{n.says(first, 'roll', 'highest')} and {n.verb(first, 'go')} first."
        )

    def event_turn(self, e: Event, n: Names) -> str:
        part = f"Part {e['part']}, turn" if "part" in e else "Turn"
        return f"{part} {e['turn']}: {n.possessive(e['seat'])} turn."

    def event_card_drawn(self, e: Event, n: Names) -> str:
        what = f"the {n.playing_card(e['card'])}" if "card" in e else "a playing card"
        return n.says(e["seat"], "draw", what) + "."

    def event_deck_empty(self, e: Event, n: Names) -> str:
        return f"The pack is empty: {n.object(e['seat'])} {n.verb(e['seat'], 'draw')} nothing."

    def event_dug_clue(self, e: Event, n: Names) -> str:
        got = n.a_card(e["card"]) if "card" in e else "a clue card"
        return n.says(e["seat"], "dig", f"up {got} with the {self.played(e, n)}") + "."

    def event_dug_weapon(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "dig", f"up {n.the(e['weapon'])} with the {self.played(e, n)}") + "."
        )

    def event_tunnels(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "go", f"into the tunnels, towards {n.room(e['to'])}") + "."

    def event_emerged(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "come", f"out of the tunnels into {n.room(e['to'])}") + "."

    def event_tricked(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "trick", f"{n.person(e['person'])} into coming")
            + f" with the {self.played(e, n)}."
        )

    def event_persuasion(self, e: Event, n: Names) -> str:
        against = f"the {n.playing_card(e['against'])}" if e.get("against") else "nothing"
        person = n.person(e["person"])
        how = f"the {self.played(e, n)} against {against}"
        if e["won"]:
            return n.says(e["seat"], "persuade", f"{person} to come") + f": {how}."
        return n.says(e["seat"], "fail", f"to persuade {person}") + f": {how}."

    def event_fetched(self, e: Event, n: Names) -> str:
        where = f" to {n.room(e['to'])}" if isinstance(e.get("to"), str) else ""
        return (
            f"{n.possessive(e['seat'], start=True)} servant fetches {n.the(e['weapon'])}{where}"
            f" (for the {self.played(e, n)})."
        )

    def event_card_laid(self, e: Event, n: Names) -> str:
        what = f"the {n.playing_card(e['card'])}" if "card" in e else "a card"
        return n.says(e["seat"], "lay", f"{what} face down") + "."

    def contest_clause(self, e: Mapping[str, Any], n: Names) -> tuple[str, str]:
        """A contest put by its attacker ('Mrs White tries to grab a clue card from you'),
        and what the one asked may lay to stop it."""
        attacker, asked = e["attacker"], e["seat"]
        if e["type"] == "bribe":
            wanted = (
                n.the(e["weapon"])
                if e.get("weapon")
                else ("a clue card" if e.get("ask") == "clue" else "a card")
            )
            offer = n.says(attacker, "offer", f"{n.object(asked)} the {n.playing_card(e['card'])}")
            return f"{offer} for {wanted}", ""
        verb, rest, answer = CONTESTS.get(str(e["type"]), ("challenge", "{whom}", "a card"))
        take = e.get("take")
        what = (
            n.the(e["weapon"])
            if e.get("weapon")
            else ("a clue card" if take == "clue" else "a weapon")
        )
        clause = rest.format(
            person=n.person(str(e["person"])) if e.get("person") else n.object(asked),
            room=n.room(e["room"]) if isinstance(e.get("room"), str) else "their room",
            whom=n.object(asked),
            whose=n.possessive(asked),
            what=what,
        )
        return n.says(attacker, verb, clause), answer

    def event_contest(self, e: Event, n: Names) -> str:
        clause, _ = self.contest_clause(e, n)
        asked = e["seat"]
        return f"{clause}. {n.says(asked, 'must', 'answer', third='must')}."

    def event_contest_result(self, e: Event, n: Names) -> str:
        seat, target = e["seat"], e["target"]
        cards = n.playing_cards(e.get("cards") or [], article=True)
        verb = "win" if e["won"] else "lose"
        kind, whom = str(e["type"]), n.object(target)
        return (
            n.says(seat, verb, f"the {CONTEST_NOUNS.get(kind, humanise(kind))} against {whom}")
            + f", laying {cards}."
        )

    def event_bribe_accepted(self, e: Event, n: Names) -> str:
        what = n.the(e["weapon"]) if e.get("weapon") else "a card"
        return (
            n.says(e["target"], "accept", f"the {self.played(e, n)}")
            + f" from {n.object(e['seat'])} and {n.verb(e['target'], 'give')} {what} for it."
        )

    def event_bribe_refused(self, e: Event, n: Names) -> str:
        return (
            n.says(e["target"], "refuse", f"the {self.played(e, n)}")
            + f" that {n.object(e['seat'])} {n.verb(e['seat'], 'offer')}."
        )

    def event_clue_passed(self, e: Event, n: Names) -> str:
        what = n.a_card(e["card"]) if "card" in e else "a clue card"
        return n.says(e["seat"], "pass", f"{what} to {n.object(e['to'])}") + "."

    def event_card_given(self, e: Event, n: Names) -> str:
        what = f"the {n.playing_card(e['card'])}" if "card" in e else "a card"
        return n.says(e["seat"], "give", f"{n.object(e['to'])} {what}") + "."

    def event_grabbed(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "grab", f"{n.the(e['weapon'])} from {n.object(e['target'])}") + "."

    def event_drugged(self, e: Event, n: Names) -> str:
        target = e["target"]
        return (
            n.says(e["seat"], "drug", f"{n.object(target)} with the {self.played(e, n)}")
            + f": {n.object(target)} will miss a turn."
        )

    def event_missed_turn(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "miss", "a turn") + "."

    def event_picked_up(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "pick", f"up {n.the(e['weapon'])}") + "."

    def event_weapon_left(self, e: Event, n: Names) -> str:
        return f"{capital(n.the(e['weapon']))} is left in {n.room(e['room'])}."

    def event_accusation(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        points = "60 points" if e["correct"] else "minus 20 points"
        verdict = "right" if e["correct"] else "wrong"
        return (
            f"{n.says(seat, 'accuse', self.crime(e, n))}, and {n.verb(seat, 'be')} {verdict}: "
            f"{points}."
        )

    def event_part_one_over(self, e: Event, n: Names) -> str:
        how = PART_ONE_ENDS.get(str(e["how"]), humanise(str(e["how"])))
        scores = Names.listing(
            [f"{n.seat(s)} {points}" for s, points in enumerate(e.get("scores") or [])]
        )
        envelope = n.cards_named(e.get("envelope") or [], article=True)
        return f"Part 1 ends with {how}. The envelope held {envelope}. Scores: {scores}."

    # -- Part 2 -------------------------------------------------------------------------

    def event_part_two(self, e: Event, n: Names) -> str:
        survival = e.get("survival") or {}
        played = [c for c in n.characters if c in survival]
        points = Names.listing([f"{n.card(c)} {survival[c]}" for c in played])
        return (
            "Part 2 begins: everyone is in the Study and every weapon in the Lounge. "
            f"Survival points: {points}."
        )

    def event_objectives(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "objectives" not in e:
            return n.says(seat, "draw", "three secret objectives") + "."
        objectives = n.cards_named(e["objectives"], article=True)
        return f"{n.possessive(seat, start=True)} objectives: {objectives}."

    def event_first_player(self, e: Event, n: Names) -> str:
        first = e["seat"]
        return f"{n.says(first, 'roll', 'highest')} and {n.verb(first, 'go')} first."

    def event_healed(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        points = plural(e["survival"], "survival point")
        return (
            n.says(seat, "heal", f"with the {self.played(e, n)}")
            + f": {n.object(seat)} now {n.verb(seat, 'have')} {points}."
        )

    def strike(self, roll: int, score: int) -> str:
        """An attack's score as the rules count it: the roll times the weapon's power."""
        power = score // roll if roll else 0
        return f"a roll of {roll} times {power} is {score}"

    def event_attack(self, e: Event, n: Names) -> str:
        text = (
            n.says(e["seat"], "attack", f"{n.person(e['person'])} with {n.the(e['weapon'])}")
            + f": {self.strike(e['roll'], e['score'])}"
        )
        if "counter_score" in e:
            text += (
                f"; {n.the(e['counter_weapon'])} strikes back: "
                f"{self.strike(e['counter_roll'], e['counter_score'])}"
            )
        return text + "."

    def event_assault(self, e: Event, n: Names) -> str:
        mine = n.playing_cards(e.get("cards") or [], article=True)
        theirs = n.playing_cards(e.get("against") or [], article=True)
        return (
            n.says(e["seat"], "assault", n.person(e["person"]))
            + f": {mine} against {theirs}, {plural(e['damage'], 'point')} of damage."
        )

    def event_wounded(self, e: Event, n: Names) -> str:
        person = e["person"]
        return (
            n.person_says(person, "lose", plural(e["damage"], "survival point"))
            # At zero or below the person is dead (the next event says so): no count
            # below zero for people to read.
            + (f", leaving {e['survival']}." if e["survival"] > 0 else ", leaving none.")
        )

    def event_killed(self, e: Event, n: Names) -> str:
        person, by = e["person"], e.get("by")
        dead = n.person_says(person, "be", "dead")
        if isinstance(by, int):
            return f"{dead}, killed by {n.object(by)}."
        return f"{dead}."

    def event_poisoned(self, e: Event, n: Names) -> str:
        target = e["target"]
        return (
            n.says(e["seat"], "poison", f"{n.object(target)} with the {self.played(e, n)}")
            + f": {n.object(target)} will miss a turn."
        )

    def event_servant(self, e: Event, n: Names) -> str:
        seat, target = e["seat"], e.get("target")
        job = SERVANT_JOBS.get(str(e["type"]), "on an errand").format(
            whom=n.person(str(e["person"]))
            if e.get("person")
            else (n.object(target) if isinstance(target, int) else "someone")
        )
        paid = n.playing_cards(e.get("cards") or [], article=True)
        sent = f"{n.possessive(seat, start=True)} servant, sent {job} for {paid},"
        if e["won"]:
            return f"{sent} does the job."
        seen = f"the {n.playing_card(e['spade'])}" if e.get("spade") else "a spade"
        who = f"by {n.object(target)} " if isinstance(target, int) else ""
        return f"{sent} is seen through {who}with {seen}."

    def event_spied(self, e: Event, n: Names) -> str:
        cards = n.playing_cards(e.get("cards") or [], article=True)
        return f"{n.possessive(e['target'], start=True)} cards are face up for all: {cards}."

    def event_stolen(self, e: Event, n: Names) -> str:
        return (
            f"{capital(n.the(e['weapon']))} is stolen from {n.object(e['target'])} and left in "
            f"{n.room(e['room'])}."
        )

    def event_materials(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "get", f"the cleaning materials in {n.room(e['room'])}")
            + f" for the {self.played(e, n)}."
        )

    def event_materials_lost(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "leave", n.room(e["room"]))
            + ": the servant takes the cleaning materials away."
        )

    def event_searched(self, e: Event, n: Names) -> str:
        dice = Names.listing([str(d) for d in e.get("dice") or []])
        result = "the room is clear!" if e["done"] else "not yet clear."
        return n.says(e["seat"], "search", n.room(e["room"])) + f": {dice}, {result}"

    def event_objective_achieved(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "complete", f"an objective, {n.the(e['card'])}")
            + f" ({e['done']} of 3)."
        )

    def event_weapon_cleaned(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "clean", f"{n.the(e['weapon'])} in the Kitchen") + "."

    def event_weapon_thrown(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "throw", f"{n.the(e['weapon'])} out of the front door") + "."

    def event_on_staircase(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if n.is_viewer(seat):
            return "You are on the staircase with every objective done: one more turn to escape!"
        return n.says(seat, "be", "on the staircase with every objective done") + ": stop them!"

    def event_escaped(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        return (
            n.says(seat, "climb", "to the roof and") + f" {n.verb(seat, 'escape')} by helicopter."
        )

    def event_game_over(self, e: Event, n: Names) -> str:
        text = super().event_game_over(e, n)
        scores = e.get("scores")
        if isinstance(scores, list) and scores:
            listed = Names.listing([f"{n.seat(s)} {p}" for s, p in enumerate(scores)])
            text += f" Scores: {listed}."
        return text

    # -- values, actions and prompts ----------------------------------------------------

    def value(self, key: str, value: Any, n: Names) -> str:
        from cluedo.mechanics.playing_cards import is_card

        if is_card(value):
            return n.playing_card(str(value))
        if key in ("ask", "take") and value in ASKED_FOR:
            return ASKED_FOR[value]
        if key == "person" and isinstance(value, str):
            return n.person(value)
        return super().value(key, value, n)

    def question(
        self, view: View, legal: Sequence[Action], n: Names, choices: Sequence[Any] = ()
    ) -> str:
        pending = view.get("pending") or {}
        if isinstance(pending, Mapping) and pending.get("kind") == "contest":
            if pending.get("type") == "bribe":
                return "Do you accept?"
            _, answer = self.contest_clause(pending, n)
            return f"Lay {answer}, or nothing?" if answer else "Your answer?"
        return super().question(view, legal, n, choices)

    def situation(self, view: View, legal: Sequence[Action], n: Names) -> str:
        pending = view.get("pending") or {}
        if isinstance(pending, Mapping) and pending.get("kind") == "contest":
            clause, _ = self.contest_clause(pending, n)
            return clause + "."
        seat = n.viewer
        tunnels = view.get("in_tunnels") or []
        turn = isinstance(pending, Mapping) and pending.get("kind") == "turn"
        if turn and seat is not None and seat < len(n.characters) and n.characters[seat] in tunnels:
            return "You are in the tunnels."
        return super().situation(view, legal, n)

    def action_defend(self, action: Action, view: View, n: Names) -> str:
        cards = action.get("cards")
        if cards is not None:
            return f"Lay {n.playing_cards(cards)}"
        return f"Lay the {n.playing_card(action['card'])}"

    def action_accept(self, action: Action, view: View, n: Names) -> str:
        card = action.get("card")
        if card is None:
            return "Accept the bribe"
        return f"Accept, giving {self.value('card', card, n)}"

    def action_persuade(self, action: Action, view: View, n: Names) -> str:
        return f"Persuade {n.card(action['person'])} with the {n.playing_card(action['card'])}"

    def action_trick(self, action: Action, view: View, n: Names) -> str:
        return f"Trick {n.card(action['person'])} with the {n.playing_card(action['card'])}"

    def action_fetch(self, action: Action, view: View, n: Names) -> str:
        return (
            f"Send a servant for {n.the(action['weapon'])} with the "
            f"{n.playing_card(action['card'])}"
        )

    def action_dig(self, action: Action, view: View, n: Names) -> str:
        return f"Dig with the {n.playing_card(action['card'])}"

    def action_heal(self, action: Action, view: View, n: Names) -> str:
        return f"Heal with the {n.playing_card(action['card'])}"

    def action_clean_room(self, action: Action, view: View, n: Names) -> str:
        return f"Get the cleaning materials with the {n.playing_card(action['card'])}"

    def action_drug(self, action: Action, view: View, n: Names) -> str:
        return f"Drug {n.seat(action['target'])} with the {n.playing_card(action['card'])}"

    def action_poison(self, action: Action, view: View, n: Names) -> str:
        return f"Poison {n.seat(action['target'])} with the {n.playing_card(action['card'])}"

    def action_attack(self, action: Action, view: View, n: Names) -> str:
        return f"Attack {n.card(action['person'])} with your weapon"

    def action_assault(self, action: Action, view: View, n: Names) -> str:
        return f"Assault {n.card(action['person'])} with {n.playing_cards(action['cards'])}"

    def action_pick_up(self, action: Action, view: View, n: Names) -> str:
        return f"Pick up {n.the(action['weapon'])}"

    def action_grab(self, action: Action, view: View, n: Names) -> str:
        what = n.the(action["weapon"]) if action.get("weapon") else "a clue card"
        return (
            f"Grab {what} from {n.seat(action['target'])} with the {n.playing_card(action['card'])}"
        )

    def action_bribe(self, action: Action, view: View, n: Names) -> str:
        what = (
            n.the(action["weapon"])
            if action.get("weapon")
            else ("a clue card" if action.get("ask") == "clue" else "a card")
        )
        return f"Offer {n.seat(action['target'])} the {n.playing_card(action['card'])} for {what}"

    def action_lure(self, action: Action, view: View, n: Names) -> str:
        return (
            f"Lure {n.card(action['person'])} to {n.room(action['room'])} with the "
            f"{n.playing_card(action['card'])} and the {n.playing_card(action['diamond'])}"
        )

    def action_spy(self, action: Action, view: View, n: Names) -> str:
        return (
            f"Spy on {n.seat(action['target'])} with the {n.playing_card(action['card'])} "
            f"and the {n.playing_card(action['diamond'])}"
        )

    def action_steal(self, action: Action, view: View, n: Names) -> str:
        return (
            f"Steal {n.seat(action['target'])}'s weapon into {n.room(action['room'])} with the "
            f"{n.playing_card(action['card'])} and {n.playing_cards(action['diamonds'], True)}"
        )

    # -- items ----------------------------------------------------------------------------

    def items(self, view: View, seat: int | None, n: Names) -> list[Item]:
        if seat is None:
            return self.table_items(view, n)
        out: list[Item] = []
        part = view.get("part", 1)
        character = n.characters[seat] if seat < len(n.characters) else None
        if character in (view.get("dead") or []):
            return [Item("Dead", "yes")]
        mine = seat == view.get("seat")
        if mine:
            cards = view.get("playing_cards") or []
            out.append(Item("Playing cards", n.playing_cards(cards)))
            if part == 1:
                out.append(Item("Clue cards", n.cards_named(view.get("hand") or [])))
            elif view.get("objectives"):
                done = set(_at(view.get("achieved"), seat) or [])
                out.append(
                    Item(
                        "Objectives",
                        Names.listing(
                            [
                                n.card(c) + (" (done)" if c in done else "")
                                for c in view["objectives"]
                            ]
                        ),
                    )
                )
        else:
            count = _at(view.get("card_counts"), seat)
            if isinstance(count, int):
                out.append(Item("Playing cards", str(count)))
            clues = _at(view.get("hand_sizes"), seat)
            if part == 1 and isinstance(clues, int):
                out.append(Item("Clue cards", str(clues)))
        survival = (view.get("survival") or {}).get(character)
        if part == 2 and isinstance(survival, int):
            out.append(Item("Survival points", str(survival)))
        achieved = _at(view.get("achieved"), seat)
        if achieved and not mine:
            out.append(Item("Objectives done", n.cards_named(achieved)))
        carried = _at(view.get("carried"), seat)
        if carried:
            out.append(Item("Carries", n.cards_named(carried)))
        if character in (view.get("in_tunnels") or []):
            out.append(Item("In the tunnels", "yes"))
        exposed = _at(view.get("exposed"), seat)
        if exposed:
            out.append(Item("Cards face up", n.playing_cards(exposed)))
        if _at(view.get("skip"), seat):
            out.append(Item("Misses a turn", "yes"))
        if _at(view.get("materials"), seat):
            out.append(Item("Cleaning materials", "yes"))
        return out

    def table_items(self, view: View, n: Names) -> list[Item]:
        out = super().table_items(view, n)
        part = view.get("part", 1)
        out.append(Item("Part", "1, the investigation" if part == 1 else "2, the escape"))
        if part == 1:
            out.append(Item("Clue cards in the middle", str(view.get("middle_clues", 0))))
            weapons = view.get("middle_weapons") or []
            out.append(Item("Weapons in the middle", n.cards_named(weapons)))
        out.append(Item("Playing cards in the pack", str(view.get("deck", 0))))
        scores = view.get("scores")
        if isinstance(scores, list) and part == 2:
            out.append(
                Item(
                    "Part 1 scores",
                    Names.listing([f"{n.seat(s)} {p}" for s, p in enumerate(scores)]),
                )
            )
        escaping = view.get("escaping")
        if isinstance(escaping, int):
            out.append(Item("On the staircase", n.seat(escaping)))
        return out


def _at(values: Any, seat: int) -> Any:
    """The seat's entry of a per-seat list in a view, or None."""
    if isinstance(values, list) and 0 <= seat < len(values):
        return values[seat]
    return None


WORDS = KillerKlooDooWords()
