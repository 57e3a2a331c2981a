//! Svendo (three-player line game) rules engine: bitboard moves, winning events, responsibility rules.
