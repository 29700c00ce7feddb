//! The diagnostic `clairvoyant` bot knows the game's future chance draws: in a game where the
//! seat guesses a die before it is rolled, it always guesses right; no fair bot can.

use std::fmt;

use sylvan_bots::{decide, play_game, BotError, BotKind, BotSpec, Observation};
use sylvan_engine::{rank_by, Actor, Game, GameInfo, GameRng, OptionsError, Score, Seat, Viewer};

/// Guess the die: one seat names a face, then a die is rolled; a match scores 1.
#[derive(Clone, Debug)]
struct Guess;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct GuessState {
    guess: Option<u8>,
    roll: Option<u8>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
enum GuessAction {
    Guess(u8),
    Roll(u8),
}

impl fmt::Display for GuessAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuessAction::Guess(n) => write!(f, "Guess {n}"),
            GuessAction::Roll(n) => write!(f, "The die shows {n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not that kind of decision now")]
struct WrongDecision;

impl Game for Guess {
    type Options = ();
    type State = GuessState;
    type Action = GuessAction;
    type View = GuessState;
    type Illegal = WrongDecision;

    const INFO: GameInfo = GameInfo {
        name: "guess",
        title: "Guess the die",
        min_players: 1,
        max_players: 1,
        has_chance: true,
        hidden_information: false,
        solo_levels: None,
    };

    fn new(players: usize, _options: ()) -> Result<Self, OptionsError> {
        match players {
            1 => Ok(Guess),
            got => Err(OptionsError::PlayerCount {
                game: "guess",
                min: 1,
                max: 1,
                got,
            }),
        }
    }

    fn players(&self) -> usize {
        1
    }

    fn options(&self) -> &() {
        &()
    }

    fn initial_state(&self) -> GuessState {
        GuessState {
            guess: None,
            roll: None,
        }
    }

    fn actor(&self, s: &GuessState) -> Actor {
        match (s.guess, s.roll) {
            (None, _) => Actor::Seat(Seat(0)),
            (Some(_), None) => Actor::Chance,
            _ => Actor::Nobody,
        }
    }

    fn legal_actions(&self, s: &GuessState, out: &mut Vec<GuessAction>) {
        out.clear();
        if s.guess.is_none() {
            out.extend((1..=6).map(GuessAction::Guess));
        }
    }

    fn chance_outcomes(&self, s: &GuessState, out: &mut Vec<(GuessAction, u32)>) {
        out.clear();
        if s.guess.is_some() && s.roll.is_none() {
            out.extend((1..=6).map(|n| (GuessAction::Roll(n), 1)));
        }
    }

    fn check(&self, s: &GuessState, a: GuessAction) -> Result<(), WrongDecision> {
        match (self.actor(s), a) {
            (Actor::Seat(_), GuessAction::Guess(1..=6))
            | (Actor::Chance, GuessAction::Roll(1..=6)) => Ok(()),
            _ => Err(WrongDecision),
        }
    }

    fn apply_unchecked(&self, s: &mut GuessState, a: GuessAction) {
        match a {
            GuessAction::Guess(n) => s.guess = Some(n),
            GuessAction::Roll(n) => s.roll = Some(n),
        }
    }

    fn view(&self, s: &GuessState, _viewer: Viewer) -> GuessState {
        s.clone()
    }

    fn score(&self, s: &GuessState) -> Score {
        let over = s.roll.is_some();
        let total = i32::from(over && s.guess == s.roll);
        let (ranking, winners) = rank_by(1, |_| total);
        Score {
            over,
            breakdown: vec![vec![("right".into(), total)]],
            totals: vec![total],
            ranking,
            winners: if over { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }

    fn max_decisions(&self) -> u64 {
        2
    }
}

fn right_guesses(bot: &str, games: u64) -> u64 {
    let spec: BotSpec = bot.parse().expect("a bot");
    (1..=games)
        .map(|seed| {
            let outcome = play_game(&Guess, &[&spec], seed).expect("the game plays");
            assert!(outcome.score.over, "{bot}, seed {seed}: the game ended");
            outcome.score.totals[0] as u64
        })
        .sum()
}

#[test]
fn the_clairvoyant_knows_the_roll_and_the_fair_bots_do_not() {
    assert_eq!(right_guesses("clairvoyant:60", 40), 40);
    // A fair bot is right one time in six: 40 games give about 7, and 20 is far out of reach.
    for fair in ["mcts:60", "cheat:60"] {
        let right = right_guesses(fair, 40);
        assert!(right < 20, "{fair} guessed {right} of 40 rolls");
    }
}

#[test]
fn the_clairvoyant_needs_the_games_generator_and_is_not_offered_to_people() {
    let state = Guess.initial_state();
    let spec: BotSpec = "clairvoyant:60".parse().expect("the arena may ask for it");
    for seen in [
        Observation::new(&Guess, &state, Seat(0), 1),
        Observation::omniscient(&state, Seat(0)),
    ] {
        assert_eq!(
            decide(&Guess, &seen, &spec, 1).expect_err("no fate"),
            BotError::ClairvoyantNeedsFate
        );
    }
    let chance = GameRng::seeded(9);
    let seen = Observation::for_bot(&Guess, &state, Seat(0), BotKind::Clairvoyant, 1, &chance);
    decide(&Guess, &seen, &spec, 1).expect("the clairvoyant decides with the fate");
    let refused = spec.for_people().expect_err("a diagnostic");
    assert_eq!(refused, BotError::CheatNotOffered(BotKind::Clairvoyant));
    assert!(refused.to_string().contains("'clairvoyant'"), "{refused}");
}
