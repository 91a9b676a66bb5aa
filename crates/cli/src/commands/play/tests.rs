//! The play loop with stdout and stderr going to one recorded screen, as on a terminal.

use std::cell::RefCell;
use std::io::{self, Cursor, Write};
use std::rc::Rc;

use muster_rules::{AnyGame, GameId};

use super::players::{Player, Table};
use super::session::Session;
use super::thinking::CLEAR;
use super::{Start, Ui};
use crate::render::Style;

/// A terminal screen shared by stdout and stderr: everything written, in order.
#[derive(Clone, Default)]
struct Screen(Rc<RefCell<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn text(&self) -> String {
        String::from_utf8(self.0.borrow().clone()).expect("UTF-8")
    }
}

/// Plays `script` as Light against level 5 (alpha-beta, which reports every finished iteration),
/// hints from level 5, with the progress line on; returns the screen.
fn play_on_a_terminal(script: &str) -> String {
    let game = AnyGame::new(GameId::MurusGallicus, "", None).expect("a game");
    let table = Table {
        you: 0,
        players: vec![Player::Human, Player::Level(5)],
    };
    let session = Session::new(game, table, 0, 1, 5);
    let screen = Screen::default();
    let mut ui = Ui {
        input: Cursor::new(script.to_owned()),
        out: screen.clone(),
        err: screen.clone(),
        progress: true,
        style: Style { colour: false },
        echo: false,
    };
    ui.play(session, &Start::New).expect("the game runs");
    screen.text()
}

/// Whether the last progress line drawn before `at` was cleared before it.
fn cleared_before(screen: &str, label: &str, at: usize) -> bool {
    let before = &screen[..at];
    match (before.rfind(label), before.rfind(CLEAR)) {
        (Some(drawn), Some(cleared)) => cleared > drawn,
        _ => false,
    }
}

#[test]
fn the_thinking_line_is_cleared_before_the_ai_move_is_printed() {
    let screen = play_on_a_terminal("d1-d3\nquit\n\n");
    let at = screen
        .find("Dark (level 5, strong) plays ")
        .unwrap_or_else(|| panic!("the AI moved: {screen}"));
    assert!(screen[..at].contains("thinking… "), "{screen:?}");
    assert!(cleared_before(&screen, "thinking… ", at), "{screen:?}");
    // The move starts a line of its own.
    assert!(screen[..at].ends_with(CLEAR), "{screen:?}");
}

#[test]
fn the_hint_line_is_cleared_before_the_hint_is_printed() {
    let screen = play_on_a_terminal("hint\nquit\n");
    let at = screen
        .find("Hint: ")
        .unwrap_or_else(|| panic!("a hint: {screen}"));
    assert!(screen[..at].contains("hint… "), "{screen:?}");
    assert!(cleared_before(&screen, "hint… ", at), "{screen:?}");
    assert!(screen[..at].ends_with(CLEAR), "{screen:?}");
}

#[test]
fn a_long_greeting_wraps_at_the_terminal_width() {
    let text = "You play Red against Purple (level 4), Yellow (level 4), Blue (random)";
    let lines = super::wrap(text, 30);
    assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
    assert_eq!(lines.join(" "), text, "nothing is lost");
    assert_eq!(super::wrap("short", 80), ["short"]);
}
