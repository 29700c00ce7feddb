//! `sylvan play`: a person at the terminal against bots.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde_json::Value;
use sylvan_catalog::{Audience, Catalog, DynGame, GameKind, LegalAction, Seat, Viewer};
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
    let kind = catalog.get(&config.game)?;
    let mut record_path = config.record.clone();
    let mut quit = false;
    let info = game.info();
    writeln!(out, "{} — seed {}", info.title, config.seed)?;
    for i in 0..sitters.len() {
        writeln!(out, "  {}", who(i))?;
    }
    for events in game.history(audience) {
        write_events(out, &events)?;
    }
    // With a person at the table, what happened since their last decision is shown with their
    // next screen, cut to fit it; bots alone print as they go.
    let mut since: Vec<String> = Vec::new();
    let finished = loop {
        let events = match game.status().to_move {
            Actor::Nobody => break true,
            // Play resolves chance itself (auto_chance); this is only a safeguard.
            Actor::Chance => game.resolve_chance(audience),
            Actor::Seat(seat) => match &mut sitters[seat.index()] {
                Sitter::Human => {
                    let name = who(seat.index());
                    let table = Seated {
                        game: game.as_mut(),
                        kind,
                        components: config.components.as_deref(),
                        seat,
                        who: &name,
                        audience,
                    };
                    let shown = std::mem::take(&mut since);
                    match ask_human(table, &shown, &mut record_path, stdin, out)? {
                        Turned::Played(events) => events,
                        Turned::Undone => continue,
                        Turned::Quit => {
                            quit = true;
                            break false;
                        }
                        Turned::EndOfInput => break false,
                    }
                }
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
        if humans.is_empty() {
            write_events(out, &events)?;
        } else {
            since.extend(events);
        }
    };
    write_events(out, &since)?;
    if finished {
        writeln!(out, "\nThe game is over.")?;
        if let Ok(text) = game.text(match audience {
            Audience::Viewer(v) => v,
            Audience::All => Viewer::Spectator,
        }) {
            write!(out, "{}", wrap(&text, WIDTH))?;
        }
    } else {
        let why = if quit { "You left" } else { "End of input" };
        writeln!(
            out,
            "\n{why}: the game is left unfinished after {}.",
            crate::counted(game.status().decisions, "decision")
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
    if let Some(path) = &record_path {
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
        write!(out, "{}", event_rows(e))?;
    }
    Ok(())
}

/// One event as the log shows it, broken between words at [`WIDTH`].
fn event_rows(event: &str) -> String {
    wrap(&format!("  · {event}"), WIDTH)
}

/// The events since a person's last decision, in at most `room` rows: the latest ones, after
/// a line saying how many earlier ones `log` shows.
fn events_within(events: &[String], room: usize) -> String {
    if room == 0 {
        return String::new();
    }
    let rows: Vec<String> = events.iter().map(|e| event_rows(e)).collect();
    let total: usize = rows.iter().map(|r| r.lines().count()).sum();
    if total <= room {
        return rows.concat();
    }
    let mut kept = Vec::new();
    let mut used = 1;
    for r in rows.iter().rev() {
        let n = r.lines().count();
        if used + n > room {
            break;
        }
        used += n;
        kept.push(r.as_str());
    }
    kept.reverse();
    let earlier = events.len() - kept.len();
    format!(
        "  · … {} before these (type log to read them)\n{}",
        crate::counted(earlier as u64, "earlier event"),
        kept.concat()
    )
}

/// What goes above a decision screen: the events since this seat's last decision and a blank
/// line, within the rows the screen and its prompt leave of [`ROWS`] (none when it fills them).
fn above_screen(since: &[String], screen: &str) -> String {
    match ROWS.checked_sub(screen.lines().count() + 1) {
        Some(spare) if spare > 0 => format!("{}\n", events_within(since, spare - 1)),
        _ => String::new(),
    }
}

/// What a person did at a decision.
enum Turned {
    /// Decided: the events it caused.
    Played(Vec<String>),
    /// Took back a decision: the position is asked about again.
    Undone,
    /// Typed `quit`: the game is left unfinished.
    Quit,
    /// Standard input ran out.
    EndOfInput,
}

/// The commands a person may type instead of an action, with what each does.
const COMMANDS: [(&str, &str); 5] = [
    (
        "help",
        "how to enter moves, these commands, and the rules of this decision",
    ),
    ("rules", "the texts printed on the components in play"),
    (
        "log",
        "everything that happened so far, as your seat saw it",
    ),
    (
        "undo",
        "take back your last decision of this turn, if nothing hidden or random was revealed since",
    ),
    ("quit", "leave the game (you may save its record)"),
];

/// The table a person plays at: the game, who they are, and where the screens go.
struct Seated<'a> {
    game: &'a mut dyn DynGame,
    kind: &'a dyn GameKind,
    components: Option<&'a str>,
    seat: Seat,
    who: &'a str,
    audience: Audience,
}

/// Shows the position from `seat`'s view and the numbered legal actions, then reads until a
/// valid choice or a command. A decision with a single legal action is taken at once, and
/// said so.
fn ask_human(
    table: Seated<'_>,
    since: &[String],
    record_path: &mut Option<PathBuf>,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Turned, CliError> {
    let Seated {
        game,
        kind,
        components,
        seat,
        who,
        audience,
    } = table;
    let legal = game.legal();
    if let [only] = legal.as_slice() {
        // Nothing to choose: say what happened and what was forced, and go on.
        write_events(out, since)?;
        writeln!(
            out,
            "\n{who} has one possible move: {} (forced).",
            only.text
        )?;
        return Ok(match game.apply_index(0, audience) {
            Ok(events) => Turned::Played(events),
            Err(e) => {
                return Err(CliError::new(format!(
                    "the only listed action was refused: {e}"
                )))
            }
        });
    }
    let (screen, folds) = decision_screen(&*game, seat, who, &legal)?;
    write!(out, "{}{screen}", above_screen(since, &screen))?;
    let prompt = format!(
        "{who}, choose 1-{} or type an action (help, rules, log, undo, quit): ",
        legal.len()
    );
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
            return Ok(Turned::EndOfInput);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        match text.to_lowercase().as_str() {
            "" => {
                writeln!(out, "Please choose an action (or type help).")?;
                continue;
            }
            "help" | "?" => {
                let guide = kind.guide(&game.record(), Viewer::Seat(seat), components)?;
                write_help(out, legal.len(), &guide.help)?;
                continue;
            }
            "rules" => {
                let guide = kind.guide(&game.record(), Viewer::Seat(seat), components)?;
                if guide.rules.trim().is_empty() {
                    writeln!(out, "{} prints no component texts.", game.info().title)?;
                } else {
                    write!(out, "{}", wrap(guide.rules.trim_end(), WIDTH))?;
                }
                continue;
            }
            "log" => {
                let history = game.history(audience);
                if history.iter().all(|events| events.is_empty()) {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for events in history {
                    write_events(out, &events)?;
                }
                continue;
            }
            "undo" => match game.undo(seat) {
                Ok(()) => {
                    writeln!(
                        out,
                        "Taken back: the position is as before your last decision."
                    )?;
                    return Ok(Turned::Undone);
                }
                Err(e) => {
                    // The table words it for anyone; the person at this screen is "you".
                    let e = e
                        .to_string()
                        .replacen(&format!("{seat} has"), "you have", 1);
                    writeln!(out, "Cannot undo: {e}")?;
                    continue;
                }
            },
            "quit" | "exit" => {
                ask_to_save(record_path, stdin, out)?;
                return Ok(Turned::Quit);
            }
            _ => {}
        }
        if let Some(fold) = fold_named(&folds, text) {
            write!(out, "{}", unfolded(fold))?;
            continue;
        }
        let result = match text.parse::<usize>() {
            Ok(n) if n == 0 || n > legal.len() => {
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
            Ok(events) => return Ok(Turned::Played(events)),
            Err(e) => write!(
                out,
                "{}",
                wrap(&format!("Not a legal action here: {e}"), WIDTH)
            )?,
        }
    }
}

/// The `help` screen: how to enter a move, the commands, and the game's rules of the decision.
fn write_help(out: &mut dyn Write, actions: usize, rules: &str) -> std::io::Result<()> {
    let how = format!(
        "Enter a move by its number (1 to {actions}) or by its words as listed, a group's \
         heading followed by the item's (case and spacing do not matter). A folded label such \
         as 'earth to: 1-6' lists its choices when you type its words. Instead of a move you \
         may type:"
    );
    write!(out, "{}", wrap(&how, WIDTH))?;
    for (name, what) in COMMANDS {
        writeln!(out, "  {name:<6}{what}")?;
    }
    writeln!(
        out,
        "  Ctrl-D  leave at once (as quit, without the question)"
    )?;
    if !rules.trim().is_empty() {
        let text = format!("This decision: {}", rules.trim_end());
        write!(out, "{}", wrap(&text, WIDTH))?;
    }
    Ok(())
}

/// What a person sees at a decision: the position from their seat, wrapped at [`WIDTH`], and
/// the numbered legal actions (the prompt follows), with the runs folded in the list. A list
/// too long for the rest of the [`ROWS`] is grouped: actions that begin with the same words
/// are listed once under those words, their numbered endings side by side (see
/// [`action_list`]).
fn decision_screen(
    game: &dyn DynGame,
    seat: Seat,
    who: &str,
    legal: &[LegalAction],
) -> Result<(String, Vec<Fold>), CliError> {
    let text = game.text(Viewer::Seat(seat))?;
    // A line wider than the screen is broken between words, never mid-word.
    let mut screen = wrap(&text, WIDTH);
    screen.push_str(&format!("{who} to decide:\n"));
    let texts: Vec<&str> = legal.iter().map(|l| l.text.as_str()).collect();
    // The heading above and the prompt below take a row each.
    let room = ROWS.saturating_sub(screen.lines().count() + 1);
    let listing = action_list(&texts, room);
    screen.push_str(&listing.text);
    Ok((screen, listing.folds))
}

/// The rows a decision screen keeps within, its prompt included (issue 11: 100 × 40).
pub(crate) const ROWS: usize = 40;

/// The fewest characters that actions must share at their start to be grouped.
const SHARED: usize = 6;

/// A run of numbered actions that a long list shows folded, as its words and numbers only;
/// typing its words lists them.
#[derive(Clone, Debug, PartialEq)]
struct Fold {
    /// The group's heading and the run's shared words ("Assign earth to").
    words: String,
    /// The run's shared words alone ("earth to").
    label: String,
    /// The actions' numbers, first and last (from 1).
    first: usize,
    last: usize,
    /// The actions' words after `words`, in order.
    items: Vec<String>,
}

/// The numbered actions as shown: the text and the runs folded in it.
struct Listing {
    text: String,
    folds: Vec<Fold>,
}

/// The numbered list of `texts`: one per row when that fits in `room` rows, else grouped
/// under shared words; when even that is too tall, the runs inside a group that share
/// further words are folded to their words and numbers (typing the words lists them).
fn action_list(texts: &[&str], room: usize) -> Listing {
    let digits = texts.len().to_string().len();
    let flat: String = texts
        .iter()
        .enumerate()
        .map(|(i, t)| wrap(&format!("  {:>digits$}. {t}", i + 1), WIDTH))
        .collect();
    if flat.lines().count() <= room {
        return Listing {
            text: flat,
            folds: Vec::new(),
        };
    }
    let grouped = grouped_list(texts, digits, usize::MAX);
    if grouped.text.lines().count() <= room {
        return grouped;
    }
    // Fold the longest runs first, as few as make the list fit.
    let mut best = grouped;
    for fold in (2..texts.len()).rev() {
        let folded = grouped_list(texts, digits, fold);
        if folded.text.lines().count() < best.text.lines().count() {
            best = folded;
            if best.text.lines().count() <= room {
                break;
            }
        }
    }
    best
}

/// `texts` grouped under the words they share at their start; the runs inside a group that
/// share further words and have at least `fold` actions are shown as their words and numbers.
fn grouped_list(texts: &[&str], digits: usize, fold: usize) -> Listing {
    let mut out = String::new();
    let mut folds = Vec::new();
    let mut i = 0;
    while i < texts.len() {
        let common = texts
            .get(i + 1)
            .map_or(0, |next| shared_words(texts[i], next));
        // Of the shared words, the heading that gathers the longest run (then the longest).
        let run_end = |shared: usize| {
            let head = &texts[i][..shared];
            (i..texts.len())
                .find(|&j| !texts[j].starts_with(head) || texts[j].len() == shared)
                .unwrap_or(texts.len())
        };
        let best = texts[i][..common]
            .match_indices(' ')
            .map(|(at, _)| at + 1)
            .filter(|&shared| shared >= SHARED)
            .max_by_key(|&shared| (run_end(shared), shared));
        let Some(shared) = best else {
            out.push_str(&wrap(&format!("  {:>digits$}. {}", i + 1, texts[i]), WIDTH));
            i += 1;
            continue;
        };
        let head = &texts[i][..shared];
        let end = run_end(shared);
        let items: Vec<(usize, &str)> = (i..end).map(|j| (j + 1, &texts[j][shared..])).collect();
        let runs = runs(&items);
        let folding = |r: &(usize, usize, usize)| r.0 > 0 && r.2 - r.1 >= fold;
        if runs.iter().any(folding) {
            let (rows, mut new) = folded_rows(&items, &runs, digits, head, fold);
            let example = new.last().map_or(String::new(), |f: &Fold| f.label.clone());
            out.push_str(&wrap(
                &format!(
                    "  {} (type a label such as '{example}' to list its choices):",
                    head.trim_end()
                ),
                WIDTH,
            ));
            out.push_str(&rows);
            folds.append(&mut new);
        } else {
            out.push_str(&format!("  {}:\n", head.trim_end()));
            out.push_str(&group_rows(&items, &runs, digits));
        }
        i = end;
    }
    Listing { text: out, folds }
}

/// A group's rows with its runs of at least `fold` actions folded to their label and numbers
/// (packed side by side with the group's unlabelled actions), and its other runs each under
/// its label; with the folds made.
fn folded_rows(
    items: &[(usize, &str)],
    runs: &[(usize, usize, usize)],
    digits: usize,
    head: &str,
    fold: usize,
) -> (String, Vec<Fold>) {
    let numbered = |(n, t): &(usize, &str), from: usize| format!("{n:>digits$}. {}", &t[from..]);
    let label = |r: &(usize, usize, usize)| items[r.1].1[..r.0].trim_end().to_string();
    let open: Vec<&(usize, usize, usize)> = runs
        .iter()
        .filter(|r| r.0 > 0 && r.2 - r.1 < fold)
        .collect();
    let label_width = open
        .iter()
        .map(|r| label(r).chars().count() + 1)
        .max()
        .unwrap_or(0);
    let stop = tab_stop(
        open.iter()
            .flat_map(|r| (r.1..r.2).map(|j| numbered(&items[j], r.0)))
            .collect::<Vec<_>>()
            .iter(),
    );
    let (mut rows, mut folds, mut cells) = (String::new(), Vec::new(), Vec::new());
    for r in runs {
        let &(len, first, end) = r;
        if len == 0 {
            cells.extend((first..end).map(|j| numbered(&items[j], 0)));
        } else if end - first >= fold {
            let words = label(r);
            cells.push(format!("{words}: {}-{}", items[first].0, items[end - 1].0));
            folds.push(Fold {
                words: format!("{head}{words}"),
                label: words,
                first: items[first].0,
                last: items[end - 1].0,
                items: (first..end)
                    .map(|j| items[j].1[len..].to_string())
                    .collect(),
            });
        } else {
            if !cells.is_empty() {
                rows.push_str(&side_by_side(&std::mem::take(&mut cells)));
            }
            let start = format!("    {:<label_width$} ", format!("{}:", label(r)));
            let rest = " ".repeat(start.chars().count());
            let run: Vec<String> = (first..end).map(|j| numbered(&items[j], len)).collect();
            rows.push_str(&pack(&run, stop, &start, &rest));
        }
    }
    if !cells.is_empty() {
        rows.push_str(&side_by_side(&cells));
    }
    (rows, folds)
}

/// The fold whose words (or label, or the label's first word when no other fold shares it)
/// `text` names, case and spacing ignored.
fn fold_named<'a>(folds: &'a [Fold], text: &str) -> Option<&'a Fold> {
    let wanted = text
        .trim_end_matches(':')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let same = |words: &str| words.to_lowercase() == wanted;
    folds
        .iter()
        .find(|f| same(&f.words) || same(&f.label))
        .or_else(|| {
            let first = |f: &Fold| f.label.split(' ').next().unwrap_or("").to_lowercase();
            let mut named = folds.iter().filter(|f| first(f) == wanted);
            match (named.next(), named.next()) {
                (Some(f), None) => Some(f),
                _ => None,
            }
        })
}

/// A fold's choices listed: its words, then its numbered items side by side.
fn unfolded(fold: &Fold) -> String {
    let digits = fold.last.to_string().len();
    let items: Vec<String> = fold
        .items
        .iter()
        .enumerate()
        .map(|(k, t)| format!("{:>digits$}. {t}", fold.first + k))
        .collect();
    format!("  {}:\n{}", fold.words, side_by_side(&items))
}

/// Runs of `items` that share their first words: (the shared words' length in bytes, first,
/// end); items with no partner share a run of length 0.
fn runs(items: &[(usize, &str)]) -> Vec<(usize, usize, usize)> {
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    let mut k = 0;
    while k < items.len() {
        let text = items[k].1;
        let common = items
            .get(k + 1)
            .map_or(0, |next| shared_words(text, next.1));
        let run_end = |shared: usize| {
            (k..items.len())
                .find(|&j| !items[j].1.starts_with(&text[..shared]) || items[j].1.len() == shared)
                .unwrap_or(items.len())
        };
        let best = text[..common]
            .match_indices(' ')
            .map(|(at, _)| at + 1)
            .max_by_key(|&shared| (run_end(shared), shared));
        if let Some(shared) = best.filter(|&shared| run_end(shared) > k + 1) {
            let end = run_end(shared);
            runs.push((shared, k, end));
            k = end;
            continue;
        }
        match runs.last_mut() {
            Some((0, _, end)) if *end == k => *end += 1,
            _ => runs.push((0, k, k + 1)),
        }
        k += 1;
    }
    runs
}

/// How many leading bytes `a` and `b` share, cut back to the end of a whole word (a space).
fn shared_words(a: &str, b: &str) -> usize {
    let common = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    a[..common].rfind(' ').map_or(0, |space| space + 1)
}

/// A group's numbered `items` (number, words after the heading) in its `runs`: side by side,
/// or, when that takes fewer rows, each labelled run's label ("water to:") starting its rows
/// and its items' remaining words packed after it.
fn group_rows(items: &[(usize, &str)], runs: &[(usize, usize, usize)], digits: usize) -> String {
    let numbered = |(n, t): &(usize, &str), from: usize| format!("{n:>digits$}. {}", &t[from..]);
    let plain = side_by_side(&items.iter().map(|it| numbered(it, 0)).collect::<Vec<_>>());
    if runs.iter().all(|r| r.0 == 0) {
        return plain;
    }
    let label = |r: &(usize, usize, usize)| {
        if r.0 == 0 {
            String::new()
        } else {
            format!("{}:", items[r.1].1[..r.0].trim_end())
        }
    };
    let label_width = runs
        .iter()
        .map(|r| label(r).chars().count())
        .max()
        .unwrap_or(0);
    let cells: Vec<Vec<String>> = runs
        .iter()
        .map(|r| (r.1..r.2).map(|j| numbered(&items[j], r.0)).collect())
        .collect();
    let stop = tab_stop(cells.iter().flatten());
    let mut grouped = String::new();
    for (r, cells) in runs.iter().zip(&cells) {
        let first = format!("    {:<label_width$} ", label(r));
        let rest = " ".repeat(first.chars().count());
        grouped.push_str(&pack(cells, stop, &first, &rest));
    }
    if grouped.lines().count() < plain.lines().count() {
        grouped
    } else {
        plain
    }
}

/// The tab stop for `items`: wide enough for three in four of them (the rest take two stops
/// or more), so the numbers line up.
fn tab_stop<'a>(items: impl Iterator<Item = &'a String>) -> usize {
    let mut widths: Vec<usize> = items.map(|t| t.chars().count()).collect();
    widths.sort_unstable();
    widths
        .get((widths.len() * 3 / 4).min(widths.len().saturating_sub(1)))
        .map_or(0, |w| w + 3)
}

/// `items` in rows of [`WIDTH`] columns, each at a multiple of `stop` after the row's start:
/// the first row starts with `first`, the others with `rest`.
fn pack(items: &[String], stop: usize, first: &str, rest: &str) -> String {
    let (mut out, mut row) = (String::new(), first.to_string());
    let mut empty = true;
    for item in items {
        let len = item.chars().count();
        // A space at least before the next item's number.
        let cells = (len + 1).div_ceil(stop).max(1);
        if !empty && row.chars().count() + len > WIDTH {
            out.push_str(row.trim_end());
            out.push('\n');
            row = rest.to_string();
        }
        row.push_str(item);
        row.push_str(&" ".repeat(cells * stop - len));
        empty = false;
    }
    if !empty {
        out.push_str(row.trim_end());
        out.push('\n');
    }
    wrap(&out, WIDTH)
}

/// `items` in rows of [`WIDTH`] columns, indented, each starting at a tab stop wide enough for
/// most of them (a long one spans several stops), so the numbers line up.
fn side_by_side(items: &[String]) -> String {
    pack(items, tab_stop(items.iter()), "    ", "    ")
}

/// The columns a screen of `play` keeps within.
pub(crate) const WIDTH: usize = 100;

/// `text` with every line longer than `width` broken between words; a broken line's
/// continuation is indented two more than the line. Each line ends with a newline.
pub(crate) fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        // A line that fits is kept as drawn: maps and tables align with their spaces.
        if line.chars().count() <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let mut current = String::from(&line[..indent]);
        let mut empty = true;
        for word in line.split_whitespace() {
            let needed = current.chars().count() + usize::from(!empty) + word.chars().count();
            if !empty && needed > width {
                out.push_str(&current);
                out.push('\n');
                current = " ".repeat(indent + 2);
                empty = true;
            }
            if !empty {
                current.push(' ');
            }
            current.push_str(word);
            empty = false;
        }
        out.push_str(&current);
        out.push('\n');
    }
    out
}

/// Asks where to save the record, unless `--record` already names a file.
fn ask_to_save(
    record_path: &mut Option<PathBuf>,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if record_path.is_some() {
        return Ok(());
    }
    write!(
        out,
        "Save the record of this game? Type a file name, or press Enter to leave without saving: "
    )?;
    out.flush()?;
    let mut answer = String::new();
    stdin
        .read_line(&mut answer)
        .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
    let answer = answer.trim();
    if answer.is_empty() {
        writeln!(out, "Not saved.")?;
    } else {
        *record_path = Some(PathBuf::from(answer));
    }
    Ok(())
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
    fn the_events_since_a_decision_fit_the_rows_left_and_say_what_log_shows() {
        let events: Vec<String> = (1..=30)
            .map(|i| {
                format!(
                    "Player 2 did thing number {i} {}",
                    "and more ".repeat(i % 15)
                )
            })
            .collect();
        let all = events_within(&events, 1_000);
        assert_eq!(all.lines().filter(|l| l.starts_with("  · ")).count(), 30);
        assert!(all.lines().all(|l| l.chars().count() <= WIDTH), "{all}");
        let cut = events_within(&events, 10);
        assert!(cut.lines().count() <= 10, "{cut}");
        let shown = cut.lines().filter(|l| l.starts_with("  · Player")).count();
        assert!(
            cut.starts_with(&format!("  · … {} earlier events before these", 30 - shown)),
            "{cut}"
        );
        // The latest event is always there.
        assert!(cut.contains("thing number 30 "), "{cut}");
        assert_eq!(
            events_within(&events, 1),
            format!("  · … 30 earlier events before these (type log to read them)\n")
        );
        assert_eq!(events_within(&events, 0), "");
        // Above a screen: events and a blank line in the rows left, nothing above a full one.
        for height in [1, 20, ROWS - 3, ROWS - 2, ROWS - 1, ROWS, ROWS + 3] {
            let screen = "row\n".repeat(height);
            let above = above_screen(&events, &screen);
            let rows = above.lines().count() + height + 1;
            assert!(rows <= ROWS.max(height + 1), "{height}: {rows} rows");
            if height + 3 < ROWS {
                assert!(above.contains("thing number 30 "), "{height}: {above}");
                assert!(above.ends_with("\n\n"), "a blank line before the screen");
            }
        }
        assert_eq!(above_screen(&events, &"row\n".repeat(ROWS - 1)), "");
        assert_eq!(above_screen(&[], &"row\n".repeat(5)), "\n");
    }

    #[test]
    fn wrapping_breaks_between_words_within_the_width() {
        let text =
            "  Owl: Score 3 points for each completed pair. Incomplete sets score zero points.";
        let wrapped = wrap(text, 30);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 30),
            "{wrapped}"
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>(),
            "no word is cut"
        );
        assert!(
            wrapped
                .lines()
                .nth(1)
                .is_some_and(|l| l.starts_with("    completed")),
            "{wrapped}"
        );
        assert_eq!(wrap("short", 30), "short\n");
        assert_eq!(
            wrap(" 1   r   r\n  Puma    4", 30),
            " 1   r   r\n  Puma    4\n"
        );
    }

    #[test]
    fn commands_answer_and_a_forced_move_is_said() {
        let (result, out) = run("human,random", "help\nrules\nlog\nundo\nquit\n\n");
        assert_eq!(result, Ok(()), "{out}");
        assert!(out.contains("Enter a move by its number"), "{out}");
        assert!(out.contains("  undo  take back"), "{out}");
        assert!(out.contains("Nim prints no component texts."), "{out}");
        assert!(out.contains("· The pile has"), "the log: {out}");
        assert!(
            out.contains("Cannot undo: you have nothing to take back"),
            "{out}"
        );
        assert!(out.contains("Not saved."), "{out}");
        assert!(
            out.contains("You left: the game is left unfinished"),
            "{out}"
        );
    }

    #[test]
    fn a_long_list_is_grouped_under_its_shared_words_and_every_number_stays() {
        let mut texts: Vec<String> = vec!["Use Sherri's Medicine on your Wolf".into()];
        texts.extend(
            ["B2", "C3", "D4", "E5"]
                .iter()
                .map(|c| format!("Move your Puma to {c}")),
        );
        texts.extend((10..40).map(|c| format!("Take Forest tile {c} Forest side up")));
        texts.push("End the turn".into());
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        // Room for all: one per row, as before.
        let flat = action_list(&refs, 100).text;
        assert_eq!(flat.lines().count(), refs.len());
        assert!(flat.contains(" 2. Move your Puma to B2\n"), "{flat}");
        let grouped = action_list(&refs, 16).text;
        assert!(grouped.lines().count() <= 16, "{grouped}");
        assert!(
            grouped.lines().all(|l| l.chars().count() <= WIDTH),
            "{grouped}"
        );
        assert!(grouped.contains("  Move your Puma to:\n"), "{grouped}");
        // The heading that gathers the longest run, not tile by tile.
        assert!(grouped.contains("  Take Forest tile:\n"), "{grouped}");
        assert!(
            grouped.contains(" 1. Use Sherri's Medicine on your Wolf\n"),
            "{grouped}"
        );
        assert!(grouped.contains("36. End the turn"), "{grouped}");
        for n in 1..=refs.len() {
            let label = format!("{n}. ");
            let times = grouped
                .split_whitespace()
                .filter(|w| format!("{w} ") == label)
                .count();
            assert_eq!(times, 1, "{n} in {grouped}");
        }
    }

    #[test]
    fn a_list_too_tall_even_grouped_folds_its_runs_and_their_words_list_them() {
        let tokens = ["earth", "water", "air", "magic", "ember", "familiar"];
        let places = ["Stride", "Flow", "Soar", "Cleanse", "Whisper slot 1"];
        let mut texts: Vec<String> = tokens
            .iter()
            .flat_map(|t| places.iter().map(move |p| format!("Assign {t} to {p}")))
            .collect();
        texts.push("Ready".into());
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        // Room for the grouped list: each run under its label, nothing folded.
        let grouped = action_list(&refs, 20);
        assert!(grouped.folds.is_empty(), "{}", grouped.text);
        assert!(grouped.text.lines().count() <= 20, "{}", grouped.text);
        assert!(grouped.text.contains("  Assign:\n"), "{}", grouped.text);
        assert!(grouped.text.contains("    water to:"), "{}", grouped.text);
        assert!(grouped.text.contains(" 6. Stride "), "{}", grouped.text);
        // Too little room: the runs fold to their words and numbers.
        let folded = action_list(&refs, 6);
        assert!(folded.text.lines().count() <= 6, "{}", folded.text);
        assert!(folded.text.contains("water to: 6-10"), "{}", folded.text);
        assert!(
            folded.text.contains("familiar to: 26-30"),
            "{}",
            folded.text
        );
        assert!(folded.text.contains("31. Ready"), "{}", folded.text);
        assert!(
            folded.text.lines().all(|l| l.chars().count() <= WIDTH),
            "{}",
            folded.text
        );
        assert_eq!(folded.folds.len(), tokens.len());
        // The label, the heading with it, or its first word, in any case, lists the run.
        for typed in ["Water  TO", "assign water to:", "water"] {
            let fold = fold_named(&folded.folds, typed).expect(typed);
            assert_eq!((fold.first, fold.last), (6, 10), "{typed}");
        }
        assert!(fold_named(&folded.folds, "wind").is_none());
        let listed = unfolded(fold_named(&folded.folds, "water").expect("named"));
        assert!(listed.starts_with("  Assign water to:\n"), "{listed}");
        for (k, place) in places.iter().enumerate() {
            assert!(listed.contains(&format!("{}. {place}", 6 + k)), "{listed}");
        }
    }

    #[test]
    fn the_final_table_has_a_column_for_a_solo_opponent() {
        let score = sylvan_engine::Score {
            over: true,
            totals: vec![124],
            breakdown: vec![vec![("round 1: goals".into(), 124)]],
            ranking: vec![Seat(0)],
            winners: vec![],
            others: vec![sylvan_engine::OtherScore {
                name: "Catty".into(),
                total: 155,
                breakdown: vec![("round 1: Catty's wisps".into(), 155)],
            }],
        };
        let mut out = Vec::new();
        write_score(&mut out, &score, &["human".into()]).expect("written");
        let table = String::from_utf8(out).expect("text");
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].ends_with("P1 human     Catty"), "{table}");
        assert!(lines[1].ends_with("124         -"), "{table}");
        assert!(lines[2].starts_with("round 1: Catty's wisps"), "{table}");
        assert!(lines[2].ends_with("-       155"), "{table}");
        assert!(lines[3].ends_with("124       155"), "{table}");
        assert_eq!(lines[4], "Nobody wins: Catty scored more.");
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

    /// The games whose every 2-player decision screen must fit [`WIDTH`] columns and
    /// [`ROWS`] rows (issue 11, point 7); every other game is measured and printed.
    const COMPACT: &[&str] = &[
        "spirits-of-the-wild",
        "whisperwood",
        "woodwalkers",
        "wispwood",
        "whispering-woods",
    ];

    #[test]
    fn decision_screens_of_random_positions_fit_the_screen() {
        let catalog = Catalog::standard();
        let mut too_tall = Vec::new();
        for kind in catalog.games() {
            let info = kind.info();
            if !(info.min_players..=info.max_players).contains(&2) {
                continue;
            }
            let (mut screens, mut widest, mut tallest, mut over) = (0, 0, 0, 0);
            let mut example = String::new();
            for seed in 0..3 {
                let mut game = catalog
                    .new_game(info.name, 2, seed, &Value::Null, true, None)
                    .expect("default options");
                let mut rng = sylvan_engine::GameRng::seeded(seed);
                while let Actor::Seat(seat) = game.status().to_move {
                    let legal = game.legal();
                    if legal.len() > 1 {
                        let (screen, _) = decision_screen(&*game, seat, "Player 1 (you)", &legal)
                            .expect("a seat's screen");
                        // The prompt is one more row.
                        let rows = screen.lines().count() + 1;
                        let cols = screen.lines().map(|l| l.chars().count()).max().unwrap_or(0);
                        screens += 1;
                        widest = widest.max(cols);
                        tallest = tallest.max(rows);
                        if rows > ROWS {
                            over += 1;
                            if example.is_empty() {
                                example = screen.clone();
                            }
                        }
                    }
                    let pick = rng.below(legal.len() as u64) as usize;
                    game.apply_index(pick, Audience::All).expect("listed");
                }
            }
            println!(
                "{}: {screens} decision screens, widest {widest} columns, tallest {tallest} rows, \
                 {over} over {ROWS} rows",
                info.name
            );
            // Wrapping keeps every game within the width (no word is that long).
            assert!(widest <= WIDTH, "{}: a line of {widest} columns", info.name);
            if COMPACT.contains(&info.name) && over > 0 {
                too_tall.push(format!("{}: {over} screens, e.g.\n{example}", info.name));
            }
        }
        assert!(
            too_tall.is_empty(),
            "screens over {ROWS} rows:\n{}",
            too_tall.join("\n")
        );
    }
}
