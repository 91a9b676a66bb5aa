//! What a person can type during `muster play`.

use std::path::PathBuf;

/// One line of input, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A blank line.
    Nothing,
    /// `?` or `moves`: list the legal moves.
    Moves,
    /// `undo`: take back the last decision and the replies to it.
    Undo,
    /// `save FILE`, or `save` alone (`None`: the file is missing).
    Save(Option<PathBuf>),
    /// `position`: print the position text.
    Position,
    /// `auto` or `resolve`: play a Mu chain reaction's explosions in the canonical order.
    Auto,
    /// `hint`: the AI's suggestion, with its evaluation.
    Hint,
    /// `help`.
    Help,
    /// `quit` or `exit`.
    Quit,
    /// Anything else: an action in the game's notation.
    Action(String),
}

/// Reads one line. Commands are case-insensitive; anything that is not a command is an action.
pub fn parse(line: &str) -> Input {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    match (word.to_ascii_lowercase().as_str(), rest.is_empty()) {
        ("", _) => Input::Nothing,
        ("?" | "moves", true) => Input::Moves,
        ("undo", true) => Input::Undo,
        ("save", true) => Input::Save(None),
        ("save", false) => Input::Save(Some(PathBuf::from(rest))),
        ("position", true) => Input::Position,
        ("auto" | "resolve", true) => Input::Auto,
        ("hint", true) => Input::Hint,
        ("help" | "h", true) => Input::Help,
        ("quit" | "exit" | "q", true) => Input::Quit,
        _ => Input::Action(line.to_owned()),
    }
}

/// The help text; `example` is a legal action to show the notation, `resign` the game's
/// resignation action where the rules have one (Mur: resigning the set), `chain_reactions`
/// whether the game has Mu's chain reactions (and so the `auto` command).
pub fn help(example: Option<&str>, resign: Option<&str>, chain_reactions: bool) -> String {
    let example = example.map(|e| format!(", e.g. {e}")).unwrap_or_default();
    let mut lines = vec![
        "Commands:".to_owned(),
        format!("  MOVE          play a move in the game's notation{example}"),
        "  ? or moves    list the legal moves".to_owned(),
        "  hint          the AI's suggestion and its evaluation (level: --hint-level)".to_owned(),
        "  undo          take back your last move (and the replies to it)".to_owned(),
        "  save FILE     write the game record to FILE (play --resume FILE continues it)"
            .to_owned(),
        "  position      print the position text".to_owned(),
        "  help          show this help".to_owned(),
        "  quit or exit  leave the game (first offering to save moves not yet saved)".to_owned(),
    ];
    if let Some(resign) = resign {
        lines.insert(
            3,
            format!("  {resign:<13} resign, as the rules allow (not listed among the moves)"),
        );
    }
    if chain_reactions {
        lines.insert(
            3,
            "  auto          Mu: when a chain reaction waits for your choice, explode in the\n                \
             canonical order (row by row) until it is over or a removal is owed"
                .to_owned(),
        );
    }
    lines.push(
        "Type actions as they are, spaces included; only a line that is exactly a".to_owned(),
    );
    lines.push("command is taken as one.".to_owned());
    if chain_reactions {
        lines.push("Mu reads A3 sw 2 as A3-sw-2, place 3,-1 as place:3,-1.".to_owned());
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_recognised_in_any_case() {
        assert_eq!(parse("  ?  "), Input::Moves);
        assert_eq!(parse("MOVES"), Input::Moves);
        assert_eq!(parse("Undo"), Input::Undo);
        assert_eq!(parse("save"), Input::Save(None));
        assert_eq!(
            parse("save My Game.txt"),
            Input::Save(Some("My Game.txt".into()))
        );
        assert_eq!(parse("exit"), Input::Quit);
        assert_eq!(parse("Auto"), Input::Auto);
        assert_eq!(parse("HINT"), Input::Hint);
        assert_eq!(parse("resolve"), Input::Auto);
        assert_eq!(parse(""), Input::Nothing);
    }

    #[test]
    fn anything_else_is_an_action() {
        assert_eq!(parse(" d1-d3 "), Input::Action("d1-d3".to_owned()));
        assert_eq!(parse("undo now"), Input::Action("undo now".to_owned()));
        assert_eq!(parse("A3 sw 2"), Input::Action("A3 sw 2".to_owned()));
        assert_eq!(parse("place 3,-1"), Input::Action("place 3,-1".to_owned()));
    }
}
