//! # muster-rules
//!
//! The rules of the four games muster plays — Mu, Mur, Murus Gallicus and MuTou — behind one
//! contract, [`Game`].
//!
//! This crate is pure: no I/O, no clock, no threads and no randomness of its own. Chance enters a
//! game as an explicit actor ([`Actor::Chance`]) whose outcomes the caller picks; the helpers that
//! play random games ([`playout`]) take the caller's random number generator.
//!
//! * [`game`]: the contract; [`variant`]: typed options and presets; [`error`]: what can go wrong.
//! * [`any`]: [`AnyGame`], one type over the closed set of games, for the command line and servers.
//! * [`record`]: game records (headers and actions), export, and import that replays and validates.
//! * [`perft`]: move-path counting; [`playout`]: random games.
//! * [`target`]: click paths, the board elements a person clicks to make an action.
//! * [`conformance`]: the battery every game passes (feature `conformance`).
//! * One module per game: [`murus_gallicus`].
//!
//! ```
//! use muster_rules::murus_gallicus::{MurusGallicus, MurusVariant};
//! use muster_rules::{Actor, Game, Seat, Variant};
//!
//! let variant = MurusVariant::parse_text("basic")?;
//! let mut game = MurusGallicus::new(&variant, 2)?;
//! let mut events = Vec::new();
//! // Parsing is syntax only; `apply` checks the rules and reports what happened.
//! let action = game.parse_action("d1-d3")?;
//! game.apply(action, &mut events)?;
//! assert_eq!(game.position_text(), "tttttttt/8/8/8/3W4/3W4/TTT1TTTT D 1");
//! assert_eq!(game.actor(), Actor::Seat(Seat(1)));
//! assert_eq!(events[0].to_string(), "Light tower on d1 splits onto d2 and d3");
//!
//! // A wall never acts: a well-formed action can still be illegal.
//! let wall_move = game.parse_action("d3-d5")?;
//! assert!(game.check(wall_move).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod any;
#[cfg(feature = "conformance")]
pub mod conformance;
pub mod error;
pub mod game;
pub mod hash;
pub mod mu;
pub mod mur;
pub mod murus_gallicus;
pub mod mutou;
pub mod perft;
pub mod playout;
pub mod record;
pub mod target;
pub mod variant;
mod wire;

pub use any::{AnyError, AnyEvent, AnyGame, AnyReplay, GameId, LegalMove, MovesUnder};
pub use any::{AnyEventData, AnyStep, RedactedStep};
pub use error::{IllegalAction, ParseError, PositionError, SetupError, VariantError};
pub use game::{
    Actor, Events, Game, GameEvent, GameInfo, NoEvents, Outcome, RuleRef, Seat, TurnInfo,
};
pub use game::{Audience, Visibility};
pub use target::{Label, Target};
pub use variant::{OptionInfo, Preset, Variant};
