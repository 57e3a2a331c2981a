//! Swedish Draughts (10x10 and 8x8) rules engine: bitboard move generation, notation, perft.
