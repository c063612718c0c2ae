//! The typed observation's own spellings of the phase and the compound action: the state
//! document's (`Phase`'s and `Mode`'s serde names and fields), with the keys sorted.

use super::super::data::Act;
use super::super::state::{Mode, Phase};
use super::super::view::{ModeView, PhaseView};
use crate::engine::FixedVec;

/// `view` as text is the document's `value` with its keys sorted (serde_json's `Value`
/// sorts them).
fn same_sorted<V: serde::Serialize, D: serde::Serialize>(view: V, value: D) {
    let sorted = serde_json::to_value(value).unwrap().to_string();
    assert_eq!(serde_json::to_string(&view).unwrap(), sorted);
}

#[test]
fn every_phase_is_spelled_as_the_state_document_spells_it() {
    for phase in [
        Phase::SetupCombo { k: 1 },
        Phase::SetupDonkey { k: 2 },
        Phase::Reroll,
        Phase::Turns,
        Phase::Endgame { k: 3 },
        Phase::Over,
    ] {
        same_sorted(PhaseView(phase), phase);
    }
}

#[test]
fn every_compound_action_is_spelled_as_the_state_document_spells_it() {
    let mut benefits = FixedVec::new();
    benefits.push(Act::Fire1);
    benefits.push(Act::PgOrGlaze);
    for mode in [
        Mode::Idle,
        Mode::Acquire {
            left: 1,
            taken: 2,
            last: 3,
            refreshed: 4,
        },
        Mode::Donkey { acquired: true },
        Mode::Throw { left: 2, benefits },
        Mode::Fire { last: 5 },
        Mode::Paint { last: 6 },
        Mode::Clean {
            left: 1,
            last: 2,
            taken: 3,
        },
        Mode::Esparto { next: 2 },
        Mode::Sell { last: 7 },
    ] {
        same_sorted(ModeView(mode), mode);
    }
}
