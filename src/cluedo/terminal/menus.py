"""Menus for the terminal game, built from the engine's legal actions.

Every option a menu offers stands for legal actions, so a person can only pick
what the rules allow, whatever the rule set. :func:`choose_generic` turns any
list of legal actions into menus:

* actions that go somewhere (one parameter ``to`` or ``at`` naming a room or a
  square) become a board menu: rooms by number, squares by the letter drawn on
  the board, other actions by number after the rooms;
* other actions are grouped by kind; a kind with several actions asks for its
  parameters one menu at a time, the parameter with the fewest values first.

How actions, values and titles read is the presenter's business
(:class:`cluedo.terminal.present.Presenter`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from cluedo.content.board import Square
from cluedo.engine import Action
from cluedo.terminal.render import LABELS

if TYPE_CHECKING:
    from cluedo.terminal.present import Presenter


class InputError(ValueError):
    """Typed input that does not fit the prompt; the message says what would."""


@dataclass
class Option:
    """One menu entry: the key that picks it, its words, what it stands for."""

    key: str
    text: str
    value: Any
    aliases: tuple[str, ...] = ()
    style: str = ""


@dataclass
class Menu:
    title: str
    options: list[Option]
    hint: str = ""
    labels: dict[Square, str] = field(default_factory=dict)
    room_marks: dict[str, str] = field(default_factory=dict)
    parse: Callable[[str], Any] | None = None
    """Reads typed input that is not a menu key (e.g. 'suggest gr ro'); raises InputError."""
    columns: int = 1


class Asker(Protocol):
    """Whatever shows a menu to the person at ``seat`` and returns the value picked."""

    def ask(self, seat: int, menu: Menu, view: Mapping[str, Any]) -> Any: ...


BACK = Option("0", "Back", None, ("back", "b"))


def number(options: list[Option], start: int = 1) -> list[Option]:
    """Give options without a key the next menu numbers."""
    n = start
    for opt in options:
        if not opt.key:
            opt.key = str(n)
            n += 1
    return options


def destination(action: Action) -> str | Square | None:
    """Where an action goes, if its only parameter is a place (``to`` or ``at``)."""
    if len(action.params) != 1 or action.params[0][0] not in ("to", "at"):
        return None
    value = action.params[0][1]
    if isinstance(value, str):
        return value
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def parameter_order(actions: Sequence[Action], preferred: Sequence[str] = ()) -> list[str]:
    """The parameters to ask for: ``preferred`` first, then the fewest distinct values first."""
    names: list[str] = []
    for action in actions:
        for key, _ in action.params:
            if key not in names:
                names.append(key)

    def spread(key: str) -> int:
        return len({a.get(key) for a in actions})

    rest = sorted((k for k in names if k not in preferred), key=spread)
    return [k for k in preferred if k in names] + rest


def choose_generic(
    asker: Asker,
    presenter: Presenter,
    seat: int,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    title: str | None = None,
) -> Action | None:
    """One action picked through menus made from ``legal`` (None: the person went back)."""
    if not legal:
        return None
    if len(legal) == 1 and legal[0].kind == "end_turn" and not legal[0].params:
        return legal[0]  # nothing left to do: asking would only cost a keystroke
    title = presenter.title(seat, view, legal) if title is None else title
    moves = [a for a in legal if destination(a) is not None]
    if moves and presenter.table.layout is not None:
        others = [a for a in legal if destination(a) is None]
        return board_menu(asker, presenter, seat, view, moves, others, title)
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action.kind, []).append(action)
    if len(kinds) == 1 and len(legal) > 1:
        # One decision with several answers (a card to show): ask for them at once.
        ((kind, actions),) = kinds.items()
        return choose_parameters(asker, presenter, seat, view, kind, actions, title, back=False)
    options = [
        Option("", presenter.kind_words(kind, actions, view), kind, presenter.action_aliases(kind))
        for kind, actions in kinds.items()
    ]
    choice = asker.ask(seat, Menu(title, number(options)), view)
    actions = kinds[choice]
    if len(actions) == 1:
        return confirmed(asker, presenter, seat, view, actions[0])
    return choose_parameters(asker, presenter, seat, view, choice, actions, title, back=True)


def choose_parameters(
    asker: Asker,
    presenter: Presenter,
    seat: int,
    view: Mapping[str, Any],
    kind: str,
    actions: Sequence[Action],
    title: str,
    back: bool,
) -> Action | None:
    """Narrow ``actions`` (all of one kind) down to one by asking for each parameter."""
    chosen: dict[str, Any] = {}
    left = list(actions)
    for key in parameter_order(actions, presenter.parameter_order(kind)):
        values: list[Any] = []
        for action in left:
            value = action.get(key)
            if value not in values:
                values.append(value)
        if len(values) == 1:
            chosen[key] = values[0]
            continue
        options = [
            Option(str(i), presenter.value_words(key, v), v, presenter.value_aliases(key, v))
            for i, v in enumerate(values, start=1)
        ]
        if back or chosen:
            options.append(BACK)
        question = presenter.parameter_title(kind, key, chosen, view) or title
        value = asker.ask(seat, Menu(question, options, columns=2 if len(options) > 8 else 1), view)
        if value is None and BACK in options:
            return None
        chosen[key] = value
        left = [a for a in left if a.get(key) == value]
    action = left[0]
    return confirmed(asker, presenter, seat, view, action)


def confirmed(
    asker: Asker, presenter: Presenter, seat: int, view: Mapping[str, Any], action: Action
) -> Action | None:
    """The action, after a yes/no question if the presenter asks one for it."""
    question = presenter.confirmation(action, seat, view)
    if question is None:
        return action
    return ask_yes_no(asker, seat, view, question, action)


def ask_yes_no(
    asker: Asker,
    seat: int,
    view: Mapping[str, Any],
    question: str,
    action: Action,
    yes: str = "Yes",
) -> Action | None:
    """``action`` if the person answers yes to ``question``, None for no."""
    menu = Menu(
        question,
        [
            Option("y", yes, action, ("y", "yes")),
            Option("n", "No, go back", None, ("n", "no")),
        ],
    )
    result: Action | None = asker.ask(seat, menu, view)
    return result


def board_menu(
    asker: Asker,
    presenter: Presenter,
    seat: int,
    view: Mapping[str, Any],
    moves: Sequence[Action],
    others: Sequence[Action],
    title: str,
) -> Action | None:
    """Rooms by number, squares by their letter on the board, other actions after the rooms."""
    layout = presenter.table.layout
    assert layout is not None
    rooms = [a for a in moves if isinstance(destination(a), str)]
    squares = [a for a in moves if not isinstance(destination(a), str)]
    order = list(layout.board.rooms)
    rooms.sort(key=lambda a: order.index(str(destination(a))) if destination(a) in order else 99)
    squares.sort(key=lambda a: layout.nearest_room_distance(_square_of(a)))
    labels = {_square_of(a): LABELS[i] for i, a in enumerate(squares[: len(LABELS)])}
    options = [
        Option(
            str(i),
            presenter.action_text(a, view),
            a,
            presenter.value_aliases("to", destination(a)),
        )
        for i, a in enumerate(rooms, start=1)
    ]
    room_marks = {str(destination(a)): str(i) for i, a in enumerate(rooms, start=1)}
    start = len(options) + 1
    extra = number(
        [
            Option("", presenter.action_text(a, view), a, presenter.action_aliases(a.kind))
            for a in others
        ],
        start,
    )
    options += extra
    options += [Option(labels[_square_of(a)], "", a) for a in squares[: len(LABELS)]]
    by_square = {_square_of(a): a for a in squares}
    hint = ""
    if labels:
        hint = f"Squares (letters on the board, 'a' nearest a room): {' '.join(labels.values())}"
        if len(squares) > len(LABELS):
            hint += "; or type row,col for any other square"

    def parse(text: str) -> Action:
        parts = text.replace(" ", "").split(",")
        if len(parts) == 2 and all(p.isdigit() for p in parts):
            square = (int(parts[0]), int(parts[1]))
            if square in by_square:
                return by_square[square]
            # Let the engine say why it cannot go there (its message names the rule).
            kind = squares[0].kind if squares else moves[0].kind
            key = squares[0].params[0][0] if squares else "to"
            return Action.make(seat, kind, **{key: square})
        raise InputError(
            f"'{text}' is not a destination: type a room number"
            + (" or a square's letter" if labels else "")
        )

    menu = Menu(title, options, hint=hint, labels=labels, room_marks=room_marks, parse=parse)
    choice: Action = asker.ask(seat, menu, view)
    return choice


def _square_of(action: Action) -> Square:
    where = destination(action)
    assert isinstance(where, tuple)
    return where
