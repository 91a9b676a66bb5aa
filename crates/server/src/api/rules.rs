//! `GET /api/rules/{game}`: a game's rules page, built once per game from the project's docs.
//!
//! **The text.** The game's `docs/rules/<game>.md` (the text `muster rules` prints, embedded in
//! the rules crate) rendered to HTML by pulldown-cmark, with tables. Every heading gets an `id`,
//! a slug of its text ([`slug`]), and is listed in `sections`. The docs' pictures are drawn
//! from SVG files the browser does not have: a paragraph that holds only an image is left
//! out, with the paragraph right after it, its caption (the docs' convention); an image
//! anywhere else is dropped alone. Raw HTML passes through (the docs are the project's own),
//! which is how each rule reference an event can carry gets its anchor: `<a id="2.6"></a>`
//! where the doc explains rule 2.6.
//!
//! **The diagrams.** The start of every preset of the game's catalog entry as a spectator sees
//! it; for Mu, whose start is an empty lay-out, also a position after a seeded random lay-out,
//! selection and a few moves; for Mur, a position in the middle of a seeded random game.
//!
//! Each answer is built once, on the blocking pool, and kept as JSON text: the docs do not
//! change while the server runs.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use muster_rules::mu::MuEvent;
use muster_rules::{AnyEventData, AnyGame, GameId};
use muster_wire::http::{RulesDiagram, RulesResponse, RulesSection};
use muster_wire::{quote, NackCode};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::accounts::ApiFailure;

/// The seed of the random playouts behind the Mu and Mur diagrams.
pub const DIAGRAM_SEED: u64 = 7;
/// Moves played in a Mu diagram after the lay-out and selection are done.
pub const MU_MOVES: usize = 12;
/// Plies played for the Mur mid-game diagram.
pub const MUR_PLIES: usize = 40;

/// The answers, one per game in [`GameId::ALL`] order, as JSON text.
static PAGES: [OnceLock<String>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// The route handler.
pub(super) async fn rules_route(path: Result<Path<String>, PathRejection>) -> Response {
    match page_json(path).await {
        Ok(json) => {
            let mut response = json.into_response();
            response
                .headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            response
        }
        Err(failure) => failure.into_response(),
    }
}

async fn page_json(path: Result<Path<String>, PathRejection>) -> Result<&'static str, ApiFailure> {
    let Path(text) = path.map_err(|rejection| {
        ApiFailure::new(
            NackCode::Malformed,
            format!("bad path: {}", rejection.body_text()),
        )
    })?;
    let unknown = || {
        ApiFailure::new(
            NackCode::NotFound,
            format!(
                "no game `{}`: the games are {}",
                quote(&text),
                GameId::ALL.map(GameId::id).join(", ")
            ),
        )
    };
    // The rules' own spelling only: `mg` would make a second URL of one page.
    let id = GameId::ALL
        .into_iter()
        .find(|id| id.id() == text)
        .ok_or_else(unknown)?;
    let slot = GameId::ALL.iter().position(|g| *g == id).unwrap_or(0);
    if let Some(json) = PAGES[slot].get() {
        return Ok(json.as_str());
    }
    let built = tokio::task::spawn_blocking(move || {
        PAGES[slot].get_or_init(|| serde_json::to_string(&page(id)).unwrap_or_default())
    })
    .await
    .map_err(|_| ApiFailure::new(NackCode::Storage, "the rules page could not be built"))?;
    Ok(built.as_str())
}

/// The rules page of `id`, built afresh.
pub fn page(id: GameId) -> RulesResponse {
    let text = id.rules_text().unwrap_or_default();
    let (html, sections) = render(text);
    RulesResponse {
        game: id.id().to_owned(),
        name: id.name().to_owned(),
        html,
        sections,
        diagrams: diagrams(id),
    }
}

/// Markdown to HTML, with an `id` on every heading and every code block focusable; the
/// headings in order.
pub fn render(markdown: &str) -> (String, Vec<RulesSection>) {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = without_pictures(Parser::new_ext(markdown, options).collect());
    let mut out = Vec::with_capacity(events.len());
    let mut sections = Vec::new();
    let mut taken: HashMap<String, usize> = HashMap::new();
    let mut i = 0;
    while i < events.len() {
        let Event::Start(Tag::Heading {
            level,
            classes,
            attrs,
            ..
        }) = &events[i]
        else {
            out.push(events[i].clone());
            i += 1;
            continue;
        };
        let end = events[i..]
            .iter()
            .position(|e| matches!(e, Event::End(TagEnd::Heading(_))))
            .map_or(events.len(), |n| i + n);
        let title = plain_text(&events[i + 1..end]);
        let id = unique(slug(&title), &mut taken);
        sections.push(RulesSection {
            id: id.clone(),
            title,
            level: level_number(*level),
        });
        out.push(Event::Start(Tag::Heading {
            level: *level,
            id: Some(CowStr::from(id)),
            classes: classes.clone(),
            attrs: attrs.clone(),
        }));
        i += 1;
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    // A code block scrolls sideways on a narrow screen: it takes the keyboard focus, so it can
    // be scrolled without a mouse (text inside a block is escaped, so only real tags match).
    let html = html.replace("<pre><code", "<pre tabindex=\"0\"><code");
    (html, sections)
}

/// The events without images: an image-only paragraph goes with the paragraph after it (its
/// caption), any other image alone (its alt text with it).
fn without_pictures(events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    // After an image-only paragraph: the next paragraph is its caption.
    let mut caption_next = false;
    while i < events.len() {
        match &events[i] {
            Event::Start(Tag::Paragraph) => {
                let end = closing(&events, i);
                let inner = &events[i + 1..end];
                if caption_next {
                    caption_next = false;
                    i = end + 1;
                    continue;
                }
                if image_only(inner) {
                    caption_next = true;
                    i = end + 1;
                    continue;
                }
                out.push(events[i].clone());
                i += 1;
            }
            Event::Start(Tag::Image { .. }) => {
                i = closing(&events, i) + 1;
            }
            other => {
                // Anything but a paragraph between a picture and the next paragraph: no caption.
                if !matches!(other, Event::SoftBreak | Event::HardBreak) {
                    caption_next = false;
                }
                out.push(other.clone());
                i += 1;
            }
        }
    }
    out
}

/// The index of the event closing the tag opened at `start` (nesting counted), or the last.
fn closing(events: &[Event<'_>], start: usize) -> usize {
    let mut depth = 0usize;
    for (n, event) in events.iter().enumerate().skip(start) {
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return n;
                }
            }
            _ => {}
        }
    }
    events.len().saturating_sub(1)
}

/// Whether a paragraph's events are images and white space only.
fn image_only(inner: &[Event<'_>]) -> bool {
    let mut depth = 0usize;
    let mut images = 0;
    for event in inner {
        match event {
            Event::Start(Tag::Image { .. }) => {
                depth += 1;
                images += 1;
            }
            Event::End(TagEnd::Image) => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Event::SoftBreak | Event::HardBreak => {}
            Event::Text(t) if t.trim().is_empty() => {}
            _ => return false,
        }
    }
    images > 0
}

/// The text of a heading's events (code spans included, markup and raw HTML left out).
fn plain_text(events: &[Event<'_>]) -> String {
    let mut text = String::new();
    for event in events {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    text.trim().to_owned()
}

/// A heading's slug: lower case; letters, digits, `-` and `_` kept; white space turned into
/// `-`; everything else dropped (`The end of a game, and the next game` →
/// `the-end-of-a-game-and-the-next-game`). Empty text gives `section`.
pub fn slug(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '_' {
            slug.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-') && !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "section".to_owned()
    } else {
        slug.to_owned()
    }
}

/// `slug`, or `slug-2`, `slug-3`, … when already used on the page.
fn unique(slug: String, taken: &mut HashMap<String, usize>) -> String {
    let seen = taken.entry(slug.clone()).or_insert(0);
    *seen += 1;
    if *seen == 1 {
        slug
    } else {
        let id = format!("{slug}-{seen}");
        taken.insert(id.clone(), 1);
        id
    }
}

fn level_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The diagrams of a game's page (see the module documentation).
fn diagrams(id: GameId) -> Vec<RulesDiagram> {
    let mut diagrams = Vec::new();
    for preset in id.catalog().presets {
        let Ok(start) = AnyGame::new(id, preset.name, None) else {
            continue;
        };
        if let Ok(scene) = muster_view::scene(&start, None) {
            diagrams.push(RulesDiagram {
                caption: format!("{}, the start: {}", preset.name, preset.summary),
                scene,
            });
        }
    }
    let extra = match id {
        GameId::Mu => mu_in_play(),
        GameId::Mur => mur_mid_game(),
        GameId::MurusGallicus | GameId::MuTou => None,
    };
    diagrams.extend(extra);
    diagrams
}

/// Mu levis after a seeded random lay-out and selection and [`MU_MOVES`] random moves.
fn mu_in_play() -> Option<RulesDiagram> {
    let mut game = AnyGame::new(GameId::Mu, "levis", None).ok()?;
    let mut rng = SmallRng::seed_from_u64(DIAGRAM_SEED);
    let mut filled = false;
    let mut plies = 0;
    let mut moves = 0;
    // The opening of two seats is 14 placements and 12 clearings; the bound only guards.
    while moves < MU_MOVES && plies < 500 {
        let action = game.random_action(&mut rng)?;
        let events = game.apply(&action).ok()?;
        plies += 1;
        if filled {
            moves += 1;
        }
        filled |= events
            .iter()
            .any(|e| matches!(e.data, AnyEventData::Mu(MuEvent::Filled { .. })));
    }
    let scene = muster_view::scene(&game, None).ok()?;
    Some(RulesDiagram {
        caption: format!(
            "levis in play: a random lay-out and selection, then {moves} random decisions \
             ({plies} in all, seed {DIAGRAM_SEED})"
        ),
        scene,
    })
}

/// Mur after [`MUR_PLIES`] seeded random plies.
fn mur_mid_game() -> Option<RulesDiagram> {
    let mut game = AnyGame::new(GameId::Mur, "", None).ok()?;
    let mut rng = SmallRng::seed_from_u64(DIAGRAM_SEED);
    let mut plies = 0;
    while plies < MUR_PLIES {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).ok()?;
        plies += 1;
    }
    let scene = muster_view::scene(&game, None).ok()?;
    Some(RulesDiagram {
        caption: format!("a match in play: {plies} random plies (seed {DIAGRAM_SEED})"),
        scene,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_get_unique_slugs() {
        let (html, sections) = render("# Mu\n\n## The end, and more\n\n## The end, and more\n");
        assert_eq!(sections.len(), 3);
        assert_eq!(sections[1].id, "the-end-and-more");
        assert_eq!(sections[2].id, "the-end-and-more-2");
        assert_eq!(sections[0].level, 1);
        assert!(html.contains(r#"<h2 id="the-end-and-more-2">"#), "{html}");
    }

    #[test]
    fn a_picture_goes_with_its_caption_and_raw_html_stays() {
        let text = "Intro.\n\n![A board](../boards/x.svg)\n\nThe caption.\n\n\
                    <a id=\"2.6\"></a>Kept ![inline](y.svg) text.\n";
        let (html, _) = render(text);
        assert!(html.contains("Intro."), "{html}");
        assert!(!html.contains("caption"), "{html}");
        assert!(!html.contains("svg") && !html.contains("<img"), "{html}");
        assert!(html.contains(r#"<a id="2.6"></a>Kept  text."#), "{html}");
    }

    #[test]
    fn slugs_keep_letters_and_digits() {
        assert_eq!(slug("E1: a virgin explosion"), "e1-a-virgin-explosion");
        assert_eq!(
            slug("Readings: where the source is silent"),
            "readings-where-the-source-is-silent"
        );
        assert_eq!(slug("  !!  "), "section");
    }
}
