//! Reading a card file: the TOML schema of `data/sunrise.toml`, and its validation into a
//! [`CardSet`], reporting the first problem with its card and field.

use serde::Deserialize;

use super::data::{
    AdvantageCard, AdvantageEffect, CardSet, Challenge, ChallengeKind, ProjectCard, ProjectType,
    Resource, ResourceCard, ResourceIcons, TargetIcons, WheelFace, MAX_ICONS, NUM_ADVANTAGE,
    NUM_CHALLENGES, NUM_PROJECTS, NUM_RESOURCE_CARDS, NUM_STARTING_PROJECTS,
};
use super::score_table::ScoreTable;
use crate::engine::{EngineError, EngineResult};

pub(super) fn parse(text: &str) -> EngineResult<CardSet> {
    let raw: RawFile = toml::from_str(text).map_err(|e| card_err(locate(text, &e)))?;
    let mut projects = Vec::new();
    let mut starting = Vec::new();
    for (i, p) in raw.project.iter().enumerate() {
        let card = p.validate(i)?;
        if card.starting {
            starting.push(card);
        } else {
            projects.push(card);
        }
    }
    if projects.len() != NUM_PROJECTS {
        return Err(card_err(format!(
            "[[project]]: expected {NUM_PROJECTS} projects with starting = false, found {}",
            projects.len()
        )));
    }
    if starting.len() != NUM_STARTING_PROJECTS {
        return Err(card_err(format!(
            "[[project]]: expected {NUM_STARTING_PROJECTS} starting projects, found {}",
            starting.len()
        )));
    }
    projects.extend(starting);
    let mut numbers: Vec<u8> = projects.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    if let Some(w) = numbers.windows(2).find(|w| w[0] == w[1]) {
        return Err(card_err(format!(
            "[[project]] number {}: two projects share this project order number",
            w[0]
        )));
    }
    let advantages = section(
        &raw.advantage,
        "advantage",
        "advantage cards",
        NUM_ADVANTAGE,
        |a, i| a.validate(i),
    )?;
    let challenges = section(
        &raw.challenge,
        "challenge",
        "studio challenges",
        NUM_CHALLENGES,
        |c, i| c.validate(i),
    )?;
    let resource_cards = section(
        &raw.resource_card,
        "resource_card",
        "resource cards",
        NUM_RESOURCE_CARDS,
        |c, i| c.validate(i),
    )?;
    // "Deal 12 face-down cards to each player" every day, from all the cards in play:
    // the player-count marks must leave exactly 12 cards per player for 2, 3 and 4.
    for players in 2..=4u8 {
        let in_play = resource_cards
            .iter()
            .filter(|c| c.min_players <= players)
            .count();
        if in_play != 12 * players as usize {
            return Err(card_err(format!(
                "[[resource_card]] players: a {players}-player game must keep {} cards \
                 (12 per player), the marks keep {in_play}",
                12 * players as usize
            )));
        }
    }
    let target_icons = projects
        .iter()
        .map(|p| TargetIcons::new(&p.icons))
        .chain(advantages.iter().map(|a| match &a.effect {
            AdvantageEffect::Showpiece { icons, .. } => TargetIcons::new(icons),
            _ => TargetIcons::new(&[]),
        }))
        .collect();
    let wheel_faces = WheelFace::table(&resource_cards);
    let score_table = ScoreTable::new(&projects, &advantages);
    Ok(CardSet {
        projects,
        advantages,
        challenges,
        resource_cards,
        source: Some(text.to_string()),
        target_icons,
        wheel_faces,
        score_table,
    })
}

/// Validates every card of a `[[name]]` section and checks the section has `count` cards.
fn section<R, T>(
    raw: &[R],
    name: &str,
    what: &str,
    count: usize,
    validate: impl Fn(&R, usize) -> EngineResult<T>,
) -> EngineResult<Vec<T>> {
    let cards = raw
        .iter()
        .enumerate()
        .map(|(i, r)| validate(r, i))
        .collect::<EngineResult<Vec<_>>>()?;
    if cards.len() != count {
        return Err(card_err(format!(
            "[[{name}]]: expected {count} {what}, found {}",
            cards.len()
        )));
    }
    Ok(cards)
}

/// Names the card a TOML error is in: "[[project]] #5 (line 87): invalid type …".
fn locate(text: &str, e: &toml::de::Error) -> String {
    let Some(span) = e.span() else {
        return format!("card file is not valid: {}", e.message());
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let header = before
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("[[").and_then(|r| r.strip_suffix("]]"))
        })
        .next_back();
    let source_line = text.lines().nth(line - 1).unwrap_or("").trim();
    match header {
        Some(h) => {
            let index = before
                .lines()
                .filter(|l| l.trim() == format!("[[{h}]]"))
                .count();
            format!(
                "[[{h}]] #{index} (line {line}: {source_line}): {}",
                e.message()
            )
        }
        None => format!("card file line {line} ({source_line}): {}", e.message()),
    }
}

fn card_err(msg: String) -> EngineError {
    EngineError::CardData(msg)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    project: Vec<RawProject>,
    #[serde(default)]
    advantage: Vec<RawAdvantage>,
    #[serde(default)]
    challenge: Vec<RawChallenge>,
    #[serde(default)]
    resource_card: Vec<RawResourceCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProject {
    name: String,
    number: u8,
    #[serde(rename = "type")]
    kind: String,
    points: u8,
    #[serde(default)]
    beans: u8,
    icons: Vec<String>,
    clay: String,
    glazes: Vec<String>,
    #[serde(default)]
    starting: bool,
}

fn parse_resources(list: &[String], what: &str) -> EngineResult<Vec<Resource>> {
    list.iter()
        .map(|s| {
            Resource::parse(s).ok_or_else(|| {
                card_err(format!(
                    "{what}: unknown resource {s:?} (expected one of earthenware, stoneware, \
                     porcelain, light, dark, luster, fire, gas, electric)"
                ))
            })
        })
        .collect()
}

fn parse_type(s: &str, what: &str) -> EngineResult<ProjectType> {
    ProjectType::parse(s).ok_or_else(|| {
        card_err(format!(
            "{what}: unknown project type {s:?} (expected mug, plate, bowl, pitcher or vase)"
        ))
    })
}

impl RawProject {
    fn validate(&self, i: usize) -> EngineResult<ProjectCard> {
        let at = |field: &str| format!("[[project]] #{} ({:?}) field {field}", i + 1, self.name);
        let kind = parse_type(&self.kind, &at("type"))?;
        let icons = parse_resources(&self.icons, &at("icons"))?;
        if icons.is_empty() || icons.len() > MAX_ICONS {
            return Err(card_err(format!(
                "{}: a project needs 1 to {MAX_ICONS} icons, found {}",
                at("icons"),
                icons.len()
            )));
        }
        let clay = parse_resources(std::slice::from_ref(&self.clay), &at("clay"))?[0];
        if !clay.is_clay() {
            return Err(card_err(format!(
                "{}: {:?} is not a clay",
                at("clay"),
                self.clay
            )));
        }
        let glazes = parse_resources(&self.glazes, &at("glazes"))?;
        if glazes.is_empty() || glazes.len() > 2 || glazes.iter().any(|g| !g.is_glaze()) {
            return Err(card_err(format!(
                "{}: a project has one or two glaze types (light, dark, luster)",
                at("glazes")
            )));
        }
        if glazes.len() == 2 && glazes[0] == glazes[1] {
            return Err(card_err(format!(
                "{}: the two glazes must differ",
                at("glazes")
            )));
        }
        if self.number == 0 {
            return Err(card_err(format!("{}: must be at least 1", at("number"))));
        }
        Ok(ProjectCard {
            name: self.name.clone(),
            number: self.number,
            kind,
            points: self.points,
            beans: self.beans,
            icons,
            clay,
            glazes,
            starting: self.starting,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdvantage {
    name: String,
    kind: String,
    #[serde(default)]
    amount: Option<u8>,
    #[serde(default)]
    types: Vec<String>,
    #[serde(default)]
    points: Option<u8>,
    #[serde(default)]
    icons: Vec<String>,
    #[serde(default)]
    beans: u8,
}

impl RawAdvantage {
    fn validate(&self, i: usize) -> EngineResult<AdvantageCard> {
        let at = |field: &str| format!("[[advantage]] #{} ({:?}) field {field}", i + 1, self.name);
        let need_points = || {
            self.points
                .ok_or_else(|| card_err(format!("{}: missing", at("points"))))
        };
        let effect = match self.kind.as_str() {
            "gain_resources" => AdvantageEffect::GainResources {
                amount: self.amount.unwrap_or(2),
            },
            "go_first" => AdvantageEffect::GoFirst,
            "coffee_bean" => AdvantageEffect::CoffeeBean,
            "personal_goal" => {
                let types = self
                    .types
                    .iter()
                    .map(|t| parse_type(t, &at("types")))
                    .collect::<EngineResult<Vec<_>>>()?;
                if types.is_empty() {
                    return Err(card_err(format!(
                        "{}: a personal goal names at least one project type",
                        at("types")
                    )));
                }
                AdvantageEffect::PersonalGoal {
                    types,
                    points: need_points()?,
                }
            }
            "showpiece" => {
                let icons = parse_resources(&self.icons, &at("icons"))?;
                if icons.is_empty() || icons.len() > MAX_ICONS {
                    return Err(card_err(format!(
                        "{}: a showpiece needs 1 to {MAX_ICONS} icons",
                        at("icons")
                    )));
                }
                AdvantageEffect::Showpiece {
                    icons,
                    points: need_points()?,
                    beans: self.beans,
                }
            }
            other => {
                return Err(card_err(format!(
                    "{}: unknown kind {other:?} (expected gain_resources, go_first, \
                     personal_goal, coffee_bean or showpiece)",
                    at("kind")
                )))
            }
        };
        Ok(AdvantageCard {
            name: self.name.clone(),
            effect,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChallenge {
    name: String,
    kind: String,
    count: u8,
    high: u8,
    low: u8,
}

impl RawChallenge {
    fn validate(&self, i: usize) -> EngineResult<Challenge> {
        let at = |field: &str| format!("[[challenge]] #{} ({:?}) field {field}", i + 1, self.name);
        let kind = ChallengeKind::parse(&self.kind).ok_or_else(|| {
            card_err(format!(
                "{}: unknown kind {:?} (expected same_project_type, same_clay, same_glaze, \
                 different_project_types, different_clays or different_glazes)",
                at("kind"),
                self.kind
            ))
        })?;
        let max_count = match kind {
            ChallengeKind::DifferentProjectTypes => 5,
            ChallengeKind::DifferentClays | ChallengeKind::DifferentGlazes => 3,
            _ => 34,
        };
        if self.count == 0 || self.count > max_count {
            return Err(card_err(format!(
                "{}: must be between 1 and {max_count}",
                at("count")
            )));
        }
        if self.low > self.high {
            return Err(card_err(format!(
                "{}: the lower space ({}) is worth more than the higher one ({})",
                at("low"),
                self.low,
                self.high
            )));
        }
        Ok(Challenge {
            name: self.name.clone(),
            kind,
            count: self.count,
            high: self.high,
            low: self.low,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResourceCard {
    kind: String,
    #[serde(default)]
    resources: Vec<String>,
    players: u8,
}

impl RawResourceCard {
    fn validate(&self, i: usize) -> EngineResult<ResourceCard> {
        let at = |field: &str| format!("[[resource_card]] #{} field {field}", i + 1);
        let res = parse_resources(&self.resources, &at("resources"))?;
        let want = match self.kind.as_str() {
            "wild" => 0,
            "single" => 1,
            "either" | "two" => 2,
            other => {
                return Err(card_err(format!(
                    "{}: unknown kind {other:?} (expected single, wild, either or two)",
                    at("kind")
                )))
            }
        };
        if res.len() != want {
            return Err(card_err(format!(
                "{}: a {} card lists {want} resources, found {}",
                at("resources"),
                self.kind,
                res.len()
            )));
        }
        let icons = match self.kind.as_str() {
            "wild" => ResourceIcons::Wild,
            "single" => ResourceIcons::Single(res[0]),
            "either" => {
                if res[0] == res[1] {
                    return Err(card_err(format!(
                        "{}: an either card shows two different resources",
                        at("resources")
                    )));
                }
                ResourceIcons::Either(res[0], res[1])
            }
            _ => ResourceIcons::Two(res[0], res[1]),
        };
        if !(2..=4).contains(&self.players) {
            return Err(card_err(format!(
                "{}: the player-count mark is 2, 3 or 4, found {}",
                at("players"),
                self.players
            )));
        }
        Ok(ResourceCard {
            icons,
            min_players: self.players,
        })
    }
}
