//! A small game whose setup deals each seat a token, one token stronger than the others: the
//! report must show the components section, with the strong token first and the intervals right.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sylvan_catalog::Catalog;
use sylvan_engine::{Actor, Game, GameInfo, OptionsError, Score, Seat, Viewer};
use sylvan_report::{run, ReportConfig};

const TOKENS: [&str; 3] = ["Acorn", "Pine", "Birch"];
/// Points a token is worth at the end: the Acorn is the strong one.
const WORTH: [i32; 3] = [3, 0, 0];
const TURNS: u8 = 3;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct TokenOptions {}

struct Tokens;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct TokenState {
    tokens: Vec<u8>,
    points: [i32; 2],
    turns: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum TokenAction {
    Deal(u8),
    Gather(i32),
}

impl fmt::Display for TokenAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenAction::Deal(t) => write!(f, "Deal {}", TOKENS[usize::from(*t)]),
            TokenAction::Gather(n) => write!(f, "Gather {n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("not now")]
struct NotNow;

impl Game for Tokens {
    type Options = TokenOptions;
    type State = TokenState;
    type Action = TokenAction;
    type View = TokenState;
    type Illegal = NotNow;

    const INFO: GameInfo = GameInfo {
        name: "tokens",
        title: "Tokens",
        min_players: 2,
        max_players: 2,
        has_chance: true,
        hidden_information: false,
        solo_levels: None,
    };

    fn new(players: usize, _options: TokenOptions) -> Result<Self, OptionsError> {
        if players == 2 {
            Ok(Tokens)
        } else {
            Err(OptionsError::Invalid("two players".into()))
        }
    }
    fn players(&self) -> usize {
        2
    }
    fn options(&self) -> &TokenOptions {
        &TokenOptions {}
    }
    fn initial_state(&self) -> TokenState {
        TokenState {
            tokens: Vec::new(),
            points: [0, 0],
            turns: 0,
        }
    }
    fn actor(&self, s: &TokenState) -> Actor {
        if s.tokens.len() < 2 {
            Actor::Chance
        } else if s.turns < 2 * TURNS {
            Actor::Seat(Seat(s.turns % 2))
        } else {
            Actor::Nobody
        }
    }
    fn legal_actions(&self, s: &TokenState, out: &mut Vec<TokenAction>) {
        out.clear();
        if matches!(self.actor(s), Actor::Seat(_)) {
            out.extend([TokenAction::Gather(1), TokenAction::Gather(2)]);
        }
    }
    fn chance_outcomes(&self, s: &TokenState, out: &mut Vec<(TokenAction, u32)>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            out.extend((0..3).map(|t| (TokenAction::Deal(t), 1)));
        }
    }
    fn check(&self, s: &TokenState, a: TokenAction) -> Result<(), NotNow> {
        let ok = match (self.actor(s), a) {
            (Actor::Chance, TokenAction::Deal(t)) => t < 3,
            (Actor::Seat(_), TokenAction::Gather(n)) => n == 1 || n == 2,
            _ => false,
        };
        ok.then_some(()).ok_or(NotNow)
    }
    fn apply_unchecked(&self, s: &mut TokenState, a: TokenAction) {
        match a {
            TokenAction::Deal(t) => s.tokens.push(t),
            TokenAction::Gather(n) => {
                s.points[usize::from(s.turns % 2)] += n;
                s.turns += 1;
            }
        }
    }
    fn view(&self, s: &TokenState, _viewer: Viewer) -> TokenState {
        s.clone()
    }
    fn score(&self, s: &TokenState) -> Score {
        let over = self.actor(s) == Actor::Nobody;
        let bonus = |seat: usize| {
            if over {
                s.tokens.get(seat).map_or(0, |&t| WORTH[usize::from(t)])
            } else {
                0
            }
        };
        let totals: Vec<i32> = (0..2).map(|i| s.points[i] + bonus(i)).collect();
        let (ranking, winners) = sylvan_engine::rank_by(2, |seat| totals[seat.index()]);
        Score {
            over,
            breakdown: (0..2)
                .map(|i| vec![("Gathered".into(), s.points[i]), ("Token".into(), bonus(i))])
                .collect(),
            totals,
            ranking,
            winners: if over { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }
    fn component_labels(&self, s: &TokenState, seat: Seat) -> Vec<String> {
        s.tokens
            .get(seat.index())
            .map(|&t| vec![format!("token: {}", TOKENS[usize::from(t)])])
            .unwrap_or_default()
    }
    fn max_decisions(&self) -> u64 {
        2 + 2 * u64::from(TURNS)
    }
}

fn report(games: u64) -> sylvan_report::Report {
    let mut catalog = Catalog::empty();
    catalog.register::<Tokens>();
    let config = ReportConfig {
        game: "tokens".into(),
        games,
        seed: 3,
        threads: 2,
        players: None,
        options: Value::Null,
        components: None,
        bots: Vec::new(),
        compare: None,
    };
    run(&catalog, &config, &|_| {}).expect("the test game plays")
}

#[test]
fn the_strong_token_stands_out_with_its_interval() {
    let report = report(2000);
    let run = &report.runs[0];
    let rates = run.components();
    let labels: Vec<&str> = rates.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels[0], "token: Acorn", "{labels:?}");
    assert_eq!(labels.len(), 3);
    // Every game deals two tokens: 4,000 seat-tokens in all.
    assert_eq!(rates.iter().map(|c| c.seats).sum::<u64>(), 4000);
    // Gathering 3 to 6 against 3 to 6 with +3: the Acorn wins most games it is in, the others
    // clearly fewer than half.
    let acorn = &rates[0];
    let (lo, hi) = acorn.ci95();
    assert!(lo < acorn.win_rate() && acorn.win_rate() < hi);
    assert!(acorn.win_rate() > 0.6, "{}", acorn.win_rate());
    assert!(rates[1].win_rate() < 0.5 && rates[2].win_rate() < 0.5);
    // The section and its plot are on the page, and in the JSON.
    let html = report.to_html().expect("draws");
    assert!(html.contains("Setup components"));
    assert!(html.contains("Win rate of the seats that had each component"));
    let json = report.to_json();
    assert_eq!(json["runs"][0]["components"][0]["label"], "token: Acorn");
    assert_eq!(
        json["runs"][0]["components"].as_array().map(Vec::len),
        Some(3)
    );
}

#[test]
fn games_without_labels_have_no_components_section() {
    let mut catalog = Catalog::empty();
    catalog.register::<sylvan_engine::testing::Nim>();
    let config = ReportConfig {
        game: "nim".into(),
        games: 50,
        seed: 1,
        threads: 1,
        players: None,
        options: Value::Null,
        components: None,
        bots: Vec::new(),
        compare: None,
    };
    let report = run(&catalog, &config, &|_| {}).expect("nim plays");
    assert!(report.runs[0].components().is_empty());
    assert!(!report
        .to_html()
        .expect("draws")
        .contains("Setup components"));
}
