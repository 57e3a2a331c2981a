"""Batched PUCT with a Python evaluator (`boardrules.mcts`, `Batch.mcts`), and the searches
that once hung, under a watchdog so that a hang fails instead of blocking the run.

The evaluators are written here: a uniform prior with a value that knows nothing (so only the
finished games the trees reach tell the search anything), and ones that break the contract."""

import random
import threading

import numpy as np
import pytest

import boardrules

# The longest any call below may take before the watchdog calls it hung (the slowest is the
# Gymnasium loop on a loaded machine, normally about a second).
DEADLINE = 60.0


def kvarn3(moves=""):
    state = boardrules.new_game("kvarn3")
    for move in moves.split():
        state.play(move)
    return state


class Uniform:
    """A uniform prior over the legal actions and a value of 0 for every player; records the
    batch sizes it was called with and checks what it is given."""

    def __init__(self, players=2):
        self.players = players
        self.batches = []

    def __call__(self, observations, masks):
        assert observations.dtype == np.float32 and masks.dtype == np.bool_
        assert observations.shape[0] == masks.shape[0] >= 1
        # A leaf handed out always has a legal move: finished games are valued by the rules.
        assert masks.any(axis=1).all()
        self.batches.append(len(masks))
        return masks.astype(np.float32), np.zeros((len(masks), self.players), np.float32)


def within_deadline(work, deadline=DEADLINE):
    """Runs `work` in a daemon thread and fails if it has not returned by `deadline` seconds
    (a hung search cannot be stopped, but it no longer holds the test run)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = work()
        except BaseException as error:  # reported in the test's own thread
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(deadline)
    assert not thread.is_alive(), f"still running after {deadline} s: the call hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# --- what the batched search finds -------------------------------------------------------


def test_it_wins_in_one_and_blocks_a_win_in_one_with_a_uniform_evaluator():
    # White has c1 and c3: c2 completes the column. After Black's b3 White wins with c2;
    # before it Black must take c2 himself.
    win, block = kvarn3("c1 a1 c3 b3"), kvarn3("c1 a1 c3")
    for seed in range(4):
        results = boardrules.mcts([win, block], Uniform(), simulations=100, seed=seed, temperature=0)
        assert [r.move for r in results] == ["c2", "c2"], seed
        assert results[0].action == win.move_to_action("c2")
    # The win is known exactly: White's value 1, Black's -1.
    assert results[0].value.tolist() == [1.0, -1.0]
    assert results[0].score == ("reward", 1.0)


def test_results_hold_the_visit_policy_and_the_value():
    state = kvarn3("b2")
    (result,) = boardrules.mcts([state], Uniform(), simulations=50, seed=3)
    assert set(result.visits) == set(state.legal_moves())
    assert sum(result.visits.values()) == 49  # the root's own simulation visits no child
    policy = result.policy
    assert policy.dtype == np.float32 and policy.shape == (state.num_actions,)
    assert abs(policy.sum() - 1) < 1e-6
    for move, visits in result.visits.items():
        assert policy[state.move_to_action(move)] == pytest.approx(visits / 49)
    assert result.move in state.legal_moves()
    assert result.value.dtype == np.float32 and result.value.shape == (2,)


def test_the_same_seed_gives_the_same_search():
    states = [kvarn3(), kvarn3("b2"), kvarn3("b2 a1 c3")]

    def run(seed):
        results = boardrules.mcts(
            states, Uniform(), simulations=80, root_noise=(0.3, 0.25), seed=seed
        )
        return [(r.move, sorted(r.visits.items()), r.value.tolist()) for r in results]

    assert run(7) == run(7)
    assert any(run(s) != run(7) for s in range(3)), "the seed drives the noise and the choice"


def test_the_leaves_of_all_searches_are_valued_in_one_call():
    evaluator = Uniform()
    states = [kvarn3(), kvarn3("b2"), kvarn3("a1"), kvarn3("b2 a1")]
    boardrules.mcts(states, evaluator, simulations=30)
    assert max(evaluator.batches) == 4
    assert len(evaluator.batches) <= 30


def test_finished_games_in_the_tree_are_valued_by_the_rules():
    # After c1 a1 c3 b3 White wins at once: the root is solved after a few simulations and the
    # rest end at the known value, without a leaf for the evaluator.
    evaluator = Uniform()
    (result,) = boardrules.mcts([kvarn3("c1 a1 c3 b3")], evaluator, simulations=200)
    assert sum(result.visits.values()) == 199
    assert sum(evaluator.batches) < 50


def test_a_finished_game_has_no_move():
    over = kvarn3("c1 a1 c3 b3 c2")
    evaluator = Uniform()
    results = boardrules.mcts([over, kvarn3()], evaluator, simulations=10)
    assert results[0].move is None and results[0].action is None
    assert results[0].value is None and results[0].visits == {}
    assert results[1].move is not None
    assert max(evaluator.batches) == 1


def test_temperature_zero_plays_the_most_visited_move():
    state = kvarn3()
    for seed in range(3):
        (result,) = boardrules.mcts([state], Uniform(), simulations=60, seed=seed, temperature=0)
        most = max(result.visits.values())
        assert result.visits[result.move] == most


def test_three_players_and_every_game(game):
    state = boardrules.new_game(game)
    evaluator = Uniform(players=state.num_players)
    results = boardrules.mcts([state, state.clone()], evaluator, simulations=8, max_nodes=200_000)
    for result in results:
        assert result.move in state.legal_moves()
        assert result.value.shape == (state.num_players,)


def test_a_batch_is_searched_as_its_games_states_with_their_history():
    # The same random games in a batch and as states: the same seed gives the same searches,
    # history draws included (Kvarn3's games repeat positions).
    n, rng = 4, random.Random(2)
    batch = boardrules.Batch("kvarn3", n, seed=1)
    states = [boardrules.new_game("kvarn3") for _ in range(n)]
    for _ in range(40):
        actions = [rng.choice(s.legal_actions()) for s in states]
        _, _, _, done, _ = batch.step(actions)
        for i, state in enumerate(states):
            state.play_action(actions[i])
            if done[i]:
                states[i] = boardrules.new_game("kvarn3")
    by_batch = batch.mcts(Uniform(), simulations=40, seed=5)
    by_states = boardrules.mcts(states, Uniform(), simulations=40, seed=5)
    assert [sorted(r.visits.items()) for r in by_batch] == [
        sorted(r.visits.items()) for r in by_states
    ]
    assert [r.action for r in by_batch] == [r.action for r in by_states]
    batch.step([r.action for r in by_batch])


def one_move_from_a_repetition(seed):
    """A Kvarn3 game where some legal move repeats a position for the third time: random
    moves, preferring those that go back to a position seen before."""
    rng = random.Random(seed)
    state, seen = boardrules.new_game("kvarn3"), set()
    while not state.is_over():
        seen.add(state.hash_key())
        back, drawing = [], []
        for move in state.legal_moves():
            after = state.clone()
            after.play(move)
            if after.outcome() == "draw (repetition)":
                drawing.append(move)
            elif after.hash_key() in seen and not after.is_over():
                back.append(move)
        if drawing:
            return state, drawing
        state.play(rng.choice(back or state.legal_moves()))
    return None, []


def test_a_position_repeated_a_third_time_never_reaches_the_evaluator():
    # The position one move away has occurred twice since the last placement: any line of
    # the tree that reaches it again is a draw by the rules (though the position alone is not
    # over), so its observation is never handed to the evaluator.
    found = 0
    for seed in range(30):
        state, drawing = one_move_from_a_repetition(seed)
        if state is None:
            continue
        found += 1
        after = state.clone()
        after.play(drawing[0])
        assert not boardrules.from_text("kvarn3", str(after)).is_over()
        seen = []

        def recording(observations, masks):
            seen.extend(observations)
            return masks.astype(np.float32), np.zeros((len(masks), 2), np.float32)

        (result,) = boardrules.mcts([state], recording, simulations=300, seed=seed)
        assert result.visits[drawing[0]] > 0, "the tree went there"
        assert seen, "the evaluator was asked about other positions"
        assert not any(np.array_equal(obs, after.observation()) for obs in seen)
        if found == 3:
            break
    assert found == 3


def test_values_are_counted_from_the_player_to_move_at_the_leaf():
    # "The mover wins" in the evaluator's terms. One simulation values the root alone: its
    # value is the evaluator's, by player index: White's win at the start, Black's after b2.
    def mover_wins(observations, masks):
        return masks.astype(np.float32), np.tile(np.float32([1, -1]), (len(masks), 1))

    for moves, value in [("", [1, -1]), ("b2", [-1, 1])]:
        (result,) = boardrules.mcts([kvarn3(moves)], mover_wins, simulations=1)
        assert result.value.tolist() == value


def test_bad_arguments_and_evaluators_raise_python_errors():
    state = kvarn3()
    with pytest.raises(ValueError, match="simulations"):
        boardrules.mcts([state], Uniform(), simulations=0)
    with pytest.raises(ValueError, match="temperature"):
        boardrules.mcts([state], Uniform(), temperature=-1)
    with pytest.raises(ValueError, match="root_noise"):
        boardrules.mcts([state], Uniform(), root_noise=(0.0, 0.25))
    with pytest.raises(TypeError, match="callable"):
        boardrules.mcts([state], "not a function")
    with pytest.raises(ValueError, match="one game"):
        boardrules.mcts([state, boardrules.new_game("cheversi")], Uniform())
    assert boardrules.mcts([], Uniform()) == []

    class Broken(Exception):
        pass

    def raises(observations, masks):
        raise Broken("the network fell over")

    with pytest.raises(Broken, match="fell over"):
        boardrules.mcts([state], raises)
    with pytest.raises(TypeError, match="pair"):
        boardrules.mcts([state], lambda o, m: None)
    with pytest.raises(TypeError, match="pair"):
        boardrules.mcts([state], lambda o, m: (m,))
    with pytest.raises(ValueError, match="priors have shape"):
        boardrules.mcts([state], lambda o, m: (m[:, :-1], np.zeros((len(m), 2))))
    with pytest.raises(ValueError, match="values have shape"):
        boardrules.mcts([state], lambda o, m: (m, np.zeros((len(m), 3))))
    with pytest.raises(ValueError, match="finite"):
        boardrules.mcts([state], lambda o, m: (m, np.full((len(m), 2), np.nan)))
    # The state is untouched and searchable after every failure.
    assert boardrules.mcts([state], Uniform(), simulations=5)[0].move is not None


def test_priors_of_any_float_type_and_nonsense_values_are_read():
    state = kvarn3("b2")
    # float64 priors that are zero everywhere (read as uniform), values beyond -1..1 (clamped).
    (result,) = boardrules.mcts(
        [state],
        lambda o, m: (np.zeros(m.shape), np.full((len(m), 2), 5.0)),
        simulations=20,
    )
    assert result.move in state.legal_moves()


def test_a_tree_is_bounded_by_max_nodes():
    # Two nodes: the root and nothing more fits (Kvarn3 has 9 first moves), so the search
    # keeps valuing the root; it still ends and answers with a legal move.
    state = kvarn3()
    evaluator = Uniform()
    (result,) = within_deadline(
        lambda: boardrules.mcts([state], evaluator, simulations=50, max_nodes=2)
    )
    assert result.move in state.legal_moves()
    with pytest.raises(ValueError, match="max_nodes"):
        boardrules.mcts([state], Uniform(), max_nodes=1)


# --- the searches that used to hang ------------------------------------------------------


def test_an_mcts_engine_answers_where_white_wins_at_once():
    engine = boardrules.engine("mcts", "kvarn3", seed=0)
    move = within_deadline(lambda: engine.choose(kvarn3("c1 a1 c3 b3"), nodes=3000))
    assert move == "c2"


def test_an_mcts_engine_answers_a_small_node_budget_quickly():
    engine = boardrules.engine("mcts", "kvarn3", seed=0)
    state = kvarn3("b3 c1 a2 b2 c3")
    move = within_deadline(lambda: engine.choose(state, nodes=100), deadline=10)
    assert move in state.legal_moves()


def test_every_engine_plays_whole_games_under_a_node_limit(game):
    # One engine object for a whole seeded game, as a server seat or a match uses it.
    # Sundraval on a small board: its default board's opening has 100 000 moves.
    size = "5" if game == "sundraval" else None

    def play():
        for name in ["mcts", "default"]:
            engine = boardrules.engine(name, game, seed=1)
            state, rng = boardrules.new_game(game, size=size), random.Random(3)
            for ply in range(60):
                if state.is_over():
                    break
                if ply % 2 == 0:
                    state.play(engine.choose(state, nodes=300))
                else:
                    state.play_action(rng.choice(state.legal_actions()))

    within_deadline(play)


def test_a_gymnasium_episode_loop_with_an_mcts_opponent_ends():
    gymnasium = pytest.importorskip("gymnasium")
    import boardrules.gymnasium  # noqa: F401  (registers the environments)

    def episodes():
        env = gymnasium.make(
            "boardrules/Kvarn3-v0", opponent="mcts", opponent_limits={"nodes": 3000}
        )
        rng = np.random.default_rng(0)
        ends = 0
        for episode in range(6):
            observation, info = env.reset(seed=episode)
            done = False
            while not done:
                action = rng.choice(np.flatnonzero(info["action_mask"]))
                observation, reward, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            ends += 1
        return ends

    assert within_deadline(episodes) == 6
