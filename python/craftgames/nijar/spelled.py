"""A Níjar observation with its cards spelled out, for people and for code that reads names.

`State.observation` names each card by its catalogue id and carries only what changes in
play (which is what keeps it a few microseconds); the catalogue it holds under ``"cards"``
says what each card is. `spelled_out` puts the two together: every id becomes its card's
dict (name, face, type and its type's parts) merged with the state beside it, in the shape
the board reads — the seat's workshop as one list a type (``wheels``, ``esparto``,
``cleanups``, ``glazing_workshops``, ``glaze_kilns``, ``firing_kilns``), the draft area and
the main board's spaces as rows of five. It adds nothing the observation does not hold:
only what the catalogue says of the cards named and what can be counted from the
observation itself (a hand's size, the number of seats).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["PRINTED_ESPARTO", "WORKSHOP_LISTS", "spelled_out"]

PRINTED_ESPARTO = 97
"""The catalogue id of the esparto card printed on every workshop board (8.10)."""

WORKSHOP_LISTS = {
    "Potter's Wheel": "wheels",
    "Esparto": "esparto",
    "Cleanup": "cleanups",
    "Glazing Workshop": "glazing_workshops",
    "Glaze Kiln": "glaze_kilns",
    "Firing Kiln": "firing_kilns",
}
"""The spelled-out seat's list of each type of workshop card (its catalogue ``type``)."""

Obs = Mapping[str, Any]

# What the spelled-out view keeps of a catalogue entry, by where the card is: a card in
# the draft area or a hand as the table reads it; a workshop card with its type's parts.
_DRAFT = ("face", "id", "name", "type")
_HAND = ("face", "id", "name")
_WORKSHOP = {
    "wheels": ("face", "finish_vp", "name", "spaces"),
    "esparto": ("name", "rewards"),
    "cleanups": ("name", "reward"),
    "glazing_workshops": ("face", "name", "paint"),
    "glaze_kilns": ("face", "name"),
    "firing_kilns": ("face", "name"),
}


def _pick(card: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: card[k] for k in keys if k in card}


def _ids(cards: Sequence[Mapping[str, Any]], ids: Any, keys: Sequence[str]) -> Any:
    """The cards of a list of ids (`None` stays `None`)."""
    return None if ids is None else [_pick(cards[c], keys) for c in ids]


def _workshop(cards: Sequence[Mapping[str, Any]], entries: Sequence[Any]) -> dict[str, Any]:
    """A seat's workshop list as one list a type, each card spelled out beside its state."""
    out: dict[str, list[dict[str, Any]]] = {key: [] for key in WORKSHOP_LISTS.values()}
    for entry in entries:
        card = cards[entry["card"]]
        key = WORKSHOP_LISTS[card["type"]]
        spelled = {**_pick(card, _WORKSHOP[key]), **{k: v for k, v in entry.items() if k != "card"}}
        if key == "wheels":
            spelled["length"] = len(card["spaces"])
        elif key == "cleanups":
            spelled["spaces"] = card["crack_spaces"]
        out[key].append(spelled)
    return out


def _seat(cards: Sequence[Mapping[str, Any]], p: Mapping[str, Any]) -> dict[str, Any]:
    q = {k: v for k, v in p.items() if k != "workshop"}
    q.update(_workshop(cards, p.get("workshop", [])))
    q["hand"] = _ids(cards, p.get("hand"), _HAND)
    q["known_hand"] = _ids(cards, p.get("known_hand"), _HAND)
    by_deck = p.get("hand_by_deck", [])
    q["hand_size"] = sum(by_deck) + p.get("hand_endgame", 0)
    pending = p.get("endgame_pending")
    q["endgame_pending"] = _pick(cards[pending], _HAND) if isinstance(pending, int) else pending
    played = p.get("endgame_played_cards")
    q["endgame_played_cards"] = None if played is None else [cards[c]["name"] for c in played]
    q["endgame_played_faces"] = None if played is None else [cards[c]["face"] for c in played]
    return q


def spelled_out(observation: Obs) -> dict[str, Any]:
    """`observation` (a `State.observation` of Níjar) with every card spelled out from the
    catalogue it holds under ``"cards"`` (see the module); an observation without one (already
    spelled out) is returned as it is, as a new dict."""
    catalogue = observation.get("cards")
    if not isinstance(catalogue, Mapping):
        return dict(observation)
    cards = catalogue["cards"]
    out = {k: v for k, v in observation.items() if k != "cards"}
    draft = [None if c is None else _pick(cards[c], _DRAFT) for c in observation["draft"]]
    out["draft"] = [draft[r * 5 : r * 5 + 5] for r in range(3)]
    spaces = observation["spaces"]
    seats, counts = spaces["seats"], spaces["counts"]
    out["spaces"] = [
        [{"count": counts[i], "seat": seats[i]} for i in range(r * 5, r * 5 + 5)] for r in range(3)
    ]
    out["printed_esparto"] = _pick(cards[PRINTED_ESPARTO], ("name", "rewards"))
    out["combos"] = [
        {"resources": c["resources"], "wheel": cards[c["wheel"]]["name"]}
        for c in observation["combos"]
    ]
    players = [_seat(cards, p) for p in observation["players_view"]]
    out["players_view"] = players
    out["players"] = len(players)
    competition = observation.get("competition")
    if isinstance(competition, Mapping):
        shown = catalogue["competition"]
        revealed = [
            _pick(shown[i], ("donkey", "face", "name", "space")) for i in competition["revealed"]
        ]
        out["competition"] = {**competition, "revealed": revealed, "revealed_count": len(revealed)}
    return out
