//! Kvarn med tre pjäser (three men's morris with diagonals): rules engine, perfect-play solver.
