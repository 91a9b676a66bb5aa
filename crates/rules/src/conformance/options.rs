//! The battery's checks on a variant's option table ([`Variant::options`]): what a lobby form
//! generated from [`OptionInfo`] offers must be exactly what [`Variant::set_option`] takes.
//!
//! For every option of a variant type:
//!
//! * the key is unique and the default preset has a value for it, equal to `default`;
//! * `default` is in the option's domain, and `set_option` accepts it and reads it back;
//! * every choice of a [`OptionDomain::Choices`] is accepted and reads back as written;
//! * both ends of an [`OptionDomain::Integer`] range, and its `off` word, are accepted and read
//!   back as written, while the numbers just outside the range are refused;
//!
//! and every preset's value of every option is in the option's domain.

use std::collections::HashSet;

use crate::variant::{OptionDomain, OptionInfo, Variant};

/// Checks the option table of `V` (see the module documentation). Returns how many values were
/// tried; the error names the option and the value that broke the contract.
pub fn check_options<V: Variant>() -> Result<usize, String> {
    let mut keys = HashSet::new();
    let mut tried = 0;
    let default = V::default();
    for option in V::options() {
        if !keys.insert(option.key) {
            return Err(format!("option `{}` is listed twice", option.key));
        }
        if !option.domain.contains(option.default) {
            return Err(format!(
                "option `{}`: the default `{}` is not in its domain `{}`",
                option.key,
                option.default,
                option.domain.text()
            ));
        }
        match default.option_value(option.key) {
            Some(value) if value == option.default => {}
            Some(value) => {
                return Err(format!(
                "option `{}`: the table says the default is `{}`, the default preset has `{value}`",
                option.key, option.default
            ))
            }
            None => {
                return Err(format!(
                    "option `{}` has no value in the default preset",
                    option.key
                ))
            }
        }
        accepts::<V>(option, option.default)?;
        tried += 1;
        for value in accepted_values(option) {
            accepts::<V>(option, &value)?;
            tried += 1;
        }
        for value in refused_values(option) {
            refuses::<V>(option, &value)?;
            tried += 1;
        }
    }
    for preset in V::presets() {
        let variant = (preset.make)();
        for option in V::options() {
            let value = variant.option_value(option.key).unwrap_or_default();
            if !option.domain.contains(&value) {
                return Err(format!(
                    "preset `{}`: option `{}` is `{value}`, outside its domain `{}`",
                    preset.name,
                    option.key,
                    option.domain.text()
                ));
            }
        }
    }
    Ok(tried)
}

/// The values a form offers: every choice, or the ends of the range and the `off` word.
fn accepted_values(option: &OptionInfo) -> Vec<String> {
    match option.domain {
        OptionDomain::Choices { choices } => choices.iter().map(|c| (*c).to_owned()).collect(),
        OptionDomain::Integer { min, max, off, .. } => {
            let mut values = vec![min.to_string(), max.to_string()];
            values.extend(off.map(str::to_owned));
            values
        }
    }
}

/// The numbers just outside an integer range (`-1` below 0, `max + 1` written in full even past
/// `u64::MAX`).
fn refused_values(option: &OptionInfo) -> Vec<String> {
    match option.domain {
        OptionDomain::Choices { .. } => Vec::new(),
        OptionDomain::Integer { min, max, .. } => {
            let below = i128::from(min) - 1;
            let above = u128::from(max) + 1;
            vec![below.to_string(), above.to_string()]
        }
    }
}

fn accepts<V: Variant>(option: &OptionInfo, value: &str) -> Result<(), String> {
    let mut variant = V::default();
    variant.set_option(option.key, value).map_err(|e| {
        format!(
            "option `{}`: `{value}` is in its domain but refused: {e}",
            option.key
        )
    })?;
    match variant.option_value(option.key) {
        Some(again) if again == value => Ok(()),
        again => Err(format!(
            "option `{}`: `{value}` reads back as {again:?}",
            option.key
        )),
    }
}

fn refuses<V: Variant>(option: &OptionInfo, value: &str) -> Result<(), String> {
    let mut variant = V::default();
    match variant.set_option(option.key, value) {
        Err(_) => Ok(()),
        Ok(()) => Err(format!(
            "option `{}`: `{value}` is outside its domain `{}` but accepted",
            option.key,
            option.domain.text()
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::error::VariantError;
    use crate::variant::{bad_value, unknown_option, OptionStatus, Preset};

    /// A variant whose table claims `size=2..6` while `set_option` takes 1 to 6.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    struct Loose {
        size: u8,
    }

    impl Default for Loose {
        fn default() -> Self {
            Loose { size: 2 }
        }
    }

    const LOOSE: &[OptionInfo] = &[OptionInfo {
        key: "size",
        domain: OptionDomain::Integer {
            min: 2,
            max: 6,
            off: None,
            unit: "",
        },
        default: "2",
        summary: "a size",
        status: OptionStatus::Official,
    }];

    impl Variant for Loose {
        fn options() -> &'static [OptionInfo] {
            LOOSE
        }
        fn presets() -> &'static [Preset<Self>] {
            &[Preset {
                name: "plain",
                summary: "the default",
                make: Loose::default,
            }]
        }
        fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError> {
            if key != "size" {
                return Err(unknown_option::<Self>(key));
            }
            match value.parse::<u8>() {
                Ok(n @ 1..=6) => self.size = n,
                _ => return Err(bad_value(key, value, "1 to 6")),
            }
            Ok(())
        }
        fn option_value(&self, key: &str) -> Option<String> {
            (key == "size").then(|| self.size.to_string())
        }
    }

    #[test]
    fn a_value_accepted_just_outside_the_stated_range_is_caught() {
        let err = check_options::<Loose>().expect_err("1 is accepted but outside 2..6");
        assert_eq!(
            err,
            "option `size`: `1` is outside its domain `2..6` but accepted"
        );
    }

    #[test]
    fn domains_read_values_as_written() {
        let cap = crate::variant::cap_domain("plies");
        assert!(cap.contains("off") && cap.contains("1") && cap.contains("4294967295"));
        assert!(!cap.contains("0") && !cap.contains("01") && !cap.contains("4294967296"));
        assert_eq!(cap.text(), "off|1.. (plies)");
        assert_eq!(LOOSE[0].domain.text(), "2..6");
        assert!(crate::variant::ON_OFF.contains("on") && !crate::variant::ON_OFF.contains("yes"));
    }
}
