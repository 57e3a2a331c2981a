//! The two-player colour type every two-player game declares, written once: see
//! [`two_player_color!`](crate::two_player_color).

/// Declares a game's two-player `Color`: an enum of two colours in the order of play, with the
/// methods and traits every game's colour has.
///
/// Each game keeps its own distinct type (a draughts colour is not a Cheversi colour), with its
/// own doc comments; the macro writes what is the same in all of them, so they cannot drift
/// apart. The first colour listed moves first: it is `ALL[0]` and has index 0, so `ALL` and
/// `index()` follow the game's `Game::PLAYERS` order. Each colour is given with the lower-case
/// name it is displayed (and stored) as.
///
/// The type gets `Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord`, the constant
/// `ALL`, the `const fn`s `other()`, `next()` (the same as `other()`, under the name every
/// game uses), `index()` and `name()`, `Display` (its name) and
/// [`PlayerIndex`](crate::PlayerIndex) (the same index as `index()`).
///
/// ```
/// game_core::two_player_color! {
///     /// A player of a small game.
///     pub enum Color {
///         /// Moves first.
///         Black = "black",
///         /// Moves second.
///         White = "white",
///     }
/// }
///
/// assert_eq!(Color::ALL, [Color::Black, Color::White]);
/// assert_eq!(Color::White.index(), 1);
/// assert_eq!(Color::Black.other(), Color::White);
/// assert_eq!(Color::White.next(), Color::Black);
/// assert_eq!(Color::White.to_string(), "white");
/// ```
#[macro_export]
macro_rules! two_player_color {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(#[$first_meta:meta])*
            $first:ident = $first_name:literal,
            $(#[$second_meta:meta])*
            $second:ident = $second_name:literal $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $(#[$first_meta])*
            $first,
            $(#[$second_meta])*
            $second,
        }

        impl $name {
            #[doc = concat!(
                "Both colours in the order of play: ", stringify!($first), " first."
            )]
            pub const ALL: [$name; 2] = [$name::$first, $name::$second];

            /// The other colour.
            #[inline]
            #[must_use]
            pub const fn other(self) -> $name {
                match self {
                    $name::$first => $name::$second,
                    $name::$second => $name::$first,
                }
            }

            /// The player after this one: the other colour (the same as `other`, under the
            /// name every game of the workspace uses).
            #[inline]
            #[must_use]
            pub const fn next(self) -> $name {
                self.other()
            }

            #[doc = concat!(
                "0 for ", stringify!($first), ", 1 for ", stringify!($second),
                ": the colour's place in the order of play (and in `ALL`)."
            )]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!(
                "The lower-case name, `", $first_name, "` or `", $second_name, "`."
            )]
            pub const fn name(self) -> &'static str {
                match self {
                    $name::$first => $first_name,
                    $name::$second => $second_name,
                }
            }
        }

        impl $crate::PlayerIndex for $name {
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
        }

        impl ::core::fmt::Display for $name {
            #[doc = concat!("`", $first_name, "` or `", $second_name, "`.")]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(test)]
// The macro writes `pub` items, as a game crate's colour needs; here the colour is a test's.
#[allow(unreachable_pub)]
mod tests {
    use alloc::string::ToString;

    crate::two_player_color! {
        /// Listed second-named-first, to show that the order given is the order of play.
        enum Side {
            /// Moves first.
            White = "white",
            /// Moves second.
            Black = "black",
        }
    }

    #[test]
    fn the_first_colour_listed_moves_first() {
        assert_eq!(Side::ALL, [Side::White, Side::Black]);
        assert_eq!(Side::ALL.map(Side::index), [0, 1]);
        assert!(Side::White < Side::Black);
    }

    #[test]
    fn other_and_next_swap_the_colours() {
        for side in Side::ALL {
            assert_ne!(side.other(), side);
            assert_eq!(side.other().other(), side);
            assert_eq!(side.next(), side.other());
        }
    }

    #[test]
    fn a_colour_is_displayed_as_its_name() {
        assert_eq!(Side::White.to_string(), "white");
        assert_eq!(Side::Black.to_string(), "black");
        assert_eq!(Side::Black.name(), "black");
    }
}
