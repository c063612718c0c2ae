//! What the seats know of which grave deck each hidden grave card came from.
//!
//! The grave discard is face-up, so a reshuffle ("If at any point a player needs to draw a
//! card and the grave deck is empty, shuffle the discard pile of grave cards and use those
//! cards to create a new face-down grave deck") tells every seat which cards form the new
//! deck. Each grave card carries the *generation* of the deck it last came from (0: the deck
//! of Game Setup), and a seat that cannot see a card still knows its generation from where
//! it went face-down: a card dealt to a pile or drawn into a hand after the reshuffle is one
//! of the new deck's; a card there from before is one of an older deck's.
//!
//! Spectral Sight ("Look through all grave piles and take any 3 cards") blurs this for the
//! seats that do not see the choice: they see how many cards leave each pile and know the
//! generations of the pile's cards before the take, not which of them left. The pile's
//! cards, the taken ones among them, then form a *mixing group*: a seat that cannot see
//! them knows the group's generations together (less those of its cards it has seen since),
//! not which card holds which. Each pile a take draws from makes its own group, since the
//! number of cards leaving each pile is public. A determinization deals each group's
//! generations afresh among the group's places, then each generation's unseen cards among
//! the places holding that generation (`observe::redraw_graves`).
//!
//! A second private take from a pile that still holds cards of a group merges the groups:
//! a seat then knows the generations of both takes and the pile together, and forgets
//! which take got which — the same forgetting as for a pile's cards a seat had looked at,
//! which it no longer places once Spectral Sight takes from the pile.

use super::data::NUM_MATERIALS;
use super::state::{ids, SorceryState};
use crate::engine::{Rng, Seat};

/// The key label of a card in a mixing group: above every generation, so a group's card
/// never reads as a plain generation.
const GROUP_LABEL: u16 = 256;

impl SorceryState {
    /// Spectral Sight takes a card privately from pile `k` (still in it). A pile of one
    /// generation whose cards belong to no group mixes nothing: the taken card's generation
    /// is plain to all. Otherwise the pile's cards become one group, merged with every
    /// group some of them already belong to.
    pub(crate) fn mix_on_private_take(&mut self, k: usize) {
        let pile = self.t.piles[k];
        let mut generations = ids(pile).map(|c| self.t.generation[c]);
        let first = generations.next();
        let one_generation = generations.all(|g| Some(g) == first);
        let mut groups: Vec<u8> = ids(pile)
            .map(|c| self.t.mixed[c])
            .filter(|&g| g != 0)
            .collect();
        if one_generation && groups.is_empty() {
            return;
        }
        groups.sort_unstable();
        groups.dedup();
        // A new group takes the next unused number (the numbers in use are public: every
        // mixing happens in plain sight); past 255 the groups merge, which only forgets.
        let id = groups.first().copied().unwrap_or_else(|| {
            self.t
                .mixed
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .saturating_add(1)
        });
        for c in 0..NUM_MATERIALS {
            if groups.contains(&self.t.mixed[c]) || pile & (1u128 << c) != 0 {
                self.t.mixed[c] = id;
            }
        }
    }

    /// What `viewer` knows of the generations it cannot see, for its information state: per
    /// hidden place (the other seats' hands, then the piles) the sorted labels of its unseen
    /// cards (a plain card's generation, a grouped card's group), then every group's unseen
    /// cards as sorted (group, generation) pairs.
    pub(crate) fn generations_key(&self, viewer: Seat) -> String {
        let unseen = |c: usize| self.t.known[c] & (1 << viewer) == 0;
        let places = (0..self.n())
            .filter(|&q| q != viewer)
            .map(|q| self.t.players[q].hand & Self::graves())
            .chain(self.t.piles);
        let mut grouped: Vec<(u8, u8)> = Vec::new();
        let mut key = String::new();
        for set in places {
            let mut labels: Vec<u16> = ids(set)
                .filter(|&c| unseen(c))
                .map(|c| match self.t.mixed[c] {
                    0 => u16::from(self.t.generation[c]),
                    g => {
                        grouped.push((g, self.t.generation[c]));
                        GROUP_LABEL + u16::from(g)
                    }
                })
                .collect();
            labels.sort_unstable();
            key.push_str(&format!("{labels:?},"));
        }
        if !grouped.is_empty() {
            grouped.sort_unstable();
            key.push_str(&format!("{grouped:?}"));
        }
        key
    }
}

/// Deals afresh the generations of the places a seat cannot see. `places` gives, per place
/// in an order that does not depend on which card is where, the group and the generation
/// of the card there: a plain place keeps its generation, and each group's generations are
/// shuffled among that group's places. Returns the generation each place holds.
pub(crate) fn deal_generations(places: &[(u8, u8)], rng: &mut Rng) -> Vec<u8> {
    let mut dealt: Vec<u8> = places.iter().map(|&(_, g)| g).collect();
    let mut groups: Vec<u8> = places.iter().map(|&(m, _)| m).filter(|&m| m != 0).collect();
    groups.sort_unstable();
    groups.dedup();
    for m in groups {
        let at: Vec<usize> = (0..places.len()).filter(|&i| places[i].0 == m).collect();
        let mut generations: Vec<u8> = at.iter().map(|&i| places[i].1).collect();
        generations.sort_unstable();
        rng.shuffle(&mut generations);
        for (&i, g) in at.iter().zip(generations) {
            dealt[i] = g;
        }
    }
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_keeps_its_generations_and_plain_places_keep_theirs() {
        let places = [(0, 1), (3, 0), (3, 1), (0, 0), (3, 1), (5, 2), (5, 0)];
        let mut moved = false;
        for seed in 0..40 {
            let dealt = deal_generations(&places, &mut Rng::seed_from(seed));
            assert_eq!((dealt[0], dealt[3]), (1, 0), "plain places keep theirs");
            let mut g3 = [dealt[1], dealt[2], dealt[4]];
            g3.sort_unstable();
            assert_eq!(g3, [0, 1, 1], "group 3 keeps its generations");
            let mut g5 = [dealt[5], dealt[6]];
            g5.sort_unstable();
            assert_eq!(g5, [0, 2]);
            moved |= dealt[1] != 0;
        }
        assert!(moved, "a group's generations are dealt afresh");
    }
}
