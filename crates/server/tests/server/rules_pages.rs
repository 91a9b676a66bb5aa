//! `GET /api/rules/{game}`: each game's rules as HTML with an id on every heading, an anchor for
//! every rule reference its events can carry, the preset diagrams, a bounded size; an unknown
//! game is a 404 that names it.

use std::collections::BTreeSet;

use muster_rules::{AnyGame, GameId};
use muster_wire::http::{ApiError, RulesResponse};
use muster_wire::NackCode;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::kit::{over_the_wire, quick, Harness, Reply};

/// The most a rules page may weigh, in bytes.
const MAX_PAGE: usize = 400 * 1024;

/// Variants whose random games, together, reach every kind of event of a game (caps make the
/// ends that need them; the other presets and options bring their own events).
fn variants(id: GameId) -> Vec<(&'static str, Option<usize>)> {
    match id {
        GameId::MurusGallicus => vec![
            ("basic ply_cap=80", None),
            ("advanced ply_cap=80", None),
            ("abstractplay ply_cap=80", None),
            ("basic ply_cap=6", None),
        ],
        GameId::Mur => vec![
            ("game ply_cap=60", None),
            ("set ply_cap=40", None),
            ("game kraken_trap=single-colour ply_cap=60", None),
        ],
        GameId::Mu => vec![
            ("levis ply_cap=40", None),
            ("multi ply_cap=25", Some(3)),
            ("levis start=random ply_cap=60", None),
            (
                "multi start=random trim_timing=end-of-turn ply_cap=40",
                None,
            ),
        ],
        GameId::MuTou => vec![
            ("friendly turn_cap=30", None),
            ("friendly form=cooperative turn_cap=30", Some(3)),
            ("scribed turn_cap=6", None),
        ],
    }
}

/// The rule references of the events of seeded random games of `id` (see [`variants`]).
fn rules_played(id: GameId) -> BTreeSet<&'static str> {
    let mut rules = BTreeSet::new();
    for (n, (variant, seats)) in variants(id).into_iter().enumerate() {
        for seed in 0..4u64 {
            let mut game = AnyGame::new(id, variant, seats).expect("a test variant");
            let mut rng = SmallRng::seed_from_u64(seed * 31 + n as u64);
            for _ in 0..3_000 {
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                let events = game.apply(&action).expect("a random action is legal");
                rules.extend(events.iter().map(|e| e.rule));
            }
        }
    }
    rules
}

/// The anchor an event's rule links to: the part after the colon up to the first space.
fn anchor(rule: &str) -> &str {
    let number = rule.split_once(':').map_or(rule, |(_, rest)| rest);
    number.split(' ').next().unwrap_or(number)
}

/// Every rule reference the rules crate writes (listed by hand from its events, so that the
/// rare ones random games may miss are checked too).
const KNOWN: &[&str] = &[
    "mu:2.2",
    "mu:2.3",
    "mu:2.6",
    "mu:2.7",
    "mu:2.8",
    "mu:2.9",
    "mu:2.10",
    "mu:2.11",
    "mu:2.12",
    "mur:1.5",
    "mur:1.6",
    "mur:1.7",
    "mur:1.8",
    "mur:1.9",
    "murus-gallicus:2.2",
    "murus-gallicus:2.3",
    "murus-gallicus:2.4",
    "murus-gallicus:2.5",
    "mutou:D4",
    "mutou:D7",
    "mutou:D10",
    "mutou:D14",
    "mutou:D15",
    "mutou:D19",
    "mutou:S8-S12",
    "mutou:S11",
    "mutou:S12",
    "mutou:S14",
    "mutou:S15",
    "mutou:S15b",
    "mutou:S15c",
    "mutou:S17",
    "mutou:S18",
    "mutou:S19",
    "mutou:S20",
    "mutou:S22",
    "mutou:S23",
    "mutou:S24",
];

async fn page(h: &Harness, id: GameId) -> (RulesResponse, usize) {
    let Reply { status, body, .. } = h.get(&format!("/api/rules/{}", id.id()), None).await;
    assert_eq!(status, 200, "{body}");
    let page: RulesResponse = serde_json::from_str(&body).unwrap_or_else(|e| {
        panic!(
            "a rules page for {id} ({e}): {}",
            &body[..200.min(body.len())]
        )
    });
    (page, body.len())
}

#[tokio::test]
async fn every_rule_an_event_names_has_its_anchor_on_the_rules_page() {
    let h = Harness::start(quick()).await;
    for id in GameId::ALL {
        let (page, _) = page(&h, id).await;
        let played = rules_played(id);
        assert!(played.len() >= 4, "{id}: only {played:?}");
        let known = KNOWN
            .iter()
            .filter(|r| r.split(':').next() == Some(id.id()))
            .copied();
        for rule in played.iter().copied().chain(known) {
            assert_eq!(rule.split(':').next(), Some(id.id()), "{rule}");
            let id_attr = format!("id=\"{}\"", anchor(rule));
            assert!(
                page.html.contains(&id_attr),
                "{id}: no anchor {id_attr} for the rule `{rule}`"
            );
        }
    }
    h.stop().await;
}

#[tokio::test]
async fn a_rules_page_has_sections_html_and_the_presets_drawn() {
    let h = Harness::start(quick()).await;
    for id in GameId::ALL {
        let (page, bytes) = page(&h, id).await;
        assert!(bytes < MAX_PAGE, "{id}: {bytes} bytes");
        assert_eq!(page.game, id.id());
        assert_eq!(page.name, id.name());
        assert_eq!(page.sections[0].level, 1);
        assert_eq!(page.sections[0].title, id.name());
        assert!(page.sections.len() > 5, "{id}: {:?}", page.sections);
        for section in &page.sections {
            let tag = format!("<h{} id=\"{}\">", section.level, section.id);
            assert!(page.html.contains(&tag), "{id}: no {tag}");
        }
        let ids: BTreeSet<_> = page.sections.iter().map(|s| &s.id).collect();
        assert_eq!(ids.len(), page.sections.len(), "{id}: ids are unique");
        assert!(page.html.contains("<table>"), "{id}: tables are rendered");
        assert_eq!(
            page.html.matches("<pre").count(),
            page.html.matches("<pre tabindex=\"0\">").count(),
            "{id}: every code block can be scrolled by keyboard"
        );
        assert!(
            !page.html.contains("<img") && !page.html.contains(".svg"),
            "{id}: the docs' pictures are left out"
        );
        assert!(
            !page.html.contains("Drawn by `muster view`") && !page.html.contains("Drawn by <code>"),
            "{id}: so are their captions"
        );

        let presets = id.catalog().presets;
        let extra = usize::from(matches!(id, GameId::Mu | GameId::Mur));
        assert_eq!(page.diagrams.len(), presets.len() + extra, "{id}");
        for (diagram, preset) in page.diagrams.iter().zip(&presets) {
            assert!(
                diagram.caption.starts_with(preset.name),
                "{}",
                diagram.caption
            );
            assert!(
                diagram.caption.contains(preset.summary),
                "{}",
                diagram.caption
            );
            let start = AnyGame::new(id, preset.name, None).expect("a preset");
            let scene = over_the_wire(&muster_view::scene(&start, None).expect("a scene"));
            assert_eq!(
                diagram.scene, scene,
                "{id} {}: the start as a spectator sees it",
                preset.name
            );
        }
        if extra == 1 {
            let last = page.diagrams.last().expect("the extra diagram");
            assert!(last.caption.contains("random"), "{}", last.caption);
            assert!(!last.scene.pieces.is_empty(), "{id}: pieces on the board");
        }
    }
    h.stop().await;
}

#[tokio::test]
async fn the_rules_of_an_unknown_game_are_a_404_that_names_it() {
    let h = Harness::start(quick()).await;
    for (path, quoted) in [
        ("/api/rules/chess", "`chess`"),
        ("/api/rules/mg", "`mg`"),
        ("/api/rules/%3Cb%3E", "`<b>`"),
    ] {
        let Reply { status, body, .. } = h.get(path, None).await;
        assert_eq!(status, 404, "{path}: {body}");
        let error: ApiError = serde_json::from_str(&body).expect("an ApiError");
        assert_eq!(error.code, NackCode::NotFound);
        assert!(error.reason.contains(quoted), "{path}: {}", error.reason);
        assert!(error.reason.contains("murus-gallicus"), "{}", error.reason);
    }
    h.stop().await;
}
