//! The names a user may choose: stricter than what the store accepts, so that names are safe in
//! URLs and hard to mistake for one another.

use muster_wire::NackCode;

use super::api::ApiFailure;

/// The shortest name, in characters.
pub const MIN_NAME_CHARS: usize = 2;
/// The longest name, in characters (the store's limit too).
pub const MAX_NAME_CHARS: usize = 32;

/// Accepts 2 to 32 ASCII letters, digits, `-`, `_` and `.`, beginning with a letter or a digit;
/// refuses anything else with `invalid`, saying why.
pub fn check_name(name: &str) -> Result<(), ApiFailure> {
    let why = if name.chars().count() < MIN_NAME_CHARS {
        "it is shorter than 2 characters"
    } else if name.chars().count() > MAX_NAME_CHARS {
        "it is longer than 32 characters"
    } else if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        "it must begin with a letter or a digit"
    } else if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        "only the letters a-z and A-Z, digits, `-`, `_` and `.` are allowed"
    } else {
        return Ok(());
    };
    Err(ApiFailure::new(
        NackCode::Invalid,
        format!("bad name `{}`: {why}", muster_wire::quote(name)),
    ))
}

#[cfg(test)]
mod tests {
    use super::check_name;

    #[test]
    fn names_are_short_plain_words() {
        for good in ["ab", "Ada", "ada_l.1815", "9lives", &"x".repeat(32)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "a",
            "-ada",
            ".ada",
            "ada lovelace",
            "ada/1",
            "Аda",
            &"x".repeat(33),
        ] {
            let refusal = check_name(bad).unwrap_err();
            assert_eq!(refusal.status, 400, "{bad}");
        }
    }
}
