//! The versioned JSON document a game's state is saved as: the game's name, the document
//! version, the user's card file (`null` for the game's own cards) and the game's table.
//! Every game shares this envelope; only the table and its validation are the game's own.

use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{EngineError, EngineResult};

/// The document as written: borrows the state, so saving copies nothing.
#[derive(Serialize)]
struct Outgoing<'a, T> {
    game: &'a str,
    version: u32,
    cards: Option<&'a str>,
    table: &'a T,
}

/// The document as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Incoming<T> {
    game: String,
    version: u32,
    cards: Option<String>,
    table: T,
}

/// The JSON document of `table` for game `game` at document `version`, with the TOML text
/// of a user's card set (`None`: the game's own cards).
pub fn write_document<T: Serialize>(
    game: &str,
    version: u32,
    cards: Option<&str>,
    table: &T,
) -> String {
    let doc = Outgoing {
        game,
        version,
        cards,
        table,
    };
    serde_json::to_string(&doc).expect("a game's table always serializes")
}

/// Reads a document written by [`write_document`] for game `game` (called `title` in
/// messages) at document `version`, and the card set it names: the default one, or its
/// embedded TOML text parsed by `parse`. The table is not validated here: that is the game's.
pub fn read_document<T: DeserializeOwned, C>(
    text: &str,
    game: &str,
    title: &str,
    version: u32,
    default_cards: impl FnOnce() -> Arc<C>,
    parse: impl FnOnce(&str) -> EngineResult<C>,
) -> EngineResult<(Arc<C>, T)> {
    let doc: Incoming<T> = serde_json::from_str(text)
        .map_err(|e| EngineError::InvalidState(format!("not a {title} state document: {e}")))?;
    if doc.game != game {
        return Err(EngineError::InvalidState(format!(
            "this document is for game {:?}, not {game:?}",
            doc.game
        )));
    }
    if doc.version != version {
        return Err(EngineError::InvalidState(format!(
            "unsupported state version {} (this build reads version {version})",
            doc.version
        )));
    }
    let cards = match doc.cards {
        None => default_cards(),
        Some(text) => Arc::new(parse(&text).map_err(|e| {
            EngineError::InvalidState(format!("the embedded card set is invalid: {e}"))
        })?),
    };
    Ok((cards, doc.table))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> EngineResult<(Arc<String>, Vec<u8>)> {
        read_document(
            text,
            "toy",
            "Toy",
            3,
            || Arc::new("default".to_string()),
            |t| Ok(t.to_uppercase()),
        )
    }

    #[test]
    fn a_document_round_trips_with_its_cards_and_table() {
        let text = write_document("toy", 3, Some("mine"), &vec![1u8, 2]);
        let (cards, table) = read(&text).unwrap();
        assert_eq!((cards.as_str(), table), ("MINE", vec![1, 2]));
        let (cards, _) = read(&write_document("toy", 3, None, &vec![0u8])).unwrap();
        assert_eq!(cards.as_str(), "default");
    }

    #[test]
    fn another_game_another_version_or_an_unknown_key_is_refused_by_name() {
        let refused = |text: &str| read(text).unwrap_err().to_string();
        assert!(refused(&write_document("other", 3, None, &vec![0u8])).contains("\"other\""));
        assert!(refused(&write_document("toy", 2, None, &vec![0u8])).contains("version 2"));
        let extra = r#"{"game":"toy","version":3,"cards":null,"table":[],"extra":1}"#;
        assert!(refused(extra).starts_with("not a Toy state document"));
    }
}
