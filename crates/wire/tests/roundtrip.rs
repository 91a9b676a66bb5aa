//! Every message survives JSON both ways, and the exact form of a few is pinned.

mod common;

use common::*;
use muster_rules::Seat;
use muster_wire::client::*;
use muster_wire::http::*;
use muster_wire::server::*;
use muster_wire::*;
use proptest::prelude::*;
use serde_json::json;

#[test]
fn every_client_kind_round_trips() {
    let examples = client_examples();
    let mut kinds: Vec<String> = Vec::new();
    for msg in &examples {
        let text = msg.to_json();
        let back = ClientMsg::decode(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&back, msg, "{text}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        kinds.push(value["t"].as_str().unwrap().to_owned());
        assert!(value.get("d").is_some(), "{text}");
    }
    for kind in ClientMsg::KINDS {
        assert!(kinds.iter().any(|k| k == kind), "no example of `{kind}`");
    }
}

#[test]
fn every_server_kind_round_trips() {
    let examples = server_examples();
    let mut kinds: Vec<String> = Vec::new();
    for msg in &examples {
        let text = msg.to_json();
        let back = ServerMsg::from_json(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&back, msg, "{text}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let t = value["t"].as_str().unwrap().to_owned();
        assert!(
            ServerMsg::KINDS.contains(&t.as_str()),
            "`{t}` is missing from KINDS"
        );
        kinds.push(t);
    }
    for kind in ServerMsg::KINDS {
        assert!(kinds.iter().any(|k| k == kind), "no example of `{kind}`");
    }
}

#[test]
fn http_bodies_round_trip() {
    fn check<T>(value: &T)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let text = serde_json::to_string(value).unwrap();
        assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), value, "{text}");
    }
    check(&SessionRequest::Guest { name: None });
    check(&SessionRequest::Login {
        name: "ada".into(),
        password: "pw".into(),
    });
    check(&SessionRequest::Register {
        name: "ada".into(),
        password: "correct horse".into(),
    });
    check(&BotRequest {
        name: "ada-bot".into(),
    });
    check(&UserProfile {
        id: UserId("01J00000000000000000000000".into()),
        name: "ada".into(),
        guest: false,
        bot: false,
        created_ms: Millis(1_700_000_000_000),
        ratings: vec![RatingInfo {
            pool: "mu:2:live".into(),
            rating: 1512,
            rd: 240,
            games: 3,
            provisional: true,
        }],
        recent: Vec::new(),
    });
    check(&challenge_request());
    check(&ChallengeRequest {
        clock: ClockSpec::None,
        ..challenge_request()
    });
    check(&ChallengeRequest {
        clock: ClockSpec::Corr {
            per_move_ms: Millis(3 * 86_400_000),
        },
        ..challenge_request()
    });
    check(&JoinRequest {
        seat: Some(Seat(2)),
    });
    check(&JoinRequest::default());
    check(&CatalogResponse::new());
    check(&ApiError {
        code: NackCode::NotFound,
        reason: "no game `x`".into(),
    });
    check(&GamesResponse {
        games: vec![GameSummary {
            g: g(),
            game: "mur".into(),
            variant: "basic".into(),
            seats: vec![SeatSummary {
                seat: Seat(0),
                name: "ada".into(),
                kind: SeatKind::Human,
            }],
            status: GameStatus::Running,
            your_turn: true,
            to_move: Some(Seat(0)),
            ply: Ply(12),
            clock: ClockKind::Corr,
            rated: false,
            result: None,
            termination: None,
            updated_ms: Millis(1),
        }],
    });
    check(&Prefs {
        anim_speed: 0.5,
        confirm_moves: true,
        coords: false,
        palette: PaletteChoice::ColourBlind,
        theme: ThemeChoice::Dark,
    });
    check(&BotList {
        bots: vec![BotInfo {
            name: "ada-bot".into(),
            created_ms: Millis(1_700_000_000_000),
            token: false,
        }],
    });
    check(&Inbox {
        unread: 3,
        items: vec![
            InboxItem {
                id: "01J00000000000000000000000".into(),
                kind: NotifyKind::YourTurn,
                g: Some(g()),
                text: "it is your turn in Mur".into(),
                at_ms: Millis(7),
                read: false,
            },
            InboxItem {
                id: "01J00000000000000000000001".into(),
                kind: NotifyKind::Challenge,
                g: None,
                text: "ada challenges you to a game of Mu".into(),
                at_ms: Millis(5),
                read: true,
            },
        ],
    });
    check(&MarkRead {
        up_to_ms: Millis(7),
    });
    check(&UnreadCount { unread: 0 });
}

#[test]
fn settings_read_with_their_defaults_and_refuse_what_the_page_cannot_show() {
    let read = |text: &str| serde_json::from_str::<Prefs>(text);
    let defaults = read("{}").unwrap();
    assert_eq!(defaults, Prefs::default());
    assert_eq!(
        serde_json::to_value(defaults).unwrap(),
        json!({"anim_speed": 1.0, "confirm_moves": false, "coords": true,
               "palette": "standard", "theme": "system"})
    );
    let some = read(r#"{"theme": "dark", "palette": "colour-blind"}"#).unwrap();
    assert_eq!(
        (some.theme, some.palette, some.coords),
        (ThemeChoice::Dark, PaletteChoice::ColourBlind, true)
    );
    let unknown = read(r#"{"theme": "dark", "sound": true}"#).unwrap_err();
    assert!(unknown.to_string().contains("sound"), "{unknown}");
    let bad_theme = read(r#"{"theme": "sepia"}"#).unwrap_err();
    assert!(bad_theme.to_string().contains("sepia"), "{bad_theme}");
    for speed in Prefs::ANIM_SPEEDS {
        let prefs = Prefs {
            anim_speed: speed,
            ..Prefs::default()
        };
        assert_eq!(prefs.check(), Ok(()));
    }
    let fast = Prefs {
        anim_speed: 3.0,
        ..Prefs::default()
    };
    let refusal = fast.check().unwrap_err();
    assert!(refusal.contains("anim_speed 3 "), "{refusal}");
}

#[test]
fn the_act_frame_has_the_documented_form() {
    let act = ClientMsg::Act(Act {
        g: MatchId("g1".into()),
        ply: Ply(3),
        a: "d1-d3".into(),
        id: AckId(7),
        h: ViewHash::from_u64(255),
    });
    assert_eq!(
        act.to_json(),
        r#"{"t":"act","d":{"g":"g1","ply":3,"a":"d1-d3","id":7,"h":"00000000000000ff"}}"#
    );
}

#[test]
fn pinned_forms() {
    let value = |m: &ServerMsg| serde_json::from_str::<serde_json::Value>(&m.to_json()).unwrap();
    assert_eq!(
        value(&ServerMsg::Nack(Nack {
            id: Some(AckId(4)),
            g: None,
            code: NackCode::TooLarge,
            reason: "r".into(),
            rule: None
        })),
        json!({"t": "nack", "d": {"id": 4, "code": "too-large", "reason": "r"}})
    );
    assert_eq!(
        value(&ServerMsg::Skip(Skip {
            g: MatchId("g1".into()),
            v: Version(9)
        })),
        json!({"t": "skip", "d": {"g": "g1", "v": 9}})
    );
    assert_eq!(
        ClientMsg::Sub(Sub {
            g: MatchId("g1".into()),
            v: None
        })
        .to_json(),
        r#"{"t":"sub","d":{"g":"g1"}}"#
    );
    assert_eq!(
        ClientMsg::Ctl(Ctl {
            g: MatchId("g1".into()),
            k: Control::ResignSet,
            ply: Ply(0),
            id: AckId(1),
            h: ViewHash::from_u64(0)
        })
        .to_json(),
        r#"{"t":"ctl","d":{"g":"g1","k":"resign-set","ply":0,"id":1,"h":"0000000000000000"}}"#
    );
    let step = server_examples()
        .into_iter()
        .find(|m| matches!(m, ServerMsg::Step(s) if s.by == By::Chance))
        .unwrap();
    let step = value(&step);
    assert_eq!(step["d"]["by"], json!("chance"));
    assert_eq!(
        step["d"]["a"],
        json!(null),
        "a hidden action is written as null"
    );
    let step = value(&server_examples()[1]);
    assert_eq!(step["d"]["by"], json!({"seat": 0}));
    let event = &step["d"]["events"][0];
    assert_eq!(event["data"]["game"], json!("murus-gallicus"));
    assert!(event["rule"]
        .as_str()
        .unwrap()
        .starts_with("murus-gallicus"));
    assert_eq!(
        serde_json::to_value(SeatSpec::Ai {
            level: AiLevel::new(5).unwrap()
        })
        .unwrap(),
        json!({"kind": "ai", "level": 5})
    );
}

#[test]
fn a_forged_event_is_refused() {
    let mut value: serde_json::Value =
        serde_json::from_str(&server_examples()[1].to_json()).unwrap();
    value["d"]["events"][0]["text"] = json!("Light wins");
    assert!(ServerMsg::from_json(&value.to_string()).is_err());
}

#[test]
fn a_login_or_registration_never_shows_its_password() {
    let login = SessionRequest::Login {
        name: "ada".into(),
        password: "hunter2".into(),
    };
    let register = SessionRequest::Register {
        name: "ada".into(),
        password: "hunter2".into(),
    };
    for request in [login, register] {
        let debug = format!("{request:?}");
        assert!(
            debug.contains("ada") && !debug.contains("hunter2"),
            "{debug}"
        );
    }
}

#[test]
fn session_and_bot_answers_never_show_their_token() {
    let user = UserInfo {
        id: UserId("01J00000000000000000000000".into()),
        name: "ada".into(),
        guest: false,
        bot: false,
    };
    let session = SessionResponse {
        user: user.clone(),
        token: Some("s3cr3t".into()),
    };
    let bot = BotResponse {
        user,
        token: "s3cr3t".into(),
    };
    for debug in [format!("{session:?}"), format!("{bot:?}")] {
        assert!(
            debug.contains("ada") && !debug.contains("s3cr3t"),
            "{debug}"
        );
    }
    let text = serde_json::to_string(&SessionResponse {
        token: None,
        ..session
    })
    .unwrap();
    assert!(!text.contains("token"), "{text}");
}

#[test]
fn ai_levels_are_one_to_eight() {
    assert!(serde_json::from_str::<AiLevel>("0").is_err());
    assert!(serde_json::from_str::<AiLevel>("9").is_err());
    for n in 1..=8u8 {
        assert_eq!(
            serde_json::from_str::<AiLevel>(&n.to_string())
                .unwrap()
                .get(),
            n
        );
    }
}

#[test]
fn rooms_read_their_text_only() {
    for text in ["lobby", "g:abc:players", "g:abc:watchers"] {
        let room: Room = text.parse().unwrap();
        assert_eq!(room.to_string(), text);
    }
    for text in [
        "",
        "g::players",
        "g:a:b:players",
        "g:abc:others",
        "abc:players",
        "Lobby",
    ] {
        assert!(text.parse::<Room>().is_err(), "{text}");
    }
}

fn arb_text() -> impl Strategy<Value = String> + Clone {
    "\\PC{0,12}"
}

fn arb_control() -> impl Strategy<Value = Control> {
    prop::sample::select(Control::ALL.to_vec())
}

fn arb_client() -> impl Strategy<Value = ClientMsg> {
    let g = || arb_text().prop_map(MatchId);
    prop_oneof![
        (g(), prop::option::of(any::<u32>())).prop_map(|(g, v)| ClientMsg::Sub(Sub {
            g,
            v: v.map(Version)
        })),
        (g(), any::<u32>(), arb_text(), any::<u32>(), any::<u64>()).prop_map(
            |(g, ply, a, id, h)| ClientMsg::Act(Act {
                g,
                ply: Ply(ply),
                a,
                id: AckId(id),
                h: ViewHash::from_u64(h)
            })
        ),
        (g(), arb_control(), any::<u32>(), any::<u32>()).prop_map(|(g, k, ply, id)| {
            ClientMsg::Ctl(Ctl {
                g,
                k,
                ply: Ply(ply),
                id: AckId(id),
                h: ViewHash::from_u64(0),
            })
        }),
        (
            g(),
            any::<u32>(),
            prop::collection::vec(arb_text(), 0..4),
            any::<u32>()
        )
            .prop_map(|(g, ply, a, id)| ClientMsg::Preview(PreviewAsk {
                g,
                ply: Ply(ply),
                a,
                id: AckId(id)
            })),
        (arb_text(), any::<u32>()).prop_map(|(text, id)| ClientMsg::Say(Say {
            room: Room::Lobby,
            text,
            id: AckId(id)
        })),
        any::<u32>().prop_map(|n| ClientMsg::Ping(Ping { n })),
    ]
}

fn arb_code() -> impl Strategy<Value = NackCode> {
    prop::sample::select(NackCode::ALL.to_vec())
}

fn arb_server() -> impl Strategy<Value = ServerMsg> {
    let g = || arb_text().prop_map(MatchId);
    let seat = || (0u8..10).prop_map(Seat);
    prop_oneof![
        (
            prop::option::of(any::<u32>()),
            arb_code(),
            arb_text(),
            prop::option::of(arb_text())
        )
            .prop_map(|(id, code, reason, rule)| ServerMsg::Nack(Nack {
                id: id.map(AckId),
                g: None,
                code,
                reason,
                rule
            })),
        (any::<u32>(), prop::option::of(any::<u32>())).prop_map(|(id, v)| ServerMsg::Ack(Ack {
            id: AckId(id),
            v: v.map(Version)
        })),
        (g(), any::<u32>(), seat(), any::<u32>(), any::<bool>()).prop_map(
            |(g, v, by, ply, yes)| {
                ServerMsg::Answer(Answer {
                    g,
                    v: Version(v),
                    k: OfferKind::Back,
                    by,
                    ply: Ply(ply),
                    yes,
                })
            }
        ),
        (
            g(),
            prop::collection::vec(0u64..(1 << 53), 0..10),
            prop::option::of(seat()),
            prop::option::of(0u64..(1 << 53)),
            0u64..(1 << 53)
        )
            .prop_map(|(g, left, running, deadline, now)| ServerMsg::Clock(Clock {
                g,
                clock: ClockState {
                    remaining_ms: left.into_iter().map(Millis).collect(),
                    running,
                    deadline_ms: deadline.map(Millis),
                    server_ms: Millis(now),
                }
            })),
        (g(), prop::collection::vec(seat(), 0..10), any::<u32>()).prop_map(
            |(g, online, watchers)| ServerMsg::Crowd(Crowd {
                g,
                online,
                watchers
            })
        ),
        (prop::option::of(g()), arb_text())
            .prop_map(|(g, reason)| ServerMsg::Resync(Resync { g, reason })),
    ]
}

proptest! {
    #[test]
    fn generated_server_messages_round_trip(msg in arb_server()) {
        prop_assert_eq!(ServerMsg::from_json(&msg.to_json()).unwrap(), msg);
    }

    #[test]
    fn generated_client_messages_round_trip(msg in arb_client()) {
        let text = msg.to_json();
        prop_assert_eq!(ClientMsg::decode(&text).unwrap(), msg);
    }

    #[test]
    fn view_hashes_round_trip(h in any::<u64>()) {
        prop_assert_eq!(ViewHash::from_u64(h).to_u64(), Some(h));
    }
}

/// `docs/protocol.md` names every message kind, every control word and every error code.
#[test]
fn the_protocol_document_names_every_message_and_code() {
    let doc = include_str!("../../../docs/protocol.md");
    let word = |w: &str| format!("`{w}`");
    for kind in ClientMsg::KINDS.iter().chain(ServerMsg::KINDS.iter()) {
        assert!(
            doc.contains(&format!("| `{kind}` |")),
            "protocol.md has no row for `{kind}`"
        );
    }
    for code in NackCode::ALL {
        let text = serde_json::to_value(code).unwrap();
        let text = text.as_str().unwrap();
        assert!(
            doc.contains(&format!("| `{text}` |")),
            "protocol.md has no row for `{text}`"
        );
    }
    for k in Control::ALL {
        let text = serde_json::to_value(k).unwrap();
        assert!(
            doc.contains(&word(text.as_str().unwrap())),
            "protocol.md lacks {text}"
        );
    }
}
