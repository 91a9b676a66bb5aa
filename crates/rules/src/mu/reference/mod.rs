//! Placeholder until the independent reference model lands.
