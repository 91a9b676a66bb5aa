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
    /// `movetime <ms>`.
    pub movetime: Option<u64>,
    /// `nodes <n>`, at least 1.
    pub nodes: Option<u64>,
    /// `depth <n>`, at least 1.
    pub depth: Option<u32>,
    /// `clock <ms1> … <msN> [inc <ms>]`: every seat's time left and the increment.
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

fn number<T: std::str::FromStr>(
    word: &str,
    what: &str,
    min: u64,
    max: u64,
) -> Result<T, CommandError> {
    match word.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => match n.to_string().parse::<T>() {
            Ok(value) => Ok(value),
            Err(_) => err(format!("{what} `{}`: out of range", shorten(word))),
        },
        Ok(_) => err(format!(
            "{what} `{}`: expected {min} to {max}",
            shorten(word)
        )),
        Err(_) => err(format!(
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
    let (variant, seats) = match rest {
        [variant @ .., "seats", n] => (variant, Some(number(n, "seats", 1, 64)?)),
        [.., "seats"] => return err("`seats` needs a number"),
        variant => (variant, None),
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

fn go(args: &[&str]) -> Result<GoParams, CommandError> {
    let mut params = GoParams::default();
    let mut i = 0;
    let value = |i: usize, what: &str| -> Result<&str, CommandError> {
        args.get(i + 1)
            .copied()
            .ok_or_else(|| CommandError(format!("go: `{what}` needs a number")))
    };
    while i < args.len() {
        match args[i] {
            "level" => params.level = Some(number(value(i, "level")?, "go level", 1, 8)?),
            "movetime" => {
                params.movetime = Some(number(
                    value(i, "movetime")?,
                    "go movetime",
                    1,
                    u64::from(u32::MAX),
                )?)
            }
            "nodes" => params.nodes = Some(number(value(i, "nodes")?, "go nodes", 1, u64::MAX)?),
            "depth" => params.depth = Some(number(value(i, "depth")?, "go depth", 1, 64)?),
            "infinite" => {
                params.infinite = true;
                i += 1;
                continue;
            }
            "clock" => {
                let mut times = Vec::new();
                let mut j = i + 1;
                while let Some(word) = args
                    .get(j)
                    .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
                {
                    times.push(number(word, "go clock", 0, u64::from(u32::MAX))?);
                    j += 1;
                }
                if times.is_empty() {
                    return err(format!(
                        "go: `clock` needs every seat's time in ms, got `{}`",
                        shorten(args.get(i + 1).copied().unwrap_or(""))
                    ));
                }
                let mut inc = 0;
                if args.get(j) == Some(&"inc") {
                    inc = number(value(j, "inc")?, "go inc", 0, u64::from(u32::MAX))?;
                    j += 2;
                }
                params.clock = Some((times, inc));
                i = j;
                continue;
            }
            other => {
                return err(format!(
                    "go: unknown limit `{}` (limits: level movetime nodes depth clock infinite)",
                    shorten(other)
                ))
            }
        }
        i += 2;
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
