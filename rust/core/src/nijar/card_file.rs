//! Reading a Níjar data file: the TOML schema of `data/nijar.toml` and its validation into a
//! [`CardSet`], reporting the first problem with its card, field and line.

use serde::Deserialize;

use super::data::{
    Act, Amount, BoardData, BuildingCard, CardSet, CardType, CleanupCard, CompetitionCard, Cost,
    DonkeyIcon, EndgameCard, EndgameKind, EspartoCard, Need, Res, StartingResources, WheelCard,
    ESPARTO_SPACES, MARKET_HEIGHTS, MAX_WHEEL_LEN, NUM_CLEANUP, NUM_ENDGAME, NUM_ESPARTO,
    NUM_FIRING_KILNS, NUM_GAME_CARDS, NUM_GLAZE_KILNS, NUM_STARTING, NUM_WHEELS, NUM_WORKSHOPS,
    STARTING_BASE, STARTING_CARD, WHEEL_SPACES,
};
use crate::engine::{EngineError, EngineResult, FixedVec};

fn card_err(msg: String) -> EngineError {
    EngineError::CardData(msg)
}

/// The line of every `[[section]]` header, by section in file order, for error messages;
/// read in one pass over the text, so that naming the line of each of `n` cards costs
/// `O(text)` in all rather than `O(n · text)`.
struct HeaderLines(std::collections::HashMap<String, Vec<usize>>);

impl HeaderLines {
    fn new(text: &str) -> Self {
        let mut map: std::collections::HashMap<String, Vec<usize>> = Default::default();
        for (i, l) in text.lines().enumerate() {
            note_line_read();
            let l = l.trim();
            if let Some(name) = l.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
                map.entry(name.trim().to_string()).or_default().push(i + 1);
            }
        }
        HeaderLines(map)
    }

    /// The line of the `index`-th (0-based) `[[section]]` header (0 if there is none).
    fn line(&self, section: &str, index: usize) -> usize {
        self.0
            .get(section)
            .and_then(|v| v.get(index))
            .copied()
            .unwrap_or(0)
    }
}

thread_local! {
    /// Lines of a card file read while parsing it, on this thread (the work a test counts).
    static LINES_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn note_line_read() {
    LINES_READ.with(|n| n.set(n.get() + 1));
}

/// Parses `text` and returns the result with the number of its lines read to name lines in
/// errors (a test of the loader's cost that counts work instead of timing it).
#[cfg(test)]
pub(super) fn parse_counting_lines(text: &str) -> (EngineResult<CardSet>, usize) {
    LINES_READ.with(|n| n.set(0));
    let out = parse(text);
    (out, LINES_READ.with(|n| n.get()))
}

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
            l.strip_prefix('[').and_then(|r| r.strip_suffix(']'))
        })
        .next_back();
    let source_line = text.lines().nth(line - 1).unwrap_or("").trim();
    match header {
        Some(h) => format!("[{h}] (line {line}: {source_line}): {}", e.message()),
        None => format!("card file line {line} ({source_line}): {}", e.message()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    board: RawBoard,
    printed_esparto: RawPrinted,
    starting_cleanup: RawStartCleanup,
    starting_glazing_workshop: RawStartWorkshop,
    #[serde(default)]
    starting_wheel: Vec<RawWheel>,
    #[serde(default)]
    starting_resources: Vec<RawResources>,
    #[serde(default)]
    wheel: Vec<RawWheel>,
    #[serde(default)]
    esparto: Vec<RawEsparto>,
    #[serde(default)]
    cleanup: Vec<RawCleanup>,
    #[serde(default)]
    glazing_workshop: Vec<RawBuilding>,
    #[serde(default)]
    glaze_kiln: Vec<RawBuilding>,
    #[serde(default)]
    firing_kiln: Vec<RawBuilding>,
    #[serde(default)]
    endgame: Vec<RawEndgame>,
    #[serde(default)]
    competition: Vec<RawCompetition>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCompetition {
    name: String,
    space: Vec<u8>,
    donkey: DonkeyIcon,
    pieces: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonusTile {
    act: Act,
    min_players: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    first_game_layout: Vec<Act>,
    solo_first_game_layout: Vec<Act>,
    bonus_tiles: Vec<RawBonusTile>,
    market_unpainted: Vec<u8>,
    market_painted: Vec<u8>,
    market_start: Vec<u8>,
    right_track: Vec<i8>,
    solo_right_cost: u8,
    wheel_spaces: Vec<Act>,
    esparto_spaces: Vec<Act>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrinted {
    name: String,
    rewards: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartCleanup {
    spaces: u8,
    reward: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartWorkshop {
    paint: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWheel {
    name: String,
    #[serde(default)]
    cost: Vec<String>,
    #[serde(default)]
    vp: u8,
    finish_vp: u8,
    spaces: Vec<Act>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResources {
    name: String,
    clay: u8,
    pg: u8,
    glaze: u8,
    cracks: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEsparto {
    name: String,
    design: String,
    cost: Vec<String>,
    rewards: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCleanup {
    name: String,
    cost: Vec<String>,
    spaces: u8,
    reward: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuilding {
    name: String,
    cost: Vec<String>,
    #[serde(default)]
    paint: Vec<String>,
    sides: Vec<Act>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEndgame {
    name: String,
    #[serde(default)]
    cards: Option<CardType>,
    #[serde(default)]
    pieces: Option<String>,
}

/// Where a problem is: "[[wheel]] #3 "Torno Alto" (line 120)".
struct At<'a> {
    section: &'a str,
    index: usize,
    name: &'a str,
    line: usize,
}

impl At<'_> {
    fn err(&self, field: &str, msg: impl std::fmt::Display) -> EngineError {
        card_err(format!(
            "[[{}]] #{} {:?} (line {}), field {field}: {msg}",
            self.section,
            self.index + 1,
            self.name,
            self.line
        ))
    }
}

fn amount(at: &At, field: &str, s: &str, allow: &[Res]) -> EngineResult<Amount> {
    let (k, n) = s
        .split_once(':')
        .ok_or_else(|| at.err(field, format!("{s:?} is not \"resource:count\"")))?;
    let res = [Res::Pg, Res::Clay, Res::Glaze, Res::Crack, Res::Vp]
        .into_iter()
        .find(|r| r.key() == k.trim())
        .ok_or_else(|| at.err(field, format!("unknown resource {k:?} in {s:?}")))?;
    if !allow.contains(&res) {
        return Err(at.err(field, format!("{} is not allowed here", res.key())));
    }
    let n: u8 = n
        .trim()
        .parse()
        .map_err(|_| at.err(field, format!("{n:?} is not a count")))?;
    if n == 0 || n > 8 {
        return Err(at.err(field, format!("count {n} must be 1 to 8")));
    }
    Ok(Amount { res, n })
}

const COST_RES: [Res; 4] = [Res::Pg, Res::Clay, Res::Glaze, Res::Crack];
const REWARD_RES: [Res; 4] = [Res::Pg, Res::Clay, Res::Glaze, Res::Vp];

fn cost(at: &At, field: &str, items: &[String]) -> EngineResult<Cost> {
    if items.len() > 3 {
        return Err(at.err(field, "at most 3 amounts"));
    }
    let mut out = Cost::new();
    for s in items {
        let a = amount(at, field, s, &COST_RES)?;
        if out.iter().any(|b| b.res == a.res) {
            return Err(at.err(field, format!("{} appears twice", a.res.key())));
        }
        out.push(a);
    }
    Ok(out)
}

fn wheel(at: &At, w: &RawWheel) -> EngineResult<WheelCard> {
    if w.spaces.len() < 2 || w.spaces.len() > MAX_WHEEL_LEN {
        return Err(at.err("spaces", format!("needs 2 to {MAX_WHEEL_LEN} spaces")));
    }
    if let Some(a) = w.spaces.iter().find(|a| **a == Act::FirstPlayer) {
        return Err(at.err("spaces", format!("{} is only a main-board action", a.key())));
    }
    if w.spaces.contains(&Act::Esparto1) {
        return Err(at.err("spaces", SPECIAL_ONLY));
    }
    Ok(WheelCard {
        name: w.name.clone(),
        cost: cost(at, "cost", &w.cost)?,
        vp: w.vp,
        finish_vp: w.finish_vp,
        spaces: w.spaces.iter().copied().collect(),
    })
}

/// 9.8's sentence, for a card file naming the Collect Esparto bonus anywhere else.
const SPECIAL_ONLY: &str =
    "esparto1 is the Special Action's printed bonus (9.8: \"This Bonus is only found in the Special Action\")";

fn side_acts(at: &At, field: &str, acts: &[Act], n: usize) -> EngineResult<()> {
    if acts.len() != n {
        return Err(at.err(field, format!("needs exactly {n} actions")));
    }
    if acts.contains(&Act::FirstPlayer) {
        return Err(at.err(field, "first_player is only a main-board action"));
    }
    if acts.contains(&Act::Esparto1) {
        return Err(at.err(field, SPECIAL_ONLY));
    }
    Ok(())
}

fn count(section: &str, what: &str, found: usize, want: usize) -> EngineResult<()> {
    if found != want {
        return Err(card_err(format!(
            "[[{section}]]: expected {want} {what}, found {found}"
        )));
    }
    Ok(())
}

pub(super) fn parse(text: &str) -> EngineResult<CardSet> {
    let raw: RawFile = toml::from_str(text).map_err(|e| card_err(locate(text, &e)))?;
    let b = &raw.board;
    let board_at = At {
        section: "board",
        index: 0,
        name: "board",
        line: 0,
    };
    let layout: [Act; 9] = b
        .first_game_layout
        .clone()
        .try_into()
        .map_err(|_| board_at.err("first_game_layout", "needs exactly 9 action tiles"))?;
    let mut sorted = layout;
    sorted.sort();
    let want = [
        Act::Acquire,
        Act::Play,
        Act::Clay,
        Act::Throw,
        Act::Fire,
        Act::Paint,
        Act::Clean,
        Act::Esparto,
        Act::FirstPlayer,
    ];
    if sorted != want {
        return Err(board_at.err(
            "first_game_layout",
            "the 9 tiles are acquire, play, clay, throw, fire, paint, clean, esparto and \
             first_player, each once",
        ));
    }
    let row_of = |a: Act| layout.iter().position(|x| *x == a).unwrap_or(0) / 3;
    if row_of(Act::Play) == row_of(Act::FirstPlayer) {
        return Err(board_at.err(
            "first_game_layout",
            "Turn Order (first_player) and Play a Card may not share a row (4.1.1)",
        ));
    }
    let solo_layout: [Act; 9] = b
        .solo_first_game_layout
        .clone()
        .try_into()
        .map_err(|_| board_at.err("solo_first_game_layout", "needs exactly 9 action tiles"))?;
    let mut solo_sorted = solo_layout;
    solo_sorted.sort();
    let solo_row = |a: Act| solo_layout.iter().position(|x| *x == a).unwrap_or(0) / 3;
    if solo_sorted != want || solo_row(Act::Play) != solo_row(Act::FirstPlayer) {
        return Err(board_at.err(
            "solo_first_game_layout",
            "the 9 tiles once each, with first_player and play in one row (12.1.1)",
        ));
    }
    if b.bonus_tiles.len() != 7 {
        return Err(board_at.err("bonus_tiles", "needs exactly 7 bonus tiles"));
    }
    for t in &b.bonus_tiles {
        if !t.act.is_bonus() || t.act == Act::Esparto1 {
            return Err(board_at.err(
                "bonus_tiles",
                format!("{} is not a bonus tile action", t.act.key()),
            ));
        }
        if !(2..=4).contains(&t.min_players) {
            return Err(board_at.err("bonus_tiles", "min_players must be 2, 3 or 4"));
        }
    }
    for (players, used) in [(2u8, 5usize), (3, 6), (4, 7)] {
        let n = b
            .bonus_tiles
            .iter()
            .filter(|t| t.min_players <= players)
            .count();
        if n != used {
            return Err(board_at.err(
                "bonus_tiles",
                format!("a {players}-player game uses {used} tiles (4.1.3), the marks give {n}"),
            ));
        }
    }
    let heights = |field: &str, v: &[u8]| -> EngineResult<[u8; MARKET_HEIGHTS]> {
        v.try_into()
            .map_err(|_| board_at.err(field, format!("needs exactly {MARKET_HEIGHTS} heights")))
    };
    let market_unpainted = heights("market_unpainted", &b.market_unpainted)?;
    let market_painted = heights("market_painted", &b.market_painted)?;
    let market_start: [u8; 4] = b
        .market_start
        .clone()
        .try_into()
        .map_err(|_| board_at.err("market_start", "needs 4 heights (2, 3, 4 players, solo)"))?;
    if market_start
        .iter()
        .any(|&h| usize::from(h) + 8 >= MARKET_HEIGHTS)
    {
        return Err(board_at.err(
            "market_start",
            "a start height plus demand 2 and a die 6 must stay on the track",
        ));
    }
    let right_track: [i8; 4] = b
        .right_track
        .clone()
        .try_into()
        .map_err(|_| board_at.err("right_track", "needs 4 spaces"))?;
    let wheel_spaces: [Act; WHEEL_SPACES] = b
        .wheel_spaces
        .clone()
        .try_into()
        .map_err(|_| board_at.err("wheel_spaces", format!("needs {WHEEL_SPACES} actions")))?;
    let esparto_spaces: [Act; ESPARTO_SPACES] =
        b.esparto_spaces.clone().try_into().map_err(|_| {
            board_at.err("esparto_spaces", format!("needs {ESPARTO_SPACES} actions"))
        })?;
    side_acts(&board_at, "wheel_spaces", &wheel_spaces, WHEEL_SPACES)?;
    side_acts(&board_at, "esparto_spaces", &esparto_spaces, ESPARTO_SPACES)?;
    let board = BoardData {
        first_game_layout: layout,
        solo_first_game_layout: solo_layout,
        bonus_tiles: b
            .bonus_tiles
            .iter()
            .map(|t| (t.act, t.min_players))
            .collect(),
        market_unpainted,
        market_painted,
        market_start,
        right_track,
        solo_right_cost: b.solo_right_cost,
        wheel_spaces,
        esparto_spaces,
    };

    let headers = HeaderLines::new(text);
    let at = |section: &'static str, index: usize, name: &'static str| At {
        section,
        index,
        name,
        line: headers.line(section, index),
    };
    let pe = &raw.printed_esparto;
    let pat = At {
        section: "printed_esparto",
        index: 0,
        name: &pe.name,
        line: 0,
    };
    let printed_esparto = esparto_rewards(&pat, &pe.name, &pe.name, Cost::new(), &pe.rewards)?;
    let sc = At {
        section: "starting_cleanup",
        index: 0,
        name: "starting cleanup",
        line: 0,
    };
    if !(1..=6).contains(&raw.starting_cleanup.spaces) {
        return Err(sc.err("spaces", "must be 1 to 6"));
    }
    let starting_cleanup = CleanupCard {
        name: "Starting Cleanup".to_string(),
        cost: Cost::new(),
        spaces: raw.starting_cleanup.spaces,
        reward: amount(&sc, "reward", &raw.starting_cleanup.reward, &REWARD_RES)?,
    };
    let sw = At {
        section: "starting_glazing_workshop",
        index: 0,
        name: "starting glazing workshop",
        line: 0,
    };
    let starting_paint = cost(&sw, "paint", &raw.starting_glazing_workshop.paint)?;
    if starting_paint.is_empty() {
        return Err(sw.err("paint", "a paint cost is needed"));
    }

    let mut starting_wheels = Vec::new();
    for (i, w) in raw.starting_wheel.iter().enumerate() {
        let a = At {
            name: &w.name,
            ..at("starting_wheel", i, "")
        };
        starting_wheels.push(wheel(&a, w)?);
    }
    count(
        "starting_wheel",
        "starting potter's wheels",
        starting_wheels.len(),
        NUM_STARTING,
    )?;
    let mut starting_resources = Vec::new();
    for (i, r) in raw.starting_resources.iter().enumerate() {
        let a = At {
            name: &r.name,
            ..at("starting_resources", i, "")
        };
        if r.clay > 7 {
            return Err(a.err("clay", "at most 7 clay (5.1)"));
        }
        if r.cracks > 8 {
            return Err(a.err("cracks", "at most 8 cracks (5.1)"));
        }
        if r.pg > 10 || r.glaze > 10 {
            return Err(a.err("pg", "at most 10 Perra Gorda and 10 Glazes"));
        }
        starting_resources.push(StartingResources {
            clay: r.clay,
            pg: r.pg,
            glaze: r.glaze,
            cracks: r.cracks,
        });
    }
    count(
        "starting_resources",
        "starting resource cards",
        starting_resources.len(),
        NUM_STARTING,
    )?;
    let mut wheels = Vec::new();
    for (i, w) in raw.wheel.iter().enumerate() {
        let a = At {
            name: &w.name,
            ..at("wheel", i, "")
        };
        wheels.push(wheel(&a, w)?);
    }
    count("wheel", "potter's wheel cards", wheels.len(), NUM_WHEELS)?;
    let mut esparto = Vec::new();
    for (i, e) in raw.esparto.iter().enumerate() {
        let a = At {
            name: &e.name,
            ..at("esparto", i, "")
        };
        let c = cost(&a, "cost", &e.cost)?;
        if e.design == pe.name {
            return Err(a.err("design", "must differ from the printed esparto card"));
        }
        esparto.push(esparto_rewards(&a, &e.name, &e.design, c, &e.rewards)?);
    }
    count("esparto", "esparto cards", esparto.len(), NUM_ESPARTO)?;
    let mut cleanups = Vec::new();
    for (i, c) in raw.cleanup.iter().enumerate() {
        let a = At {
            name: &c.name,
            ..at("cleanup", i, "")
        };
        if !(1..=6).contains(&c.spaces) {
            return Err(a.err("spaces", "must be 1 to 6"));
        }
        cleanups.push(CleanupCard {
            name: c.name.clone(),
            cost: cost(&a, "cost", &c.cost)?,
            spaces: c.spaces,
            reward: amount(&a, "reward", &c.reward, &REWARD_RES)?,
        });
    }
    count("cleanup", "cleanup cards", cleanups.len(), NUM_CLEANUP)?;
    let mut buildings = Vec::new();
    for (section, list, want) in [
        ("glazing_workshop", &raw.glazing_workshop, NUM_WORKSHOPS),
        ("glaze_kiln", &raw.glaze_kiln, NUM_GLAZE_KILNS),
        ("firing_kiln", &raw.firing_kiln, NUM_FIRING_KILNS),
    ] {
        for (i, c) in list.iter().enumerate() {
            let a = At {
                name: &c.name,
                ..at(section, i, "")
            };
            side_acts(&a, "sides", &c.sides, 2)?;
            let paint = cost(&a, "paint", &c.paint)?;
            if section == "glazing_workshop" && paint.is_empty() {
                return Err(a.err("paint", "a glazing workshop needs a paint cost"));
            }
            if section != "glazing_workshop" && !paint.is_empty() {
                return Err(a.err("paint", "only glazing workshops have a paint cost"));
            }
            buildings.push(BuildingCard {
                name: c.name.clone(),
                cost: cost(&a, "cost", &c.cost)?,
                paint,
                sides: [c.sides[0], c.sides[1]],
            });
        }
        count(section, "cards", list.len(), want)?;
    }
    let mut endgame = Vec::new();
    for (i, e) in raw.endgame.iter().enumerate() {
        let a = At {
            name: &e.name,
            ..at("endgame", i, "")
        };
        let kind = match (&e.cards, &e.pieces) {
            (Some(t), None) => EndgameKind::Cards(*t),
            (None, Some(p)) => EndgameKind::Pieces(
                ["plate", "jug", "pot"]
                    .iter()
                    .position(|x| x == p)
                    .ok_or_else(|| a.err("pieces", format!("{p:?} is not plate, jug or pot")))?,
            ),
            _ => return Err(a.err("cards", "give exactly one of cards = ... or pieces = ...")),
        };
        endgame.push(EndgameCard {
            name: e.name.clone(),
            kind,
        });
    }
    count(
        "endgame",
        "endgame scoring cards",
        endgame.len(),
        NUM_ENDGAME,
    )?;
    let mut competition = Vec::new();
    for (i, c) in raw.competition.iter().enumerate() {
        let a = At {
            name: &c.name,
            ..at("competition", i, "")
        };
        let [row, col] = c.space[..] else {
            return Err(a.err("space", "needs [row, column]"));
        };
        if !(1..=3).contains(&row) || !(1..=3).contains(&col) {
            return Err(a.err("space", "row and column are 1 to 3"));
        }
        if c.pieces.len() != 3 {
            return Err(a.err("pieces", "needs the piece actions of 3 rounds"));
        }
        let mut pieces: [FixedVec<u8, 2>; 3] = Default::default();
        for (r, list) in c.pieces.iter().enumerate() {
            if list.is_empty() || list.len() > 2 {
                return Err(a.err("pieces", "1 or 2 piece actions a round"));
            }
            for p in list {
                let t = ["plate", "jug", "pot"]
                    .iter()
                    .position(|x| x == p)
                    .ok_or_else(|| a.err("pieces", format!("{p:?} is not plate, jug or pot")))?;
                pieces[r].push(t as u8);
            }
        }
        competition.push(CompetitionCard {
            name: c.name.clone(),
            space: (row - 1, col - 1),
            donkey: c.donkey,
            pieces,
        });
    }
    count("competition", "Competition cards", competition.len(), 9)?;
    if !competition.iter().any(|c| {
        !matches!(
            c.donkey,
            DonkeyIcon::DiscardSides | DonkeyIcon::DiscardVertical | DonkeyIcon::Stay
        )
    }) {
        return Err(card_err(
            "[[competition]]: one card at least must show a donkey position (12.1.3)".to_string(),
        ));
    }
    let mut set = CardSet {
        board,
        wheels,
        esparto,
        cleanups,
        buildings,
        endgame,
        starting_wheels,
        starting_resources,
        printed_esparto,
        competition,
        starting_cleanup,
        starting_paint,
        source: Some(text.to_string()),
        needs: [Need::default(); NUM_GAME_CARDS],
        wheel_lens: [0; 256],
        cleanup_spaces: [0; 256],
    };
    set.needs = std::array::from_fn(|id| Need::of(set.cost(id)));
    let wheel_ids = (0..NUM_WHEELS as u8).chain((0..NUM_STARTING as u8).map(|k| STARTING_BASE + k));
    for id in wheel_ids {
        set.wheel_lens[usize::from(id)] = set.wheel(id).spaces.len() as u8;
    }
    for id in (32..32 + NUM_CLEANUP as u8).chain([STARTING_CARD]) {
        set.cleanup_spaces[usize::from(id)] = set.cleanup(id).spaces;
    }
    Ok(set)
}

fn esparto_rewards(
    at: &At,
    name: &str,
    design: &str,
    cost: Cost,
    rewards: &[String],
) -> EngineResult<EspartoCard> {
    if rewards.len() != 2 {
        return Err(at.err("rewards", "needs exactly 2 rewards"));
    }
    let r0 = amount(
        at,
        "rewards",
        &rewards[0],
        &[Res::Pg, Res::Clay, Res::Glaze],
    )?;
    let r1 = amount(
        at,
        "rewards",
        &rewards[1],
        &[Res::Pg, Res::Clay, Res::Glaze],
    )?;
    Ok(EspartoCard {
        name: name.to_string(),
        design: design.to_string(),
        cost,
        rewards: [r0, r1],
    })
}
