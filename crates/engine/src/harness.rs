//! The conformance harness: one generic random-simulation test that every game must pass, and
//! perft counts.
//!
//! In the spirit of OpenSpiel's `RandomSimTest`, it plays many seeded random games and checks at
//! every decision point that the contract holds. It counts what it checked and reports a vacuous
//! run (nothing checked) as a failure.

use std::collections::BTreeMap;

use crate::{derive_seed, Actor, Game, GameRng, Record, Seat, Viewer};

/// How much the harness plays.
#[derive(Clone, Debug)]
pub struct ConformanceConfig {
    /// Random games per rules instance.
    pub games_per_rules: u64,
    /// The seed that game seeds are derived from.
    pub seed: u64,
    /// Every how many decisions the expensive checks run (serde round trip, every listed action
    /// applied to a clone, views and determinization); 1 checks every decision.
    pub deep_every: u64,
}

impl Default for ConformanceConfig {
    fn default() -> Self {
        ConformanceConfig {
            games_per_rules: 100,
            seed: 0,
            deep_every: 1,
        }
    }
}

/// What the harness checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played to the end.
    pub games: u64,
    /// Decisions applied.
    pub decisions: u64,
    /// Individual checks made, by kind.
    pub checks: BTreeMap<&'static str, u64>,
}

impl ConformanceReport {
    fn tick(&mut self, kind: &'static str) {
        *self.checks.entry(kind).or_default() += 1;
    }

    /// All checks made.
    pub fn total_checks(&self) -> u64 {
        self.checks.values().sum()
    }
}

/// Plays `config.games_per_rules` random games for each rules instance and checks the
/// contract at every decision. Returns what was checked, or the first failure with the game's
/// seed and decision number so it can be reproduced.
pub fn conformance<G: Game>(
    rules: &[G],
    config: &ConformanceConfig,
) -> Result<ConformanceReport, String> {
    let mut report = ConformanceReport::default();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let mut seen_actions: Vec<G::Action> = Vec::new();
    let mut hidden_changed = false;
    for (r, game) in rules.iter().enumerate() {
        // A player picks a level by name: each must search more than the one below, and no
        // more than a bot may be asked for.
        let levels = game.level_iterations();
        if levels[0] == 0
            || levels.windows(2).any(|w| w[0] >= w[1])
            || levels[2] > crate::MAX_SEARCH_ITERATIONS
        {
            return Err(format!(
                "rules #{r}: the difficulty levels must search more iterations each, from at \
                 least 1 to at most {}: easy, medium, hard = {levels:?}",
                crate::MAX_SEARCH_ITERATIONS
            ));
        }
        for g in 0..config.games_per_rules {
            let seed = derive_seed(config.seed, (r as u64) << 32 | g);
            let place = |d: u64| {
                format!(
                    "rules #{r} {:?}, game seed {seed}, decision {d}",
                    game.options()
                )
            };
            play_one(
                game,
                seed,
                config,
                &mut report,
                &mut actions,
                &mut outcomes,
                &mut seen_actions,
                &mut hidden_changed,
            )
            .map_err(|(d, msg)| format!("{}: {msg}", place(d)))?;
        }
    }
    if report.games == 0 || report.total_checks() == 0 {
        return Err("vacuous conformance run: nothing was checked".into());
    }
    if G::INFO.hidden_information && !hidden_changed {
        return Err(format!(
            "{} declares hidden information, but determinize never changed a state",
            G::INFO.name
        ));
    }
    Ok(report)
}

#[allow(clippy::too_many_arguments)]
fn play_one<G: Game>(
    game: &G,
    seed: u64,
    config: &ConformanceConfig,
    report: &mut ConformanceReport,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, u32)>,
    seen_actions: &mut Vec<G::Action>,
    hidden_changed: &mut bool,
) -> Result<(), (u64, String)> {
    let mut rng = GameRng::seeded(seed);
    let mut det_rng = GameRng::seeded(seed ^ 0xD1CE);
    let mut state = game.initial_state();
    let mut record = Record::new(game, vec![], Some(seed));
    let mut decisions = 0u64;
    let players = game.players();
    loop {
        let d = decisions;
        let fail = move |msg: String| (d, msg);
        game.check_invariants(&state).map_err(fail)?;
        report.tick("invariants");
        let actor = game.actor(&state);
        game.legal_actions(&state, actions);
        game.chance_outcomes(&state, outcomes);
        let deep = decisions.is_multiple_of(config.deep_every.max(1));
        let action = match actor {
            Actor::Nobody => {
                if !actions.is_empty() || !outcomes.is_empty() {
                    return Err(fail("a finished game lists actions".into()));
                }
                report.tick("terminal has no actions");
                let score = game.score(&state);
                if !score.over || score.totals.len() != players || score.ranking.len() != players {
                    return Err(fail(format!("final score is malformed: {score:?}")));
                }
                // A solo game may be lost (no winner); with two or more players someone wins.
                let solo = players == 1;
                if (score.winners.is_empty() && !solo)
                    || score.winners.iter().any(|w| !score.ranking.contains(w))
                {
                    return Err(fail(format!("final score has no valid winner: {score:?}")));
                }
                report.tick("final score");
                break;
            }
            Actor::Seat(seat) => {
                if seat.index() >= players {
                    return Err(fail(format!("{seat} does not exist")));
                }
                if actions.is_empty() {
                    return Err(fail(format!("{seat} is to move but has no legal action")));
                }
                if !outcomes.is_empty() {
                    return Err(fail("a seat decision also lists chance outcomes".into()));
                }
                report.tick("seat has actions");
                // A search's rollouts choose among these: some of the legal actions, never none.
                let mut choices = actions.clone();
                game.rollout_choices(&state, &mut choices);
                if choices.is_empty() || choices.iter().any(|c| !actions.contains(c)) {
                    return Err(fail(format!(
                        "rollout_choices kept {choices:?} of the legal {actions:?}: it must keep some of them and add none"
                    )));
                }
                report.tick("rollout choices are legal");
                actions[rng.below(actions.len() as u64) as usize]
            }
            Actor::Chance => {
                if outcomes.is_empty() || !actions.is_empty() {
                    return Err(fail(
                        "a chance point must list outcomes and no actions".into(),
                    ));
                }
                if outcomes.iter().any(|&(_, w)| w == 0) {
                    return Err(fail("a chance outcome has weight 0".into()));
                }
                report.tick("chance weights positive");
                // `draw_chance` must draw as the listed weights do, from the same draws.
                let mut theirs = rng.clone();
                let drawn = game.draw_chance(&state, &mut theirs, &mut Vec::new());
                let listed = rng.pick_weighted(outcomes);
                if drawn != Some(listed) {
                    return Err(fail(format!(
                        "draw_chance drew {drawn:?} where the listed weights draw {listed:?}"
                    )));
                }
                if theirs.clone().next_u64() != rng.clone().next_u64() {
                    return Err(fail(
                        "draw_chance used the random numbers differently from the listed weights"
                            .into(),
                    ));
                }
                report.tick("draw_chance draws as listed");
                listed
            }
        };
        let listed: Vec<G::Action> = match actor {
            Actor::Chance => outcomes.iter().map(|&(a, _)| a).collect(),
            _ => actions.clone(),
        };
        for a in &listed {
            if !seen_actions.contains(a) && seen_actions.len() < 4096 {
                seen_actions.push(*a);
            }
        }
        if deep {
            deep_checks(
                game,
                &state,
                actor == Actor::Chance,
                &listed,
                seen_actions,
                &mut det_rng,
                report,
                hidden_changed,
            )
            .map_err(fail)?;
        }
        let before = state.clone();
        game.apply(&mut state, action)
            .map_err(|e| fail(format!("listed action '{action}' was rejected: {e}")))?;
        report.tick("listed action applies");
        if deep {
            let mut events = Vec::new();
            game.events(&before, action, &state, Viewer::Spectator, &mut events);
            for s in 0..players {
                game.events(
                    &before,
                    action,
                    &state,
                    Viewer::Seat(Seat(s as u8)),
                    &mut events,
                );
            }
            report.tick("events");
        }
        record.push::<G>(action);
        decisions += 1;
        report.decisions += 1;
        if decisions > game.max_decisions() {
            return Err((
                decisions,
                format!(
                    "the game did not end within its bound of {} decisions",
                    game.max_decisions()
                ),
            ));
        }
    }
    let replayed = record.replay_on(game).map_err(|e| {
        (
            decisions,
            format!("the game's own record does not replay: {e}"),
        )
    })?;
    let a = serde_json::to_string(&replayed).map_err(|e| (decisions, e.to_string()))?;
    let b = serde_json::to_string(&state).map_err(|e| (decisions, e.to_string()))?;
    if replayed != state || a != b {
        return Err((
            decisions,
            "replaying the record gives another final state".into(),
        ));
    }
    report.tick("replay reproduces the final state");
    report.games += 1;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn deep_checks<G: Game>(
    game: &G,
    state: &G::State,
    chance: bool,
    listed: &[G::Action],
    seen_actions: &[G::Action],
    rng: &mut GameRng,
    report: &mut ConformanceReport,
    hidden_changed: &mut bool,
) -> Result<(), String> {
    // Serde round trip, byte for byte.
    let json =
        serde_json::to_string(state).map_err(|e| format!("state does not serialise: {e}"))?;
    let back: G::State =
        serde_json::from_str(&json).map_err(|e| format!("state does not deserialise: {e}"))?;
    if &back != state || serde_json::to_string(&back).ok().as_deref() != Some(json.as_str()) {
        return Err("serde round trip changes the state".into());
    }
    report.tick("serde round trip");

    // Every listed action applies to a clone, and the original is unchanged (clones are
    // independent). Actions round-trip through JSON and through their text.
    for &a in listed {
        let mut copy = state.clone();
        game.apply(&mut copy, a)
            .map_err(|e| format!("listed action '{a}' is rejected: {e}"))?;
        if &copy == state && game.actor(state) != Actor::Nobody {
            // An action may legitimately change nothing visible only if it is a pass-like
            // decision; the state still must differ in its decision count or position.
            return Err(format!("applying '{a}' left the state unchanged"));
        }
        report.tick("listed action applies to a clone");
        let json = serde_json::to_string(&a).map_err(|e| e.to_string())?;
        let back: G::Action = serde_json::from_str(&json)
            .map_err(|e| format!("action JSON {json} does not parse: {e}"))?;
        if back != a {
            return Err(format!("action JSON {json} parses to another action"));
        }
        let parsed = game
            .parse_action(state, &a.to_string())
            .map_err(|e| format!("the text '{a}' does not parse back: {e}"))?;
        if parsed != a {
            return Err(format!("the text '{a}' parses to '{parsed}'"));
        }
        report.tick("action round-trips");
    }
    check_ids(game, state, chance, listed, report)?;
    let json_before = serde_json::to_string(state).map_err(|e| e.to_string())?;
    if json_before != json {
        return Err("applying to clones changed the original".into());
    }
    report.tick("clones are independent");

    // Actions legal elsewhere but not listed here are rejected, leaving the state unchanged.
    let mut rejected = 0;
    for &a in seen_actions.iter().filter(|a| !listed.contains(a)).take(24) {
        let mut copy = state.clone();
        if game.apply(&mut copy, a).is_ok() {
            return Err(format!("unlisted action '{a}' was accepted"));
        }
        if &copy != state {
            return Err(format!("rejecting '{a}' changed the state"));
        }
        rejected += 1;
    }
    if rejected > 0 {
        report.tick("unlisted actions rejected");
    }

    // Views serialise; determinize keeps each seat's view and the actor.
    for s in 0..game.players() {
        let seat = Seat(s as u8);
        let view = game.view(state, Viewer::Seat(seat));
        serde_json::to_string(&view).map_err(|e| format!("view does not serialise: {e}"))?;
        let mut det = state.clone();
        game.determinize(&mut det, seat, rng);
        if game.view(&det, Viewer::Seat(seat)) != view {
            return Err(format!("determinize({seat}) changed what {seat} sees"));
        }
        if game.actor(&det) != game.actor(state) {
            return Err(format!("determinize({seat}) changed who is to move"));
        }
        if &det != state {
            *hidden_changed = true;
        }
        // Observations cost a view and a text each: checked at one deep decision in four.
        if report.decisions.is_multiple_of(4) {
            check_observations(game, state, &det, seat, report)?;
        }
        report.tick("determinize keeps the view");
        // Determinizing the truth and determinizing another sample with the same generator
        // must agree: otherwise the hidden values leak into what bots decide.
        let seed = rng.next_u64();
        let mut from_truth = state.clone();
        game.determinize(&mut from_truth, seat, &mut GameRng::seeded(seed));
        let mut from_sample = det;
        game.determinize(&mut from_sample, seat, &mut GameRng::seeded(seed));
        if from_truth != from_sample {
            return Err(format!(
                "determinize({seat}) depends on what {seat} cannot see: two states with the same view give different samples from one generator"
            ));
        }
        report.tick("determinize depends only on the view");
    }
    let spectator = game.view(state, Viewer::Spectator);
    serde_json::to_string(&spectator)
        .map_err(|e| format!("spectator view does not serialise: {e}"))?;
    report.tick("spectator view");
    Ok(())
}

/// Every listed action (or chance outcome) has a dense id below the game's bound, and the id
/// converts back to the same action. Games that number nothing are skipped.
fn check_ids<G: Game>(
    game: &G,
    state: &G::State,
    chance: bool,
    listed: &[G::Action],
    report: &mut ConformanceReport,
) -> Result<(), String> {
    let (bound, what) = if chance {
        (game.max_chance_outcomes(), "chance outcome")
    } else {
        (game.num_distinct_actions(), "action")
    };
    if bound == 0 {
        return Ok(());
    }
    for &a in listed {
        let id = if chance {
            game.chance_outcome_id(a)
        } else {
            game.action_id(state, a)
        };
        let Some(id) = id else {
            return Err(format!("the {what} '{a}' has no id"));
        };
        if id >= bound {
            return Err(format!("the {what} '{a}' has id {id}, not below {bound}"));
        }
        let back = if chance {
            game.chance_outcome_from_id(id)
        } else {
            game.action_from_id(state, id)
        };
        if back != Some(a) {
            return Err(format!(
                "the {what} '{a}' has id {id}, which converts back to {back:?}"
            ));
        }
    }
    report.tick("ids below the bound and round-trip");
    Ok(())
}

/// A seat's observation and information state (tensor and string) have their declared shape
/// and are the same in a determinized copy: they come from what the seat sees.
fn check_observations<G: Game>(
    game: &G,
    state: &G::State,
    det: &G::State,
    seat: Seat,
    report: &mut ConformanceReport,
) -> Result<(), String> {
    let view = game.view(state, Viewer::Seat(seat));
    let det_view = game.view(det, Viewer::Seat(seat));
    let (mut a, mut b) = (Vec::new(), Vec::new());
    type Tensor<G> = fn(&G, &<G as Game>::View, Seat, &mut Vec<f32>);
    let tensors: [(&str, Vec<usize>, Tensor<G>); 2] = [
        (
            "observation",
            game.observation_shape(),
            G::observation_tensor,
        ),
        (
            "information state",
            game.information_state_shape(),
            G::information_state_tensor,
        ),
    ];
    for (what, shape, tensor) in tensors {
        if shape.is_empty() {
            continue;
        }
        tensor(game, &view, seat, &mut a);
        tensor(game, &det_view, seat, &mut b);
        let len: usize = shape.iter().product();
        if a.len() != len {
            return Err(format!(
                "{seat}'s {what} tensor has {} values, not {len} as its shape {shape:?} says",
                a.len()
            ));
        }
        if a.iter().any(|x| !x.is_finite()) {
            return Err(format!(
                "{seat}'s {what} tensor has a value that is not finite"
            ));
        }
        if a != b {
            return Err(format!(
                "determinize({seat}) changed {seat}'s {what} tensor"
            ));
        }
        report.tick("tensor shaped and unchanged by determinize");
    }
    let strings = [
        (
            game.observation_string(&view, seat),
            game.observation_string(&det_view, seat),
        ),
        (
            game.information_state_string(&view, seat),
            game.information_state_string(&det_view, seat),
        ),
    ];
    for (truth, sample) in strings {
        if truth.is_some() {
            if truth != sample {
                return Err(format!(
                    "determinize({seat}) changed {seat}'s observation text"
                ));
            }
            report.tick("observation text unchanged by determinize");
        }
    }
    Ok(())
}

/// Counts the legal decision sequences of length `depth` from `state`, chance outcomes
/// included as branches (each outcome once, whatever its weight).
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    match game.actor(state) {
        Actor::Nobody => return 1,
        Actor::Seat(_) => game.legal_actions(state, &mut actions),
        Actor::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            actions.extend(outcomes.into_iter().map(|(a, _)| a));
        }
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = state.clone();
            game.apply_unchecked(&mut next, a);
            perft(game, &next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimOptions};

    #[test]
    fn nim_passes_and_counts_its_checks() {
        let rules = [
            Nim::new(2, NimOptions::default()).expect("valid"),
            Nim::new(2, NimOptions { max_take: 1 }).expect("valid"),
        ];
        let report = conformance(&rules, &ConformanceConfig::default()).expect("Nim conforms");
        assert_eq!(report.games, 200);
        assert!(report.checks["unlisted actions rejected"] > 0);
        assert!(report.checks["replay reproduces the final state"] == 200);
    }

    #[test]
    fn no_games_is_a_failure() {
        let rules: [Nim; 0] = [];
        assert!(conformance(&rules, &ConformanceConfig::default()).is_err());
    }

    /// Nim with one flaw, to prove the harness catches it.
    struct Flawed {
        nim: Nim,
        flaw: Flaw,
    }

    #[derive(Clone, Copy, PartialEq)]
    enum Flaw {
        /// `check` rejects taking 2, though it is listed.
        RejectsListed,
        /// Taking 1 is not listed on an even pile, yet accepted.
        AcceptsUnlisted,
        /// The game claims it must end within 3 decisions.
        TightBound,
        /// Hidden information is declared, but determinize never changes anything.
        VacuousHidden,
        /// A state invariant is broken after the first take.
        BrokenInvariant,
        /// The view hides the pile's parity, and determinize flips the parity it was given.
        LeakyDeterminize,
        /// Action ids are declared, but taking 3 gets an id past the bound.
        IdPastBound,
        /// `draw_chance` always draws the smallest pile.
        SkewedDraw,
        /// `draw_chance` draws as listed, then takes one more random number.
        WastefulDraw,
        /// `medium` searches no more than `easy`.
        FlatLevels,
        /// `hard` searches more than a bot may be asked for.
        HugeLevels,
        /// A rollout's choices leave nothing to choose.
        EmptyRolloutChoices,
    }

    impl Game for Flawed {
        type Options = NimOptions;
        type State = crate::testing::NimState;
        type Action = crate::testing::NimAction;
        type View = crate::testing::NimState;
        type Illegal = crate::testing::NimIllegal;
        const INFO: crate::GameInfo = crate::GameInfo {
            hidden_information: true,
            ..Nim::INFO
        };
        fn new(players: usize, options: NimOptions) -> Result<Self, crate::OptionsError> {
            Ok(Flawed {
                nim: Nim::new(players, options)?,
                flaw: Flaw::RejectsListed,
            })
        }
        fn players(&self) -> usize {
            2
        }
        fn options(&self) -> &NimOptions {
            self.nim.options()
        }
        fn initial_state(&self) -> Self::State {
            self.nim.initial_state()
        }
        fn actor(&self, s: &Self::State) -> Actor {
            self.nim.actor(s)
        }
        fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
            self.nim.legal_actions(s, out);
            if self.flaw == Flaw::AcceptsUnlisted && s.pile.is_some_and(|p| p % 2 == 0) {
                out.retain(|a| *a != crate::testing::NimAction::Take(1));
            }
        }
        fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, u32)>) {
            self.nim.chance_outcomes(s, out)
        }
        fn draw_chance(
            &self,
            s: &Self::State,
            rng: &mut GameRng,
            out: &mut Vec<(Self::Action, u32)>,
        ) -> Option<Self::Action> {
            match self.flaw {
                Flaw::SkewedDraw => {
                    self.nim.chance_outcomes(s, out);
                    out.first().map(|&(a, _)| a)
                }
                Flaw::WastefulDraw => {
                    let drawn = self.nim.draw_chance(s, rng, out);
                    rng.next_u64();
                    drawn
                }
                _ => self.nim.draw_chance(s, rng, out),
            }
        }
        fn check(&self, s: &Self::State, a: Self::Action) -> Result<(), Self::Illegal> {
            if self.flaw == Flaw::RejectsListed && a == crate::testing::NimAction::Take(2) {
                return Err(crate::testing::NimIllegal::WrongDecision);
            }
            self.nim.check(s, a)
        }
        fn apply_unchecked(&self, s: &mut Self::State, a: Self::Action) {
            self.nim.apply_unchecked(s, a)
        }
        fn view(&self, s: &Self::State, v: Viewer) -> Self::View {
            let mut view = self.nim.view(s, v);
            if self.flaw == Flaw::LeakyDeterminize {
                view.pile = view.pile.map(|p| p & !1);
            }
            view
        }
        fn determinize(&self, s: &mut Self::State, _seat: crate::Seat, rng: &mut GameRng) {
            if self.flaw == Flaw::LeakyDeterminize && rng.below(2) == 0 {
                s.pile = s.pile.map(|p| p ^ 1);
            }
        }
        fn score(&self, s: &Self::State) -> crate::Score {
            self.nim.score(s)
        }
        fn max_decisions(&self) -> u64 {
            if self.flaw == Flaw::TightBound {
                3
            } else {
                16
            }
        }
        fn num_distinct_actions(&self) -> usize {
            usize::from(self.flaw == Flaw::IdPastBound) * 3
        }
        fn action_id(&self, _: &Self::State, a: Self::Action) -> Option<usize> {
            match a {
                crate::testing::NimAction::Take(n) => {
                    Some(usize::from(n) - 1 + usize::from(n == 3))
                }
                _ => None,
            }
        }
        fn action_from_id(&self, _: &Self::State, id: usize) -> Option<Self::Action> {
            Some(crate::testing::NimAction::Take(id as u8 + 1))
        }
        fn rollout_choices(&self, _: &Self::State, legal: &mut Vec<Self::Action>) {
            if self.flaw == Flaw::EmptyRolloutChoices {
                legal.clear();
            }
        }
        fn level_iterations(&self) -> [u32; 3] {
            match self.flaw {
                Flaw::FlatLevels => [200, 200, 4_000],
                Flaw::HugeLevels => [200, 1_000, 20_000_000],
                _ => self.nim.level_iterations(),
            }
        }
        fn check_invariants(&self, s: &Self::State) -> Result<(), String> {
            match (self.flaw, s.pile) {
                (Flaw::BrokenInvariant, Some(p)) if p < 10 => Err("stones vanished".into()),
                _ => Ok(()),
            }
        }
    }

    #[test]
    fn the_harness_catches_each_kind_of_flaw() {
        let cases = [
            (Flaw::RejectsListed, "rejected"),
            (Flaw::AcceptsUnlisted, "unlisted action"),
            (Flaw::TightBound, "did not end within"),
            (Flaw::VacuousHidden, "determinize never changed"),
            (Flaw::BrokenInvariant, "stones vanished"),
            (Flaw::LeakyDeterminize, "depends on what"),
            (Flaw::IdPastBound, "not below 3"),
            (Flaw::SkewedDraw, "where the listed weights draw"),
            (Flaw::WastefulDraw, "random numbers differently"),
            (Flaw::FlatLevels, "difficulty levels must search more"),
            (Flaw::HugeLevels, "to at most 10000000"),
            (Flaw::EmptyRolloutChoices, "rollout_choices kept []"),
        ];
        for (flaw, expected) in cases {
            let rules = [Flawed {
                nim: Nim::new(2, NimOptions::default()).expect("valid"),
                flaw,
            }];
            let err = conformance(&rules, &ConformanceConfig::default())
                .expect_err("a flawed game must fail");
            assert!(err.contains(expected), "{expected}: {err}");
        }
    }

    #[test]
    fn nim_perft() {
        let game = Nim::new(2, NimOptions::default()).expect("valid");
        let s = game.initial_state();
        assert_eq!(perft(&game, &s, 1), 6);
        // Six pile sizes, then three choices each.
        assert_eq!(perft(&game, &s, 2), 18);
        assert_eq!(perft(&game, &s, 3), 54);
    }

    #[test]
    fn tampered_record_names_the_decision() {
        let game = Nim::new(2, NimOptions::default()).expect("valid");
        let mut record = Record::new(&game, vec![], None);
        record.push::<Nim>(crate::testing::NimAction::Pile(10));
        record.push::<Nim>(crate::testing::NimAction::Take(3));
        record.push::<Nim>(crate::testing::NimAction::Take(4));
        let err = record.replay::<Nim>().expect_err("taking 4 is illegal");
        assert!(err.to_string().starts_with("decision 3:"), "{err}");
    }
}
