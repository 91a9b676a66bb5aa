//! Reading one protocol line into a typed [`Command`] (docs/engine-protocol.md §2).
//!
//! Only the syntax is checked here: the command word, the arguments' presence, numbers and their
//! ranges, option names. Whether a game, variant, position or action makes sense is the
//! session's business ([`super::session`]), which asks the rules.

use muster_rules::GameId;

/// A syntax error: the message quotes the bad token in backticks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(message.into()))
}

/// One command of the controller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `muster`: the handshake.
    Muster,
    /// `isready`.
    IsReady,
    /// `setoption <name> <value>`.
    SetOption(EngineOption),
    /// `newgame <game> [<variant text>] [seats <n>]`.
    NewGame {
        /// The game.
        game: GameId,
        /// The variant text, words joined by one space (empty: the default).
        variant: String,
        /// The seat count, if given.
        seats: Option<usize>,
    },
    /// `position startpos|text … [moves …]`.
    Position {
        /// Where the actions start.
        start: Start,
        /// The actions after `moves`.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `legal`.
    Legal,
    /// `apply <action>`.
    Apply(String),
    /// `show`.
    Show,
    /// `quit`.
    Quit,
}

/// The start of a `position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the current game's start.
    StartPos,
    /// `text <position text>`: the words of the text joined by one space.
    Text(String),
}

/// An option of `setoption`, its value checked against the range the handshake announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `threads`, 1–256.
    Threads(usize),
    /// `hash`, 1–4096 MiB.
    Hash(usize),
    /// `seed`, any `u64`.
    Seed(u64),
    /// `level`, 1–8.
    Level(u8),
}

/// The limits of a `go`, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `level <n>`, 1–8.
    pub level: Option<u8>,
    /// `movetime <ms>`, 1 to [`MAX_MS`].
    pub movetime: Option<u64>,
    /// `nodes <n>`, 1 to 2^64 − 1.
    pub nodes: Option<u64>,
    /// `depth <n>`, 1 to [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// `clock <ms1> … <msN> [inc <ms>]`: every seat's time left and the increment, each 0 to
    /// [`MAX_MS`]. (That it gives one time per seat is checked against the position, at `go`.)
    pub clock: Option<(Vec<u64>, u64)>,
    /// `infinite`.
    pub infinite: bool,
}

/// The options `muster engine` has, with their ranges: name, least, most.
pub const OPTIONS: [(&str, u64, u64); 4] = [
    ("threads", 1, 256),
    ("hash", 1, 4096),
    ("seed", 0, u64::MAX),
    ("level", 1, 8),
];

/// Reads one line. An empty line, an unknown command and a bad argument are errors quoting
/// what is wrong.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let Some((&name, args)) = words.split_first() else {
        return err("empty line: expected a command");
    };
    let no_args = |command: Command| -> Result<Command, CommandError> {
        match args.first() {
            None => Ok(command),
            Some(extra) => err(format!("`{name}` takes no argument, got `{extra}`")),
        }
    };
    match name {
        "muster" => no_args(Command::Muster),
        "isready" => no_args(Command::IsReady),
        "stop" => no_args(Command::Stop),
        "legal" => no_args(Command::Legal),
        "show" => no_args(Command::Show),
        "quit" => no_args(Command::Quit),
        "setoption" => set_option(args).map(Command::SetOption),
        "newgame" => new_game(args),
        "position" => position(args),
        "go" => go(args).map(Command::Go),
        "apply" => match args {
            [action] => Ok(Command::Apply((*action).to_owned())),
            [] => err("`apply` needs an action"),
            [_, extra, ..] => err(format!("`apply` takes one action, got also `{extra}`")),
        },
        other => err(format!(
            "unknown command `{}` (commands: muster isready setoption newgame position go stop \
             legal apply show quit)",
            shorten(other)
        )),
    }
}

/// At most 40 characters of `text`, for quoting outside input in a message.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// A whole number from `min` to `max`, written in decimal digits only (no sign, no spaces).
fn number<T: TryFrom<u64>>(word: &str, what: &str, min: u64, max: u64) -> Result<T, CommandError> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    match word.parse::<u64>() {
        Ok(n) if digits && (min..=max).contains(&n) => {
            T::try_from(n).or_else(|_| err(format!("{what} `{}`: out of range", shorten(word))))
        }
        Ok(_) if digits => err(format!(
            "{what} `{}`: expected {min} to {max}",
            shorten(word)
        )),
        _ => err(format!(
            "{what} `{}`: expected a whole number from {min} to {max}",
            shorten(word)
        )),
    }
}

fn set_option(args: &[&str]) -> Result<EngineOption, CommandError> {
    let (name, value) = match args {
        [name, value] => (*name, *value),
        [name] => return err(format!("`setoption {}` needs a value", shorten(name))),
        [] => return err("`setoption` needs a name and a value"),
        [_, _, extra, ..] => {
            return err(format!(
                "`setoption` takes a name and one value, got also `{}`",
                shorten(extra)
            ))
        }
    };
    let Some(&(_, min, max)) = OPTIONS.iter().find(|o| o.0 == name) else {
        return err(format!(
            "unknown option `{}` (options: threads hash seed level)",
            shorten(name)
        ));
    };
    let what = format!("option {name}");
    Ok(match name {
        "threads" => EngineOption::Threads(number(value, &what, min, max)?),
        "hash" => EngineOption::Hash(number(value, &what, min, max)?),
        "seed" => EngineOption::Seed(number(value, &what, min, max)?),
        _ => EngineOption::Level(number(value, &what, min, max)?),
    })
}

fn new_game(args: &[&str]) -> Result<Command, CommandError> {
    let Some((&game, rest)) = args.split_first() else {
        return err("`newgame` needs a game (murus-gallicus, mur, mu, mutou)");
    };
    let game = GameId::parse(game).map_err(|e| CommandError(format!("newgame: {e}")))?;
    let (variant, seats) = match rest.iter().position(|&w| w == "seats") {
        None => (rest, None),
        Some(at) => match &rest[at + 1..] {
            [n] => (&rest[..at], Some(number(n, "newgame seats", 1, MAX_SEATS)?)),
            [] => return err("newgame: `seats` needs a number"),
            [_, extra, ..] => {
                return err(format!(
                    "newgame: `seats <n>` ends the line, got also `{}`",
                    shorten(extra)
                ))
            }
        },
    };
    Ok(Command::NewGame {
        game,
        variant: variant.join(" "),
        seats,
    })
}

fn position(args: &[&str]) -> Result<Command, CommandError> {
    let (start, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (Start::StartPos, rest),
        Some((&"text", rest)) => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return err("`position text` needs a position text");
            }
            (Start::Text(rest[..end].join(" ")), &rest[end..])
        }
        Some((other, _)) => {
            return err(format!(
                "position `{}`: expected `startpos` or `text`",
                shorten(other)
            ))
        }
        None => return err("`position` needs `startpos` or `text`"),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.iter().map(|m| (*m).to_owned()).collect(),
        Some((other, _)) => {
            return err(format!(
                "position: `{}` after `startpos`: expected `moves`",
                shorten(other)
            ))
        }
    };
    Ok(Command::Position { start, moves })
}

/// The longest `movetime`, `clock` time and `inc` in ms: 2^32 − 1 (about 49.7 days).
pub const MAX_MS: u64 = u32::MAX as u64;

/// The deepest `go depth`.
pub const MAX_DEPTH: u64 = 64;

/// The most seats `newgame … seats <n>` reads (each game has its own, smaller range).
pub const MAX_SEATS: u64 = 64;

/// `go`'s limits: each at most once, `inc` only right after `clock`'s times.
fn go(args: &[&str]) -> Result<GoParams, CommandError> {
    let mut params = GoParams::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut words = args.iter().copied().peekable();
    while let Some(limit) = words.next() {
        if seen.contains(&limit) {
            return err(format!("go: `{}` is given twice", shorten(limit)));
        }
        seen.push(limit);
        let mut value = |what: &str| {
            words
                .next()
                .ok_or_else(|| CommandError(format!("go: `{what}` needs a number")))
        };
        match limit {
            "level" => params.level = Some(number(value(limit)?, "go level", 1, 8)?),
            "movetime" => {
                params.movetime = Some(number(value(limit)?, "go movetime", 1, MAX_MS)?);
            }
            "nodes" => params.nodes = Some(number(value(limit)?, "go nodes", 1, u64::MAX)?),
            "depth" => params.depth = Some(number(value(limit)?, "go depth", 1, MAX_DEPTH)?),
            "infinite" => params.infinite = true,
            "clock" => {
                let mut times = Vec::new();
                while let Some(word) = words.next_if(|w| w.bytes().all(|b| b.is_ascii_digit())) {
                    times.push(number(word, "go clock", 0, MAX_MS)?);
                }
                if times.is_empty() {
                    return err(format!(
                        "go: `clock` needs every seat's time in ms, got `{}`",
                        shorten(words.peek().copied().unwrap_or(""))
                    ));
                }
                let mut inc = 0;
                if words.next_if_eq(&"inc").is_some() {
                    seen.push("inc");
                    let word = words
                        .next()
                        .ok_or_else(|| CommandError("go: `inc` needs a number".to_owned()))?;
                    inc = number(word, "go inc", 0, MAX_MS)?;
                }
                params.clock = Some((times, inc));
            }
            "inc" if seen.contains(&"clock") => {
                return err("go: `inc` comes right after the times of `clock`")
            }
            "inc" => return err("go: `inc` without `clock`"),
            other => {
                return err(format!(
                    "go: unknown limit `{}` (limits: level movetime nodes depth clock infinite)",
                    shorten(other)
                ))
            }
        }
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(line: &str) -> String {
        parse(line).expect_err(line).0
    }

    #[test]
    fn words_are_split_on_runs_of_spaces_and_tabs() {
        assert_eq!(
            parse("  position\tstartpos   moves a b ").unwrap(),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["a".into(), "b".into()]
            }
        );
    }

    #[test]
    fn a_position_text_ends_at_the_word_moves() {
        assert_eq!(
            parse("position text x | y z moves m1").unwrap(),
            Command::Position {
                start: Start::Text("x | y z".into()),
                moves: vec!["m1".into()]
            }
        );
        assert!(message("position text moves a").contains("needs a position text"));
        assert!(message("position over").contains("`over`"));
    }

    #[test]
    fn newgame_reads_a_variant_and_seats_at_the_end() {
        assert_eq!(
            parse("newgame mu velox seats 3").unwrap(),
            Command::NewGame {
                game: GameId::Mu,
                variant: "velox".into(),
                seats: Some(3)
            }
        );
        assert!(message("newgame chess").contains("`chess`"));
        assert!(message("newgame mu seats x").contains("`x`"));
    }

    #[test]
    fn go_reads_every_limit() {
        assert_eq!(
            parse("go level 3 movetime 500 nodes 100 depth 4 clock 1000 2000 inc 10 infinite")
                .unwrap(),
            Command::Go(GoParams {
                level: Some(3),
                movetime: Some(500),
                nodes: Some(100),
                depth: Some(4),
                clock: Some((vec![1000, 2000], 10)),
                infinite: true
            })
        );
        assert!(message("go nodes many").contains("`many`"));
        assert!(message("go level 9").contains("`9`"));
        assert!(message("go fast").contains("`fast`"));
        assert!(message("go movetime").contains("`movetime`"));
    }

    #[test]
    fn a_limit_given_twice_is_refused_with_its_name() {
        for (line, twice) in [
            ("go level 3 level 4", "`level`"),
            ("go movetime 100 nodes 5 movetime 200", "`movetime`"),
            ("go nodes 1 nodes 1", "`nodes`"),
            ("go depth 2 depth 3", "`depth`"),
            ("go infinite infinite", "`infinite`"),
            ("go clock 1000 2000 clock 1000 2000", "`clock`"),
            ("go clock 1000 2000 inc 5 inc 6", "`inc`"),
        ] {
            let refused = message(line);
            assert!(
                refused.contains(twice) && refused.contains("twice"),
                "{line}: {refused}"
            );
        }
    }

    #[test]
    fn inc_belongs_right_after_the_times_of_clock() {
        assert!(message("go inc 5").contains("`inc` without `clock`"));
        assert!(message("go clock 1000 1000 level 3 inc 5").contains("right after"));
        assert!(message("go clock 1000 inc").contains("`inc` needs a number"));
        assert!(message("go clock inc 5").contains("`inc`"));
        assert!(message("go clock").contains("`clock` needs"));
        assert_eq!(
            parse("go clock 0 4294967295 inc 0").unwrap(),
            Command::Go(GoParams {
                clock: Some((vec![0, u64::from(u32::MAX)], 0)),
                ..GoParams::default()
            })
        );
        assert!(message("go clock 1000 4294967296").contains("`4294967296`"));
    }

    #[test]
    fn numbers_are_digits_within_their_range() {
        for (line, bad) in [
            ("go movetime 0", "`0`"),
            ("go movetime 4294967296", "`4294967296`"),
            ("go depth 0", "`0`"),
            ("go depth 65", "`65`"),
            ("go nodes 0", "`0`"),
            ("go nodes 18446744073709551616", "`18446744073709551616`"),
            ("go level 0", "`0`"),
            ("go nodes +5", "`+5`"),
            ("go movetime -5", "`-5`"),
            ("go depth 1e3", "`1e3`"),
            ("setoption seed +1", "`+1`"),
            ("setoption threads 257", "`257`"),
            ("newgame mu seats 65", "`65`"),
        ] {
            assert!(message(line).contains(bad), "{line}: {}", message(line));
        }
        assert_eq!(
            parse("go movetime 4294967295 depth 64 nodes 18446744073709551615").unwrap(),
            Command::Go(GoParams {
                movetime: Some(u64::from(u32::MAX)),
                depth: Some(64),
                nodes: Some(u64::MAX),
                ..GoParams::default()
            })
        );
        assert_eq!(
            parse("go movetime 1 depth 1 nodes 1").unwrap(),
            Command::Go(GoParams {
                movetime: Some(1),
                depth: Some(1),
                nodes: Some(1),
                ..GoParams::default()
            })
        );
    }

    #[test]
    fn seats_ends_a_newgame_line_and_comes_once() {
        assert!(message("newgame mu seats 3 velox").contains("`velox`"));
        assert!(message("newgame mu seats 3 seats 4").contains("`seats`"));
        assert!(message("newgame mu velox seats").contains("`seats` needs a number"));
        assert_eq!(
            parse("newgame mutou tier=II board=hex seats 4").unwrap(),
            Command::NewGame {
                game: GameId::MuTou,
                variant: "tier=II board=hex".into(),
                seats: Some(4)
            }
        );
    }

    #[test]
    fn surplus_words_are_refused_with_the_first_of_them() {
        assert!(message("setoption seed 1 2").contains("`2`"));
        assert!(message("apply a1-a3 b1-b3").contains("`b1-b3`"));
        assert!(message("legal now").contains("`now`"));
        assert!(message("stop now").contains("`now`"));
        assert!(message("position startpos a1-a3").contains("`a1-a3`"));
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(message("").contains("empty"));
        assert!(message("frobnicate now").contains("`frobnicate`"));
        assert!(message("setoption colour red").contains("`colour`"));
        assert!(message("setoption threads 0").contains("`0`"));
        assert!(message("isready now").contains("`now`"));
        assert_eq!(
            parse("setoption seed 18446744073709551615").unwrap(),
            Command::SetOption(EngineOption::Seed(u64::MAX))
        );
    }
}
