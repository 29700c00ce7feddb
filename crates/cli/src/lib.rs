//! # The `sylvan` command
//!
//! Plays, simulates, benchmarks, replays and draws any game of a [`Catalog`], and serves the
//! engine protocol. The binary (`src/main.rs`) parses the arguments, installs the counting
//! allocator and calls [`run`] with the standard catalog and the process's standard streams;
//! tests call [`run`] with a small catalog and in-memory streams.

#![deny(missing_docs)]

mod arena;
mod bench;
pub mod bots;
mod ladder;
mod play;
mod render;
mod replay;
mod report;
mod sim;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use serde_json::Value;
use sylvan_catalog::{Catalog, Score};

/// Command-line arguments.
#[derive(Debug, Parser)]
#[command(
    name = "sylvan",
    version,
    about = "Sylvan: forest board games in the terminal and in bulk"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games.
    Games,
    /// A game's rules in short (how to win, what a turn is), its player counts, solo mode and
    /// every option with its meaning.
    Rules {
        /// The game's name (see `sylvan games`).
        game: String,
    },
    /// Play a game in the terminal against bots.
    Play {
        /// The game's name (see `sylvan games`).
        game: String,
        /// Seed of the chance generator (bots use seeds derived from it).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Who sits in each seat, in order: `human` or a bot (`random`, `greedy`, `mcts`,
        /// `ismcts`), optionally with a difficulty (`easy`, `medium`, `hard`), a number of
        /// iterations or milliseconds: `human,ismcts:hard`, `human,mcts:500ms`. The number of
        /// seats is the number of players.
        #[arg(long, default_value = "human,ismcts:medium", value_delimiter = ',')]
        seats: Vec<String>,
        /// Threads each search bot thinks with (root parallelism).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// Write the replay record here when the game ends (or input runs out).
        #[arg(long)]
        record: Option<PathBuf>,
        /// A corrected component file for the game.
        #[arg(long)]
        components: Option<PathBuf>,
    },
    /// Play many random games and report win rates and scores.
    Sim {
        /// The game's name.
        game: String,
        /// How many games.
        #[arg(long)]
        games: u64,
        /// Game i is played with seed derive_seed(SEED, i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Index of the first game (to re-run game i alone: --first i --games 1).
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Worker threads (default: the available cores). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Number of players (default: the game's smallest count).
        #[arg(long)]
        players: Option<usize>,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// A corrected component file for the game.
        #[arg(long)]
        components: Option<PathBuf>,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// With --games 1: write that game's replay record here.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Measure random playouts on one thread: speed, state size, allocations.
    Bench {
        /// The game's name.
        game: String,
        /// How long to measure, in seconds (after a warm-up of a tenth of it).
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Number of players (default: the game's smallest count).
        #[arg(long)]
        players: Option<usize>,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// Also measure this search bot (e.g. `ismcts:2000`): iterations per second from the
        /// first decision, against the playout rate.
        #[arg(long)]
        bot: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Bots against bots on common seeds with the seats rotated (or a solo bot on every
    /// level), with win rates and 95% intervals.
    Arena {
        /// The game's name.
        game: String,
        /// The bots, comma-separated: random, greedy, mcts, ismcts (and the diagnostics cheat
        /// and clairvoyant), each optionally with a difficulty, iterations or milliseconds: `ismcts:2000,greedy`.
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        /// Games in all (rounded up to whole seat rotations); every seed is played once per
        /// rotation.
        #[arg(long)]
        games: u64,
        /// The seed the games' seeds are derived from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Number of players (default: the number of bots, within the game's range).
        #[arg(long)]
        players: Option<usize>,
        /// Solo: play only this level (Whispering Woods Mission, Wispwood Catty guide);
        /// without it every level is played.
        #[arg(long)]
        solo_level: Option<u8>,
        /// Games played at once (default: the available cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// A corrected component file for the game.
        #[arg(long)]
        components: Option<PathBuf>,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// A skill ladder: every pair of bots plays a two-player arena (seats rotated, common
    /// seeds), and each bot gets an Elo with a 95% interval, relative to the first bot.
    Ladder {
        /// The game's name.
        game: String,
        /// The bots, comma-separated, as `arena` takes them; the first is the anchor (Elo 0):
        /// `random,greedy,mcts:200,mcts:1000`.
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        /// Games per pair (rounded up to an even number: both seatings of each seed).
        #[arg(long)]
        games: u64,
        /// The seed the games' seeds are derived from (the same seeds for every pair).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games played at once (default: the available cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play many games and write a designer report: win rates per seat with intervals, score
    /// distributions and categories, game length, balance measures, setup components, solo
    /// levels, and two rule variants compared (GAME.html with SVG plots and GAME.json).
    Report {
        /// The game's name.
        game: String,
        /// Games per variant (per solo level, per side of --compare).
        #[arg(long)]
        games: u64,
        /// Game i is played with seed derive_seed(SEED, i), as in `sim`.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// One bot per seat, comma-separated (as `arena` takes them); without it every seat
        /// plays at random with exactly the games of `sim`.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// Worker threads (default: the available cores). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Number of players (default: the game's smallest count).
        #[arg(long)]
        players: Option<usize>,
        /// The game's options as a JSON object, merged over the defaults.
        #[arg(long)]
        options: Option<String>,
        /// A corrected component file for the game.
        #[arg(long)]
        components: Option<PathBuf>,
        /// Two rule variants to play on the same seeds: OPTIONS_A OPTIONS_B (JSON objects
        /// merged over --options), e.g. '{"jackrabbit_printed_3":true}' '{}'.
        #[arg(long, num_args = 2, value_names = ["OPTIONS_A", "OPTIONS_B"])]
        compare: Vec<String>,
        /// The folder to write GAME.html and GAME.json into.
        #[arg(long, default_value = "report")]
        out: PathBuf,
    },
    /// Serve the engine protocol (JSON lines) on standard input and output.
    Engine,
    /// Replay a record through the checked rules, printing its log and final score.
    Replay {
        /// The record (JSON).
        file: PathBuf,
        /// A corrected component file, if the game was played with one.
        #[arg(long)]
        components: Option<PathBuf>,
        /// Read the log as this seat (0-based) read it: "you" is that seat, and what it could
        /// not see stays hidden. Without it, as a spectator reads it.
        #[arg(long)]
        seat: Option<u8>,
    },
    /// Run the table server: lobby, seats, WebSocket play, bots, undo, clocks (see README).
    Serve {
        /// Where to listen.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The database: `postgres://…` (several instances may share it) or `sqlite://PATH`.
        /// Without it, an SQLite file in the data directory.
        #[arg(long)]
        db: Option<String>,
        /// The data directory for the default SQLite file.
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// The bot that plays for a player whose time ran out or who left.
        #[arg(long, default_value = "greedy")]
        zombie_bot: String,
        /// Bot decisions thought about at once.
        #[arg(long, default_value_t = 2)]
        bot_threads: usize,
        /// The longest a bot may think a decision, in milliseconds (a search stops there
        /// with what it has; a table asking a bot for more time is refused).
        #[arg(long, default_value_t = sylvan_server::BOT_TIME_LIMIT_MS)]
        bot_time_limit_ms: u32,
        /// How long a table stays in memory once nothing needs it (no connection, clock or
        /// bot), in milliseconds; it is rebuilt from storage when asked for again.
        #[arg(long, default_value_t = sylvan_server::IDLE_TABLE_MS)]
        idle_table_ms: u64,
        /// The same for a table whose game is over, once its last viewer has left (the
        /// shorter of the two applies).
        #[arg(long, default_value_t = sylvan_server::FINISHED_TABLE_MS)]
        finished_table_ms: u64,
    },
    /// Load-test a table server started in this process on 127.0.0.1 (scripted clients).
    Loadtest {
        /// Tables played at once.
        #[arg(long, default_value_t = 1000)]
        tables: usize,
        /// Seconds measured.
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// The database (default: a fresh SQLite file in a temporary directory).
        #[arg(long)]
        db: Option<String>,
        /// The game played.
        #[arg(long, default_value = "woodwalkers")]
        game: String,
        /// Players per table.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Run the clients on a thread of their own and report the server's CPU per decision
        /// apart from theirs (the clients then play somewhat slower on two cores).
        #[arg(long)]
        split_cpu: bool,
        /// Decisions per second asked of all tables together: the seat to move thinks for a
        /// random time first (mean: tables / rate seconds). Default: play the moment it is to
        /// move, as fast as the server acknowledges.
        #[arg(long)]
        rate: Option<f64>,
        /// Each table plays one game only, and the load ends when every game has. Default: a
        /// table whose game ended is replaced by a new one until the time is up.
        #[arg(long)]
        one_game: bool,
        /// Seconds over which the tables begin, one after another, before the measured time
        /// (so that their games end at different times, as on a server in use). Default: 10,
        /// about a game's length at 1,000 tables; 0 with `--one-game`.
        #[arg(long)]
        ramp_seconds: Option<f64>,
    },
    /// Draw a position as SVG or PNG.
    Render {
        /// A record file, or a game's name (with --seed).
        target: String,
        /// With a record: draw the position after its first K decisions.
        #[arg(long)]
        at: Option<usize>,
        /// With a game's name: the seed; the position is drawn after setup chance.
        #[arg(long)]
        seed: Option<u64>,
        /// With a game's name: the number of players (default: the smallest count).
        #[arg(long)]
        players: Option<usize>,
        /// With a game's name: its options as a JSON object.
        #[arg(long)]
        options: Option<String>,
        /// A corrected component file.
        #[arg(long)]
        components: Option<PathBuf>,
        /// Where to write: a path ending in .svg or .png.
        #[arg(long)]
        out: PathBuf,
        /// Draw what this seat (0-based) sees; the spectator's view by default.
        #[arg(long)]
        seat: Option<u8>,
    },
}

/// A failure to report: the message goes to standard error, the code is the exit status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CliError {
    /// What went wrong, naming the thing (game, file, option) and why.
    pub message: String,
}

impl CliError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
        }
    }
}

impl From<sylvan_catalog::CatalogError> for CliError {
    fn from(e: sylvan_catalog::CatalogError) -> Self {
        CliError::new(e.to_string())
    }
}

const BROKEN_PIPE: &str = "the reader of the output went away";

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::new(BROKEN_PIPE)
        } else {
            CliError::new(format!("cannot write output: {e}"))
        }
    }
}

impl CliError {
    /// Whether the reader of the output went away (`sylvan replay r.json | head`): the binary
    /// then stops quietly instead of reporting an error.
    pub fn is_broken_pipe(&self) -> bool {
        self.message == BROKEN_PIPE
    }
}

/// What the process offers besides the streams.
pub struct Env<'a> {
    /// Heap allocations so far, from the binary's counting allocator (`|| 0` when not counted).
    pub allocations: &'a dyn Fn() -> u64,
    /// Whether standard error is a terminal (then progress bars are drawn).
    pub stderr_is_terminal: bool,
}

impl Default for Env<'_> {
    fn default() -> Self {
        Env {
            allocations: &|| 0,
            stderr_is_terminal: false,
        }
    }
}

/// Runs one command. Output goes to `stdout` (and notes to `stderr`); `stdin` feeds `play` and
/// `engine`. Returns the error to print, if any.
pub fn run(
    cli: Cli,
    catalog: &Catalog,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    env: &Env<'_>,
) -> Result<(), CliError> {
    match cli.command {
        Command::Games => {
            for kind in catalog.games() {
                let info = kind.info();
                let players = if info.min_players == info.max_players {
                    format!("{} players", info.min_players)
                } else {
                    format!("{}-{} players", info.min_players, info.max_players)
                };
                writeln!(stdout, "{:<24} {} ({players})", info.name, info.title)?;
                writeln!(stdout, "{:<24} options: {}", "", kind.default_options())?;
                for (key, meaning) in kind.option_help() {
                    writeln!(stdout, "{:<26}{key}: {meaning}", "")?;
                }
            }
            Ok(())
        }
        Command::Rules { game } => {
            let kind = catalog.get(&game)?;
            let info = kind.info();
            let players = if info.min_players == info.max_players {
                format!("{} players", info.min_players)
            } else {
                format!("{} to {} players", info.min_players, info.max_players)
            };
            writeln!(stdout, "{} ({players})", info.title)?;
            write!(stdout, "{}", play::wrap(kind.summary(), play::WIDTH))?;
            if info.min_players == 1 {
                writeln!(
                    stdout,
                    "Solo: play alone with `sylvan play {} --seats human`.",
                    info.name
                )?;
            }
            let defaults = kind.default_options();
            // The example is valid JSON: the first option at its default.
            let example = kind
                .option_help()
                .first()
                .and_then(|(k, _)| defaults.get(k).map(|v| format!("{{\"{k}\":{v}}}")))
                .unwrap_or_else(|| "{}".into());
            writeln!(
                stdout,
                "Options, as JSON with --options (e.g. --options '{example}'), each with its default:"
            )?;
            for (key, meaning) in kind.option_help() {
                let default = defaults
                    .get(key)
                    .map_or(String::new(), |v| format!(" ({v})"));
                write!(
                    stdout,
                    "{}",
                    play::wrap(&format!("  {key}{default}: {meaning}"), play::WIDTH)
                )?;
            }
            // What a difficulty means here: the levels are set per game from its skill ladder.
            let players = info.default_players();
            let [easy, medium, hard] = kind.level_iterations(players)?;
            write!(
                stdout,
                "{}",
                play::wrap(
                    &format!(
                        "Bot levels: easy searches {} iterations a decision, medium {}, hard {}.",
                        thousands(easy),
                        thousands(medium),
                        thousands(hard)
                    ),
                    play::WIDTH
                )
            )?;
            writeln!(
                stdout,
                "In a game, type help for the decision at hand and rules for the components' texts."
            )?;
            Ok(())
        }
        Command::Play {
            game,
            seed,
            seats,
            threads,
            options,
            record,
            components,
        } => {
            let options = parse_options(options.as_deref())?;
            let components = read_components(components.as_deref())?;
            let config = play::PlayConfig {
                game,
                seed,
                seats,
                options,
                record,
                components,
                threads,
            };
            play::play(catalog, &config, stdin, stdout)
        }
        Command::Sim {
            game,
            games,
            seed,
            first,
            threads,
            players,
            options,
            components,
            json,
            record,
        } => {
            if record.is_some() && games != 1 {
                return Err(CliError::new(
                    "--record writes one game: use it with --games 1 (and --first I for game I)",
                ));
            }
            let config = sim::SimConfig {
                game,
                games,
                seed,
                first,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                players,
                options: parse_options(options.as_deref())?,
                components: read_components(components.as_deref())?,
            };
            let report = sim::simulate(catalog, &config, env.stderr_is_terminal)?;
            if let Some(path) = record {
                sim::write_record(catalog, &config, &path)?;
            }
            if json {
                writeln!(stdout, "{}", report.to_json())?;
            } else {
                write!(stdout, "{}", report.to_text())?;
            }
            Ok(())
        }
        Command::Bench {
            game,
            seconds,
            players,
            options,
            bot,
            json,
        } => {
            let options = parse_options(options.as_deref())?;
            let config = bench::BenchArgs {
                game,
                players,
                options,
                seconds,
                bot,
                json,
            };
            bench::bench(catalog, &config, env, stdout)
        }
        Command::Arena {
            game,
            bots,
            games,
            seed,
            players,
            solo_level,
            threads,
            options,
            components,
            json,
        } => {
            let args = arena::ArenaArgs {
                game,
                bots,
                games,
                seed,
                players,
                solo_level,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                options: parse_options(options.as_deref())?,
                components: read_components(components.as_deref())?,
                json,
            };
            arena::arena(catalog, &args, env, stdout, stderr)
        }
        Command::Ladder {
            game,
            bots,
            games,
            seed,
            threads,
            options,
            json,
        } => {
            let args = ladder::LadderArgs {
                game,
                bots,
                games,
                seed,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                options: parse_options(options.as_deref())?,
                json,
            };
            ladder::ladder(catalog, &args, env, stdout)
        }
        Command::Report {
            game,
            games,
            seed,
            bots,
            threads,
            players,
            options,
            components,
            compare,
            out,
        } => {
            let config = sylvan_report::ReportConfig {
                game,
                games,
                seed,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                players,
                options: parse_options(options.as_deref())?,
                components: read_components(components.as_deref())?,
                bots: Vec::new(),
                compare: report::compare_options(&compare)?,
            };
            let args = report::ReportArgs { config, bots, out };
            report::report(catalog, args, env, stdout)
        }
        Command::Engine => {
            let mut engine = sylvan_catalog::protocol::Engine::new(catalog.clone());
            engine.serve(stdin, stdout).map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => e.into(),
                _ => CliError::new(format!("engine i/o failed: {e}")),
            })
        }
        Command::Serve {
            addr,
            db,
            data_dir,
            zombie_bot,
            bot_threads,
            bot_time_limit_ms,
            idle_table_ms,
            finished_table_ms,
        } => {
            let db = match db {
                Some(db) => db,
                None => {
                    let dir = data_dir.unwrap_or_else(sylvan_server::default_data_dir);
                    sylvan_server::sqlite_url(&dir).map_err(CliError::new)?
                }
            };
            let config = sylvan_server::Config {
                addr,
                db: db.clone(),
                zombie_bot,
                bot_threads,
                bot_time_limit_ms,
                idle_table_ms,
                finished_table_ms,
            };
            sylvan_server::serve_blocking(catalog.clone(), config, |addr| {
                let _ = writeln!(
                    stdout,
                    "sylvan serve: listening on http://{addr} (data: {db})"
                );
                let _ = stdout.flush();
            })
            .map_err(CliError::new)
        }
        Command::Loadtest {
            tables,
            seconds,
            db,
            game,
            players,
            split_cpu,
            rate,
            one_game,
            ramp_seconds,
        } => {
            let scratch =
                std::env::temp_dir().join(format!("sylvan-loadtest-{}", std::process::id()));
            let db = match db {
                Some(db) => db,
                None => sylvan_server::sqlite_url(&scratch).map_err(CliError::new)?,
            };
            let plan = sylvan_server::loadtest::LoadPlan {
                tables,
                seconds,
                game,
                players,
                rate,
                split_cpu,
                one_game,
                ramp_seconds: ramp_seconds.unwrap_or(if one_game { 0.0 } else { 10.0 }),
            };
            let report =
                sylvan_server::loadtest_blocking(catalog.clone(), db, plan).map_err(CliError::new);
            let _ = std::fs::remove_dir_all(&scratch);
            writeln!(stdout, "{}", report?.to_json())?;
            Ok(())
        }
        Command::Replay {
            file,
            components,
            seat,
        } => {
            let components = read_components(components.as_deref())?;
            replay::replay(catalog, &file, components.as_deref(), seat, stdout)
        }
        Command::Render {
            target,
            at,
            seed,
            players,
            options,
            components,
            out,
            seat,
        } => {
            let config = render::RenderConfig {
                target,
                at,
                seed,
                players,
                options: parse_options(options.as_deref())?,
                components: read_components(components.as_deref())?,
                out,
                seat,
            };
            render::render(catalog, &config, stdout, stderr)
        }
    }
}

/// Bot specs as people type them (`ismcts:2000`), each refused with its reason.
pub(crate) fn parse_bots(texts: &[String]) -> Result<Vec<sylvan_bots::BotSpec>, CliError> {
    texts
        .iter()
        .map(|b| {
            b.parse::<sylvan_bots::BotSpec>()
                .map_err(|e| CliError::new(e.to_string()))
        })
        .collect()
}

/// A bar counting `total` games on a terminal's standard error; none elsewhere.
pub(crate) fn games_bar(env: &Env<'_>, total: u64) -> Option<indicatif::ProgressBar> {
    env.stderr_is_terminal.then(|| {
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    })
}

/// `n` and the noun, singular for one: "1 game", "2 games".
pub(crate) fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn parse_options(text: Option<&str>) -> Result<Value, CliError> {
    match text {
        None => Ok(Value::Null),
        Some(text) => serde_json::from_str(text)
            .map_err(|e| CliError::new(format!("--options is not valid JSON: {e}"))),
    }
}

fn read_components(path: Option<&Path>) -> Result<Option<String>, CliError> {
    path.map(|p| read_text(p, "components file")).transpose()
}

fn read_text(path: &Path, what: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("cannot read {what} '{}': {e}", path.display())))
}

/// A column of the score table: its heading, its points per category and its total.
type Column<'a> = (String, &'a [(std::borrow::Cow<'static, str>, i32)], i32);

/// The score table: a column per seat, then one per non-seat (a solo game's automated
/// opponent, such as Wispwood's Catty), a row per category and the totals; then the winners.
fn write_score(out: &mut dyn Write, score: &Score, seats: &[String]) -> std::io::Result<()> {
    let players = score.totals.len();
    let name = |i: usize| match seats.get(i) {
        Some(who) => format!("P{} {who}", i + 1),
        None => format!("Player {}", i + 1),
    };
    // Every column: its heading, its categories and its total.
    let mut columns: Vec<Column<'_>> = (0..players)
        .map(|i| {
            let breakdown = score.breakdown.get(i).map_or(&[][..], |b| b.as_slice());
            (name(i), breakdown, score.totals[i])
        })
        .collect();
    for other in &score.others {
        columns.push((other.name.to_string(), &other.breakdown, other.total));
    }
    let mut categories: Vec<&str> = Vec::new();
    for (_, breakdown, _) in &columns {
        for (c, _) in breakdown.iter() {
            if !categories.contains(&c.as_ref()) {
                categories.push(c);
            }
        }
    }
    let width = categories.iter().map(|c| c.len()).max().unwrap_or(5).max(5);
    let col = columns.iter().map(|c| c.0.len()).max().unwrap_or(8).max(8);
    write!(out, "{:width$}", "")?;
    for (heading, _, _) in &columns {
        write!(out, "  {heading:>col$}")?;
    }
    writeln!(out)?;
    for c in &categories {
        write!(out, "{c:width$}")?;
        for (_, breakdown, _) in &columns {
            // A column without the category (Catty has no goal cards) shows a dash, not 0.
            match breakdown.iter().find(|(n, _)| n == c) {
                Some((_, points)) => write!(out, "  {points:>col$}")?,
                None => write!(out, "  {:>col$}", "-")?,
            }
        }
        writeln!(out)?;
    }
    write!(out, "{:width$}", "Total")?;
    for (_, _, total) in &columns {
        write!(out, "  {total:>col$}")?;
    }
    writeln!(out)?;
    if score.over {
        let winners: Vec<String> = score.winners.iter().map(|s| name(s.index())).collect();
        match winners.len() {
            0 if !score.others.is_empty() => {
                let best = score
                    .others
                    .iter()
                    .map(|o| o.name.as_ref())
                    .collect::<Vec<_>>();
                writeln!(out, "Nobody wins: {} scored more.", best.join(", "))?
            }
            0 => writeln!(out, "Nobody wins.")?,
            1 => writeln!(out, "Winner: {}", winners[0])?,
            _ => writeln!(out, "Tied winners: {}", winners.join(", "))?,
        }
    } else {
        writeln!(out, "The game is not over.")?;
    }
    Ok(())
}

/// `n` with its thousands marked by commas, as the README writes counts (20,000).
fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
pub(crate) fn test_catalog() -> Catalog {
    let mut catalog = Catalog::empty();
    catalog.register::<sylvan_engine::testing::Nim>();
    catalog
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_mark_their_thousands_as_the_readme_does() {
        let cases = [(0, "0"), (999, "999"), (1_000, "1,000"), (20_000, "20,000")];
        for (n, text) in cases {
            assert_eq!(super::thousands(n), text);
        }
        assert_eq!(super::thousands(10_000_000), "10,000,000");
    }
}
