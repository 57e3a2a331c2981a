//! Sundraval (hex territory game) rules engine: hex bitboards, pie opening, scoring.
