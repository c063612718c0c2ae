//! Reading a card file: the TOML schema of `data/sorcery.toml` (documented at its top), and
//! its validation into a [`CardSet`], reporting the first problem with its card, field and
//! line.

use serde::Deserialize;

use super::data::{
    Ability, CardSet, Condition, Department, Effect, Icon, MaterialCard, MaterialKind, ProjectCard,
    Staff, StockChoice, Thesis, Trigger, MAX_PROJECT_ICONS, NUM_GRANTS, NUM_GRAVE, NUM_PROJECTS,
    NUM_STAFFS, NUM_STOCK, NUM_THESES,
};
use crate::engine::{EngineError, EngineResult};

fn card_err(msg: String) -> EngineError {
    EngineError::CardData(msg)
}

pub(super) fn parse(text: &str) -> EngineResult<CardSet> {
    let raw: RawFile = toml::from_str(text).map_err(|e| card_err(locate(text, &e)))?;
    let projects = section(&raw.project, "project", NUM_PROJECTS, RawProject::validate)?;
    let theses = section(&raw.thesis, "thesis", NUM_THESES, RawThesis::validate)?;
    let graves = section(&raw.grave, "grave", NUM_GRAVE, RawGrave::validate)?;
    let stock = section(&raw.stock, "stock", NUM_STOCK, RawStock::validate)?;
    let grants = section(&raw.grant, "grant", NUM_GRANTS, RawGrant::validate)?;
    let staffs = section(&raw.staff, "staff", NUM_STAFFS, RawStaff::validate)?;
    // "Place the Candle and Vial Stock Material cards in separate stacks": a stack of one
    // card, bought at its trade value (the Buy Example: "a Candles stock card ... $2"), so
    // every card of a stack has the stack's one price.
    for kind in [MaterialKind::Candle, MaterialKind::Vial] {
        let mut of_kind = stock.iter().enumerate().filter(|(_, m)| m.kind == kind);
        if let Some((_, first)) = of_kind.next() {
            if let Some((i, odd)) = of_kind.find(|(_, m)| m.value != first.value) {
                return Err(card_err(format!(
                    "[[stock]] #{} field value: {} (every {} is worth the same, {}: they \
                     are one stack with one price)",
                    i + 1,
                    odd.value,
                    first.name.to_lowercase(),
                    first.value
                )));
            }
        }
    }
    // Setup deals 2 projects per player plus 4 into the market from the 100-level deck and
    // 2 from the 200-level deck, for every player count the cards are marked for.
    for players in 1..=4u8 {
        let count = |level: u16| {
            projects
                .iter()
                .filter(|p| p.level == level && p.players & (1 << players) != 0)
                .count()
        };
        let need = 4 + 2 * usize::from(players);
        if count(100) < need || count(200) < 2 {
            return Err(card_err(format!(
                "[[project]] players: a {players}-player game needs at least {need} 100-level \
                 and 2 200-level projects, the marks keep {} and {}",
                count(100),
                count(200)
            )));
        }
    }
    let mut materials = graves;
    materials.extend(stock);
    materials.extend(grants);
    let ids_of = |k: MaterialKind| {
        materials
            .iter()
            .enumerate()
            .filter(|(_, m)| m.kind == k)
            .fold(0u128, |s, (i, _)| s | 1 << i)
    };
    let (candles, vials) = (ids_of(MaterialKind::Candle), ids_of(MaterialKind::Vial));
    let icon_table = projects
        .iter()
        .map(|p| {
            let mut row = [super::data::NO_ICON; MAX_PROJECT_ICONS];
            for (i, icon) in p.icons.iter().enumerate() {
                row[i] = *icon as u8;
            }
            row
        })
        .collect();
    let icons_of_empty_slots = projects
        .iter()
        .map(|p| {
            let mut row = [0u8; 1 << MAX_PROJECT_ICONS];
            for (empty, icons) in row.iter_mut().enumerate() {
                for (i, icon) in p.icons.iter().enumerate() {
                    if empty & (1 << i) != 0 {
                        *icons |= 1 << (*icon as u8);
                    }
                }
            }
            row
        })
        .collect();
    let mut materials_with_icon = [0u128; super::data::NUM_ICONS];
    let mut material_values = [0u8; 128];
    for (id, m) in materials.iter().enumerate() {
        for (icon, set) in materials_with_icon.iter_mut().enumerate() {
            if m.icons & (1 << icon) != 0 {
                *set |= 1 << id;
            }
        }
        material_values[id] = m.value;
    }
    let project_costs = projects.iter().map(|p| p.cost).collect();
    let project_facts = projects.iter().map(super::data::ProjectFacts::of).collect();
    let mut slot_values = [0u8; 256];
    for (id, m) in materials.iter().enumerate() {
        if m.kind != MaterialKind::Grant {
            slot_values[id] = m.value;
        }
    }
    Ok(CardSet {
        project_facts,
        slot_values,
        icon_table,
        icons_of_empty_slots,
        project_costs,
        materials_with_icon,
        material_values,
        candles,
        vials,
        projects,
        theses,
        materials,
        staffs,
        source: Some(text.to_string()),
    })
}

fn section<R, T>(
    raw: &[R],
    name: &str,
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
            "[[{name}]]: expected {count} cards, found {}",
            cards.len()
        )));
    }
    Ok(cards)
}

/// Names the card a TOML error is in: "[[project]] #5 (line 87: …): invalid type …".
fn locate(text: &str, e: &toml::de::Error) -> String {
    let Some(span) = e.span() else {
        return format!("card file is not valid: {}", e.message());
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let source_line = text.lines().nth(line - 1).unwrap_or("").trim();
    let header = before
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("[[")
                .and_then(|r| r.strip_suffix("]]"))
        })
        .next_back();
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    project: Vec<RawProject>,
    #[serde(default)]
    thesis: Vec<RawThesis>,
    #[serde(default)]
    stock: Vec<RawStock>,
    #[serde(default)]
    grave: Vec<RawGrave>,
    #[serde(default)]
    grant: Vec<RawGrant>,
    #[serde(default)]
    staff: Vec<RawStaff>,
}

fn icon(s: &str, at: &str) -> EngineResult<Icon> {
    Icon::parse(s).ok_or_else(|| {
        card_err(format!(
            "{at}: unknown icon {s:?} (expected mushroom, skull, ring, hand, rib_cage, limb, \
             candle or vial)"
        ))
    })
}

fn icon_mask(list: &[String], at: &str) -> EngineResult<u8> {
    let mut mask = 0u8;
    for s in list {
        mask |= 1 << icon(s, at)? as u8;
    }
    Ok(mask)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    #[serde(default)]
    trigger: Option<String>,
    effect: String,
    #[serde(default)]
    count: Option<u8>,
    #[serde(default)]
    stock: Option<String>,
    #[serde(default)]
    icons: Vec<String>,
    #[serde(default)]
    moon: Option<u8>,
}

impl RawAbility {
    fn effect(&self, at: &str) -> EngineResult<Effect> {
        let count = |lo: u8, hi: u8| -> EngineResult<u8> {
            match self.count {
                Some(c) if (lo..=hi).contains(&c) => Ok(c),
                Some(c) => Err(card_err(format!(
                    "{at}.count: {c} is outside {lo}..={hi} for {}",
                    self.effect
                ))),
                None => Err(card_err(format!(
                    "{at}.count: missing (effect {} needs it)",
                    self.effect
                ))),
            }
        };
        let no_extra = |e: Effect| -> EngineResult<Effect> {
            if self.stock.is_some() && !matches!(e, Effect::TakeStock { .. }) {
                return Err(card_err(format!("{at}.stock: only take_stock has a stock")));
            }
            if !self.icons.is_empty() && !matches!(e, Effect::FillIcon { .. }) {
                return Err(card_err(format!("{at}.icons: only fill_icon has icons")));
            }
            Ok(e)
        };
        no_extra(match self.effect.as_str() {
            "draw_grave" => Effect::DrawGrave {
                count: count(1, 5)?,
            },
            "spectral_sight" => Effect::SpectralSight {
                count: count(1, 5)?,
            },
            "add_credits" => Effect::AddCredits {
                count: count(1, 5)?,
            },
            "extra_commit" => Effect::ExtraCommit {
                count: count(1, 3)?,
            },
            "take_stock" => {
                let stock = match self.stock.as_deref() {
                    Some("candle") => StockChoice::Candle,
                    Some("vial") => StockChoice::Vial,
                    Some("either") => StockChoice::Either,
                    other => {
                        return Err(card_err(format!(
                            "{at}.stock: {other:?} (expected candle, vial or either)"
                        )))
                    }
                };
                Effect::TakeStock {
                    stock,
                    count: count(1, 5)?,
                }
            }
            "fill_icon" => {
                if self.count.is_some() {
                    return Err(card_err(format!("{at}.count: fill_icon takes no count")));
                }
                let icons = icon_mask(&self.icons, &format!("{at}.icons"))?;
                if icons == 0 {
                    return Err(card_err(format!(
                        "{at}.icons: fill_icon names at least one icon"
                    )));
                }
                Effect::FillIcon { icons }
            }
            "remove_demerits" => {
                if self.count.is_some() {
                    return Err(card_err(format!(
                        "{at}.count: remove_demerits takes no count"
                    )));
                }
                Effect::RemoveDemerits
            }
            other => {
                return Err(card_err(format!(
                    "{at}.effect: unknown effect {other:?} (expected draw_grave, take_stock, \
                     spectral_sight, fill_icon, remove_demerits, add_credits or extra_commit)"
                )))
            }
        })
    }

    fn project_ability(&self, at: &str) -> EngineResult<Ability> {
        let effect = self.effect(at)?;
        let trigger = match self.trigger.as_deref() {
            Some("action") | Some("lunar") => {
                let lunar = self.trigger.as_deref() == Some("lunar");
                if lunar != self.moon.is_some() {
                    return Err(card_err(format!(
                        "{at}.moon: a lunar ability names its moon phase (1-4), an action does not"
                    )));
                }
                if self.moon.is_some_and(|m| !(1..=4).contains(&m)) {
                    return Err(card_err(format!("{at}.moon: the moon phase is 1 to 4")));
                }
                if matches!(effect, Effect::ExtraCommit { .. }) {
                    return Err(card_err(format!(
                        "{at}.effect: extra_commit is an ongoing ability"
                    )));
                }
                Trigger::Action { moon: self.moon }
            }
            Some("ongoing") => {
                if !matches!(effect, Effect::ExtraCommit { .. }) {
                    return Err(card_err(format!(
                        "{at}.effect: the only ongoing effect is extra_commit"
                    )));
                }
                Trigger::Ongoing
            }
            Some("on_complete") => {
                let ok = matches!(
                    effect,
                    Effect::DrawGrave { .. }
                        | Effect::TakeStock {
                            stock: StockChoice::Candle | StockChoice::Vial,
                            ..
                        }
                );
                if !ok {
                    return Err(card_err(format!(
                        "{at}.effect: an on_complete ability draws grave cards or takes candles \
                         or vials (stock = candle or vial)"
                    )));
                }
                Trigger::OnComplete
            }
            other => {
                return Err(card_err(format!(
                    "{at}.trigger: {other:?} (expected action, lunar, ongoing or on_complete)"
                )))
            }
        };
        if self.moon.is_some() && !matches!(trigger, Trigger::Action { .. }) {
            return Err(card_err(format!(
                "{at}.moon: only a lunar ability has a moon phase"
            )));
        }
        Ok(Ability { trigger, effect })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProject {
    name: String,
    department: String,
    level: u16,
    players: Vec<u8>,
    cost: u8,
    credits: u8,
    icons: Vec<String>,
    #[serde(default)]
    ability: Option<RawAbility>,
}

impl RawProject {
    fn validate(&self, i: usize) -> EngineResult<ProjectCard> {
        let at = |f: &str| format!("[[project]] #{} ({:?}) field {f}", i + 1, self.name);
        let department = Department::parse(&self.department).ok_or_else(|| {
            card_err(format!(
                "{}: unknown department {:?} (expected sorcery, alchemy, reanimation, \
                 divination, artificery or numerology)",
                at("department"),
                self.department
            ))
        })?;
        if ![100, 200, 300].contains(&self.level) {
            return Err(card_err(format!(
                "{}: must be 100, 200 or 300",
                at("level")
            )));
        }
        let mut players = 0u8;
        for &p in &self.players {
            if !(1..=4).contains(&p) {
                return Err(card_err(format!("{}: {p} is not 1 to 4", at("players"))));
            }
            players |= 1 << p;
        }
        if players == 0 {
            return Err(card_err(format!(
                "{}: lists no player count",
                at("players")
            )));
        }
        let icons = self
            .icons
            .iter()
            .map(|s| icon(s, &at("icons")))
            .collect::<EngineResult<Vec<_>>>()?;
        if icons.is_empty() || icons.len() > MAX_PROJECT_ICONS {
            return Err(card_err(format!(
                "{}: a project needs 1 to {MAX_PROJECT_ICONS} materials, found {}",
                at("icons"),
                icons.len()
            )));
        }
        let ability = match &self.ability {
            Some(a) => Some(a.project_ability(&at("ability"))?),
            None => None,
        };
        Ok(ProjectCard {
            name: self.name.clone(),
            department,
            level: self.level,
            players,
            cost: self.cost,
            credits: self.credits,
            icons,
            ability,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    kind: String,
    #[serde(default)]
    count: Option<u8>,
    #[serde(default)]
    department: Option<String>,
    #[serde(default)]
    level: Option<u16>,
    #[serde(default)]
    icon: Option<String>,
    #[serde(default)]
    amount: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawThesis {
    name: String,
    credits: u8,
    condition: RawCondition,
}

impl RawThesis {
    fn validate(&self, i: usize) -> EngineResult<Thesis> {
        let at = |f: &str| {
            format!(
                "[[thesis]] #{} ({:?}) field condition.{f}",
                i + 1,
                self.name
            )
        };
        let c = &self.condition;
        let count = || {
            c.count
                .filter(|&n| n >= 1)
                .ok_or_else(|| card_err(format!("{}: missing or 0", at("count"))))
        };
        let condition = match c.kind.as_str() {
            "projects" => Condition::Projects { count: count()? },
            "department" => Condition::Department {
                department: c
                    .department
                    .as_deref()
                    .and_then(Department::parse)
                    .ok_or_else(|| card_err(format!("{}: missing or unknown", at("department"))))?,
                count: count()?,
            },
            "level" => Condition::Level {
                level: c
                    .level
                    .filter(|l| [100, 200, 300].contains(l))
                    .ok_or_else(|| card_err(format!("{}: must be 100, 200 or 300", at("level"))))?,
                count: count()?,
            },
            "icon" => Condition::Icon {
                icon: icon(c.icon.as_deref().unwrap_or(""), &at("icon"))?,
                count: count()?,
            },
            "credit_tokens" => Condition::CreditTokens { count: count()? },
            "no_demerits" => Condition::NoDemerits { count: count()? },
            "materials" => Condition::Materials {
                amount: c
                    .amount
                    .ok_or_else(|| card_err(format!("{}: missing", at("amount"))))?,
            },
            other => {
                return Err(card_err(format!(
                    "{}: unknown kind {other:?} (expected projects, department, level, icon, \
                     credit_tokens, no_demerits or materials)",
                    at("kind")
                )))
            }
        };
        Ok(Thesis {
            name: self.name.clone(),
            credits: self.credits,
            condition,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStock {
    kind: String,
    value: u8,
}

impl RawStock {
    fn validate(&self, i: usize) -> EngineResult<MaterialCard> {
        let (kind, ic) = match self.kind.as_str() {
            "candle" => (MaterialKind::Candle, Icon::Candle),
            "vial" => (MaterialKind::Vial, Icon::Vial),
            other => {
                return Err(card_err(format!(
                    "[[stock]] #{} field kind: {other:?} (expected candle or vial)",
                    i + 1
                )))
            }
        };
        Ok(MaterialCard {
            name: ic.label().to_string(),
            kind,
            value: self.value,
            icons: 1 << ic as u8,
            top: Some(ic),
            credit: 0,
            demerit: 0,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrave {
    name: String,
    value: u8,
    icons: Vec<String>,
    #[serde(default)]
    credit: Vec<String>,
    #[serde(default)]
    demerit: Vec<String>,
}

impl RawGrave {
    fn validate(&self, i: usize) -> EngineResult<MaterialCard> {
        let at = |f: &str| format!("[[grave]] #{} ({:?}) field {f}", i + 1, self.name);
        let icons = icon_mask(&self.icons, &at("icons"))?;
        if icons == 0 || icons & (1 << Icon::Candle as u8 | 1 << Icon::Vial as u8) != 0 {
            return Err(card_err(format!(
                "{}: a grave card shows 1 or more grave icons (candles and vials are stock)",
                at("icons")
            )));
        }
        let credit = icon_mask(&self.credit, &at("credit"))?;
        let demerit = icon_mask(&self.demerit, &at("demerit"))?;
        if credit & !icons != 0 || demerit & !icons != 0 || credit & demerit != 0 {
            return Err(card_err(format!(
                "{}: a +1 or -1 sits beside one of the card's own icons, never both",
                at("credit/demerit")
            )));
        }
        Ok(MaterialCard {
            name: self.name.clone(),
            kind: MaterialKind::Grave,
            value: self.value,
            icons,
            top: Some(icon(&self.icons[0], &at("icons"))?),
            credit,
            demerit,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrant {
    name: String,
    value: u8,
}

impl RawGrant {
    fn validate(&self, _i: usize) -> EngineResult<MaterialCard> {
        Ok(MaterialCard {
            name: self.name.clone(),
            kind: MaterialKind::Grant,
            value: self.value,
            icons: 0,
            top: None,
            credit: 0,
            demerit: 0,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStaff {
    name: String,
    ability: RawAbility,
}

impl RawStaff {
    fn validate(&self, i: usize) -> EngineResult<Staff> {
        let at = format!("[[staff]] #{} ({:?}) field ability", i + 1, self.name);
        if self.ability.trigger.is_some() || self.ability.moon.is_some() {
            return Err(card_err(format!(
                "{at}: a staff is used once a month; it takes no trigger or moon"
            )));
        }
        Ok(Staff {
            name: self.name.clone(),
            effect: self.ability.effect(&at)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::{CardSet, DEFAULT_CARDS_TOML};

    #[test]
    fn a_type_error_names_the_card_and_line() {
        let text = DEFAULT_CARDS_TOML.replacen("cost = 2", "cost = \"two\"", 1);
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(err.starts_with("[[project]] #1 (line"), "{err}");
        assert!(err.contains("cost = \"two\""), "{err}");
    }

    #[test]
    fn a_bad_value_names_the_card_and_field() {
        let text = DEFAULT_CARDS_TOML.replacen(
            "icons = [\"candle\", \"hand\"]",
            "icons = [\"candle\", \"worm\"]",
            1,
        );
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(
            err.contains("Spectral Sight") && err.contains("icons") && err.contains("worm"),
            "{err}"
        );
        let text =
            DEFAULT_CARDS_TOML.replacen("effect = \"remove_demerits\"", "effect = \"curse\"", 1);
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(
            err.contains("Cleansing Cauldron") && err.contains("curse"),
            "{err}"
        );
    }

    #[test]
    fn stock_cards_of_one_kind_share_one_price() {
        // The 13th stock card is the first vial ($3): make the second vial $4.
        let at = DEFAULT_CARDS_TOML
            .find("kind = \"vial\"\nvalue = 3")
            .unwrap();
        let second = at
            + 1
            + DEFAULT_CARDS_TOML[at + 1..]
                .find("kind = \"vial\"")
                .unwrap();
        let mut text = DEFAULT_CARDS_TOML.to_string();
        text.replace_range(
            second..second + "kind = \"vial\"\nvalue = 3".len(),
            "kind = \"vial\"\nvalue = 4",
        );
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(
            err.contains("[[stock]] #14") && err.contains("value: 4") && err.contains("vial"),
            "{err}"
        );
    }

    #[test]
    fn a_missing_card_is_reported_by_count() {
        let cut = DEFAULT_CARDS_TOML.rfind("[[staff]]").unwrap();
        let err = CardSet::from_toml(&DEFAULT_CARDS_TOML[..cut])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("[[staff]]") && err.contains("expected 12"),
            "{err}"
        );
    }
}
