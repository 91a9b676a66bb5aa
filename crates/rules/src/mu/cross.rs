//! Cross-checks against the reference model.
