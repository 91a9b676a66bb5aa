//! MuTou on a terminal.

use muster_rules::mutou::MuTou;
use muster_rules::Game;

use super::{Fit, Style};

/// Draws the position.
pub fn draw(game: &MuTou, _style: Style, _fit: Fit) -> String {
    let mut text = game.diagram();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
