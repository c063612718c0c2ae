//! What the seats know of hidden grave cards that a private take mixed: which grave deck each
//! came from, and where a card a seat had seen may now be.
//!
//! The grave discard is face-up, so a reshuffle ("If at any point a player needs to draw a
//! card and the grave deck is empty, shuffle the discard pile of grave cards and use those
//! cards to create a new face-down grave deck") tells every seat which cards form the new
//! deck. Each grave card carries the *generation* of the deck it last came from (0: the deck
//! of Game Setup), and a seat that cannot see a card still knows its generation from where
//! it went face-down: a card dealt to a pile or drawn into a hand after the reshuffle is one
//! of the new deck's; a card there from before is one of an older deck's.
//!
//! Spectral Sight ("Look through all grave piles and take any 3 cards") blurs both kinds of
//! knowledge for the seats that do not see the choice: they see how many cards leave each
//! pile, not which. The pile's cards, the taken ones among them, then form a *mixing group*
//! (`mixed`, a number per card that stays with the card's place). A seat that cannot see
//! them knows the group's generations together, not which card holds which, and a card of
//! the pile it had looked at is now, to it, somewhere among the group's places
//! (`known_in_group`): still in the pile, or in the taker's hand. Each pile a take draws from
//! makes its own group, since the number of cards leaving each pile is public. A pile of one
//! generation that no other seat had looked into mixes nothing.
//!
//! A determinization (`redraw_graves`) deals each group's places afresh: the cards
//! the viewer knows to be in the group, and the generations of its other cards; then each
//! generation's other unseen cards among the places dealt that generation.
//!
//! A second private take from a pile that still holds cards of a group merges the groups: a
//! seat then knows the generations and seen cards of both takes and the pile together, and
//! forgets which take got which.

use super::data::NUM_MATERIALS;
use super::state::{bit, ids, SorceryState};
use crate::engine::{Rng, Seat};

/// The key label of a card in a mixing group: above every generation, so a group's card
/// never reads as a plain generation.
const GROUP_LABEL: u16 = 256;

impl SorceryState {
    /// `taker`'s Spectral Sight takes a card privately from pile `k` (still in it). Unless
    /// the pile is of one generation, belongs to no group and no other seat knows any of its
    /// cards, the pile's cards become one group, merged with every group some of them already
    /// belong to; a seat that knew a card there now knows it only to be in the group.
    pub(crate) fn mix_on_private_take(&mut self, k: usize, taker: Seat) {
        let pile = self.t.piles[k];
        let others = !(1u8 << taker);
        let mut generations = ids(pile).map(|c| self.t.generation[c]);
        let first = generations.next();
        let one_generation = generations.all(|g| Some(g) == first);
        let seen_by_others = ids(pile).any(|c| self.t.known[c] & others != 0);
        // Inline, since search applies this in its simulations; repeats are harmless, as
        // only the smallest and membership are read.
        let mut groups: arrayvec::ArrayVec<u8, NUM_MATERIALS> = ids(pile)
            .map(|c| self.t.mixed[c])
            .filter(|&g| g != 0)
            .collect();
        if one_generation && groups.is_empty() && !seen_by_others {
            return;
        }
        groups.sort_unstable();
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
        for c in ids(pile) {
            self.t.known_in_group[c] |= self.t.known[c] & others;
        }
    }

    /// Redraws into `s` the grave cards `viewer` cannot name (other hands, piles, the grave
    /// deck), keeping the hand of `keep` if given. Each place keeps the generation it is
    /// known to hold, or is dealt afresh from its mixing group (`mixing`: a card the viewer
    /// knows to be in the group, or one of the group's generations); then each generation's
    /// other cards are shuffled among the places dealt that generation.
    pub(crate) fn redraw_graves(
        &self,
        s: &mut SorceryState,
        viewer: Seat,
        keep: Option<Seat>,
        rng: &mut Rng,
    ) {
        /// A hidden place: a hand (`at` its seat), a pile (`at` its index) or a grave deck
        /// position; who knows the card there in the copy; what the viewer knows of it.
        struct Place {
            kind: u8,
            at: u8,
            known: u8,
            label: PlaceLabel,
        }
        let vb = 1u8 << viewer;
        let unknown = |c: usize| self.t.known[c] & vb == 0;
        let mut places: Graves<(Place, usize)> = Graves::new();
        let mut add = |kind: u8, at: usize, known: u8, c: usize| {
            let group = self.t.mixed[c];
            let label = PlaceLabel {
                group,
                generation: self.t.generation[c],
                pinned: (group != 0 && self.t.known_in_group[c] & vb != 0).then_some(c),
            };
            places.push((
                Place {
                    kind,
                    at: at as u8,
                    known,
                    label,
                },
                c,
            ));
        };
        for q in 0..self.n() {
            if q == viewer || Some(q) == keep {
                continue;
            }
            for c in ids(self.t.players[q].hand & Self::graves()).filter(|&c| unknown(c)) {
                add(0, q, 1 << q, c);
            }
        }
        for k in 0..3 {
            for c in ids(self.t.piles[k]).filter(|&c| unknown(c)) {
                add(1, k, 0, c);
            }
        }
        for (i, &c) in self.t.grave_deck.iter().enumerate() {
            if unknown(usize::from(c)) {
                add(2, i, 0, usize::from(c));
            }
        }
        // Places in an order that does not depend on which card is where: by place, then by
        // what the viewer knows of the card there (its group, or its plain generation).
        places.sort_by_key(|(p, _)| {
            let plain = if p.label.group == 0 {
                p.label.generation
            } else {
                0
            };
            (p.kind, p.at, p.label.group, plain)
        });
        let pool: Graves<usize> = places.iter().map(|&(_, c)| c).collect();
        let pool_set = pool.iter().fold(0, |set, &c| set | bit(c));
        for q in 0..self.n() {
            if q != viewer && Some(q) != keep {
                s.t.players[q].hand &= !pool_set;
            }
        }
        for pile in s.t.piles.iter_mut() {
            *pile &= !pool_set;
        }
        let labels: Graves<PlaceLabel> = places.iter().map(|(p, _)| p.label).collect();
        let dealt = deal_places(&labels, rng);
        let mut put = |p: &Place, c: usize| {
            match p.kind {
                0 => s.t.players[usize::from(p.at)].hand |= bit(c),
                1 => s.t.piles[usize::from(p.at)] |= bit(c),
                _ => s.t.grave_deck[usize::from(p.at)] = c as u8,
            }
            s.t.known[c] = p.known;
            s.t.mixed[c] = p.label.group;
        };
        for ((p, _), d) in places.iter().zip(dealt.iter()) {
            if let Dealt::Card(c) = *d {
                put(p, c);
            }
        }
        // Each generation's other cards are shuffled among the places dealt that generation.
        // Without a reshuffle or a group this is one shuffle of the whole pool.
        let pinned = places
            .iter()
            .filter_map(|(p, _)| p.label.pinned)
            .fold(0, |set, c| set | bit(c));
        let generation = |c: usize| self.t.generation[c];
        // The pool's generations, ascending, and each one's cards in id order (read from
        // sets, so nothing is sorted): the order the shuffle starts from depends on which
        // cards they are, never on where they were.
        let mut gens = [0u64; 4];
        for &c in &pool {
            let g = usize::from(generation(c));
            gens[g / 64] |= 1 << (g % 64);
        }
        let gens = gens
            .iter()
            .enumerate()
            .flat_map(|(word, &bits)| ids(u128::from(bits)).map(move |b| (word * 64 + b) as u8));
        for g in gens {
            let mut cards: Graves<usize> = ids(pool_set & !pinned)
                .filter(|&c| generation(c) == g)
                .collect();
            rng.shuffle(&mut cards);
            let at = places
                .iter()
                .zip(dealt.iter())
                .filter(|&(_, &d)| d == Dealt::Generation(g))
                .map(|((p, _), _)| p);
            for (p, c) in at.zip(cards) {
                put(p, c);
            }
        }
    }

    /// What `viewer` knows of the mixed and reshuffled cards it cannot see, for its
    /// information state: per hidden place (the other seats' hands, then the piles) the
    /// sorted labels of its unseen cards (a plain card's generation, a grouped card's group);
    /// then every group's unseen cards as sorted (group, generation) pairs, and the cards it
    /// knows to be in each group as (group, card) pairs. Empty before any reshuffle or group.
    pub(crate) fn mixing_key(&self, viewer: Seat) -> String {
        let vb = 1u8 << viewer;
        if self.t.reshuffles == 0 && self.t.mixed.iter().all(|&g| g == 0) {
            return String::new();
        }
        let unseen = |c: usize| self.t.known[c] & vb == 0;
        let places = (0..self.n())
            .filter(|&q| q != viewer)
            .map(|q| self.t.players[q].hand & Self::graves())
            .chain(self.t.piles);
        let mut grouped: Vec<(u8, u8)> = Vec::new();
        let mut pinned: Vec<(u8, usize)> = Vec::new();
        let mut key = String::new();
        for set in places {
            let mut labels: Vec<u16> = ids(set)
                .filter(|&c| unseen(c))
                .map(|c| match self.t.mixed[c] {
                    0 => u16::from(self.t.generation[c]),
                    g => {
                        grouped.push((g, self.t.generation[c]));
                        if self.t.known_in_group[c] & vb != 0 {
                            pinned.push((g, c));
                        }
                        GROUP_LABEL + u16::from(g)
                    }
                })
                .collect();
            labels.sort_unstable();
            key.push_str(&format!("{labels:?},"));
        }
        grouped.sort_unstable();
        pinned.sort_unstable();
        key.push_str(&format!("{grouped:?}{pinned:?}"));
        key
    }
}

/// A list with room for one entry per grave card (a hidden place holds one), kept on the
/// stack: determinizations run in search's inner loop and allocate nothing.
pub(crate) type Graves<T> = arrayvec::ArrayVec<T, NUM_MATERIALS>;

/// The distinct values of a sorted slice, in order.
fn distinct<T: Copy + PartialEq>(sorted: &[T]) -> impl Iterator<Item = T> + '_ {
    sorted
        .iter()
        .enumerate()
        .filter(move |&(i, v)| i == 0 || sorted[i - 1] != *v)
        .map(|(_, &v)| v)
}

/// A hidden place, as a determinization deals it: the mixing group of the card there (0:
/// none), that card's generation, and the card itself if the viewer knows it to be in the
/// group (somewhere among the group's places).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlaceLabel {
    pub group: u8,
    pub generation: u8,
    pub pinned: Option<usize>,
}

/// What a determinization puts in a place: a card of a generation, or a given card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dealt {
    Generation(u8),
    Card(usize),
}

/// Deals afresh the places a seat cannot see, given in an order that does not depend on
/// which card is where. A plain place keeps its generation; each group's places get, shuffled
/// among them, the cards the seat knows to be in the group and the generations of its other
/// cards.
pub(crate) fn deal_places(places: &[PlaceLabel], rng: &mut Rng) -> Graves<Dealt> {
    let mut dealt: Graves<Dealt> = places
        .iter()
        .map(|p| match p.pinned {
            Some(c) if p.group == 0 => Dealt::Card(c),
            _ => Dealt::Generation(p.generation),
        })
        .collect();
    let mut groups: Graves<u8> = places.iter().map(|p| p.group).filter(|&m| m != 0).collect();
    groups.sort_unstable();
    for m in distinct(&groups) {
        let at: Graves<usize> = (0..places.len())
            .filter(|&i| places[i].group == m)
            .collect();
        let mut cards: Graves<usize> = at.iter().filter_map(|&i| places[i].pinned).collect();
        let mut generations: Graves<u8> = at
            .iter()
            .filter(|&&i| places[i].pinned.is_none())
            .map(|&i| places[i].generation)
            .collect();
        cards.sort_unstable();
        generations.sort_unstable();
        let mut tokens: Graves<Dealt> = cards
            .into_iter()
            .map(Dealt::Card)
            .chain(generations.into_iter().map(Dealt::Generation))
            .collect();
        rng.shuffle(&mut tokens);
        for (&i, token) in at.iter().zip(tokens) {
            dealt[i] = token;
        }
    }
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(group: u8, generation: u8, pinned: Option<usize>) -> PlaceLabel {
        PlaceLabel {
            group,
            generation,
            pinned,
        }
    }

    #[test]
    fn a_group_keeps_its_cards_and_generations_and_plain_places_keep_theirs() {
        let places = [
            place(0, 1, None),
            place(3, 0, Some(40)),
            place(3, 1, None),
            place(0, 0, None),
            place(3, 1, None),
            place(5, 2, None),
            place(5, 0, None),
        ];
        let (mut moved, mut card_moved) = (false, false);
        for seed in 0..40 {
            let dealt = deal_places(&places, &mut Rng::seed_from(seed));
            assert_eq!(
                (dealt[0], dealt[3]),
                (Dealt::Generation(1), Dealt::Generation(0)),
                "plain places keep theirs"
            );
            let mut g3 = vec![dealt[1], dealt[2], dealt[4]];
            g3.sort_unstable_by_key(|d| format!("{d:?}"));
            assert_eq!(
                g3,
                [Dealt::Card(40), Dealt::Generation(1), Dealt::Generation(1)],
                "group 3 keeps the card known in it and its other generations"
            );
            let mut g5 = [dealt[5], dealt[6]];
            g5.sort_unstable_by_key(|d| format!("{d:?}"));
            assert_eq!(g5, [Dealt::Generation(0), Dealt::Generation(2)]);
            moved |= dealt[5] == Dealt::Generation(0);
            card_moved |= dealt[1] != Dealt::Card(40);
        }
        assert!(moved && card_moved, "a group's places are dealt afresh");
    }
}
