"""The exceptions craftgames raises. All three subclass `ValueError`.

* `IllegalActionError` — an action id that is not legal now; the state is unchanged.
* `InvalidStateError` — a JSON state document that was rejected.
* `CardDataError` — a card file that was rejected; the message names the card and field.

A bad configuration (unknown game, player count out of range) raises plain `ValueError`.
"""

from craftgames._core import CardDataError, IllegalActionError, InvalidStateError

__all__ = ["CardDataError", "IllegalActionError", "InvalidStateError"]
