//! The card catalogue: every card of a card set with its printed details, by id.
//!
//! An observation names cards by id (small ints) and carries only what changes during a game
//! (which icons are filled, which glaze a project was finished with); what a card *is* — its
//! name, number, type, points, beans, icons, clay and glazes — is the same in every
//! observation of a game, so it lives here and is read once. The catalogue lists every card of
//! the set, so it tells nothing about where any card is.

use serde_json::{json, Map, Value};

use super::data::{
    AdvantageCard, AdvantageEffect, CardSet, ProjectCard, ResourceCard, ResourceIcons,
};

fn project(id: usize, p: &ProjectCard) -> Value {
    json!({
        "id": id,
        "name": p.name,
        "number": p.number,
        "type": p.kind.name(),
        "points": p.points,
        "beans": p.beans,
        "icons": p.icons.iter().map(|r| r.name()).collect::<Vec<_>>(),
        "clay": p.clay.name(),
        "glazes": p.glazes.iter().map(|r| r.name()).collect::<Vec<_>>(),
        "starting": p.starting,
    })
}

fn advantage(id: usize, a: &AdvantageCard) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), json!(id));
    m.insert("name".into(), json!(a.name));
    let names =
        |icons: &[super::data::Resource]| icons.iter().map(|r| r.name()).collect::<Vec<_>>();
    match &a.effect {
        AdvantageEffect::GainResources { amount } => {
            m.insert("kind".into(), json!("gain_resources"));
            m.insert("amount".into(), json!(amount));
        }
        AdvantageEffect::GoFirst => {
            m.insert("kind".into(), json!("go_first"));
        }
        AdvantageEffect::PersonalGoal { types, points } => {
            m.insert("kind".into(), json!("personal_goal"));
            m.insert(
                "types".into(),
                json!(types.iter().map(|t| t.name()).collect::<Vec<_>>()),
            );
            m.insert("points".into(), json!(points));
        }
        AdvantageEffect::CoffeeBean => {
            m.insert("kind".into(), json!("coffee_bean"));
        }
        AdvantageEffect::Showpiece {
            icons,
            points,
            beans,
        } => {
            m.insert("kind".into(), json!("showpiece"));
            m.insert("icons".into(), json!(names(icons)));
            m.insert("points".into(), json!(points));
            m.insert("beans".into(), json!(beans));
        }
    }
    Value::Object(m)
}

fn resource_card(id: usize, c: &ResourceCard) -> Value {
    let (kind, resources) = match c.icons {
        ResourceIcons::Single(r) => ("single", vec![r.name()]),
        ResourceIcons::Wild => ("wild", vec![]),
        ResourceIcons::Either(a, b) => ("either", vec![a.name(), b.name()]),
        ResourceIcons::Two(a, b) => ("two", vec![a.name(), b.name()]),
    };
    json!({
        "id": id,
        "label": c.icons.label(),
        "kind": kind,
        "resources": resources,
        "min_players": c.min_players,
    })
}

impl CardSet {
    /// Every card of the set with its details, one list per kind of card indexed by id:
    /// `projects` (the 30 projects, then the 4 starting ones), `advantages`, `challenges`
    /// and `resource_cards`. The ids in an observation index these lists.
    pub fn catalogue(&self) -> Value {
        let projects: Vec<Value> = self
            .projects
            .iter()
            .enumerate()
            .map(|(i, p)| project(i, p))
            .collect();
        let advantages: Vec<Value> = self
            .advantages
            .iter()
            .enumerate()
            .map(|(i, a)| advantage(i, a))
            .collect();
        let challenges: Vec<Value> = self
            .challenges
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "id": i,
                    "name": c.name,
                    "kind": c.kind.name(),
                    "count": c.count,
                    "high": c.high,
                    "low": c.low,
                })
            })
            .collect();
        let resource_cards: Vec<Value> = self
            .resource_cards
            .iter()
            .enumerate()
            .map(|(i, c)| resource_card(i, c))
            .collect();
        json!({
            "game": "sunrise",
            "projects": projects,
            "advantages": advantages,
            "challenges": challenges,
            "resource_cards": resource_cards,
        })
    }
}
