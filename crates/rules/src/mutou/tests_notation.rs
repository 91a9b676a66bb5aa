//! MuTou positions read back from their text, refusals named after their rule, and notation
//! read back for every kind of action.

use super::tests::{legal, play, position};
use super::*;
use crate::game::{Game, NoEvents, Seat};
use crate::variant::Variant;

#[test]
fn a_position_reads_back_from_its_text() {
    let mut g = position("friendly", &[("d4", 0, "RWB1"), ("h8", 1, "B2")]);
    play(&mut g, "d4R");
    let text = g.position_text();
    let back = MuTou::from_position(g.variant(), &text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.position_text(), text);
}

#[test]
fn refusals_say_which_rule_forbids_them() {
    let g = position(
        "friendly",
        &[("d4", 0, "JB1"), ("d5", 0, "W"), ("h8", 1, "B2")],
    );
    let why = |t: &str| g.check(g.parse_action(t).unwrap()).unwrap_err().reason;
    assert!(why("d4W>e4").contains("no W use"), "{}", why("d4W>e4"));
    assert!(why("d4B>d5").contains("one's own piece"));
    assert!(why("h8B>g8").contains("not Red's"));
    assert!(why("end").contains("rest instead"));
    assert!(why("d4B>a1").contains("not a B step"));
    assert!(g.check(g.parse_action("d4B>e5").unwrap()).is_ok());
}

#[test]
fn notation_is_read_back_for_every_kind_of_action() {
    let g = position("friendly", &[("d4", 0, "JB1"), ("h8", 1, "B2")]);
    for text in [
        "tier:II",
        "claim:3",
        "c1+W",
        "c1+B2",
        "rest",
        "d4W>d5",
        "d5J>f6x",
        "f6A>g7xa",
        "d4R",
        "d4:W>e5",
        "ins:e12",
        "rmv:v7",
        "split:d4:v3:v7",
        "split:d4:v3:v7:new",
        "merge:d4:d5",
        "scribe:e12:2",
        "erase:d4",
        "splice:e1:e9",
        "unsplice:e1",
        "take:J",
        "done",
        "end",
        "call:open",
        "call:matched",
        "decline",
        "gate:v3:ccw",
        "gate:v3:cw",
        "die:5",
        "dice:3,5",
        "pick:d7",
        "give:d4:W",
        "propose",
        "accept",
        "refuse",
    ] {
        let action = g
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.action_text(action), text);
        assert_eq!(
            g.parse_action(&action.to_string()).unwrap(),
            action,
            "{text} as t-ids"
        );
    }
    for bad in [
        "",
        "d4",
        "d4X>d5",
        "z9W>d5",
        "tier:IV",
        "claim:0",
        "die:0",
        "gate:v3:up",
        "scribe:e1:9",
    ] {
        assert!(g.parse_action(bad).is_err(), "{bad} should not parse");
    }
}

#[test]
fn checking_one_area_alteration_agrees_with_the_full_list() {
    use crate::playout::{random_action, Buffers};
    use rand::SeedableRng;
    let variant = MuTouVariant::parse_text("friendly mixing=on").unwrap();
    let mut compared = 0;
    for seed in 0..3 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut buffers = Buffers::default();
        let mut g = MuTou::new(&variant, 2).unwrap();
        for _ in 0..250 {
            if matches!(g.turn.pending, Pending::Free | Pending::Insert { .. })
                && g.phase == Phase::Play
            {
                let legal: Vec<MuTouAction> = {
                    let mut v = Vec::new();
                    g.legal_actions(&mut v);
                    v
                };
                let mut every = Vec::new();
                g.surface().edits(|_| true, &mut every);
                for edit in every {
                    for to_new in [false, true] {
                        let action = MuTouAction::Area { edit, to_new };
                        assert_eq!(
                            g.check(action).is_ok(),
                            legal.contains(&action),
                            "{}",
                            g.action_text(action)
                        );
                        compared += 1;
                    }
                }
            }
            let Some(a) = random_action(&g, &mut rng, &mut buffers) else {
                break;
            };
            g.play(a, &mut NoEvents);
        }
    }
    assert!(compared > 1000, "only {compared} alterations compared");
}

#[test]
fn a_seats_view_of_the_secret_setting_out_reads_back_from_its_text() {
    let variant = MuTouVariant::parse_text("friendly").unwrap();
    let mut g = MuTou::new(&variant, 3).unwrap();
    // Seat 1 and seat 2 set out everything, each with its first legal action, until seat 3's turn.
    while g.phase != Phase::SetOut(2) {
        let action = legal(&g)[0].clone();
        play(&mut g, &action);
    }
    let first = legal(&g)[0].clone();
    play(&mut g, &first);
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let view = g.view(viewer);
        let text = view.position_text();
        let read = MuTou::from_position(&variant, &text)
            .unwrap_or_else(|e| panic!("{viewer:?}: {e}: {text}"));
        assert_eq!(read.position_text(), text);
        assert_eq!(legal(&read), legal(&view));
    }
}
