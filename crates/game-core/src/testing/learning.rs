//! The checks of the learning interfaces ([`Actions`], [`Symmetries`], [`Observe`]): see
//! [the learning checks](super#the-learning-checks) in the kit's docs.

use std::collections::HashSet;

use crate::{perft, Actions, Game, Observe, Outcome, Rng, Symmetries};

/// Action ids checked per position for `action_move(id) == None` beyond the legal ones: all
/// of them when [`Actions::num_actions`] is at most this, else this many, spread evenly over
/// the range (with a seeded offset) so that a long random game still covers every region.
pub const IDS_CHECKED_PER_POSITION: usize = 1 << 14;

/// Legal moves per position and symmetry for which the checks that play (the move commutes
/// with the symmetry) and map action ids are made, at most: spread evenly over the move list.
/// The one-to-one mapping of the moves is checked on all of them.
pub const MOVES_PLAYED_PER_SYMMETRY: usize = 64;

/// The positions of one seeded random game from `start`: `start` and the positions after each
/// of up to `plies` random legal moves (the game stops early when it ends).
fn random_game<G: Game>(start: G, plies: usize, seed: u64) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut positions = vec![start];
    let mut moves = Vec::new();
    let mut pos = start;
    for _ in 0..plies {
        pos.legal_moves_into(&mut moves);
        match rng.choose(&moves) {
            Some(&mv) => pos.play_unchecked(mv),
            None => break,
        }
        positions.push(pos);
    }
    positions
}

/// Every position of the legal-move tree of `pos` down to `depth` plies, `pos` first.
fn tree<G: Game>(pos: G, depth: u32, out: &mut Vec<G>) {
    out.push(pos);
    if depth > 0 {
        for mv in pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(mv);
            tree(child, depth - 1, out);
        }
    }
}

/// Indices `0..len`, all of them when `len <= limit`, else `limit` of them spread evenly with
/// an offset drawn from `rng`.
fn spread(len: usize, limit: usize, rng: &mut Rng) -> Vec<usize> {
    if len <= limit {
        (0..len).collect()
    } else {
        let offset = rng.below(len / limit);
        (0..limit).map(|i| i * len / limit + offset).collect()
    }
}

/// Checks the action ids along a seeded random game of up to `plies` plies from `start`
/// (`plies` 0 checks `start` alone); see [the learning checks](super#the-learning-checks).
///
/// # Panics
/// On the first failed check, naming the position and the move or id.
pub fn check_actions<G: Actions>(start: G, plies: usize, seed: u64) {
    let num_actions = start.num_actions();
    let mut rng = Rng::new(seed ^ 0x5eed_ac71_0000_0000);
    for pos in random_game(start, plies, seed) {
        check_actions_at(&pos, num_actions, &mut rng);
    }
}

/// Checks the action ids in every position of the legal-move tree of `start` down to `depth`
/// plies; see [the learning checks](super#the-learning-checks).
///
/// # Panics
/// On the first failed check, naming the position and the move or id.
pub fn check_actions_tree<G: Actions>(start: G, depth: u32) {
    let num_actions = start.num_actions();
    let mut rng = Rng::new(u64::from(depth));
    let mut positions = Vec::new();
    tree(start, depth, &mut positions);
    for pos in positions {
        check_actions_at(&pos, num_actions, &mut rng);
    }
}

/// The action-id checks in one position.
fn check_actions_at<G: Actions>(pos: &G, num_actions: usize, rng: &mut Rng) {
    assert_eq!(
        pos.num_actions(),
        num_actions,
        "{pos}: num_actions differs from the start position's"
    );
    let moves = pos.legal_moves();
    let mut is_legal_id = vec![false; num_actions];
    let mut ids = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let id = pos.action_id(mv);
        let text = pos.move_text(mv);
        assert!(
            id < num_actions,
            "{pos}: the id {id} of {text} is not below num_actions {num_actions}"
        );
        assert!(
            !is_legal_id[id],
            "{pos}: two legal moves have the id {id} (one is {text})"
        );
        is_legal_id[id] = true;
        assert_eq!(
            pos.action_move(id),
            Some(mv),
            "{pos}: action_move({id}) is not {text}, whose id it is"
        );
        ids.push(id);
    }
    for id in spread(num_actions, IDS_CHECKED_PER_POSITION, rng) {
        if !is_legal_id[id] {
            if let Some(mv) = pos.action_move(id) {
                panic!(
                    "{pos}: action_move({id}) is {}, but no legal move has that id",
                    pos.move_text(mv)
                );
            }
        }
    }
    for id in [
        num_actions,
        num_actions + 1,
        num_actions * 2 + 7,
        usize::MAX,
    ] {
        assert_eq!(
            pos.action_move(id),
            None,
            "{pos}: action_move({id}) is out of range"
        );
    }

    let mut listed = vec![usize::MAX; 3];
    pos.legal_actions_into(&mut listed);
    assert_eq!(
        listed, ids,
        "{pos}: legal_actions_into differs from the ids of legal_moves"
    );
    for fill in [true, false] {
        let mut mask = vec![fill; num_actions];
        pos.legal_action_mask(&mut mask);
        if let Some(id) = (0..num_actions).find(|&id| mask[id] != is_legal_id[id]) {
            panic!(
                "{pos}: the mask says {} for id {id}, which is {}the id of a legal move",
                mask[id],
                if is_legal_id[id] { "" } else { "not " }
            );
        }
    }
}

/// Checks the symmetries along a seeded random game of up to `plies` plies from `start`
/// (`plies` 0 checks `start` alone), with perft counts of `perft_depth` in every position of
/// it; see [the learning checks](super#the-learning-checks). A `perft_depth` of 1 or 2 keeps the check quick.
///
/// # Panics
/// On the first failed check, naming the position, the symmetry and the move.
pub fn check_symmetries<G: Actions + Symmetries>(
    start: G,
    plies: usize,
    seed: u64,
    perft_depth: u32,
) {
    let count = start.symmetry_count();
    assert!(
        count >= 1,
        "{start}: symmetry_count is 0 (the identity counts)"
    );
    for pos in random_game(start, plies, seed) {
        check_symmetries_at(&pos, count, perft_depth);
    }
}

/// The symmetry checks in one position.
fn check_symmetries_at<G: Actions + Symmetries>(pos: &G, count: usize, perft_depth: u32) {
    assert_eq!(
        pos.symmetry_count(),
        count,
        "{pos}: symmetry_count differs from the start's"
    );
    assert_eq!(
        pos.map_position(0),
        *pos,
        "{pos}: symmetry 0 is not the identity"
    );
    let moves = pos.legal_moves();
    for &mv in &moves {
        assert_eq!(
            pos.map_move(0, mv),
            mv,
            "{pos}: symmetry 0 changes the move {}",
            pos.move_text(mv)
        );
    }
    let images: Vec<G> = (0..count).map(|s| pos.map_position(s)).collect();
    let canonical = pos.canonical_key();
    let nodes = perft(pos, perft_depth).expect("a small perft depth");
    let size = pos.board_size();

    for (symmetry, image) in images.iter().enumerate() {
        let at = format!("{pos}: symmetry {symmetry} (image {image})");
        // The players: a permutation of PLAYERS, the side to move and the outcome mapped.
        let mapped: HashSet<G::Player> = G::PLAYERS
            .iter()
            .map(|&p| pos.map_player(symmetry, p))
            .collect();
        assert_eq!(
            mapped.len(),
            G::PLAYERS.len(),
            "{at}: map_player is not one to one"
        );
        assert!(
            mapped.iter().all(|p| G::PLAYERS.contains(p)),
            "{at}: map_player gives a player not in PLAYERS"
        );
        assert_eq!(
            image.to_move(),
            pos.map_player(symmetry, pos.to_move()),
            "{at}: the side to move is not mapped"
        );
        let outcome = pos.outcome().map(|outcome| match outcome {
            Outcome::Winner { player, reason } => Outcome::Winner {
                player: pos.map_player(symmetry, player),
                reason,
            },
            draw @ Outcome::Draw { .. } => draw,
        });
        assert_eq!(image.outcome(), outcome, "{at}: the outcome is not mapped");

        // The image is a sound position of the same board.
        assert_eq!(image.board_size(), size, "{at}: the board size changed");
        assert_eq!(
            image.num_actions(),
            pos.num_actions(),
            "{at}: num_actions changed"
        );
        assert_eq!(
            image.hash_key(),
            image.fresh_hash_key(),
            "{at}: a stale hash key"
        );
        let text = image.to_string();
        assert_eq!(
            G::parse_position(&text, size).ok(),
            Some(*image),
            "{at}: the image's text does not read back"
        );
        assert_eq!(
            image.canonical_key(),
            canonical,
            "{at}: another canonical key"
        );

        // The group: the image's images are images, and one of them is the position.
        for back in 0..count {
            let twice = image.map_position(back);
            assert!(
                images.contains(&twice),
                "{at}: its image by symmetry {back} ({twice}) is no image of the position"
            );
        }
        assert!(
            (0..count).any(|back| image.map_position(back) == *pos),
            "{at}: no symmetry maps the image back"
        );

        // The moves: one to one onto the image's legal moves.
        let image_moves: HashSet<G::Move> = image.legal_moves().into_iter().collect();
        let mut seen = HashSet::with_capacity(moves.len());
        for &mv in &moves {
            let to = pos.map_move(symmetry, mv);
            assert!(
                image_moves.contains(&to),
                "{at}: {} maps to {}, not a legal move of the image",
                pos.move_text(mv),
                image.move_text(to)
            );
            assert!(
                seen.insert(to),
                "{at}: two moves map to {}, {} one of them",
                image.move_text(to),
                pos.move_text(mv)
            );
        }
        assert_eq!(
            seen.len(),
            image_moves.len(),
            "{at}: the image has legal moves that no move maps to"
        );

        // Playing commutes with the symmetry; action ids map as map_action says.
        let mut rng = Rng::new(symmetry as u64);
        for index in spread(moves.len(), MOVES_PLAYED_PER_SYMMETRY, &mut rng) {
            let mv = moves[index];
            let to = pos.map_move(symmetry, mv);
            let (mut after, mut image_after) = (*pos, *image);
            after.play_unchecked(mv);
            image_after.play_unchecked(to);
            assert_eq!(
                after.map_position(symmetry),
                image_after,
                "{at}: playing {} and mapping differs from mapping and playing {}",
                pos.move_text(mv),
                image.move_text(to)
            );
            assert_eq!(
                pos.map_action(symmetry, pos.action_id(mv)),
                Some(image.action_id(to)),
                "{at}: map_action of the id of {}",
                pos.move_text(mv)
            );
        }
        assert_eq!(
            pos.map_action(symmetry, pos.num_actions()),
            None,
            "{at}: map_action of an id out of range"
        );

        assert_eq!(
            perft(image, perft_depth).expect("a small perft depth"),
            nodes,
            "{at}: perft {perft_depth} differs"
        );
    }
}

/// Checks the observations along a seeded random game of up to `plies` plies from `start`
/// (`plies` 0 checks `start` alone); see [the learning checks](super#the-learning-checks).
///
/// # Panics
/// On the first failed check, naming the position, the player, the symmetry and the entry.
pub fn check_observation<G: Observe + Symmetries>(start: G, plies: usize, seed: u64) {
    let shape = start.observation_shape();
    for pos in random_game(start, plies, seed) {
        check_observation_at(&pos, shape);
    }
}

/// The observation checks in one position.
fn check_observation_at<G: Observe + Symmetries>(pos: &G, shape: [usize; 3]) {
    assert_eq!(
        pos.observation_shape(),
        shape,
        "{pos}: the shape differs from the start's"
    );
    let [planes, rows, columns] = shape;
    let cells = rows * columns;
    let len = planes * cells;
    assert!(len > 0, "{pos}: an empty observation shape {shape:?}");

    // The board cells: those the identity maps (onto themselves).
    let on_board: Vec<bool> = (0..cells)
        .map(|cell| {
            let (row, column) = (cell / columns, cell % columns);
            match pos.map_cell(0, row, column) {
                Some(to) => {
                    assert_eq!(
                        to,
                        (row, column),
                        "{pos}: symmetry 0 moves cell {row},{column}"
                    );
                    true
                }
                None => false,
            }
        })
        .collect();
    for symmetry in 0..pos.symmetry_count() {
        let mut hit = vec![false; cells];
        for cell in 0..cells {
            let (row, column) = (cell / columns, cell % columns);
            match (on_board[cell], pos.map_cell(symmetry, row, column)) {
                (true, Some((to_row, to_column))) => {
                    let to = to_row * columns + to_column;
                    assert!(
                        to_row < rows && to_column < columns && on_board[to],
                        "{pos}: symmetry {symmetry} maps cell {row},{column} off the board"
                    );
                    assert!(
                        !hit[to],
                        "{pos}: symmetry {symmetry} maps two cells onto {to_row},{to_column}"
                    );
                    hit[to] = true;
                }
                (false, None) => {}
                (true, None) => {
                    panic!("{pos}: symmetry {symmetry} maps board cell {row},{column} nowhere")
                }
                (false, Some(_)) => {
                    panic!("{pos}: symmetry {symmetry} maps off-board cell {row},{column}")
                }
            }
        }
    }

    let mut observation = vec![0.0_f32; len];
    let mut again = vec![0.0_f32; len];
    let mut mapped = vec![0.0_f32; len];
    let mut expected = vec![0.0_f32; len];
    for &player in G::PLAYERS {
        observation.fill(f32::NAN);
        pos.observe(player, &mut observation);
        again.fill(-7.5);
        pos.observe(player, &mut again);
        for (index, (&value, &second)) in observation.iter().zip(&again).enumerate() {
            let (plane, row, column) = (index / cells, index % cells / columns, index % columns);
            let at = format!("{pos}: for {player}, plane {plane}, cell {row},{column}");
            assert!(value.is_finite(), "{at} is {value} (not written?)");
            assert_eq!(value, second, "{at} depends on what the buffer held");
            if !on_board[index % cells] {
                assert_eq!(value, 0.0, "{at} is off the board but not 0");
            }
        }
        for symmetry in 0..pos.symmetry_count() {
            let image = pos.map_position(symmetry);
            let image_player = pos.map_player(symmetry, player);
            assert_eq!(
                image.observation_shape(),
                shape,
                "{pos}: symmetry {symmetry} changes the observation's shape"
            );
            pos.map_observation(symmetry, &observation, &mut expected);
            mapped.fill(f32::NAN);
            image.observe(image_player, &mut mapped);
            if let Some(index) = (0..len).find(|&i| mapped[i] != expected[i]) {
                let (plane, row, column) =
                    (index / cells, index % cells / columns, index % columns);
                panic!(
                    "{pos}: symmetry {symmetry}: the image {image} seen by {image_player} has \
                     {} at plane {plane}, cell {row},{column}, but the mapped observation of \
                     {player} has {} there",
                    mapped[index], expected[index]
                );
            }
        }
    }
}
