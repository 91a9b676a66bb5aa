//! The enumerations stored as TEXT. Each reads back through a checked parse: an unknown word in
//! the database is [`Error::BadValue`](crate::Error::BadValue), never a panic.

use std::fmt;

macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The word stored in the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The value a stored word names, if any.
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

text_enum!(
    /// Where a game is in its life (`games.status`).
    GameStatus {
        /// Seats are still open.
        Filling = "filling",
        /// Being played.
        Running = "running",
        /// Ended with a result.
        Over = "over",
        /// Called off before it counted.
        Aborted = "aborted",
        /// Stored under rules that no longer replay it; shown from its record only.
        Legacy = "legacy",
    }
);

text_enum!(
    /// How a game ended (`games.termination`).
    Termination {
        /// The rules ended it.
        Rules = "rules",
        /// A seat resigned.
        Resignation = "resignation",
        /// A clock ran out.
        TimeForfeit = "time forfeit",
        /// A seat was gone and the others claimed.
        Abandoned = "abandoned",
        /// The seats agreed a draw.
        Agreement = "agreement",
        /// Called off before it counted.
        Aborted = "aborted",
    }
);

text_enum!(
    /// Who sits in a seat (`game_seats.kind`).
    SeatKind {
        /// A person (`user_id` set).
        Human = "human",
        /// The engine at `ai_level`.
        Ai = "ai",
        /// Nobody yet.
        Open = "open",
    }
);

text_enum!(
    /// What a log entry records (`game_log.kind`).
    LogKind {
        /// A seat's decision.
        Act = "act",
        /// A chance outcome drawn by the server.
        Chance = "chance",
        /// An offer (draw, takeback, rematch).
        Offer = "offer",
        /// The answer to an offer.
        Answer = "answer",
        /// A takeback: cancels the act entries after its target ply.
        Takeback = "takeback",
        /// A seat retires.
        Retire = "retire",
        /// The clocks stop (server shutdown).
        Pause = "pause",
        /// The clocks run again.
        Resume = "resume",
        /// The game ends.
        End = "end",
    }
);

text_enum!(
    /// How a game is timed (`games.clock_kind`, `challenges.clock_kind`).
    ClockKind {
        /// No clock.
        None = "none",
        /// Fischer clock, base plus increment.
        Live = "live",
        /// Correspondence: a time per move.
        Corr = "corr",
    }
);

text_enum!(
    /// When takebacks may be asked for (`games.takeback`).
    TakebackPolicy {
        /// Always.
        Always = "always",
        /// Never.
        Never = "never",
        /// In unrated games only.
        Casual = "casual",
    }
);

text_enum!(
    /// Where a challenge is in its life (`challenges.status`).
    ChallengeStatus {
        /// Waiting for seats to be filled.
        Open = "open",
        /// Every seat was filled and its game created (`game_id` set).
        Started = "started",
        /// Called off by its creator.
        Withdrawn = "withdrawn",
        /// Not filled before `expires_ms`.
        Expired = "expired",
        /// A user it named declined it.
        Declined = "declined",
    }
);

text_enum!(
    /// Who may find a challenge (`challenges.visibility`).
    Visibility {
        /// Listed in the lobby.
        Public = "public",
        /// Not listed; anyone with its link may join.
        Link = "link",
        /// Addressed to the users its seat spec names.
        Direct = "direct",
    }
);
