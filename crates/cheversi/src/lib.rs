//! Cheversi (chess pieces placed Othello-style) rules engine: placements, scoring, endgame solver.
