//! The hidden-information harness (`crate::common::hidden`) for Sunrise at the Studio, 2–4 players:
//! the swaps of each hidden place of the table in `src/sunrise/observe.rs`.
//! Expected to pass on every branch.

use craftgames_core::engine::{Rng, Seat};
use craftgames_core::sunrise::state::{Destination, Phase, Player, Table, TurnStage};
use craftgames_core::sunrise::SunriseState;

use crate::common::hidden::{edit_table, run_harness, two_of, Budget, HiddenGame, Swap};

/// Where a card lies: (place, seat, index).
type Spot = (&'static str, usize, usize);

/// The resource cards `viewer` does not know the place of: every draw stack, the other
/// seats' drawn cards, the unknown part of the wastebasket.
fn resource_spots(t: &Table, viewer: Seat) -> Vec<Spot> {
    let unknown = |c: u8| t.resource_known[usize::from(c)] & (1 << viewer) == 0;
    let mut spots = Vec::new();
    for (q, p) in t.players.iter().enumerate() {
        spots.extend((0..p.stack.len()).map(|i| ("stack", q, i)));
        if q != viewer {
            spots.extend(
                (0..p.hand.len())
                    .filter(|&i| unknown(p.hand[i]))
                    .map(|i| ("hand", q, i)),
            );
        }
    }
    spots.extend(
        (0..t.wastebasket.len())
            .filter(|&i| unknown(t.wastebasket[i]))
            .map(|i| ("wastebasket", 0, i)),
    );
    spots
}

fn resource_at(t: &mut Table, (place, q, i): Spot) -> &mut u8 {
    match place {
        "stack" => &mut t.players[q].stack[i],
        "hand" => &mut t.players[q].hand[i],
        _ => &mut t.wastebasket[i],
    }
}

/// The advantage cards `viewer` does not know the place of: in the deck, in the other seats'
/// face-down hands, among the cards another seat drew to keep one.
fn advantage_spots(t: &Table, viewer: Seat) -> Vec<Spot> {
    let unknown = |c: u8| t.advantage_known[usize::from(c)] & (1 << viewer) == 0;
    let mut spots: Vec<Spot> = (0..t.advantage_deck.len())
        .filter(|&i| unknown(t.advantage_deck[i]))
        .map(|i| ("advantage_deck", 0, i))
        .collect();
    for (q, p) in t.players.iter().enumerate().filter(|&(q, _)| q != viewer) {
        spots.extend(
            (0..p.advantages.len())
                .filter(|&i| unknown(p.advantages[i]))
                .map(|i| ("advantages", q, i)),
        );
    }
    if let Phase::Complete {
        seat,
        turn: TurnStage::KeepAdvantage { drawn },
        ..
    } = &t.phase
    {
        if usize::from(*seat) != viewer {
            spots.extend(
                (0..drawn.len())
                    .filter(|&i| unknown(drawn[i]))
                    .map(|i| ("drawn", 0, i)),
            );
        }
    }
    spots
}

fn advantage_at(t: &mut Table, (place, q, i): Spot) -> &mut u8 {
    match place {
        "advantage_deck" => &mut t.advantage_deck[i],
        "advantages" => &mut t.players[q].advantages[i],
        _ => match &mut t.phase {
            Phase::Complete {
                turn: TurnStage::KeepAdvantage { drawn },
                ..
            } => &mut drawn[i],
            _ => unreachable!("drawn cards outside a keep-one choice"),
        },
    }
}

/// Exchanges two advantage cards everywhere they are named: their places, their
/// knowledge, and the game-end choices that name them; face-down hands stay sorted.
fn exchange_advantages(t: &mut Table, a: Spot, b: Spot) -> bool {
    let (x, y) = (*advantage_at(t, a), *advantage_at(t, b));
    if x == y {
        return false;
    }
    *advantage_at(t, a) = y;
    *advantage_at(t, b) = x;
    t.advantage_known.swap(usize::from(x), usize::from(y));
    let swap_bits = |m: &mut u32| {
        let (bx, by) = (*m >> x & 1, *m >> y & 1);
        *m &= !((1 << x) | (1 << y));
        *m |= (bx << y) | (by << x);
    };
    for p in t.players.iter_mut() {
        swap_bits(&mut p.final_choice.reveal);
        swap_bits(&mut p.final_choice.discard);
        swap_bits(&mut p.final_choice.keep);
        p.advantages.sort_unstable();
    }
    true
}

/// One swap for each place of `spots`: a card there exchanged with another unknown one.
fn exchanges(
    doc: &str,
    spots: &[Spot],
    rng: &mut Rng,
    exchange: impl Fn(&mut Table, Spot, Spot) -> bool,
) -> Vec<Swap> {
    let mut out = Vec::new();
    let mut places: Vec<&'static str> = spots.iter().map(|s| s.0).collect();
    places.dedup();
    for place in places {
        let here: Vec<&Spot> = spots.iter().filter(|s| s.0 == place).collect();
        let a = *here[rng.below(here.len())];
        let others: Vec<&Spot> = spots.iter().filter(|&&s| s != a).collect();
        if others.is_empty() {
            continue;
        }
        let b = *others[rng.below(others.len())];
        if let Some(doc) = edit_table(doc, |t: &mut Table| exchange(t, a, b)) {
            out.push(Swap {
                place,
                what: format!(
                    "{}[{}][{}] exchanged with {}[{}][{}]",
                    a.0, a.1, a.2, b.0, b.1, b.2
                ),
                doc,
            });
        }
    }
    out
}

/// Hands are listed in ascending id order; a pending choice's destinations follow their
/// cards.
fn sort_hand(p: &mut Player) {
    let mut cards: Vec<(u8, Option<Destination>)> = p
        .hand
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, p.pending.map(|d| d.destinations[i])))
        .collect();
    cards.sort_unstable_by_key(|x| x.0);
    for (i, (c, d)) in cards.into_iter().enumerate() {
        p.hand[i] = c;
        if let (Some(choice), Some(d)) = (&mut p.pending, d) {
            choice.destinations[i] = d;
        }
    }
}

impl HiddenGame for SunriseState {
    const GAME: &'static str = "sunrise";
    const OBSERVE_RS: &'static str = include_str!("../../src/sunrise/observe.rs");
    const UNREACHED: &'static [(&'static str, &'static str)] = &[(
        "final_choice",
        "random and greedy play seldom end with two seats holding face-down advantage cards, \
         the only time another seat's game-end choice is pending",
    )];

    fn load(doc: &str) -> Result<Self, String> {
        SunriseState::from_json(doc).map_err(|e| e.to_string())
    }

    fn swaps(&self, viewer: Seat, rng: &mut Rng) -> Vec<Swap> {
        let doc = self.to_json_string();
        let t = self.table();
        let mut out = exchanges(&doc, &resource_spots(t, viewer), rng, |t, a, b| {
            let (x, y) = (*resource_at(t, a), *resource_at(t, b));
            *resource_at(t, a) = y;
            *resource_at(t, b) = x;
            t.resource_known.swap(usize::from(x), usize::from(y));
            for p in t.players.iter_mut() {
                sort_hand(p);
            }
            x != y
        });
        out.extend(exchanges(
            &doc,
            &advantage_spots(t, viewer),
            rng,
            exchange_advantages,
        ));
        if let Some((i, j)) = two_of(t.project_deck.len(), rng) {
            if let Some(doc) = edit_table(&doc, |t: &mut Table| {
                t.project_deck.swap(i, j);
                true
            }) {
                out.push(Swap {
                    place: "project_deck",
                    what: format!("project deck positions {i} and {j} exchanged"),
                    doc,
                });
            }
        }
        out
    }

    fn hidden_choice(&self) -> Option<&'static str> {
        match self.table().phase {
            Phase::Select { .. } => Some("pending"),
            Phase::FinalChoices { .. } => Some("final_choice"),
            _ => None,
        }
    }
}

#[test]
fn no_view_or_determinization_of_a_seat_depends_on_what_it_cannot_know() {
    let two = |seed| SunriseState::new_game(2, seed, None).unwrap();
    let three = |seed| SunriseState::new_game(3, seed, None).unwrap();
    let four = |seed| SunriseState::new_game(4, seed, None).unwrap();
    run_harness(
        &[
            ("2 players", &two),
            ("3 players", &three),
            ("4 players", &four),
        ],
        // Games are short: more of them, so that game-end choices come up.
        Budget {
            random_games: 10,
            greedy_games: 2,
            positions_per_game: 12,
            ..Budget::DEFAULT
        },
    );
}
