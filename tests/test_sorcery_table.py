"""The Sorcery table a person can play at (issue 16 §6): a buy paid with a set chosen in any
order and never paid for the player, every card's face where it is seen, the legend, no
internal text, completed projects public in ``s``."""

from __future__ import annotations

import builtins
import io
import os
import random
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from craftgames import new_game
from craftgames._core import State, greedy_action
from craftgames.sorcery.board import (
    _PILES_UNNEEDED,
    LEGEND,
    _hand_left,
    _material,
    render,
    rule_section,
)
from craftgames.table.presentation import presentation
from craftgames.table.scores import print_scores
from craftgames.table.session import TableGame


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def text_of(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def choose(table: TableGame, prefix: str) -> str | None:
    """The number to type for the option whose sentence starts with `prefix`."""
    seat = table.state.current_player()
    for i, (text, _) in enumerate(table._options(seat), 1):
        if text.startswith(prefix):
            return str(i)
    return None


def play(state: State, *prefixes: str) -> None:
    """Applies, in order, the first legal action whose sentence starts with each prefix."""
    for prefix in prefixes:
        action = next(
            a for a in state.legal_actions() if state.action_to_string(a).startswith(prefix)
        )
        state.apply_action(action)


def hand_names(state: State, seat: int) -> list[str]:
    return sorted(m["name"] for m in state.observation(seat)["players"][seat]["hand"])


def two_candles_chosen() -> State:
    """Seed 3, 2 players: setup, then seat 0 digs and takes pile 2 (its Wedding Band $3 and
    Jointed Leg $2), seat 1 takes pile 1, nobody commits; seat 0 has chosen two Candles to
    buy ($4)."""
    state = new_game("sorcery", 2, seed=3)
    play(state, "Keep", "Keep", "Keep", "Keep", "Dig", "Pass", "Take grave pile 2")
    play(state, "Dig", "Take grave pile 1", "Finish", "Finish")
    play(state, "Buy from", "Buy a Candle", "Buy a Candle")
    return state


def human_table(state: State) -> tuple[TableGame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    table = TableGame(console, game="sorcery", players=2, seed=3, seats=["human", "random"])
    table.state = state
    return table, out


def test_a_buy_is_paid_with_a_set_ticked_in_any_order_and_never_paid_for_the_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = two_candles_chosen()
    assert hand_names(state, 0) == ["Jointed Leg", "Research Grant", "Wedding Band"]
    # Seat 0 buys two Candles: $4, which the Grant alone could pay (so the engine would take
    # it first, were it played first: then the Leg, a lower id, could no longer be added).
    assert state.observation(0)["turn"]["price"] == 4
    table, out = human_table(state)
    hand = [m["name"] for m in state.observation(0)["players"][0]["hand"]]  # as listed
    # Confirm with nothing ticked (refused), tick the Grant (the highest id), then the Leg
    # (a lower one), then confirm: the last number.
    script = ["4", str(hand.index("Research Grant") + 1), str(hand.index("Jointed Leg") + 1), "4"]

    def decide(prompt: object = "") -> str:
        del prompt
        stage = table.state.observation(0)["turn"]["stage"]
        if stage == "BuySelect":
            return choose(table, "Pay for the purchase") or "?"
        return script.pop(0) if stage == "BuyPay" and script else "q"

    monkeypatch.setattr(builtins, "input", decide)
    code = table.run()
    shown = out.getvalue()
    assert code == 1
    # The first confirm with nothing ticked is refused, saying what is short.
    assert "Not possible: discard the chosen ($0 chosen; $4 short of $4)." in shown
    assert "[x] Discard Research Grant" in shown and "[x] Discard Jointed Leg" in shown
    assert "Done: discard the chosen to pay $4 ($7: $3 lost)" in shown
    # Played in the engine's order: the Leg, then the Grant, then the end of the payment.
    log = "\n".join(table.log.lines)
    assert log.index("Discard Jointed Leg") < log.index("Discard Research Grant")
    assert "Finish paying ($7 paid for $4, $3 lost)" in log
    hand = [m["name"] for m in table.state.observation(0)["players"][0]["hand"]]
    assert sorted(hand) == ["Candle", "Candle", "Wedding Band"]


def test_a_lone_payment_is_asked_not_played_as_the_only_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game("sorcery", 2, seed=3)
    # Seat 0 buys Lantern Hex ($1), a Vial ($3) and Bubbling Brew ($1) with only its Research
    # Grant ($5): paying is all that is left, and the Grant the only card to pay with.
    play(state, "Keep", "Keep", "Keep", "Keep", "Buy from", "Buy Lantern Hex", "Buy a Vial")
    play(state, "Buy Bubbling Brew")
    table, out = human_table(state)
    stages: list[str] = []

    def decide(prompt: object = "") -> str:
        del prompt
        stage = str(table.state.observation(0)["turn"]["stage"])
        stages.append(stage)
        if stage == "BuySelect":
            assert [text for text, _ in table._options(0)] == ["Pay for the purchase ($5 in all)"]
            return "1"
        if stage == "BuyPay":
            return "1" if stages.count("BuyPay") == 1 else "2"
        return "q"

    monkeypatch.setattr(builtins, "input", decide)
    assert table.run() == 1
    # Both the purchase and the payment were asked, though each had one way to go.
    assert stages[:3] == ["BuySelect", "BuyPay", "BuyPay"]
    forced = [line for line in table.log.lines if "(the only option" in line]
    assert not [line for line in forced if "Pay" in line or "paying" in line], forced
    assert "Discard Research Grant $5 no icon towards the price" in "\n".join(table.log.lines)
    assert "Done: discard the chosen to pay $5 ($5: $0 lost)" in out.getvalue()


def faces_state() -> State:
    """Seed 3, 2 players: seat 0 has passed pile 1 (seen: Cracked Skull, Rib Cage) and taken
    pile 2; it is seat 1's first action."""
    state = new_game("sorcery", 2, seed=3)
    play(state, "Keep", "Keep", "Keep", "Keep", "Dig", "Pass", "Take grave pile 2")
    return state


def test_the_setup_choice_shows_the_icons_each_project_needs() -> None:
    state = new_game("sorcery", 2, seed=3)
    play(state, "Keep thesis")  # seat 0 kept its thesis: it chooses its project
    shown = text_of(render(state.observation(0), private=True))
    assert "Your two 100-level projects to choose from:" in shown
    lines = [line.strip("│ ") for line in shown.splitlines()]
    at = lines.index("Crawling Claw [reanimation 100] $2 → 3cr")
    assert lines[at + 1 : at + 3] == [
        "needs ✋ 🦵",
        "action: fill one open Hand/Limb icon of a project without a material",
    ]
    at = lines.index("Twitching Finger [reanimation 100] $1 → 2cr")
    assert lines[at + 1] == "needs ✋ ✋"


def test_every_card_is_drawn_with_its_face_where_the_seat_sees_it() -> None:
    state = faces_state()
    seat0 = text_of(render(state.observation(0), private=True))
    # The grave pile seat 0 passed: each seen card's value and icons.
    assert (
        "grave pile 1: 3 cards, you saw:\n    Cracked Skull $1 💀\n    Rib Cage $1 🦴R\n" in seat0
    )
    # Its hand: every card's face (value, icons, its +1 token icon).
    assert "Wedding Band $3 💍 · +1 if 💍" in seat0
    assert "Jointed Leg $2 🦵 · +1 if 🦵" in seat0
    assert "Research Grant $5 no icon" in seat0
    # Its project in progress: each icon open.
    assert "• Twitching Finger 2cr needs ✋· ✋·" in seat0
    # Seat 1 never saw pile 1 nor seat 0's hand.
    seat1 = text_of(render(state.observation(1), private=True))
    assert "Cracked Skull" not in seat1 and "Wedding Band" not in seat1
    assert "hand: 3 cards, known: Research Grant" in seat1


def test_an_either_or_material_is_shown_as_such() -> None:
    obs = faces_state().observation(0)
    two = {"id": 1, "name": "Mismatched Bone", "kind": "grave", "value": 1,
           "icons": ["limb", "skull"], "credit": [], "demerit": ["skull"]}  # fmt: skip
    obs["players"][0]["hand"].append(two)
    shown = text_of(render(obs, private=True))
    assert "Mismatched Bone $1 🦵 or 💀 · -1 if 💀" in shown


def test_no_internal_text_on_the_board() -> None:
    state = faces_state()
    for seat in (0, 1):
        for compact in (False, True):
            shown = text_of(render(state.observation(seat), private=True, compact=compact))
            assert "None" not in shown
            assert "project decks [" not in shown
            assert not re.search(r"\b(PickThesis|BuyClear|BuySelect|BuyPay|on_complete)\b", shown)
    full = text_of(render(state.observation(1), private=True))
    assert "project decks: 100-level 14, 200-level 15, 300-level 12" in full.replace("\n", "")
    assert "To decide: choose your action: cram, dig, buy or a project action" in full


def test_the_legend_names_every_icon_and_token_and_question_mark_shows_it() -> None:
    for symbol in ("✋", "🦴R", "🦵", "💀", "💍", "🕯", "🧪", "🍄", "+1", "-1", "lunar",
                   "when completed", "✓", "·", "up to two cards", "Alchemy",
                   # The `s` table's category by its name; the buy's mark in the market.
                   "Physical Education (end): 1cr per $8 unused", "A✓: to buy"):  # fmt: skip
        assert symbol in LEGEND, symbol
    assert presentation("sorcery").legend == LEGEND
    # Every icon reads as itself: no two share a symbol, and none begins another's (the
    # Limb was once 🦴 beside the Rib Cage's 🦴R).
    grave = LEGEND.splitlines()[0]
    symbols = re.findall(r"(\S+) (?:Mushroom|Skull|Ring|Hand|Rib Cage|Limb)\b", grave)
    assert symbols == ["🍄", "💀", "💍", "✋", "🦴R", "🦵"], grave
    assert not [(a, b) for a in symbols for b in symbols if a != b and b.startswith(a)]
    # Each line fits an 80-column terminal (an emoji takes two columns).
    assert max(cell_len(line) for line in LEGEND.splitlines()) < 80


def test_completed_projects_are_public_in_the_score_table() -> None:
    from craftgames.table.scores import running_scores

    state = faces_state()
    table = running_scores(state, ["you", "human"], 1, presentation("sorcery").public_score)
    shown = text_of(table)
    rows = {line.split()[0]: line.split() for line in shown.splitlines() if line.strip()}
    assert rows["Completed"][-2:] == ["0", "0"]  # seat 0's completed projects: public, 0
    assert rows["Thesis"][-2:] == ["?", "0"]  # seat 0's thesis: hidden from seat 1
    assert "None" not in shown


ACTION_STEP = (
    "Seat 0, your move: choose your action",
    "Seat 0, your move: buy:",
    "Seat 0, your move: dig",
    "Seat 0, your move: cram",
)
PAYMENT = "Seat 0, your move: pay $"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo terminal")
@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 3, []),
        (3, 5, []),
        (4, 2, []),
        (1, 4, ["--solo", "robot", "--difficulty", "hard"]),
        (1, 6, ["--solo", "no-robot"]),
    ],
)
def test_the_market_is_in_view_at_every_action_step_decision_on_80x24(
    tmp_path: Path, players: int, seed: int, options: list[str]
) -> None:
    # The compact board and the options of each decision fit 24 rows: the board's first line
    # ("Month N/4 · week ...") is still on screen when the prompt shows, in 2-, 3-, 4-player
    # and solo games (it scrolled off with a busy seat, long option lines and the setup's
    # offered cards); and at every Action-step decision the market is on screen.
    from test_cli_terminal import PROMPT, Terminal, screen

    argv = ["play", "sorcery", "--players", str(players), "--seed", str(seed), *options]
    term = Terminal([*argv, "--seat", "human", *["--seat", "random"] * (players - 1)], tmp_path)
    checked: list[str] = []
    try:
        printed = term.read_until(PROMPT)
        shown = screen(printed)
        while len(checked) < 12:
            text = "\n".join(shown)
            if "Market (" in printed:  # a decision's board and options (not a group opened)
                assert any(re.match(r"Month \d/4 · week ", line) for line in shown), text
            decision = next((line for line in shown if line.startswith(ACTION_STEP)), None)
            # A payment's list of the hand leaves the market to `b` (what is bought is chosen).
            checked += [line for line in shown if line.startswith(PAYMENT)][:1]
            if decision is not None:
                checked.append(decision)
                # The market header and its three lines (two spaces each) are on screen; a
                # space a buy has chosen is marked "A✓" in place of "A.".
                assert "Market ($cost→credits, icons needed) · stock: Candle $2 🕯" in text, text
                for top, bottom in ("AB", "CD", "EF"):
                    assert any(
                        re.match(rf" {top}[.✓] ", line) and re.search(rf"│ {bottom}[.✓] ", line)
                        for line in shown
                    ), text
            ticks = [line for line in shown if re.match(r"\s+\d+\. \[[ x]\] ", line)]
            if ticks:  # the payment: tick every card, then confirm
                for n in range(1, len(ticks) + 1):
                    term.send(str(n))
                    term.read_until(PROMPT)
                term.send(str(len(ticks) + 1))
            else:
                term.send("1")
            printed = term.read_until(PROMPT)
            shown = screen(printed)
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()
    # The decisions checked include a buy's choice and its payment, not only the first menu
    # (solo, the first option of a buy clears the market again and again).
    if players == 1:
        return
    assert any(d.startswith("Seat 0, your move: buy: choose") for d in checked), checked
    assert any(d.startswith(PAYMENT) for d in checked), checked


def test_option_texts_word_cards_as_the_board_does_without_engine_ids() -> None:
    from craftgames.sorcery.board import name_sides

    state = faces_state()
    hand = state.observation(0)["players"][0]["hand"]
    band = next(m for m in hand if m["name"] == "Wedding Band")
    commit = 68 + int(band["id"])  # COMMIT + the material's id
    assert state.action_to_string(commit) == (
        f"Commit Wedding Band (#{band['id']}, $3, Ring, +1 if Ring)"
    )
    # The card's conditional token as its face on the board shows it.
    assert name_sides(state.action_to_string(commit), 0, []) == (
        "Commit Wedding Band $3 💍 · +1 if 💍"
    )
    # A put in one line of an 80-column screen: the material by name and value, the project
    # in progress by name, the icon as drawn and the token that use earns.
    engine = "Put Severed Hand (#20, $1, Hand) under Twitching Finger (#7, reanimation 100, $1, 2 credits) as its Hand"  # noqa: E501
    assert name_sides(engine, 0, []) == "Put Severed Hand $1 under Twitching Finger as its ✋"
    odd = "Put Odd Bone (#5, $2, Skull/Rib Cage, +1 if Rib Cage, -1 if Skull) under Minor Rift (#9, sorcery 100, $1, 2 credits) as its"  # noqa: E501
    assert name_sides(f"{odd} Rib Cage", 0, []).endswith("Minor Rift as its 🦴R (+1 credit)")
    assert name_sides(f"{odd} Skull", 0, []).endswith("Minor Rift as its 💀 (-1 demerit)")
    # A market project in a clear: its name and department, the market shows the rest.
    engine = "Clear market space 2 (Twitching Finger (#7, reanimation 100, $1, 2 credits)) and another, for $1"  # noqa: E501
    assert name_sides(engine, 0, []) == (
        "Clear space B (Twitching Finger [reanimation 100]) and another for $1"
    )
    assert name_sides("Commit Mismatched Bone (#1, $1, Limb/Skull)", 0, []) == (
        "Commit Mismatched Bone $1 🦵 or 💀"
    )
    both = "Discard Odd Bone (#5, $2, Skull/Rib Cage, +1 if Rib Cage, -1 if Skull) towards it"
    assert name_sides(both, 0, []) == (
        "Discard Odd Bone $2 💀 or 🦴R · +1 if 🦴R · -1 if 💀 towards it"
    )
    for a in state.legal_actions():
        assert not re.search(r"#\d", name_sides(state.action_to_string(a), 1, [])), a


def test_two_copies_of_a_card_are_one_option_the_lowest_action() -> None:
    class TwoCandles:
        """Two Candles to commit: the engine takes a batch in ascending id order."""

        def legal_actions(self) -> list[int]:
            return [130, 131]

        def action_to_string(self, action: int) -> str:
            return f"Commit Candle (#{action - 68}, $2, Candle)"

        def observation(self, seat: int) -> dict[str, object]:
            del seat
            return {}

    table, _ = human_table(new_game("sorcery", 2, seed=3))
    table.state = TwoCandles()  # type: ignore[assignment]
    assert table._options(0) == [("Commit Candle $2 🕯", 130)]


def test_the_compact_pile_line_and_the_decision_wrap_at_80_columns() -> None:
    def after(shown: str, start: str) -> str:
        """The board's text from the line starting with `start` to the market, in one line."""
        lines = shown.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(start))
        end = next(
            (i for i, line in enumerate(lines) if i > at and line.startswith(("Market", "Your"))),
            len(lines),
        )
        return " ".join(" ".join(lines[at:end]).split())

    state = faces_state()
    play(state, "Dig", "Pass", "Pass", "Pass")  # seat 1 at the end of its dig
    shown = text_of(render(state.observation(1), private=True, compact=True), width=80)
    decision = after(shown, "To decide")
    assert decision == "To decide: dig, all piles passed: the top grave card, a Candle or a Vial"
    seat0 = text_of(render(faces_state().observation(0), private=True, compact=True), width=80)
    piles = after(seat0, "grave pile 1")
    assert "…" not in piles
    assert piles.startswith("grave pile 1: 3 cards — you saw: Cracked Skull $1 💀; Rib Cage $1 🦴R")
    assert "grave pile 3:" in piles


def test_a_lone_finish_committing_says_why_it_was_played(monkeypatch: pytest.MonkeyPatch) -> None:
    state = faces_state()  # seat 0: no Hand card for Twitching Finger's two Hands
    table, _ = human_table(state)
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    table.run()
    log = "\n".join(table.log.lines)
    assert (
        "Finish committing (0 committed)  (the only option: no card in your hand has an icon "
        "still open on your projects)" in log
    ), log


def test_a_game_resumed_in_the_middle_of_a_payment_uses_the_tick_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game("sorcery", 2, seed=3)
    play(state, "Keep", "Keep", "Keep", "Keep", "Dig", "Pass", "Take grave pile 2")
    play(state, "Dig", "Take grave pile 1", "Finish", "Finish")
    play(state, "Buy from", "Buy a Candle", "Buy a Candle", "Pay for", "Discard Jointed Leg")
    assert state.observation(0)["turn"]["paid"] == 2
    table, out = human_table(state)
    pick = presentation("sorcery").set_choice(
        state.observation(0), table._options(0), state.action_to_string
    )
    assert pick is not None
    labels = [state.action_to_string(a) for a in pick.items]
    grant = next(i for i, t in enumerate(labels, 1) if t.startswith("Discard Research Grant"))
    script = [str(grant), str(len(pick.items) + 1)]
    monkeypatch.setattr(builtins, "input", lambda prompt="": script.pop(0) if script else "q")
    table.run()
    shown = out.getvalue()
    assert "pay $4 for 2 Candles ($2 already discarded): choose the rest, any order" in shown
    assert "Done: discard the chosen to pay $4 ($2 already discarded, $7: $3 lost)" in shown
    assert "Finish paying ($7 paid for $4, $3 lost)" in "\n".join(table.log.lines)


def test_the_compact_board_wraps_your_hand_instead_of_cutting_it() -> None:
    # On an 80-column terminal the compact board cut a long hand at the screen's edge ("Ring…"),
    # hiding cards a player chooses from: it wraps, every face whole.
    obs = faces_state().observation(0)
    hand = obs["players"][0]["hand"]
    for k in range(4):
        hand.append({"id": 90 + k, "name": "Mismatched Bone", "kind": "grave", "value": 1,
                     "icons": ["limb", "skull"], "credit": [], "demerit": ["skull"]})  # fmt: skip
    obs["players"][0]["hand_size"] = len(hand)
    shown = text_of(render(obs, private=True, compact=True), width=80)
    assert all(cell_len(line) <= 80 for line in shown.splitlines())
    joined = " ".join(line.strip() for line in shown.splitlines())
    # Copies of one card are said once, with their count.
    assert joined.count("Mismatched Bone $1 🦵 or 💀 · -1 if 💀 x4") == 1, shown
    assert "Wedding Band $3 💍 · +1 if 💍" in joined


@pytest.mark.parametrize("players", [2, 4])
def test_the_compact_board_cuts_nothing_and_never_breaks_a_card(players: int) -> None:
    # The compact board cut lines at 80 columns ("…": the thesis, other seats, the sixth
    # market project) and broke a card's token across lines ("+1 / if 🦴R"). Over a random
    # game: no "…", no line wider than 80, and every card in your hand and the grave piles
    # you saw is whole on one line (a face's "+1 if" with its icon).
    state = new_game("sorcery", players, seed=8)
    rng = random.Random(8)
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        if 0 <= seat < players and rng.random() < 0.2:
            obs = state.observation(seat)
            shown = text_of(render(obs, private=True, compact=True), width=80)
            lines = shown.splitlines()
            assert "…" not in shown, shown
            assert all(cell_len(line) <= 80 for line in lines), shown
            me = obs["players"][seat]
            seen = [m for pile in obs["piles"] for m in pile["known"]]
            stage = str((obs.get("turn") or {}).get("stage"))
            if stage.startswith(_PILES_UNNEEDED):  # the piles are for digging: `b` has them
                seen = []
                assert "you saw" not in shown and "grave pile 1:" not in shown, shown
            if stage == "Dig":  # the piles passed in this dig cannot be taken: `b` has them
                passed = obs["turn"]["pile"] - 1
                seen = [m for pile in obs["piles"][passed:] for m in pile["known"]]
            hand = _hand_left(me)  # the cards being committed are on the "committing" line
            if stage == "BuyPay":  # the hand is the list to tick below the board
                hand = []
            for m in [*hand, *seen]:
                assert any(_material(m) in line for line in lines), (_material(m), shown)
            assert f"Seat {seat} (you): " in shown
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def test_a_solo_games_final_table_ranks_you_against_the_robot() -> None:
    # A lost solo game showed "Place 1 · human" and the robot nowhere: the robot takes its
    # place in the table, first unless you have more credits ("If you have more credits
    # than the Robot, you win!").
    outcomes = set()
    for seed in range(4):  # greedy against the Easy robot: seed 1 loses, 0, 2, 3 win
        state = new_game("sorcery", 1, seed=seed, solo="robot", difficulty="easy")
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(greedy_action(state, rng.randrange(1 << 30)))
        name, robot = state.solo_opponent() or ("", -1)
        assert name == "the robot"
        you = state.scores()[0]
        console = Console(width=100, record=True, file=io.StringIO())
        print_scores(console, state, ["human"])
        rows = [line.split() for line in console.export_text().splitlines()]
        ranked = [row for row in rows if row[:1] in (["1"], ["2"])]
        robot_row = ["the", "robot", str(robot)]
        human_row = ["0", "human", str(you)]
        if you > robot:
            assert ranked == [["1", *human_row], ["2", *robot_row]], rows
        else:
            assert ranked == [["1", *robot_row], ["2", *human_row]], rows
        outcomes.add(you > robot)
    assert outcomes == {True, False}, "both outcomes seen"


def test_help_in_a_solo_game_says_what_the_robot_does_and_how_to_win() -> None:
    # Solo Mode: "At the end of your turn you must draw one card from the grave deck and
    # perform the following action based on the top icon"; each mode is won its own way.
    def rules(**options: object) -> str:
        return rule_section(new_game("sorcery", 1, seed=1, **options).observation(0))

    turn = "after each of your turns the robot reveals a grave card"
    assert turn in rules(solo="robot") and "value / 2, rounded up" in rules(solo="robot")
    assert turn in rules(solo="no-robot") and "grade (A+ at 40)" in rules(solo="no-robot")
    assert "meet the mission" in rules(solo="mission", mission=2)
    assert "beat the robot's score" in rules(solo="mission", mission=2, hard=True)
    assert "robot" not in rule_section(new_game("sorcery", 2, seed=1).observation(0))


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo terminal")
@pytest.mark.parametrize(
    "options", [["--players", "2", "--seed", "11"], ["--players", "1", "--seed", "21", "--solo",
                                                       "robot", "--difficulty", "medium"]]
)  # fmt: skip
def test_help_keeps_its_commands_on_an_80x24_screen(tmp_path: Path, options: list[str]) -> None:
    # `?` at the first decisions of a game on 80x24: the legend took 20 lines and pushed the
    # commands ("Commands (at any prompt): ...") off the top of the screen. The commands, the
    # symbols, the rules of the step and the options all stay on screen.
    from test_cli_terminal import PROMPT, Terminal, screen

    seats = ["--seat", "human"] + (["--seat", "random"] if "2" in options else [])
    term = Terminal(["play", "sorcery", *options, *seats], tmp_path)
    try:
        term.read_until(PROMPT)
        for _ in range(3):  # the thesis, the project, the first action
            term.send("?")
            term.read_until(PROMPT)
            shown = screen(term.text)
            text = "\n".join(shown)
            assert any(line.startswith("Commands (at any prompt)") for line in shown), text
            assert "Board symbols:" in text and "Rules of this step:" in text, text
            assert re.search(r"your move:.*\n\s+1\. ", text), text
            term.send("1")
            term.read_until(PROMPT)
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()


def test_an_option_reached_through_a_group_reads_as_itself() -> None:
    # A buy's options grouped on a short screen read "a market project; Buy Bone Golem ..."
    # inside the "Buy" group (each wrapping to two lines): however tightly the list is
    # grouped, every option in it reads as the option itself, and a Candle or a Vial is
    # never behind a group.
    from craftgames.sorcery.board import option_path
    from craftgames.table.menu import Menu, build_menu

    state = faces_state()
    # Seat 1 has chosen a Candle; its Research Grant ($5) pays any market project or stock
    # with it, so the list is six projects, a Candle, a Vial and paying.
    play(state, "Buy from", "Buy a Candle")
    table, _ = human_table(state)
    options = table._options(1)
    texts = {text for text, _ in options}
    assert sum(t.startswith("Buy ") and "market space" in t for t in texts) == 6, texts
    assert any(t.startswith("Pay for the purchase") for t in texts), texts

    def leaves(menu: Menu) -> list[str]:
        out = []
        for entry in menu.entries:
            out += leaves(entry.submenu) if entry.submenu else [entry.label]
        return out

    for limit in range(2, len(options) + 1):
        menu = build_menu(options, limit, option_path)
        assert sorted(leaves(menu)) == sorted(texts), limit
        top = [entry.label for entry in menu.entries]
        assert "Buy a Candle ($2)" in top and "Buy a Vial ($3)" in top, top


def test_the_pile_line_never_runs_past_80_columns() -> None:
    # "grave pile 1: 2 cards — you saw: Rib Cage $1 🦴R | grave pile 2: 2 cards — you saw:"
    # took 83 columns: the terminal cut it at "you s". Every line of the compact board fits
    # 80 columns, and each seen card is on the screen whole.
    obs = faces_state().observation(0)

    def card(i: int, name: str, value: int, icon: str, credit: bool = False) -> dict[str, object]:
        return {"id": 80 + i, "name": name, "kind": "grave", "value": value, "icons": [icon],
                "credit": [icon] if credit else [], "demerit": []}  # fmt: skip

    seen = [
        [card(0, "Rib Cage", 1, "rib_cage")],
        [card(1, "Grinning Skull", 3, "skull", credit=True), card(2, "Tarnished Ring", 2, "ring")],
        [],
    ]
    for pile, known in zip(obs["piles"], seen, strict=True):
        pile["known"], pile["size"] = known, 2
    obs["turn"] = {**obs["turn"], "stage": "Dig"}
    shown = text_of(render(obs, private=True, compact=True), width=120)
    lines = shown.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), shown
    for m in [m for known in seen for m in known]:
        assert any(_material(m) in line for line in lines), (_material(m), shown)


def test_the_compact_board_never_breaks_a_completed_project() -> None:
    # "✓ completed: Minor Rift 3cr +1, Ghostly Grifter 4cr -1, Counting Bones 3cr" / "+1, ..."
    # broke a project from its token at the edge of the screen: each completed project, its
    # credits and tokens, is whole on one line.
    obs = faces_state().observation(0)
    done = [("Minor Rift", 3, 1, 0), ("Ghostly Grifter", 4, 0, 1), ("Counting Bones", 3, 1, 0),
            ("Graveyard Shift", 4, 1, 0), ("Bone Golem", 5, 1, 1)]  # fmt: skip
    obs["players"][0]["completed"] = [
        {"name": n, "credits": c, "credit_tokens": plus, "demerit_tokens": minus}
        for n, c, plus, minus in done
    ]
    lines = text_of(render(obs, private=True, compact=True), width=80).splitlines()
    faces = ["Minor Rift 3cr +1", "Ghostly Grifter 4cr -1", "Counting Bones 3cr +1",
             "Graveyard Shift 4cr +1", "Bone Golem 5cr +1 -1"]  # fmt: skip
    for face in faces:
        assert any(face in line for line in lines), (face, lines)
    assert any("✓ completed: Minor Rift 3cr +1" in line for line in lines), lines


def test_the_decision_says_what_a_buy_has_chosen_and_how_many_may_be_committed() -> None:
    # Mid-buy the market still shows the projects chosen and the decision said only "(price
    # $3, paid $0)": it names them. The commit step said "Finish committing (1 committed)"
    # without the most you may: it says "1 of 2".
    state = faces_state()
    market = state.observation(1)["market"]
    name = next(p["name"] for p in market if p is not None and p["cost"] <= 3)
    play(state, "Buy from", f"Buy {name} ", "Buy a Candle")
    price = state.observation(1)["turn"]["price"]
    shown = " ".join(text_of(render(state.observation(1), private=True, compact=True)).split())
    assert f"To decide: buy: more, or pay (${price}: {name}, a Candle)" in shown, shown
    state = faces_state()
    rng = random.Random(2)
    while (state.observation(state.current_player()).get("turn") or {}).get("stage") != "Commit":
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    turn = state.observation(seat)["turn"]
    shown = " ".join(text_of(render(state.observation(seat), private=True)).split())
    expected = f"({turn['commits']} of {turn['commit_limit']} committed)"
    assert f"To decide: commit step: commit a material or finish {expected}" in shown, shown


def test_the_log_words_a_put_as_its_option_did() -> None:
    # With one human at the table the log read "Put Tarnished Ring $2 💍 under Lucky Numbers
    # [numerology 100] $2 → 3cr as its Ring" under the option "Put Tarnished Ring $2 under
    # Lucky Numbers as its 💍": the log says the put as the option did.
    state = faces_state()
    rng = random.Random(1)
    while (
        not any(state.action_to_string(a).startswith("Put ") for a in state.legal_actions())
        or state.current_player() != 0
    ):
        state.apply_action(rng.choice(state.legal_actions()))
    table, _ = human_table(state)
    text, action = next((t, a) for t, a in table._options(0) if t.startswith("Put "))
    table._apply(0, action)
    assert f"seat 0 (human): {text}" in table.log.lines, (text, table.log.lines)


def test_market_spaces_are_lettered_so_no_label_reads_as_an_option_number() -> None:
    # The market was numbered 1-6 above a buy's options numbered 1-8 in another order
    # ("1. Buy Bone Golem ... from market space 4"): typing the number of the space bought
    # the wrong project. The spaces are lettered A-F on both boards, and each buy option
    # names the letter its project has on the board.
    state = faces_state()
    play(state, "Buy from")
    obs = state.observation(1)
    compact = text_of(render(obs, private=True, compact=True), width=80)
    full = text_of(render(obs, private=True), width=120)
    market = [p for p in obs["market"]]
    for k, p in enumerate(market):
        label = "ABCDEF"[k]
        assert re.search(rf"(^ |│ ){label}\. {re.escape(p['name'])} \$", compact, re.M), compact
        assert f"{label}. {p['name']} [" in full, full
    assert not re.search(r"(^ |│ )\d\. ", compact, re.M), compact
    table, _ = human_table(state)
    buys = [t for t, _ in table._options(1) if " from market space " in t]
    assert len(buys) == 6, buys
    for text in buys:
        name, label = re.match(r"Buy (.+?) \[.* from market space ([A-F])$", text).groups()
        assert market["ABCDEF".index(label)]["name"] == name, text


def test_at_a_buy_the_grave_piles_are_left_to_b() -> None:
    # At a buy or commit decision the grave piles do not bear on the choice: their sizes and
    # "(b: the cards you saw)" took a line of a 24-row screen. The compact board leaves
    # them to `b`, whose full board still has every size and every card seen.
    state = faces_state()  # seat 0 saw pile 1's cards
    play(state, "Dig", "Pass", "Take grave pile 2", "Finish", "Finish")  # seat 1; no commits
    play(state, "Buy from")  # seat 0's next turn: a buy, pile 1's cards still known to it
    obs = state.observation(0)
    assert obs["turn"]["stage"].startswith("Buy") and any(p["known"] for p in obs["piles"])
    compact = text_of(render(obs, private=True, compact=True), width=80)
    assert "grave pile" not in compact, compact
    full = text_of(render(obs, private=True), width=80)
    for k, pile in enumerate(obs["piles"]):
        assert f"grave pile {k + 1}: {pile['size']} card" in full
        assert all(_material(m) in full for m in pile["known"]), full


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo terminal")
def test_b_on_80x24_leaves_the_market_faces_in_view(tmp_path: Path) -> None:
    # The compact board shows a market project's name, cost, credits and icons; its ability
    # is on the full board (`b`), whose market came first and scrolled off a 24-row screen.
    # After `b` the whole market table, every space with its ability, is on screen.
    from test_cli_terminal import PROMPT, Terminal, screen

    argv = ["play", "sorcery", "--players", "2", "--seed", "11", "--seat", "human"]
    term = Terminal([*argv, "--seat", "random"], tmp_path)
    try:
        term.read_until(PROMPT)
        for _ in range(2):  # the thesis, the project: then the first action
            term.send("1")
            term.read_until(PROMPT)
        term.send("b")
        term.read_until(PROMPT)
        text = "\n".join(screen(term.text))
        for label in "ABCDEF":
            assert re.search(rf"│ {label}\. \S", text), text
        # Seed 11's market: Minor Rift's lunar ability and Lucky Numbers' action.
        assert "lunar (Full Moon):" in text and "action: put 1" in text, text
        assert re.search(r"your move:.*\n\s+1\. ", text), text
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()


def test_a_filled_icon_shows_the_token_its_card_puts_on_the_project() -> None:
    # A Grinning Skull ("+1 if 💀") under a project as its Skull showed "💀✓" and nothing of
    # its extra credit until the project was completed: the filled icon carries the token
    # ("💀✓+1"), a demerit too ("💍✓-1"), on both boards.
    obs = faces_state().observation(0)
    work = obs["players"][0]["projects"][0]  # Twitching Finger: ✋ ✋
    skull = {"id": 70, "name": "Grinning Skull", "kind": "grave", "value": 3, "icons": ["skull"],
             "credit": ["skull"], "demerit": []}  # fmt: skip
    finger = {"id": 71, "name": "Ring Finger", "kind": "grave", "value": 2,
              "icons": ["ring", "hand"], "credit": [], "demerit": ["ring"]}  # fmt: skip
    work["icons"], work["committed"] = ["skull", "ring", "hand"], [skull, finger, None]
    for compact in (True, False):
        shown = text_of(render(obs, private=True, compact=compact), width=100)
        assert "Twitching Finger 2cr " in shown and "💀✓+1 💍✓-1 ✋·" in shown, shown
    # Used for an icon without its token, a card puts none; an icon filled by an ability
    # (no material) none either.
    work["icons"], work["committed"] = ["hand", "limb"], [finger, "filled by an ability"]
    shown = text_of(render(obs, private=True, compact=True))
    assert re.search(r"Twitching Finger 2cr ✋✓ 🦵✓( |$)", shown, re.M), shown
