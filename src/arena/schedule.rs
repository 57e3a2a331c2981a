//! The order of a match's games: openings in turn, every seat order of each, and shards of the
//! whole for many machines.

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// The game's number in the schedule (from 0).
    pub index: usize,
    /// The opening's number; the games of one opening differ only in their seat order.
    pub opening: usize,
    /// The index into [`MatchSettings::engines`](super::MatchSettings::engines) of the engine in each seat, in the game's
    /// player order.
    pub seats: Vec<usize>,
}

/// The games of a match in order: openings in turn, and for each opening every seat order
/// (two for two players; three rotations for three).
///
/// Nothing is stored per game: a game is computed from its number when asked for, so a
/// schedule of `usize::MAX` games costs no more memory than one of ten, and a shard
/// ([`Schedule::shard`]) is an iterator over its own games only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    players: usize,
    engines: usize,
    games: usize,
}

impl Schedule {
    /// The schedule of `games` games with `engines` engine names for a game of `players` seats.
    pub fn new(players: usize, engines: usize, games: usize) -> Schedule {
        Schedule {
            players: players.max(1),
            engines: engines.max(1),
            games,
        }
    }

    /// Games in the whole schedule.
    pub fn len(&self) -> usize {
        self.games
    }

    /// Whether the schedule has no game.
    pub fn is_empty(&self) -> bool {
        self.games == 0
    }

    /// Game number `index`, or `None` past the end of the schedule.
    pub fn game(&self, index: usize) -> Option<ScheduledGame> {
        if index >= self.games {
            return None;
        }
        let players = self.players;
        let turn = index % players;
        let seats = (0..players)
            .map(|seat| ((seat + players - turn) % players).min(self.engines - 1))
            .collect();
        Some(ScheduledGame {
            index,
            opening: index / players,
            seats,
        })
    }

    /// The games of shard `shard` (from 1) of `shards`: every `shards`-th game, so each shard
    /// gets a fair mix of seat orders. The shards of one schedule are disjoint and together
    /// make the whole. The games are made one by one as the iterator is read.
    ///
    /// # Panics
    /// When `shard` is not from 1 to `shards` (the `match` tool checks `--shard` first).
    pub fn shard(&self, shard: usize, shards: usize) -> Shard {
        assert!(
            (1..=shards).contains(&shard),
            "shard {shard} of {shards}: a shard is numbered from 1 to the number of shards"
        );
        let first = shard - 1;
        let len = if first < self.games {
            (self.games - first - 1) / shards + 1
        } else {
            0
        };
        Shard {
            schedule: *self,
            first,
            step: shards,
            next: 0,
            len,
        }
    }
}

/// The games of one shard of a [`Schedule`], made as they are read.
#[derive(Clone, Debug)]
pub struct Shard {
    schedule: Schedule,
    first: usize,
    step: usize,
    /// How many games of the shard were read.
    next: usize,
    /// How many games the shard has.
    len: usize,
}

impl Shard {
    /// The `k`-th game of the shard (from 0), or `None` past its end.
    pub fn get(&self, k: usize) -> Option<ScheduledGame> {
        if k >= self.len {
            return None;
        }
        // k < len, so first + k * step is a game of the schedule: no overflow.
        self.schedule.game(self.first + k * self.step)
    }

    /// Games in the shard (read or not).
    pub fn total(&self) -> usize {
        self.len
    }
}

impl Iterator for Shard {
    type Item = ScheduledGame;

    fn next(&mut self) -> Option<ScheduledGame> {
        let game = self.get(self.next)?;
        self.next += 1;
        Some(game)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.len - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Shard {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_schedules_alternate_seats_on_each_opening() {
        let schedule = Schedule::new(2, 2, 4);
        let seats: Vec<_> = schedule.shard(1, 1).map(|g| (g.opening, g.seats)).collect();
        assert_eq!(
            seats,
            [
                (0, vec![0, 1]),
                (0, vec![1, 0]),
                (1, vec![0, 1]),
                (1, vec![1, 0])
            ]
        );
    }

    #[test]
    fn three_seats_rotate_and_two_names_fill_them() {
        let schedule = Schedule::new(3, 2, 3);
        let seats: Vec<_> = schedule.shard(1, 1).map(|g| g.seats).collect();
        assert_eq!(seats, [vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0]]);
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_schedule() {
        let schedule = Schedule::new(2, 2, 11);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|s| schedule.shard(s, 3).map(|g| g.index))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..11).collect::<Vec<_>>());
    }

    #[test]
    fn a_schedule_of_every_usize_is_made_lazily_one_game_at_a_time() {
        // 2^64 - 1 games: only the games read are made, and the shard knows its length.
        let schedule = Schedule::new(2, 2, usize::MAX);
        let mut shard = schedule.shard(2, 2);
        assert_eq!(shard.total(), usize::MAX / 2);
        let first: Vec<usize> = shard.by_ref().take(3).map(|g| g.index).collect();
        assert_eq!(first, [1, 3, 5]);
        assert_eq!(shard.len(), usize::MAX / 2 - 3);
        let last = schedule
            .shard(1, 2)
            .get(usize::MAX / 2)
            .expect("the last game");
        assert_eq!(last.index, usize::MAX - 1);
        assert_eq!(schedule.shard(1, 2).get(usize::MAX / 2 + 1), None);
        // A shard beyond the games is empty.
        assert_eq!(Schedule::new(2, 2, 3).shard(5, 7).count(), 0);
    }
}
