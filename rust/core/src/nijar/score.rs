//! Endgame scoring (11.1–11.6), each category defined once as its parts, summed for
//! `scores()` and listed by `explain` for `explain_score`; and the tiebreak (leftmost on the
//! turn order).

use super::data::{CardType, EndgameKind};
use super::state::{NijarState, Phase, Player};
use crate::engine::{PerSeat, Seat};

/// 11.2: VP by number of cards of a type (1..=5 cards: 0/1/3/6/10).
pub const CARD_TYPE_VP: [i32; 6] = [0, 0, 1, 3, 6, 10];
/// 11.2: VP of the esparto scoring card (1..=4 cards: 0/1/5/10).
pub const ESPARTO_CARD_VP: [i32; 5] = [0, 0, 1, 5, 10];
/// 11.3: VP of the esparto set (1..=4 different cards: 0/1/3/6).
pub const ESPARTO_SET_VP: [i32; 5] = [0, 0, 1, 3, 6];

impl NijarState {
    /// Cards of a type on the workshop for 11.2: "Starting Cleanup Cards, Kiln Cards, and
    /// Glazing Workshop Cards are included for this scoring" (and "the card printed on your
    /// Workshop Board counts as an Esparto Card"); the Starting Potter's Wheel is not in that
    /// list, so it is not counted.
    pub fn cards_of_type(&self, s: Seat, kind: CardType) -> usize {
        let p = &self.t.players[s];
        match kind {
            CardType::Wheel => p
                .wheels
                .iter()
                .filter(|w| !NijarState::is_starting_wheel(w.card))
                .count(),
            CardType::Esparto => p.esparto.len() + 1,
            CardType::Cleanup => p.cleanups.len(),
            CardType::GlazingWorkshop => p.workshops.len(),
            CardType::GlazeKiln => p.glaze_kilns.len(),
            CardType::FiringKiln => p.firing_kilns.len(),
        }
    }

    /// 11.1: the pieces still in kilns (painted, unpainted) by type.
    pub(super) fn kiln_pieces(&self, s: Seat) -> ([u8; 3], [u8; 3]) {
        let p = &self.t.players[s];
        let mut painted = [0u8; 3];
        let mut unpainted = [0u8; 3];
        for k in p.glaze_kilns.iter().filter(|k| k.piece != 0) {
            painted[usize::from(k.piece - 1)] += 1;
        }
        for k in p.firing_kilns.iter().filter(|k| k.piece != 0) {
            unpainted[usize::from(k.piece - 1)] += 1;
        }
        (painted, unpainted)
    }

    /// 11.3: different esparto designs, the printed card included.
    pub fn esparto_designs(&self, s: Seat) -> usize {
        // The printed card and at most 3 more (a workshop holds 3 esparto cards).
        let mut designs: arrayvec::ArrayVec<&str, 4> = arrayvec::ArrayVec::new();
        designs.push(self.cards.printed_esparto.design.as_str());
        for e in self.t.players[s].esparto.iter() {
            let d = self.cards.esparto[usize::from(e.card) - 16].design.as_str();
            if !designs.contains(&d) {
                designs.push(d);
            }
        }
        designs.len()
    }

    /// 11.1's sold pieces for 11.2: those sold plus those still in kilns, by type.
    pub(super) fn sold_with_kilns(&self, s: Seat) -> [u8; 3] {
        let (painted, unpainted) = self.kiln_pieces(s);
        let mut sold = self.t.players[s].sold;
        for t in 0..3 {
            sold[t] += painted[t] + unpainted[t];
        }
        sold
    }

    /// 11.2: what the endgame scoring card `i` is worth to seat `s` (`sold`: its pieces by
    /// type, kilns included).
    pub(super) fn endgame_card_points(&self, s: Seat, i: usize, sold: &[u8; 3]) -> i32 {
        match self.cards.endgame[i].kind {
            EndgameKind::Cards(CardType::Esparto) => {
                ESPARTO_CARD_VP[self.cards_of_type(s, CardType::Esparto).min(4)]
            }
            EndgameKind::Cards(kind) => CARD_TYPE_VP[self.cards_of_type(s, kind).min(5)],
            EndgameKind::Pieces(t) => i32::from(sold[t]),
        }
    }

    /// The endgame categories 11.1–11.6 of seat `s`, in the rulebook's order: the points
    /// `explain_score` lists and `score` sums (computed without the lines' text, since
    /// search scores every finished simulation).
    pub(super) fn endgame_points(&self, s: Seat) -> [i32; 6] {
        let p = &self.t.players[s];
        let (painted, unpainted) = self.kiln_pieces(s);
        let np: u8 = painted.iter().sum();
        let nu: u8 = unpainted.iter().sum();
        let sold = self.sold_with_kilns(s);
        let cards: i32 = (0..12)
            .filter(|&i| p.endgame_played & (1 << i) != 0)
            .map(|i| self.endgame_card_points(s, i, &sold))
            .sum();
        let res = u32::from(p.pg) + u32::from(p.glaze) + u32::from(p.clay);
        [
            2 * i32::from(np) + i32::from(nu),
            cards,
            ESPARTO_SET_VP[self.esparto_designs(s).min(4)],
            -i32::from(p.cracks),
            if usize::from(self.t.first_token) == s {
                2
            } else {
                0
            },
            (res / 5) as i32,
        ]
    }

    /// Solo: your score minus the Competition's, and on a tie ±0.5 by the tiebreak. 12.9
    /// scores "in the usual way", and the usual way breaks a tie by 11: "In case of a tie in
    /// VP, the player who is furthest to the left on the Turn Order Track wins". So the sign
    /// always says who won (positive: you).
    pub fn solo_result(&self) -> f64 {
        let margin = self.score(0) - self.competition_score();
        if margin != 0 {
            f64::from(margin)
        } else if self.solo_tie_is_yours() {
            0.5
        } else {
            -0.5
        }
    }

    /// 11's tiebreak in solo: whether you are leftmost on the turn-order track.
    pub(super) fn solo_tie_is_yours(&self) -> bool {
        self.t.order.first() == Some(&0)
    }

    /// The running score (immediate VP), or the final score once the game is over.
    pub fn score(&self, s: Seat) -> i32 {
        let immediate: i32 = self.t.players[s].vp.iter().sum();
        if self.t.phase == Phase::Over {
            immediate + self.endgame_points(s).iter().sum::<i32>()
        } else {
            immediate
        }
    }

    /// A cheap estimate of each seat's standing for greedy play and rollouts: the score so
    /// far plus what the workshop is about to be worth (pieces in kilns at 11.1's values,
    /// pieces on their way at half that, 11.6's resources, 11.4's cracks); in solo, minus the
    /// Competition's score, so that greedy play aims to beat it.
    pub fn heuristic(&self) -> PerSeat<f64> {
        (0..self.n()).map(|s| self.heuristic_of(s)).collect()
    }

    /// Seat `s`'s entry of [`NijarState::heuristic`], computed alone (greedy play scores
    /// only the mover for most candidate moves).
    pub fn heuristic_of(&self, s: Seat) -> f64 {
        let own = if self.t.phase == Phase::Over {
            f64::from(self.score(s))
        } else {
            // Only how many kilns are loaded matters here, not with what (kiln_pieces sorts
            // them by type for 11.2): the tally keeps the counts (it runs for every greedy
            // candidate).
            self.estimate(s, self.tally(s))
        };
        if self.is_solo() {
            own - f64::from(self.competition_score())
        } else {
            own
        }
    }

    /// Before the end: seat `s`'s estimate given its `(kiln, coming)` tally.
    pub(crate) fn estimate(&self, s: Seat, tally: (u8, u8)) -> f64 {
        estimate_of(&self.t.players[s], tally)
    }

    /// Every seat's score.
    pub fn all_scores(&self) -> PerSeat<i32> {
        (0..self.n()).map(|s| self.score(s)).collect()
    }

    /// Seats from first to last; ties to the leftmost on the turn-order track.
    pub fn final_ranking(&self) -> PerSeat<Seat> {
        let scores = self.all_scores();
        let mut seats: PerSeat<Seat> = self
            .t
            .order
            .iter()
            .map(|&s| usize::from(s))
            .filter(|&s| s < self.n())
            .collect();
        // A stable sort keeps turn order among equal scores.
        seats.sort_by(|a, b| scores[*b].cmp(&scores[*a]));
        seats
    }
}

/// Before the end: the estimate of a player given its `(kiln, coming)` tally (greedy play's
/// shortcut, `heuristic_gain`, also reads it of a copy changed as a move would change it).
pub(crate) fn estimate_of(p: &Player, (kiln, coming): (u8, u8)) -> f64 {
    let res = f64::from(p.pg) + f64::from(p.glaze) + f64::from(p.clay);
    // Before the end the score is the immediate VP alone.
    let immediate: i32 = p.vp.iter().sum();
    f64::from(immediate) + f64::from(kiln) + 0.5 * f64::from(coming) + res / 5.0
        - f64::from(p.cracks)
}
