//! The game's options ("First Time Playing?", Staff of the Sorcerer, Solo Mode, Mission
//! Mode), parsed from the keyword options into a typed [`SorceryConfig`] that is recorded in
//! the state document. An unknown key or a bad value is an [`EngineError::Config`] naming it.

use serde::{Deserialize, Serialize};

use crate::engine::{EngineError, EngineResult};

/// Which theses are used ("First Time Playing?").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theses {
    /// All 15.
    #[default]
    All,
    /// Without the theses worth 7 credits ("an easier experience").
    NoSeven,
    /// No theses at all (also in Mission Mode).
    None,
}

/// The solo robot's difficulty ("Solo Difficulty Levels").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    /// The revealed card goes to the discard instead of the robot.
    Easy,
    /// Normal solo play.
    #[default]
    Medium,
    /// 3 extra-credit tokens whenever the robot takes a one-card pile.
    Hard,
    /// Hard, plus a token whenever the robot clears market cards.
    ExtraHard,
}

impl Difficulty {
    /// The option's spelling.
    pub fn name(self) -> &'static str {
        ["easy", "medium", "hard", "extra-hard"][self as usize]
    }
}

/// How a one-player game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "mode")]
pub enum Solo {
    /// Against the robot ("Solo Mode").
    Robot {
        /// Its difficulty.
        difficulty: Difficulty,
    },
    /// "No Robot Solo Variant": piles are discarded; the result is a grade.
    NoRobot,
    /// "Solo Mission Mode" (and its Hard version: also beat the robot).
    Mission {
        /// Mission 1–10.
        mission: u8,
        /// The Hard version.
        hard: bool,
    },
}

/// A game's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SorceryConfig {
    /// Seats, 1–4.
    pub players: u8,
    /// The Staff of the Sorcerer expansion.
    pub staffs: bool,
    /// Which theses are dealt.
    pub theses: Theses,
    /// The solo mode of a one-player game.
    pub solo: Option<Solo>,
    /// Mission Mode: each seat's mission (1–10), or 0 for none.
    pub missions: [u8; 4],
}

/// Number of missions in the Mission List.
pub const NUM_MISSIONS: u8 = 10;

fn cfg_err(msg: String) -> EngineError {
    EngineError::Config(msg)
}

impl SorceryConfig {
    /// Whether Mission Mode (multiplayer missions or a solo mission) is played.
    pub fn mission_mode(&self) -> bool {
        self.missions.iter().any(|&m| m != 0) || matches!(self.solo, Some(Solo::Mission { .. }))
    }

    /// The mission of `seat`, if any.
    pub fn mission_of(&self, seat: usize) -> Option<u8> {
        match self.solo {
            Some(Solo::Mission { mission, .. }) => Some(mission),
            _ => Some(self.missions[seat]).filter(|&m| m != 0),
        }
    }

    /// Whether the robot takes grave piles (every solo mode but No Robot).
    pub fn robot(&self) -> bool {
        matches!(self.solo, Some(Solo::Robot { .. } | Solo::Mission { .. }))
    }

    /// The robot's difficulty (Medium in Solo Mission Mode).
    pub fn difficulty(&self) -> Difficulty {
        match self.solo {
            Some(Solo::Robot { difficulty }) => difficulty,
            _ => Difficulty::Medium,
        }
    }

    /// Reads `players` and the keyword options: `staffs` (bool), `theses` ("all",
    /// "no-seven", "none"), `solo` ("robot", "no-robot", "mission"), `difficulty` ("easy",
    /// "medium", "hard", "extra-hard"), `mission` (1–10), `hard` (bool), `missions` (one
    /// mission number per seat).
    pub fn from_options(
        players: usize,
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> EngineResult<Self> {
        if !(1..=4).contains(&players) {
            return Err(cfg_err(format!(
                "Studies in Sorcery is played by 1 to 4 players, not {players}"
            )));
        }
        let get_str = |k: &str, allowed: &[&str]| -> EngineResult<Option<String>> {
            match options.get(k) {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::String(s)) if allowed.contains(&s.as_str()) => {
                    Ok(Some(s.clone()))
                }
                Some(v) => Err(cfg_err(format!(
                    "option {k}: {v} is not one of {}",
                    allowed.join(", ")
                ))),
            }
        };
        let get_bool = |k: &str| -> EngineResult<Option<bool>> {
            match options.get(k) {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::Bool(b)) => Ok(Some(*b)),
                Some(v) => Err(cfg_err(format!("option {k}: {v} is not true or false"))),
            }
        };
        let mission_number = |k: &str, v: &serde_json::Value| -> EngineResult<u8> {
            v.as_u64()
                .filter(|m| (1..=u64::from(NUM_MISSIONS)).contains(m))
                .map(|m| m as u8)
                .ok_or_else(|| cfg_err(format!("option {k}: {v} is not a mission number 1 to 10")))
        };
        for key in options.keys() {
            if ![
                "staffs",
                "theses",
                "solo",
                "difficulty",
                "mission",
                "hard",
                "missions",
            ]
            .contains(&key.as_str())
            {
                return Err(cfg_err(format!(
                    "Studies in Sorcery has no option {key:?} (options: staffs, theses, solo, \
                     difficulty, mission, hard, missions)"
                )));
            }
        }
        let staffs = get_bool("staffs")?.unwrap_or(false);
        let mut theses = match get_str("theses", &["all", "no-seven", "none"])?.as_deref() {
            Some("no-seven") => Theses::NoSeven,
            Some("none") => Theses::None,
            _ => Theses::All,
        };
        let solo_name = get_str("solo", &["robot", "no-robot", "mission"])?;
        let difficulty = get_str("difficulty", &["easy", "medium", "hard", "extra-hard"])?;
        let mission = match options.get("mission") {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => Some(mission_number("mission", v)?),
        };
        let hard = get_bool("hard")?;
        let mut missions = [0u8; 4];
        let missions_given = match options.get("missions") {
            None | Some(serde_json::Value::Null) => false,
            Some(serde_json::Value::Array(list)) => {
                if list.len() != players {
                    return Err(cfg_err(format!(
                        "option missions: one mission per seat ({players}), found {}",
                        list.len()
                    )));
                }
                for (i, v) in list.iter().enumerate() {
                    missions[i] = mission_number("missions", v)?;
                }
                true
            }
            Some(v) => Err(cfg_err(format!("option missions: {v} is not a list")))?,
        };
        let solo = if players == 1 {
            if missions_given {
                return Err(cfg_err(
                    "option missions: a solo game takes solo=\"mission\" and mission=N".into(),
                ));
            }
            let solo = match solo_name.as_deref().unwrap_or(if mission.is_some() {
                "mission"
            } else {
                "robot"
            }) {
                "robot" => Solo::Robot {
                    difficulty: match difficulty.as_deref() {
                        Some("easy") => Difficulty::Easy,
                        Some("hard") => Difficulty::Hard,
                        Some("extra-hard") => Difficulty::ExtraHard,
                        _ => Difficulty::Medium,
                    },
                },
                "no-robot" => Solo::NoRobot,
                _ => Solo::Mission {
                    mission: mission.ok_or_else(|| {
                        cfg_err("option mission: solo=\"mission\" needs mission=1..10".into())
                    })?,
                    hard: hard.unwrap_or(false),
                },
            };
            let robot_only = matches!(solo, Solo::Robot { .. });
            if difficulty.is_some() && !robot_only {
                return Err(cfg_err(
                    "option difficulty: only solo=\"robot\" has a difficulty".into(),
                ));
            }
            if (mission.is_some() || hard.is_some()) && !matches!(solo, Solo::Mission { .. }) {
                return Err(cfg_err(
                    "option mission/hard: only solo=\"mission\" takes a mission".into(),
                ));
            }
            Some(solo)
        } else {
            for (k, given) in [
                ("solo", solo_name.is_some()),
                ("difficulty", difficulty.is_some()),
                ("mission", mission.is_some()),
                ("hard", hard.is_some()),
            ] {
                if given {
                    return Err(cfg_err(format!(
                        "option {k}: only a one-player game has it (a multiplayer Mission Mode \
                         takes missions=[...], one per seat)"
                    )));
                }
            }
            None
        };
        let cfg = SorceryConfig {
            players: players as u8,
            staffs,
            theses,
            solo,
            missions,
        };
        // "You do not use the Thesis cards in Mission Mode."
        if cfg.mission_mode() {
            if options.contains_key("theses") && theses != Theses::None {
                return Err(cfg_err(
                    "option theses: Mission Mode is played without thesis cards".into(),
                ));
            }
            theses = Theses::None;
        }
        Ok(SorceryConfig { theses, ..cfg })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn bad_options_name_the_option() {
        let e = |p, v| {
            SorceryConfig::from_options(p, &opts(v))
                .unwrap_err()
                .to_string()
        };
        assert!(e(5, serde_json::json!({})).contains("1 to 4"));
        assert!(e(1, serde_json::json!({"difficulty": "nightmare"})).contains("difficulty"));
        assert!(e(2, serde_json::json!({"mission": 3})).contains("mission"));
        assert!(e(2, serde_json::json!({"missions": [1]})).contains("missions"));
        assert!(e(2, serde_json::json!({"colour": "red"})).contains("colour"));
        assert!(e(2, serde_json::json!({"staffs": "yes"})).contains("staffs"));
    }

    #[test]
    fn solo_defaults_to_the_medium_robot_and_missions_drop_theses() {
        let c = SorceryConfig::from_options(1, &opts(serde_json::json!({}))).unwrap();
        assert_eq!(
            c.solo,
            Some(Solo::Robot {
                difficulty: Difficulty::Medium
            })
        );
        let c = SorceryConfig::from_options(2, &opts(serde_json::json!({"missions": [1, 10]})))
            .unwrap();
        assert_eq!(c.theses, Theses::None);
        assert_eq!(c.mission_of(1), Some(10));
    }
}
