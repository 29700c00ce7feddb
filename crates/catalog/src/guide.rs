//! What a person at the table reads besides the position: the help for the decision at hand
//! and the texts printed on the components in play, from one viewer's view.

use serde::Serialize;
use sylvan_engine::{Game, Record, Viewer};

use crate::kind::record_components;
use crate::CatalogError;

/// The help texts of a position for one viewer (empty where the game gives none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Guide {
    /// A short summary of the rules of the decision at hand ([`Game::decision_help`]).
    pub help: String,
    /// The texts of the components in play ([`Game::rules_text`]).
    pub rules: String,
}

/// Replays `record` and asks the game for `viewer`'s guide to the position it reaches.
pub(crate) fn guide<G: Game>(
    record: &Record,
    viewer: Viewer,
    components: Option<&str>,
) -> Result<Guide, CatalogError> {
    let components = record_components(record, components)?;
    let (rules, state) = record
        .replay_with::<G>(|players, options| match components {
            Some(text) => G::with_components(players, options, text),
            None => G::new(players, options),
        })
        .map_err(|e| CatalogError::BadRecord(e.to_string()))?;
    if let Viewer::Seat(s) = viewer {
        if s.index() >= rules.players() {
            return Err(CatalogError::NoSuchSeat {
                seat: s.index(),
                last: rules.players().saturating_sub(1),
            });
        }
    }
    let view = rules.view(&state, viewer);
    Ok(Guide {
        help: rules.decision_help(&view),
        rules: rules.rules_text(&view),
    })
}
