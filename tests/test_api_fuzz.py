"""Property tests of the Python boundary: arbitrary ints and documents never crash the core.

Every int given to `apply_action` either applies (exactly when it is legal) or raises
`IllegalActionError` with the state unchanged; every text given to `State.from_json` gives a
state or raises `InvalidStateError`; seats outside the table raise `ValueError`.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import play_random
from craftgames import IllegalActionError, InvalidStateError, State, sunrise

settings.register_profile(
    "craftgames", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("craftgames")

positions = st.builds(
    lambda players, seed, steps: play_random(sunrise.new_game(players, seed), steps, seed),
    st.integers(2, 4),
    st.integers(0, 2**32),
    st.integers(0, 300),
)


@given(state=positions, action=st.integers(-(2**70), 2**70) | st.integers(0, 4000))
def test_apply_any_int_applies_iff_legal(state: State, action: int) -> None:
    before = state.to_json()
    legal = action in state.legal_actions()
    try:
        state.apply_action(action)
    except IllegalActionError:
        assert not legal
        assert state.to_json() == before
    else:
        assert legal
        assert state.history()[-1] == action


@given(state=positions)
def test_every_legal_action_applies_on_a_clone(state: State) -> None:
    before = state.to_json()
    for action in state.legal_actions():
        copy = state.clone()
        copy.apply_action(action)
        assert copy.history() == [*state.history(), action]
    assert state.to_json() == before


@given(state=positions)
def test_json_round_trips_anywhere(state: State) -> None:
    doc = state.to_json()
    assert State.from_json(doc).to_json() == doc


@given(text=st.text(max_size=200) | st.from_regex(r'\{"game": ?"sunrise".*', fullmatch=True))
def test_from_json_of_any_text_is_a_state_or_invalid_state(text: str) -> None:
    try:
        state = State.from_json(text)
    except InvalidStateError:
        return
    assert isinstance(state, State)


@given(state=positions, data=st.data())
def test_mangled_documents_are_rejected_or_valid(state: State, data: st.DataObject) -> None:
    doc = json.loads(state.to_json())
    table = doc["table"]
    key = data.draw(st.sampled_from(sorted(table)))
    table[key] = data.draw(
        st.none() | st.integers(-(2**70), 2**70) | st.text(max_size=5) | st.lists(st.integers())
    )
    try:
        again = State.from_json(json.dumps(doc))
    except InvalidStateError:
        return
    # Accepted: it must then behave like any state.
    assert isinstance(again.legal_actions(), list)
    assert isinstance(again.observation(0), dict)


@given(state=positions, seat=st.integers(-(2**70), 2**70))
def test_any_seat_is_valid_or_a_value_error(state: State, seat: int) -> None:
    valid = 0 <= seat < state.num_players()
    try:
        obs = state.observation(seat)
    except ValueError:
        assert not valid
    else:
        assert valid and obs["viewer"] == seat


@given(state=positions, action=st.integers(-(2**40), 2**40) | st.integers(0, 4000))
def test_action_to_string_of_any_int_is_text_or_illegal(state: State, action: int) -> None:
    in_range = 0 <= action < state.num_distinct_actions()
    try:
        text = state.action_to_string(action)
    except IllegalActionError:
        assert not in_range
    else:
        assert in_range and isinstance(text, str) and text
