"""What a player may take back: BGA's rule, "you cannot undo what others have seen".

A move can be taken back until hidden information has been revealed by it (to the mover or to
any other seat) or another seat has acted since. Whether a move reveals something is decided
generically, from the engine contract alone: for each seat, apply the move to a few redraws of
what that seat cannot see (`State.resample_hidden`); if what the seat knows afterwards
(`State.information_state_string`) depends on the redraw, the move showed it something hidden.
"""

from __future__ import annotations

from craftgames._core import State

__all__ = ["REDRAWS", "reveals"]

REDRAWS = 4
"""Redraws tried per seat. A reveal that shows the same thing in every redraw could be missed
(the chance shrinks with each one); the engine's card decks make that rare at 4."""


def reveals(state: State, action: int, redraws: int = REDRAWS, seed: int = 0) -> bool:
    """Whether applying `action` to `state` (not changed) reveals hidden information to a seat.

    The whole table counts: a move that shows the mover a drawn card, or turns up a project
    from the deck, or shows the others the mover's face-down choice, reveals something.
    """
    full = state.action_to_string(action)
    for seat in range(state.num_players()):
        after = state.clone()
        after.apply_action(action)
        known = after.information_state_string(seat)
        unplayable = False
        for k in range(redraws):
            other = state.resample_hidden(seat, seed * 7919 + seat * 104_729 + k)
            if action not in other.legal_actions():
                unplayable = True
                continue
            other.apply_action(action)
            if other.information_state_string(seat) != known:
                return True
        # In some redraw the move could not have been played: it depends on cards this seat
        # cannot see (the mover's). If the seat is told the move in full ("Reveal First in
        # Line"), it learns those cards; if it is told only a masked sentence ("Choose a work
        # style ..."), it learns nothing from the move itself.
        if unplayable and state.public_action_string(action, seat) == full:
            return True
    return False
