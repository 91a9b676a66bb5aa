//! Variants: typed rules options with named presets, and their text form.
//!
//! A variant's text is a preset name followed by `key=value` overrides, separated by spaces or
//! commas: `advanced`, `basic board=8x8`, `advanced immediate_win=on ply_cap=300`. A text without a
//! preset name starts from the default preset. [`Variant::text`] writes the shortest such text,
//! and [`Variant::parse_text`] reads it back to an equal variant.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::VariantError;

/// One option of a variant, described so that a lobby form or a help text can be built from it
/// without knowing the game.
///
/// Contract (checked by [`conformance::options`](crate::conformance::options)): `default` is in
/// `domain` and is the default preset's value; every value the domain names is accepted by
/// [`Variant::set_option`] and nothing just outside an integer range is; every preset's value is
/// in the domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionInfo {
    /// The key used in `key=value`.
    pub key: &'static str,
    /// The values it takes.
    pub domain: OptionDomain,
    /// The value in the default preset.
    pub default: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// Where the option comes from: the rules, another site's house rule, or muster itself.
    pub status: OptionStatus,
}

impl OptionInfo {
    /// Whether the option is one of the rules' own (neither a house rule nor muster's addition).
    pub fn is_official(&self) -> bool {
        self.status == OptionStatus::Official
    }
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionDomain {
    /// Exactly one of these words (compared as written; some options also take other spellings,
    /// such as `true` for `on`, which a form need not offer).
    Choices {
        /// The words, in the order a form shows them.
        choices: &'static [&'static str],
    },
    /// A whole number from `min` to `max`, both included, written in decimal; or, when `off` is
    /// given, that word for "no number" (a ply cap that is `off`).
    Integer {
        /// The smallest number.
        min: u64,
        /// The largest number.
        max: u64,
        /// The word meaning "none", if the option has one.
        off: Option<&'static str>,
        /// What the number counts, for people (`plies`, `turns`); may be empty.
        unit: &'static str,
    },
}

/// `on|off`, the choices of a switch (see [`parse_switch`]).
pub const ON_OFF: OptionDomain = OptionDomain::Choices {
    choices: &["on", "off"],
};

/// `off|N`, the domain of a cap counted in `unit` (see [`parse_ply_cap`]).
pub const fn cap_domain(unit: &'static str) -> OptionDomain {
    OptionDomain::Integer {
        min: 1,
        max: u32::MAX as u64,
        off: Some("off"),
        unit,
    }
}

impl OptionDomain {
    /// Whether `value`, written exactly so, names a value of the domain.
    pub fn contains(&self, value: &str) -> bool {
        match *self {
            OptionDomain::Choices { choices } => choices.contains(&value),
            OptionDomain::Integer { min, max, off, .. } => {
                off == Some(value)
                    || value
                        .parse::<u64>()
                        .is_ok_and(|n| (min..=max).contains(&n) && n.to_string() == value)
            }
        }
    }

    /// The domain for people: `basic|advanced`, `1..8`, `off|1.. (plies)`.
    pub fn text(&self) -> String {
        match *self {
            OptionDomain::Choices { choices } => choices.join("|"),
            OptionDomain::Integer {
                min,
                max,
                off,
                unit,
            } => {
                let mut text = off.map(|w| format!("{w}|")).unwrap_or_default();
                text.push_str(&min.to_string());
                text.push_str("..");
                if max < u64::from(u32::MAX) {
                    text.push_str(&max.to_string());
                }
                if !unit.is_empty() {
                    text.push_str(&format!(" ({unit})"));
                }
                text
            }
        }
    }
}

/// Where an option comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionStatus {
    /// The rules' own: a choice the rules sources offer or leave open (every reading named in
    /// the rules specification).
    Official,
    /// A house rule of another site or program (AbstractPlay's opening, algol5's reading); the
    /// summary names it.
    HouseRule,
    /// muster's own addition, which no rules source has (an engine ply cap, an explosion order
    /// fixed for fast self-play).
    Muster,
}

/// A named set of options.
#[derive(Clone, Copy, Debug)]
pub struct Preset<V> {
    /// The name used with `--variant`.
    pub name: &'static str,
    /// What it is, in one line.
    pub summary: &'static str,
    /// Builds the variant.
    pub make: fn() -> V,
}

/// The typed options of one game.
///
/// Contract: `Default::default()` equals the first preset, every option in [`Variant::options`]
/// can be read with [`Variant::option_value`] and written back with [`Variant::set_option`].
pub trait Variant:
    Clone + Debug + Default + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Every option, in the order they are shown and written.
    fn options() -> &'static [OptionInfo];

    /// The named presets; the first is the default.
    fn presets() -> &'static [Preset<Self>];

    /// Sets one option from text.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError>;

    /// The current value of one option as text, or `None` for an unknown key.
    fn option_value(&self, key: &str) -> Option<String>;

    /// The preset with this name.
    fn preset(name: &str) -> Result<Self, VariantError> {
        Self::presets()
            .iter()
            .find(|p| p.name == name)
            .map(|p| (p.make)())
            .ok_or_else(|| VariantError::UnknownPreset {
                name: name.to_owned(),
                known: preset_names::<Self>(),
            })
    }

    /// The options whose values differ from `base`, as `(key, value)` pairs.
    fn differences(&self, base: &Self) -> Vec<(&'static str, String)> {
        Self::options()
            .iter()
            .filter_map(|o| {
                let mine = self.option_value(o.key)?;
                (base.option_value(o.key).as_deref() != Some(mine.as_str()))
                    .then_some((o.key, mine))
            })
            .collect()
    }

    /// The shortest text naming this variant: the nearest preset plus overrides.
    fn text(&self) -> String {
        let best = Self::presets()
            .iter()
            .map(|p| (p.name, self.differences(&(p.make)())))
            .min_by_key(|(_, diff)| diff.len());
        let Some((name, diff)) = best else {
            return String::new();
        };
        let mut words = vec![name.to_owned()];
        words.extend(diff.into_iter().map(|(k, v)| format!("{k}={v}")));
        words.join(" ")
    }

    /// Reads a variant text (see the module documentation).
    fn parse_text(text: &str) -> Result<Self, VariantError> {
        let mut tokens = text.split([' ', ',']).filter(|t| !t.is_empty()).peekable();
        let mut variant = match tokens.peek() {
            Some(first) if !first.contains('=') => {
                let v = Self::preset(first)?;
                tokens.next();
                v
            }
            _ => Self::default(),
        };
        for token in tokens {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| VariantError::BadToken(token.to_owned()))?;
            variant.set_option(key, value)?;
        }
        Ok(variant)
    }

    /// The variant from an optional preset name and `key=value` overrides applied in order.
    fn build(preset: Option<&str>, overrides: &[(String, String)]) -> Result<Self, VariantError> {
        let mut variant = match preset {
            Some(name) => Self::preset(name)?,
            None => Self::default(),
        };
        for (key, value) in overrides {
            variant.set_option(key, value)?;
        }
        Ok(variant)
    }
}

/// The preset names of a variant type, comma-separated.
pub fn preset_names<V: Variant>() -> String {
    let names: Vec<&str> = V::presets().iter().map(|p| p.name).collect();
    names.join(", ")
}

/// The option keys of a variant type, comma-separated.
pub fn option_keys<V: Variant>() -> String {
    let keys: Vec<&str> = V::options().iter().map(|o| o.key).collect();
    keys.join(", ")
}

/// The error for an option key that `V` does not have.
pub fn unknown_option<V: Variant>(key: &str) -> VariantError {
    VariantError::UnknownOption {
        key: key.to_owned(),
        known: option_keys::<V>(),
    }
}

/// The error for a value that option `key` does not take.
pub fn bad_value(key: &str, value: &str, expected: &str) -> VariantError {
    VariantError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected: expected.to_owned(),
    }
}

/// Reads an on/off option value (`on`, `off`, `true`, `false`, `yes`, `no`, `1`, `0`).
pub fn parse_switch(key: &str, value: &str) -> Result<bool, VariantError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad_value(key, value, "on or off")),
    }
}

/// Writes an on/off option value.
pub fn switch_text(on: bool) -> String {
    if on { "on" } else { "off" }.to_owned()
}

/// Reads a ply cap: `off`, or a positive number of plies (a project option, never a rule).
pub fn parse_ply_cap(value: &str) -> Result<Option<u32>, VariantError> {
    if value == "off" {
        return Ok(None);
    }
    match value.parse::<u32>() {
        Ok(n) if n > 0 && n.to_string() == value => Ok(Some(n)),
        _ => Err(bad_value(
            "ply_cap",
            value,
            "off or a positive number of plies",
        )),
    }
}

/// Writes a ply cap.
pub fn ply_cap_text(cap: Option<u32>) -> String {
    cap.map_or_else(|| "off".to_owned(), |n| n.to_string())
}

/// Reads the value of an option whose values are the names in `table`; the error lists them.
pub fn pick<T: Copy>(key: &str, value: &str, table: &[(&str, T)]) -> Result<T, VariantError> {
    table
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(value))
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            bad_value(key, value, &names.join(" or "))
        })
}

/// The name of `value` in `table` (the inverse of [`pick`]).
pub fn name_in<T: PartialEq>(value: &T, table: &[(&'static str, T)]) -> String {
    table
        .iter()
        .find(|(_, v)| v == value)
        .map_or("?", |(n, _)| n)
        .to_owned()
}
