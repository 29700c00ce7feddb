//! Options as JSON: merged over a game's defaults, unknown names rejected.

use serde_json::{Map, Value};
use sylvan_engine::Game;

/// Reads `given` (a JSON object, or `null` for the defaults) as `G`'s options: each field given
/// replaces the default, nested objects merge field by field, and a name the game does not have
/// is rejected with the names it does have.
pub fn merge_options<G: Game>(given: &Value) -> Result<G::Options, String> {
    let mut merged = serde_json::to_value(G::Options::default())
        .map_err(|e| format!("{}'s default options are not JSON: {e}", G::INFO.title))?;
    match given {
        Value::Null => {}
        Value::Object(fields) => merge_into(&mut merged, fields, "")?,
        other => {
            return Err(format!(
                "options must be a JSON object, not {}",
                kind_of(other)
            ))
        }
    }
    serde_json::from_value(merged).map_err(|e| format!("bad options for {}: {e}", G::INFO.title))
}

fn merge_into(base: &mut Value, given: &Map<String, Value>, path: &str) -> Result<(), String> {
    let Value::Object(base) = base else {
        return match given.keys().next() {
            None => Ok(()),
            Some(name) => Err(format!(
                "unknown option '{path}{name}': {} takes no options here",
                if path.is_empty() {
                    "this game"
                } else {
                    path.trim_end_matches('.')
                }
            )),
        };
    };
    for (name, value) in given {
        if !base.contains_key(name) {
            let known = base.keys().cloned().collect::<Vec<_>>().join(", ");
            return Err(format!(
                "unknown option '{path}{name}' (the options are: {})",
                if known.is_empty() { "none" } else { &known }
            ));
        }
        let Some(slot) = base.get_mut(name) else {
            continue;
        };
        match (slot, value) {
            (slot @ Value::Object(_), Value::Object(inner)) => {
                merge_into(slot, inner, &format!("{path}{name}."))?
            }
            (slot, value) => *slot = value.clone(),
        }
    }
    Ok(())
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use sylvan_engine::testing::{Nim, NimOptions};

    #[test]
    fn defaults_when_null_or_empty() {
        assert_eq!(
            merge_options::<Nim>(&Value::Null),
            Ok(NimOptions::default())
        );
        assert_eq!(merge_options::<Nim>(&json!({})), Ok(NimOptions::default()));
    }

    #[test]
    fn given_fields_replace_defaults() {
        assert_eq!(
            merge_options::<Nim>(&json!({"max_take": 5})),
            Ok(NimOptions { max_take: 5 })
        );
    }

    #[test]
    fn unknown_names_are_rejected_with_the_known_ones() {
        let err = merge_options::<Nim>(&json!({"max_takes": 5})).expect_err("rejected");
        assert!(err.contains("unknown option 'max_takes'"), "{err}");
        assert!(err.contains("max_take"), "{err}");
    }

    #[test]
    fn wrong_types_are_rejected() {
        let err = merge_options::<Nim>(&json!({"max_take": "lots"})).expect_err("rejected");
        assert!(err.contains("bad options for Nim"), "{err}");
        let err = merge_options::<Nim>(&json!([1])).expect_err("rejected");
        assert!(err.contains("must be a JSON object"), "{err}");
    }
}
