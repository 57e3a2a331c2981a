//! The same calls against all five game crates: a crate whose names drift from the others
//! stops compiling here. (More of the shared vocabulary joins this file as it is unified.)

use game_core::{Engine, Game, GameRecord, Limits};

/// The calls every game crate answers in the same words.
macro_rules! same_calls_in {
    ($krate:ident) => {
        mod $krate {
            use super::*;
            use ::$krate::{Color, Position, SvgOptions};
            // The rules page travels with the crate as its `rules` module.
            #[allow(unused_imports)]
            use ::$krate::rules as _;

            #[test]
            fn start_positions_and_players() {
                let start = Position::start();
                assert_eq!(start, <Position as Game>::start());
                assert_eq!(start.outcome(), None);
                // Colours: all of them, the next one in turn, an index for arrays.
                for (i, colour) in Color::ALL.into_iter().enumerate() {
                    assert_eq!(colour.index(), i);
                    let next = Color::ALL[(i + 1) % Color::ALL.len()];
                    assert_eq!(colour.next(), next);
                }
                for (i, &player) in Position::PLAYERS.iter().enumerate() {
                    assert_eq!(Position::player_index(player), i);
                }
            }

            #[test]
            fn engines_by_the_same_names() {
                let record = GameRecord::new(Position::start());
                let engines: [Box<dyn Engine<Position>>; 2] =
                    [::$krate::default_engine(1), ::$krate::mcts_engine(1)];
                for mut engine in engines {
                    let limits = Limits {
                        depth: Some(1),
                        iterations: Some(50),
                        ..Limits::INFINITE
                    };
                    let mv = engine.choose_move(&record, &limits).expect("a move");
                    assert!(record.current().is_legal(mv), "{}", engine.name());
                }
            }

            #[test]
            fn pictures_by_the_same_names() {
                let svg = Position::start().to_svg(&SvgOptions::default());
                assert!(
                    svg.starts_with("<svg") || svg.starts_with("<?xml"),
                    "{svg:.40}"
                );
            }
        }
    };
}

/// The two-player games also have an alpha-beta engine of the same name.
macro_rules! alphabeta_in {
    ($($krate:ident),*) => {
        #[test]
        fn two_player_games_have_alphabeta_engines() {
            $({
                let record = GameRecord::new(::$krate::Position::start());
                let mut engine = ::$krate::alphabeta_engine(1);
                let mv = engine.choose_move(&record, &Limits::depth(1)).expect("a move");
                assert!(record.current().is_legal(mv), stringify!($krate));
                assert_eq!(::$krate::Color::ALL[0].other(), ::$krate::Color::ALL[1]);
            })*
        }
    };
}

same_calls_in!(kvarn3);
same_calls_in!(swedish_draughts);
same_calls_in!(cheversi);
same_calls_in!(sundraval);
same_calls_in!(svendo);
alphabeta_in!(kvarn3, swedish_draughts, cheversi, sundraval);

/// Where a move's text does not depend on the position (all but draughts captures), the move
/// prints itself, and the text is the one the position writes.
macro_rules! move_display_in {
    ($($krate:ident),*) => {
        #[test]
        fn moves_print_their_own_text() {
            $({
                let start = ::$krate::Position::start();
                for mv in start.legal_moves() {
                    assert_eq!(mv.to_string(), start.move_text(mv), stringify!($krate));
                }
            })*
        }
    };
}

move_display_in!(kvarn3, cheversi, sundraval, svendo);
