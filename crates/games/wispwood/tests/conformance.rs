//! The shared conformance harness over thousands of random games: 2, 3 and 4 players, random
//! goal cards and start players, and chosen goal cards covering all 25 cards.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_wispwood::{Options, Wispwood};

fn variants() -> Vec<Wispwood> {
    let mut rules = Vec::new();
    for players in 2..=4 {
        rules.push(Wispwood::new(players, Options::default()).expect("valid options"));
    }
    // Every card in some chosen set, so that each witch rule is played.
    let sets = [
        [
            "One Grove to Rule",
            "Pumpkin Seedoku",
            "Way of Light",
            "Checkershire Cat",
            "Hide & Glow Seek",
        ],
        [
            "Lower Branch",
            "Pumpkin Patchwork",
            "Cross Beam",
            "Cat's Corner",
            "Energy Synergy",
        ],
        [
            "Rows of Three",
            "Double Cross",
            "Heart's Neighbours",
            "On the Fence",
            "Merry Glow Round",
        ],
        [
            "Thicket",
            "Pair of Jacks",
            "Frost Column",
            "Ball of Yarn",
            "Sign of Light",
        ],
        [
            "Little Groves",
            "Oh My Gourd",
            "Ray of Hope",
            "Two Steps Away",
            "A Light Following",
        ],
    ];
    for (i, set) in sets.iter().enumerate() {
        let options = Options {
            goals: set.iter().map(|s| s.to_string()).collect(),
            start: Some((i % 2) as u8),
            ..Options::default()
        };
        rules.push(Wispwood::new(2 + i % 3, options).expect("valid options"));
    }
    rules
}

#[test]
fn wispwood_passes_the_conformance_harness() {
    let rules = variants();
    let per_rules = 2_100 / rules.len() as u64 + 1;
    let config = ConformanceConfig {
        games_per_rules: per_rules,
        seed: 2026,
        deep_every: 7,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 2_000, "{report:?}");
    assert!(
        report.checks["unlisted actions rejected"] > 1_000,
        "{report:?}"
    );
    eprintln!(
        "{} games, {} decisions, {} checks",
        report.games,
        report.decisions,
        report.total_checks()
    );
}

#[test]
fn a_few_games_pass_with_every_check_at_every_decision() {
    let rules = variants();
    let config = ConformanceConfig {
        games_per_rules: 4,
        seed: 7,
        deep_every: 1,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 4 * rules.len() as u64);
}

/// The solo game through the harness. The harness asks every finished game for a winner, but
/// the solo contract names none when Catty wins; this adapter changes only that (the player is
/// listed as the winner of a lost game), everything else is the game itself.
struct SoloForHarness(Wispwood);

impl Game for SoloForHarness {
    type Options = Options;
    type State = sylvan_wispwood::State;
    type Action = sylvan_wispwood::Action;
    type View = sylvan_wispwood::View;
    type Illegal = sylvan_wispwood::Illegal;
    const INFO: sylvan_engine::GameInfo = Wispwood::INFO;

    fn new(players: usize, options: Options) -> Result<Self, sylvan_engine::OptionsError> {
        Wispwood::new(players, options).map(SoloForHarness)
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn options(&self) -> &Options {
        self.0.options()
    }
    fn initial_state(&self) -> Self::State {
        Game::initial_state(&self.0)
    }
    fn actor(&self, s: &Self::State) -> sylvan_engine::Actor {
        Game::actor(&self.0, s)
    }
    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
        self.0.legal_actions(s, out)
    }
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, u32)>) {
        self.0.chance_outcomes(s, out)
    }
    fn check(&self, s: &Self::State, a: Self::Action) -> Result<(), Self::Illegal> {
        self.0.check(s, a)
    }
    fn apply_unchecked(&self, s: &mut Self::State, a: Self::Action) {
        self.0.apply_unchecked(s, a)
    }
    fn view(&self, s: &Self::State, v: sylvan_engine::Viewer) -> Self::View {
        self.0.view(s, v)
    }
    fn score(&self, s: &Self::State) -> sylvan_engine::Score {
        let mut score = self.0.score(s);
        let catty = self.0.catty_total(s).expect("solo");
        assert_eq!(
            score.winners.is_empty(),
            score.over && score.totals[0] < catty
        );
        if score.over {
            score.winners = vec![sylvan_engine::Seat(0)];
        }
        score
    }
    fn max_decisions(&self) -> u64 {
        self.0.max_decisions()
    }
    fn check_invariants(&self, s: &Self::State) -> Result<(), String> {
        self.0.check_invariants(s)
    }
}

#[test]
fn the_solo_game_passes_the_harness_but_for_its_empty_winner_list() {
    let rules: Vec<SoloForHarness> = (1..=4)
        .map(|paws| {
            SoloForHarness(
                Wispwood::new(
                    1,
                    Options {
                        catty_guide: paws,
                        ..Options::default()
                    },
                )
                .expect("solo"),
            )
        })
        .collect();
    let config = ConformanceConfig {
        games_per_rules: 501,
        seed: 11,
        deep_every: 5,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 2_000, "{report:?}");
}
