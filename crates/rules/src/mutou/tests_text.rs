//! The position text and the action notation: every text the reader accepts is a valid
//! position, and every refusal names the field and quotes the token (mutou §3.7).

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::*;
use crate::error::PositionError;
use crate::game::{Actor, Game, NoEvents, Seat};
use crate::playout::{random_action, Buffers};
use crate::variant::Variant;

fn variant(text: &str) -> MuTouVariant {
    MuTouVariant::parse_text(text).unwrap()
}

/// The text with the value of `key` replaced.
fn with(text: &str, key: &str, value: &str) -> String {
    let prefix = format!("{key}=");
    let tokens: Vec<String> = text
        .split(' ')
        .map(|tok| match tok.strip_prefix(&prefix) {
            Some(_) => format!("{prefix}{value}"),
            None => tok.to_owned(),
        })
        .collect();
    tokens.join(" ")
}

/// The value of `key` in a position text.
fn value<'a>(text: &'a str, key: &str) -> &'a str {
    let prefix = format!("{key}=");
    text.split(' ')
        .find_map(|tok| tok.strip_prefix(prefix.as_str()))
        .unwrap()
}

/// Reads a text that must be refused, with a reason naming `field`.
fn refused(v: &MuTouVariant, text: &str, field: &str) -> PositionError {
    match MuTou::from_position(v, text) {
        Ok(_) => panic!("`{text}` is accepted"),
        Err(e) => {
            assert!(
                e.reason.starts_with(&format!("{field}:")),
                "`{text}` is refused under another field: {e:?}"
            );
            e
        }
    }
}

/// Positions of random games under `v`, every `every` actions, up to `actions` each.
fn positions(v: &MuTouVariant, games: u64, actions: usize) -> Vec<MuTou> {
    let mut out = Vec::new();
    let mut buffers = Buffers::default();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = MuTou::new(v, 2).unwrap();
        for _ in 0..actions {
            out.push(g.clone());
            let Some(a) = random_action(&g, &mut rng, &mut buffers) else {
                break;
            };
            g.apply_unchecked(a);
        }
    }
    out
}

/// A tessel of the surface with no piece on it.
fn empty_tessel(g: &MuTou) -> surface::TesselId {
    g.surface()
        .tessels()
        .iter()
        .copied()
        .find(|&t| g.piece(t).is_none())
        .unwrap()
}

#[test]
fn a_setting_out_phase_must_name_a_seat_that_plays() {
    let v = MuTouVariant::default();
    let start = MuTou::new(&v, 2).unwrap().position_text();
    assert_eq!(value(&start, "phase"), "setout:1");
    for seat in ["0", "3", "9", "255", "256"] {
        let text = with(&start, "phase", &format!("setout:{seat}"));
        let e = refused(&v, &text, "phase");
        assert!(e.token.contains(seat), "{e:?}");
    }
    // A seat that plays, but not the one setting out now: seat 1 shows its whole supply and
    // empty bases, which is how seat 2's view hides what seat 1 set out in secret; the text
    // reads (as that view), and seat 2 is to set out.
    let view = MuTou::from_position(&v, &with(&start, "phase", "setout:2")).unwrap();
    assert_eq!(view.actor(), Actor::Seat(Seat(1)));
}

/// The pending decision of `text` with tessel `name` replaced by `by`.
fn repoint(pending: &str, name: &str, by: &str) -> String {
    let fields: Vec<String> = pending
        .split(':')
        .map(|f| {
            let parts: Vec<&str> = f
                .split('.')
                .map(|p| if p == name { by } else { p })
                .collect();
            parts.join(".")
        })
        .collect();
    fields.join(":")
}

/// The tessels a pending decision names.
fn named_tessels(pending: &str) -> Vec<&str> {
    pending
        .split([':', '.'])
        .filter(|f| {
            f.len() > 1 && f.starts_with('t') && f.chars().skip(1).all(|c| c.is_ascii_digit())
        })
        .collect()
}

/// Every tessel the pending decision of `g` names, pointed at an empty tessel, is refused.
fn refuses_empty_references(v: &MuTouVariant, g: &MuTou, text: &str) {
    let pending = value(text, "pending");
    let empty = format!("t{}", empty_tessel(g).0);
    for name in named_tessels(pending) {
        let spoilt = repoint(pending, name, &empty);
        let e = refused(v, &with(text, "pending", &spoilt), "pending");
        assert_eq!(e.token, spoilt);
    }
}

#[test]
fn a_pending_decision_must_name_tessels_holding_what_it_needs() {
    let v = MuTouVariant::default();
    // Calls, rolls, Rand moves and heaps, as random play reaches them.
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut buffers = Buffers::default();
    'games: for seed in 0..40 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = MuTou::new(&v, 2).unwrap();
        while let Some(a) = random_action(&g, &mut rng, &mut buffers) {
            g.apply_unchecked(a);
            let text = g.position_text();
            let pending = value(&text, "pending");
            let kind = pending.split(':').next().unwrap().to_owned();
            if named_tessels(pending).is_empty() || seen.get(&kind).is_some_and(|&n| n >= 2) {
                continue;
            }
            refuses_empty_references(&v, &g, &text);
            *seen.entry(kind).or_default() += 1;
            if ["window", "roll", "rand", "heap"]
                .iter()
                .all(|k| seen.contains_key(*k))
            {
                break 'games;
            }
        }
    }
    for kind in ["window", "roll", "rand", "heap"] {
        assert!(seen.contains_key(kind), "no `{kind}` was reached: {seen:?}");
    }
    // A transfer after a capture (S20), written by hand.
    let g = in_play(&v);
    let piece = g.pieces().find(|p| p.owner == g.turn().mover).unwrap().at.0;
    let mut text = g.position_text();
    for (key, val) in [
        ("spent", "1".to_owned()),
        ("cat", "move".to_owned()),
        ("started", "1".to_owned()),
        ("moved", format!("t{piece}:0.0.0.0.0:1")),
        ("pending", format!("transfer:t{piece}:J:p.t{piece}")),
    ] {
        text = with(&text, key, &val);
    }
    let back = MuTou::from_position(&v, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
    refuses_empty_references(&v, &back, &text);
}

#[test]
fn every_position_of_play_reads_back_as_itself() {
    for preset in ["friendly", "village", "hex", "scribed"] {
        let v = variant(preset);
        // Reading replays the surface's edits, so a sample is checked, not every position.
        for g in positions(&v, 2, 300).into_iter().step_by(25) {
            let text = g.position_text();
            let back = MuTou::from_position(&v, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(back, g);
        }
    }
}

#[test]
fn a_text_is_refused_when_a_key_is_missing_doubled_or_unknown() {
    let v = MuTouVariant::default();
    let start = MuTou::new(&v, 2).unwrap().position_text();
    let tokens: Vec<&str> = start.split(' ').collect();
    for (i, tok) in tokens.iter().enumerate() {
        let key = tok.split('=').next().unwrap();
        let mut dropped = tokens.clone();
        dropped.remove(i);
        refused(&v, &dropped.join(" "), key);
        let mut doubled = tokens.clone();
        doubled.insert(i, tok);
        refused(&v, &doubled.join(" "), key);
        assert!(MuTou::from_position(&v, &with(&start, key, "")).is_err());
        assert!(MuTou::from_position(&v, &with(&start, key, "é")).is_err());
    }
    assert!(MuTou::from_position(&v, &format!("{start} colour=red")).is_err());
    assert!(MuTou::from_position(&v, "").is_err());
}

#[test]
fn mutou_is_played_by_two_to_ten_seats() {
    let v = MuTouVariant::default();
    let start = MuTou::new(&v, 2).unwrap().position_text();
    refused(&v, &with(&start, "wafers", "3"), "wafers");
    refused(
        &v,
        &with(&start, "wafers", "3,3,3,3,3,3,3,3,3,3,3"),
        "wafers",
    );
    // Every per-seat list has one entry per seat.
    refused(&v, &with(&start, "bank", "0,0,0"), "bank");
    refused(&v, &with(&start, "pools", "-"), "pools");
}

#[test]
fn the_tier_is_the_variants_and_is_settled_before_play() {
    let v = MuTouVariant::default();
    let start = MuTou::new(&v, 2).unwrap().position_text();
    refused(&v, &with(&start, "tier", "II"), "tier");
    refused(&v, &with(&start, "tier", "?"), "tier");
    refused(&v, &with(&start, "tier", "1"), "tier");
    let choose = variant("friendly tier=choose");
    let first = MuTou::new(&choose, 2).unwrap().position_text();
    assert!(MuTou::from_position(&choose, &first).is_ok());
    refused(&choose, &with(&first, "phase", "play"), "tier");
}

#[test]
fn wafers_are_conserved_and_counters_fit_their_fields() {
    let v = MuTouVariant::default();
    let start = MuTou::new(&v, 2).unwrap().position_text();
    refused(&v, &with(&start, "wafers", "3,4"), "supply");
    refused(&v, &with(&start, "supply", "65536"), "supply");
    refused(&v, &with(&start, "supply", "-1"), "supply");
    refused(&v, &with(&start, "supply", "+4"), "supply");
    refused(&v, &with(&start, "turn", "1:4294967296"), "turn");
    refused(&v, &with(&start, "started", "256"), "started");
}

/// A position in play, seat 1 to move at the start of its turn.
fn in_play(v: &MuTouVariant) -> MuTou {
    positions(v, 1, 60)
        .into_iter()
        .find(|g| {
            g.phase() == Phase::Play
                && g.turn().pending == Pending::Free
                && g.turn().category.is_none()
        })
        .unwrap()
}

#[test]
fn the_turn_counters_agree_with_each_other() {
    let v = MuTouVariant::default();
    let g = in_play(&v);
    let text = g.position_text();
    refused(&v, &with(&text, "spent", "1"), "cat");
    refused(
        &v,
        &with(&with(&text, "spent", "99"), "cat", "move"),
        "spent",
    );
    refused(&v, &with(&text, "budget", "9999"), "budget");
    refused(&v, &with(&text, "started", "1"), "started");
    refused(&v, &with(&text, "turn", "1:0"), "turn");
    refused(&v, &with(&text, "refused", "1"), "refused");
    refused(&v, &with(&text, "refused", "2"), "refused");
    let piece = g.pieces().find(|p| p.owner == g.turn().mover).unwrap();
    let other = g.pieces().find(|p| p.owner != g.turn().mover).unwrap();
    let spent = with(
        &with(&with(&text, "spent", "1"), "cat", "move"),
        "started",
        "1",
    );
    assert!(MuTou::from_position(
        &v,
        &with(&spent, "moved", &format!("t{}:1.0.0.0.0:0", piece.at.0))
    )
    .is_ok());
    refused(
        &v,
        &with(&spent, "moved", &format!("t{}:1.0.0.0.0:0", other.at.0)),
        "moved",
    );
    refused(
        &v,
        &with(&spent, "moved", &format!("t{}:11.0.0.0.0:0", piece.at.0)),
        "moved",
    );
    refused(
        &v,
        &with(&spent, "moved", &format!("t{}:1.0.0.0.0:2", piece.at.0)),
        "moved",
    );
    refused(&v, &with(&spent, "moved", "t9999:1.0.0.0.0:0"), "moved");
    refused(
        &v,
        &with(&spent, "frozen", &format!("t{}", other.at.0)),
        "frozen",
    );
    let twice = format!("t{0},t{0}", piece.at.0);
    refused(&v, &with(&spent, "frozen", &twice), "frozen");
}

#[test]
fn pieces_stand_on_tessels_of_the_surface_one_to_a_tessel() {
    let v = MuTouVariant::default();
    let g = in_play(&v);
    let text = g.position_text();
    let pieces = value(&text, "pieces");
    let first = pieces.split(',').next().unwrap();
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},{first}")),
        "pieces",
    );
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t9999:1:W")),
        "pieces",
    );
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t00:1:W")),
        "pieces",
    );
    let empty = empty_tessel(&g).0;
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t{empty}:3:W")),
        "pieces",
    );
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t{empty}:1:WWWWWWWWWWW")),
        "pieces",
    );
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t{empty}:1:B9")),
        "pieces",
    );
    refused(
        &v,
        &with(&text, "pieces", &format!("{pieces},t{empty}:1:Wé")),
        "pieces",
    );
}

#[test]
fn a_pending_decision_is_made_by_a_seat_that_may_make_it() {
    let v = MuTouVariant::default();
    let g = in_play(&v);
    let text = g.position_text();
    let mover = g.turn().mover;
    let piece = g.pieces().find(|p| p.owner == mover).unwrap().at.0;
    let spent = with(&with(&text, "spent", "1"), "cat", "move");
    let me = mover + 1;
    let you = 3 - me;
    refused(
        &v,
        &with(&spent, "pending", &format!("window:p.t{piece}:{me}")),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("window:p.t{piece}:3")),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("insert:{you}:0")),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("insert:{you}:9")),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("proposal:{you}")),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("rand:t{piece}:shak:steps.e99")),
        "pending",
    );
    refused(
        &v,
        &with(
            &spent,
            "pending",
            &format!("rand:t{piece}:shak:count.v9999.cw"),
        ),
        "pending",
    );
    refused(
        &v,
        &with(&spent, "pending", &format!("rand:t{piece}:choice8:gate")),
        "pending",
    );
    refused(
        &v,
        &with(
            &spent,
            "pending",
            &format!("transfer:t{piece}:B1:p.t{piece}"),
        ),
        "pending",
    );
    refused(
        &v,
        &with(&text, "pending", &format!("window:p.t{piece}:{you}")),
        "pending",
    );
    assert!(MuTou::from_position(
        &v,
        &with(&spent, "pending", &format!("window:p.t{piece}:{you}"))
    )
    .is_ok());
}

#[test]
fn counters_at_their_limits_saturate_instead_of_overflowing() {
    let v = MuTouVariant::default();
    let g = in_play(&v);
    let mover = usize::from(g.turn().mover);
    let text = g.position_text();
    let mut banks = ["0"; 2];
    banks[mover] = "65535";
    let mut full = with(&text, "bank", &banks.join(","));
    full = with(&full, "turn", &format!("{}:4294967295", mover + 1));
    // An empty supply: move the supply's wafers to the mover.
    let mut wafers: Vec<u16> = (0..2).map(|s| g.seat_state(s).wafers).collect();
    wafers[mover] += g.supply();
    let wafers: Vec<String> = wafers.iter().map(u16::to_string).collect();
    full = with(&with(&full, "wafers", &wafers.join(",")), "supply", "0");
    full = with(&full, "budget", &wafers[mover]);
    let mut g = MuTou::from_position(&v, &full).unwrap();
    g.play(MuTouAction::Rest, &mut NoEvents);
    assert_eq!(g.seat_state(mover as u8).banked, u16::MAX);
    assert_eq!(g.turn().number, u32::MAX);
}

#[test]
fn the_notation_reads_characters_and_refuses_what_it_cannot_read() {
    let g = MuTou::new(&MuTouVariant::default(), 2).unwrap();
    for text in [
        "é",
        "d4é>d5",
        "éW>d5",
        "d4W>é",
        "d4Wé>d5",
        "c1+é",
        "c1+Bé",
        "é+W",
        "d4:é>e5",
        "tier:é",
        "claim:é",
        "die:é",
        "dice:é,1",
        "pick:é",
        "give:é:W",
        "gate:vé:cw",
        "take:é",
        "split:d4:vé:v1",
        "téR",
        "d4éR",
        "ä",
        "Ω>Ω",
        "d4Ω",
        "ins:eé",
    ] {
        assert!(g.parse_action(text).is_err(), "`{text}` is read");
    }
    assert_eq!(Shakken::parse("Wé"), None);
    assert_eq!(Shakken::parse("éW"), None);
    assert_eq!(Shakken::parse("B1é"), None);
    assert_eq!(Shakken::parse("B٣"), None);
}

#[test]
fn hostile_values_in_every_field_are_refused_or_give_a_valid_position() {
    let v = MuTouVariant::default();
    let hostile = [
        "",
        "-",
        ",",
        "-,-",
        "0",
        "1",
        "2",
        "11",
        "256",
        "65536",
        "4294967296",
        "-1",
        "é",
        "1é",
        "t0",
        "t65535",
        "B1",
        "B11",
        "1,1,1",
        "3,3",
        "free",
        "over:cap",
        "window:p.t2:2",
        "heap:t2:t3:W:2:1",
        "proposal:2",
        "rand:t2:shak:gate",
    ];
    // Set-up, the start of a turn, and a few positions early in play (reading replays the
    // surface's edits, so later positions cost more to read).
    let mut samples = vec![MuTou::new(&v, 2).unwrap(), in_play(&v)];
    samples.extend(positions(&v, 1, 90).into_iter().skip(30).step_by(20));
    let mut accepted = 0;
    for g in &samples {
        let text = g.position_text();
        for token in text.split(' ') {
            let key = token.split('=').next().unwrap();
            for bad in hostile {
                let spoilt = with(&text, key, bad);
                accepted += usize::from(read_is_valid(&v, &spoilt, 12));
            }
        }
    }
    eprintln!("{accepted} hostile texts accepted, each a valid position");
    assert!(
        accepted > 0,
        "some hostile values are harmless and accepted"
    );
}

/// Whether `text` reads under `v`; a text that reads must survive a checked walk of `actions`.
fn read_is_valid(v: &MuTouVariant, text: &str, actions: usize) -> bool {
    let Ok(read) = MuTou::from_position(v, text) else {
        return false;
    };
    if let Err(f) = crate::conformance::walk_from(read, 7, actions) {
        panic!("[{}] `{text}` is accepted but not valid: {f}", v.text());
    }
    true
}

/// Positions of random games with `seats` seats under `v`: set-up and early play.
fn early_positions(v: &MuTouVariant, seats: usize, seed: u64, actions: usize) -> Vec<MuTou> {
    let mut out = Vec::new();
    let mut buffers = Buffers::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = MuTou::new(v, seats).unwrap();
    for _ in 0..actions {
        out.push(g.clone());
        let Some(a) = random_action(&g, &mut rng, &mut buffers) else {
            break;
        };
        g.apply_unchecked(a);
    }
    out
}

#[test]
fn spoilt_texts_of_sown_boards_and_more_seats_are_refused_or_valid() {
    use rand::Rng;
    let cases = [
        ("scribed", 2),
        ("scribed", 3),
        ("friendly tier=choose", 3),
        ("hex", 4),
    ];
    let alphabet: Vec<char> = "0123456789tvpe:,.-=WAJRB é".chars().collect();
    let mut rng = SmallRng::seed_from_u64(13);
    let mut accepted = 0;
    for (preset, seats) in cases {
        let v = variant(preset);
        let samples = early_positions(&v, seats, seats as u64, 70);
        for g in samples.iter().step_by(7) {
            let chars: Vec<char> = g.position_text().chars().collect();
            for _ in 0..25 {
                let mut spoilt = chars.clone();
                let i = rng.random_range(0..spoilt.len());
                match rng.random_range(0..3) {
                    0 => spoilt[i] = alphabet[rng.random_range(0..alphabet.len())],
                    1 => {
                        spoilt.remove(i);
                    }
                    _ => spoilt.insert(i, spoilt[i]),
                }
                let text: String = spoilt.into_iter().collect();
                accepted += usize::from(read_is_valid(&v, &text, 10));
            }
        }
    }
    eprintln!("{accepted} spoilt texts accepted, each a valid position");
}
