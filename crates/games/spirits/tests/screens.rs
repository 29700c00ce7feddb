//! What a player reads about the decision at hand: worded for the viewer.

use sylvan_engine::{walk_games, Game, Seat, Viewer};
use sylvan_spirits::{Options, Spirits};

#[test]
fn the_seat_deciding_reads_you_and_the_other_reads_its_name() {
    let rules: Vec<Spirits> = ["random", "Coyote's Mischief", "River and Sea"]
        .into_iter()
        .map(|set| {
            let options = Options {
                set: set.into(),
                ..Options::default()
            };
            Spirits::new(2, options).expect("valid options")
        })
        .collect();
    let (mut yours, mut theirs, mut chance) = (0, 0, 0);
    walk_games(
        &rules,
        20,
        5,
        |d| {
            let mine = d.game.view(d.state, Viewer::Seat(d.seat));
            let other = Seat(1 - d.seat.0);
            let seen = d.game.view(d.state, Viewer::Seat(other));
            let named = format!("{} ", d.seat);
            // "choose an action tile" names nobody; every other step names who decides.
            if mine.deciding.starts_with("you ") {
                yours += 1;
                assert!(
                    seen.deciding.starts_with(&named),
                    "seed {}: '{}' for the other seat",
                    d.seed,
                    seen.deciding
                );
                theirs += 1;
            }
            assert!(
                !mine.deciding.starts_with(&named),
                "seed {}: the seat deciding reads '{}'",
                d.seed,
                mine.deciding
            );
            assert!(
                !mine.deciding.contains("you draw another stone or stops")
                    && !mine.deciding.contains("their boards"),
                "{}",
                mine.deciding
            );
            let spectator = d.game.view(d.state, Viewer::Spectator);
            assert!(
                !spectator.deciding.starts_with("you "),
                "{}",
                spectator.deciding
            );
            None
        },
        |step| {
            // A chance step is worded for what happens, as a picture or a spectator shows it.
            if step.actor == sylvan_engine::Actor::Chance {
                let seen = step.game.view(step.before, Viewer::Spectator);
                assert!(
                    !["chance", "nothing", ""].contains(&seen.deciding.as_str()),
                    "'{}' at a chance step",
                    seen.deciding
                );
                chance += 1;
            }
        },
    );
    assert!(yours > 500 && theirs == yours, "{yours} / {theirs}");
    assert!(chance > 500, "{chance}");
}
