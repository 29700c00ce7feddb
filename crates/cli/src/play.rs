//! `sylvan play`: a person at the terminal against bots.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde_json::Value;
use sylvan_catalog::{Audience, Catalog, DynGame, Seat, Viewer};
use sylvan_engine::{derive_seed, Actor};

use crate::bots::{make_bot, Bot, Turn};
use crate::{write_score, CliError};

/// What `play` was asked for.
pub(crate) struct PlayConfig {
    pub game: String,
    pub seed: u64,
    pub seats: Vec<String>,
    pub options: Value,
    pub record: Option<PathBuf>,
    pub components: Option<String>,
    pub threads: usize,
}

enum Sitter {
    Human,
    Bot(Box<dyn Bot>),
}

pub(crate) fn play(
    catalog: &Catalog,
    config: &PlayConfig,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut sitters = Vec::new();
    for (i, name) in config.seats.iter().enumerate() {
        let name = name.trim();
        sitters.push(if name == "human" {
            Sitter::Human
        } else {
            // Bots never share the chance generator: each has its own seed.
            Sitter::Bot(
                make_bot(name, derive_seed(config.seed, 1 + i as u64), config.threads)
                    .map_err(CliError::new)?,
            )
        });
    }
    let mut game = catalog.new_game(
        &config.game,
        sitters.len(),
        config.seed,
        &config.options,
        true,
        config.components.as_deref(),
    )?;
    game.set_seats(config.seats.iter().map(|s| s.trim().to_string()).collect());
    let humans: Vec<usize> = (0..sitters.len())
        .filter(|&i| matches!(sitters[i], Sitter::Human))
        .collect();
    // Events are worded for the one person at the table; with several (hot seat) or none, for
    // a spectator, so that nobody reads what only another seat may see.
    let audience = match humans.as_slice() {
        [one] => Audience::Viewer(Viewer::Seat(Seat(*one as u8))),
        _ => Audience::Viewer(Viewer::Spectator),
    };
    let names: Vec<String> = (0..sitters.len())
        .map(|i| match &sitters[i] {
            Sitter::Human if humans.len() == 1 => format!("Player {} (you)", i + 1),
            Sitter::Human => format!("Player {} (human)", i + 1),
            Sitter::Bot(b) => format!("Player {} ({})", i + 1, b.name()),
        })
        .collect();
    let who = |i: usize| names[i].clone();
    let info = game.info();
    writeln!(out, "{} — seed {}", info.title, config.seed)?;
    for i in 0..sitters.len() {
        writeln!(out, "  {}", who(i))?;
    }
    for events in game.history(audience) {
        write_events(out, &events)?;
    }
    let finished = loop {
        let events = match game.status().to_move {
            Actor::Nobody => break true,
            // Play resolves chance itself (auto_chance); this is only a safeguard.
            Actor::Chance => game.resolve_chance(audience),
            Actor::Seat(seat) => match &mut sitters[seat.index()] {
                Sitter::Human => match ask_human(
                    game.as_mut(),
                    seat,
                    &who(seat.index()),
                    audience,
                    stdin,
                    out,
                )? {
                    Some(events) => events,
                    None => break false,
                },
                Sitter::Bot(bot) => {
                    let legal = game.legal();
                    if legal.is_empty() {
                        return Err(CliError::new(format!(
                            "{} lists no legal action for {seat}: a bug in the game",
                            info.title
                        )));
                    }
                    let index = bot
                        .choose(&Turn::new(seat, &legal, game.as_ref()))
                        .map_err(|e| CliError::new(format!("bot {}: {e}", bot.name())))?;
                    game.apply_index(index.min(legal.len() - 1), audience)
                        .map_err(|e| {
                            CliError::new(format!(
                                "bot {} chose an illegal action: {e}",
                                bot.name()
                            ))
                        })?
                }
            },
        };
        write_events(out, &events)?;
    };
    if finished {
        writeln!(out, "\nThe game is over.")?;
        if let Ok(text) = game.text(match audience {
            Audience::Viewer(v) => v,
            Audience::All => Viewer::Spectator,
        }) {
            writeln!(out, "{text}")?;
        }
    } else {
        writeln!(
            out,
            "\nEnd of input: the game is left unfinished after {} decisions.",
            game.status().decisions
        )?;
    }
    writeln!(out, "\nScore:")?;
    let seats: Vec<String> = (0..sitters.len())
        .map(|i| match &sitters[i] {
            Sitter::Human => "human".to_string(),
            Sitter::Bot(b) => b.name().to_string(),
        })
        .collect();
    write_score(out, &game.score(), &seats)?;
    if let Some(path) = &config.record {
        let mut record = game.record();
        // The record carries the component data it was played with: it replays alone.
        if let Some(text) = &config.components {
            record.embed_components(text);
        }
        let record = serde_json::to_string_pretty(&record)
            .map_err(|e| CliError::new(format!("cannot write the record: {e}")))?;
        std::fs::write(path, record + "\n").map_err(|e| {
            CliError::new(format!(
                "cannot write the record to '{}': {e}",
                path.display()
            ))
        })?;
        writeln!(out, "Record written to {}", path.display())?;
    }
    Ok(())
}

fn write_events(out: &mut dyn Write, events: &[String]) -> std::io::Result<()> {
    for e in events {
        writeln!(out, "  · {e}")?;
    }
    Ok(())
}

/// Shows the position from `seat`'s view and the numbered legal actions, then reads until a
/// valid choice; `None` at the end of input.
fn ask_human(
    game: &mut dyn DynGame,
    seat: Seat,
    who: &str,
    audience: Audience,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<Vec<String>>, CliError> {
    let text = game.text(Viewer::Seat(seat))?;
    writeln!(out, "\n{text}")?;
    let legal = game.legal();
    writeln!(out, "{who} to decide:")?;
    let width = legal.len().to_string().len();
    for (i, l) in legal.iter().enumerate() {
        writeln!(out, "  {:>width$}. {}", i + 1, l.text)?;
    }
    let prompt = format!("{who}, choose 1-{} or type an action: ", legal.len());
    let mut line = Vec::new();
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        line.clear();
        let read = stdin
            .read_until(b'\n', &mut line)
            .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
        if read == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            writeln!(out, "Please choose an action.")?;
            continue;
        }
        let result = match text.parse::<usize>() {
            Ok(0) => {
                writeln!(
                    out,
                    "'0' is not a choice: the actions are numbered 1 to {}.",
                    legal.len()
                )?;
                continue;
            }
            Ok(n) if n > legal.len() => {
                writeln!(
                    out,
                    "'{n}' is not a choice: the actions are numbered 1 to {}.",
                    legal.len()
                )?;
                continue;
            }
            Ok(n) => game.apply_index(n - 1, audience),
            Err(_) => game.apply_text(text, audience),
        };
        match result {
            // The events say what was chosen, in the game's words.
            Ok(events) => return Ok(Some(events)),
            Err(e) => writeln!(out, "Not a legal action here: {e}")?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_catalog;

    fn run(seats: &str, input: &str) -> (Result<(), CliError>, String) {
        let config = PlayConfig {
            game: "nim".into(),
            seed: 1,
            seats: seats.split(',').map(String::from).collect(),
            options: Value::Null,
            record: None,
            components: None,
            threads: 1,
        };
        let mut out = Vec::new();
        let result = play(&test_catalog(), &config, &mut input.as_bytes(), &mut out);
        (result, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn a_person_plays_to_the_end_with_numbers_text_and_mistakes() {
        let input = "9\nfly\n\n0\n".to_string() + &"take 1\n1\n".repeat(10);
        let (result, out) = run("human,random", &input);
        assert_eq!(result, Ok(()), "{out}");
        assert!(out.contains("'9' is not a choice"), "{out}");
        assert!(
            out.contains("Not a legal action here: 'fly' is not one of"),
            "{out}"
        );
        assert!(out.contains("  1. Take 1"), "{out}");
        assert!(out.contains("The game is over."), "{out}");
        assert!(out.contains("Winner: P"), "{out}");
        assert!(out.contains("· The pile has"), "{out}");
    }

    #[test]
    fn end_of_input_leaves_cleanly() {
        let (result, out) = run("human,random", "");
        assert_eq!(result, Ok(()));
        assert!(out.contains("End of input"), "{out}");
    }

    #[test]
    fn bots_alone_play_a_whole_game() {
        let (result, out) = run("random,random", "");
        assert_eq!(result, Ok(()));
        assert!(out.contains("The game is over."), "{out}");
    }

    #[test]
    fn search_bots_take_seats_by_name_and_difficulty() {
        let (result, out) = run("ismcts:hard,greedy", "");
        assert_eq!(result, Ok(()), "{out}");
        assert!(out.contains("Player 1 (ismcts:hard)"), "{out}");
        assert!(out.contains("Player 2 (greedy)"), "{out}");
        assert!(out.contains("The game is over."), "{out}");
        let (result, _) = run("human,cheat", "");
        assert!(result.is_err_and(|e| e.message.contains("diagnostic")));
        let (result, _) = run("human,mcts:0", "");
        assert!(result.is_err_and(|e| e.message.contains("no time")));
    }

    #[test]
    fn unknown_seats_and_counts_are_errors() {
        let (result, _) = run("human,grandmaster", "");
        assert!(result.is_err_and(|e| e.message.contains("unknown seat 'grandmaster'")));
        let (result, _) = run("human,random,random", "");
        assert!(result.is_err_and(|e| e.message.contains("not 3")));
    }
}
