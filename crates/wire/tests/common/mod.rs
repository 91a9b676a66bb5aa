//! Shared examples: one message of every kind, built from real games (scenes, events and legal
//! moves come from muster-rules and muster-view, not from hand-written JSON).

#![allow(dead_code)]

use muster_rules::{AnyGame, GameId, Seat};
use muster_view::TargetId;
use muster_wire::client::*;
use muster_wire::common::*;
use muster_wire::http::*;
use muster_wire::server::*;
use muster_wire::*;

/// The game every example is about.
pub fn g() -> MatchId {
    MatchId("01JD0000000000000000000000".into())
}

/// A view hash.
pub fn hash() -> ViewHash {
    ViewHash::from_u64(0x0123_4567_89ab_cdef)
}

/// A Murus Gallicus game after its first decision, with the events of that decision.
pub fn played() -> (AnyGame, String, Vec<muster_rules::AnyEvent>) {
    let mut game = AnyGame::new(GameId::MurusGallicus, "basic", None).unwrap();
    let a = game.legal_actions()[0].clone();
    let events = game.apply(&a).unwrap();
    (game, a, events)
}

/// Every client message kind, some twice.
pub fn client_examples() -> Vec<ClientMsg> {
    vec![
        ClientMsg::Sub(Sub { g: g(), v: None }),
        ClientMsg::Sub(Sub {
            g: g(),
            v: Some(Version(12)),
        }),
        ClientMsg::Unsub(Unsub { g: g() }),
        ClientMsg::Act(Act {
            g: g(),
            ply: Ply(3),
            a: "d1-d3".into(),
            id: AckId(7),
            h: hash(),
        }),
        ClientMsg::Ctl(Ctl {
            g: g(),
            k: Control::DrawOffer,
            ply: Ply(9),
            id: AckId(8),
            h: hash(),
        }),
        ClientMsg::Ctl(Ctl {
            g: g(),
            k: Control::AutoDeclineOn,
            ply: Ply(9),
            id: AckId(9),
            h: hash(),
        }),
        ClientMsg::Legal(LegalAsk {
            g: g(),
            ply: Ply(40),
            prefix: vec![TargetId::button("insert"), TargetId::button("v12")],
        }),
        ClientMsg::Preview(PreviewAsk {
            g: g(),
            ply: Ply(2),
            a: vec!["c1-c3".into(), "end".into()],
            id: AckId(10),
        }),
        ClientMsg::Say(Say {
            room: Room::Players(g()),
            text: "gg".into(),
            id: AckId(11),
        }),
        ClientMsg::Say(Say {
            room: Room::Lobby,
            text: "anyone for Mu?".into(),
            id: AckId(12),
        }),
        ClientMsg::Lobby(LobbyAsk { on: true }),
        ClientMsg::Ping(Ping { n: 42 }),
    ]
}

/// Every server message kind, some twice.
pub fn server_examples() -> Vec<ServerMsg> {
    let start = AnyGame::new(GameId::MurusGallicus, "basic", None).unwrap();
    let (after, a, events) = played();
    let scene = muster_view::scene(&after, Some(Seat(1))).unwrap();
    let held = muster_view::scene(&start, Some(Seat(1))).unwrap();
    let delta = muster_view::SceneDelta::between(&held, &scene);
    let legal = LegalMoves::all(&after.legal_moves());
    let clock = ClockState {
        remaining_ms: vec![Millis(300_000), Millis(295_500)],
        running: Some(Seat(1)),
        deadline_ms: Some(Millis(1_764_000_000_000)),
        server_ms: Millis(1_763_999_700_000),
    };
    let seats = vec![
        SeatInfo {
            seat: Seat(0),
            name: "ada".into(),
            colour: "Light".into(),
            kind: SeatKind::Human,
            user: Some("ada".into()),
            level: None,
            online: true,
            retired: None,
        },
        SeatInfo {
            seat: Seat(1),
            name: "AI 3".into(),
            colour: "Dark".into(),
            kind: SeatKind::Ai,
            user: None,
            level: AiLevel::new(3),
            online: true,
            retired: None,
        },
    ];
    let challenge = ChallengeInfo {
        id: ChallengeId("01JD0000000000000000000001".into()),
        creator: UserInfo {
            id: UserId("u1".into()),
            name: "ada".into(),
            guest: false,
            bot: false,
        },
        spec: challenge_request(),
        status: ChallengeStatus::Open,
        g: None,
        expires_ms: Millis(1_764_000_000_000),
        seats: vec![
            ChallengeSeat {
                seat: Seat(0),
                name: Some("ada".into()),
                taken: true,
            },
            ChallengeSeat {
                seat: Seat(1),
                name: None,
                taken: false,
            },
        ],
    };
    vec![
        ServerMsg::Full(Full {
            g: g(),
            v: Version(1),
            ply: Ply(1),
            game: "murus-gallicus".into(),
            variant: "basic".into(),
            rules_version: 1,
            seats,
            me: Some(Seat(1)),
            status: GameStatus::Running,
            actor: after.actor().into(),
            clock: Some(clock.clone()),
            position: after.position_text(),
            board: muster_view::BoardKey::of(&scene),
            scene: scene.clone(),
            moves: vec![MoveEntry {
                ply: Ply(0),
                by: By::Seat(Seat(0)),
                a: Some(a.clone()),
                turn: 1,
            }],
            legal: Some(legal.clone()),
            offers: vec![StandingOffer {
                k: OfferKind::Draw,
                by: Seat(0),
                ply: Ply(1),
            }],
            draw_offers: true,
            set_resignation: false,
            outcome: None,
            hash: hash(),
        }),
        ServerMsg::Step(Step {
            g: g(),
            v: Version(2),
            ply: Ply(1),
            by: By::Seat(Seat(0)),
            a: Some(a),
            events: events.clone(),
            anim: Vec::new(),
            actor: Actor::Seat(Seat(1)),
            clock: None,
            scene: delta.clone(),
            legal: Some(legal.clone()),
            hash: hash(),
            revealed: Vec::new(),
        }),
        ServerMsg::Step(Step {
            g: g(),
            v: Version(3),
            ply: Ply(2),
            by: By::Chance,
            a: None,
            events: Vec::new(),
            anim: Vec::new(),
            actor: start.actor().into(),
            clock: Some(clock.clone()),
            scene: muster_view::SceneDelta::whole(&scene),
            legal: None,
            hash: hash(),
            revealed: vec![Revealed {
                ply: Ply(0),
                a: "c1+W".to_owned(),
            }],
        }),
        ServerMsg::Skip(Skip {
            g: g(),
            v: Version(4),
        }),
        ServerMsg::Offer(Offer {
            g: g(),
            v: Version(5),
            k: OfferKind::Back,
            by: Seat(1),
            ply: Ply(2),
        }),
        ServerMsg::Answer(Answer {
            g: g(),
            v: Version(6),
            k: OfferKind::Back,
            by: Seat(0),
            ply: Ply(2),
            yes: true,
        }),
        ServerMsg::Rewind(Rewind {
            g: g(),
            v: Version(7),
            to_ply: Ply(1),
        }),
        ServerMsg::Seat(SeatEntry {
            g: g(),
            v: Version(9),
            seat: Seat(2),
            change: SeatChange::Bot,
        }),
        ServerMsg::End(End {
            g: g(),
            v: Version(10),
            outcome: Outcome {
                scores: vec![1, 0],
                ranks: vec![0, 1],
                reason: "breakthrough at c7".into(),
            },
            termination: Termination::Normal,
            ratings: vec![RatingChange {
                seat: Seat(0),
                before: 1500.0,
                after: 1512.25,
            }],
        }),
        ServerMsg::Ack(Ack {
            id: AckId(7),
            v: Some(Version(2)),
        }),
        ServerMsg::Ack(Ack {
            id: AckId(11),
            v: None,
        }),
        ServerMsg::Nack(Nack {
            id: Some(AckId(7)),
            g: None,
            code: NackCode::Illegal,
            reason: "`d1-d9` is not legal".into(),
            rule: Some("murus-gallicus:2.1".into()),
        }),
        ServerMsg::Crowd(Crowd {
            g: g(),
            online: vec![Seat(0)],
            watchers: 3,
        }),
        ServerMsg::Gone(Gone {
            g: g(),
            seat: Seat(1),
            in_ms: Millis(30_000),
        }),
        ServerMsg::Clock(Clock { g: g(), clock }),
        ServerMsg::Legal(LegalReply {
            g: g(),
            ply: Ply(1),
            prefix: Vec::new(),
            legal: LegalMoves {
                moves: legal.moves[..2].to_vec(),
                lazy: vec![LazyGroup {
                    prefix: vec![TargetId::button("insert")],
                    n: 340,
                }],
            },
        }),
        ServerMsg::Preview(PreviewReply {
            g: g(),
            id: AckId(10),
            ply: Ply(0),
            events,
            anim: Vec::new(),
            scene,
        }),
        ServerMsg::Chat(Chat {
            id: "01JCHAT0000000000000000000".into(),
            room: Room::Watchers(g()),
            from: "bo".into(),
            text: "nice".into(),
            at_ms: Millis(5),
        }),
        ServerMsg::Lobby(Lobby {
            challenges: vec![challenge],
        }),
        ServerMsg::Notify(Notify {
            kind: NotifyKind::YourTurn,
            g: Some(g()),
            text: "your turn".into(),
        }),
        ServerMsg::Resync(Resync {
            g: None,
            reason: "server restarted".into(),
        }),
        ServerMsg::Pong(Pong {
            n: 42,
            now_ms: Millis(1_763_999_700_123),
        }),
    ]
}

/// A challenge with every kind of seat.
pub fn challenge_request() -> ChallengeRequest {
    ChallengeRequest {
        game: "mu".into(),
        variant: "levis".into(),
        seats: vec![
            SeatSpec::Me,
            SeatSpec::Open,
            SeatSpec::User { name: "bo".into() },
            SeatSpec::Ai {
                level: AiLevel::new(8).unwrap(),
            },
        ],
        random_order: true,
        clock: ClockSpec::Live {
            base_ms: Millis(600_000),
            inc_ms: Millis(5_000),
        },
        rated: false,
        takeback: TakebackPolicy::Casual,
        visibility: ChallengeVisibility::Public,
    }
}
