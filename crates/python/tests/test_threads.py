"""The Rust work runs with the GIL released: a short sleep in the main thread ends on time
while a long call runs in another thread. (A call that kept the GIL would keep the sleeper
from waking until the call returned.)"""

import threading
import time

import boardrules


def sleep_during(work, nap=0.05):
    """Runs `work` in another thread and sleeps `nap` seconds meanwhile; returns how long the
    sleep took and how long the work took."""
    took = {}

    def worker():
        start = time.perf_counter()
        work()
        took["work"] = time.perf_counter() - start

    thread = threading.Thread(target=worker)
    start = time.perf_counter()
    thread.start()
    # The worker enters the call (in microseconds) while this thread sleeps; waking needs the
    # GIL back.
    time.sleep(nap)
    slept = time.perf_counter() - start
    thread.join()
    return slept, took["work"]


def test_engine_search_releases_the_gil():
    game = "cheversi" if "cheversi" in boardrules.games() else boardrules.games()[-1]
    state = boardrules.new_game(game)
    engine = boardrules.engine("mcts", game, seed=1)
    slept, work = sleep_during(lambda: engine.search(state, time_ms=600))
    assert work > 0.5, "the search ran long enough to tell"
    assert slept < work / 2, (slept, work)


def test_batch_step_releases_the_gil():
    # The step must last long enough to tell a released GIL (the sleep ends on time) from a
    # held one (the sleep lasts as long as the step), on a fast machine too: the batch grows
    # until one step takes a tenth of a second.
    n = 400_000
    while True:
        batch = boardrules.Batch(boardrules.games()[0], n, seed=1)
        batch.step(batch.random_actions(), copy=False)
        actions = batch.random_actions()
        slept, work = sleep_during(lambda: batch.step(actions, copy=False), nap=0.01)
        if work > 0.1 or n >= 3_200_000:
            break
        n *= 2
    assert work > 0.05, ("the step ran long enough to tell", n, work)
    assert slept < 0.01 + work / 2, (slept, work)


def test_batched_search_releases_the_gil_while_rust_works():
    # One simulation over many games: a long selection in Rust before the one evaluator call.
    # The sleeper must wake during the selection, well before the evaluator is called (a
    # held GIL would keep it asleep until then).
    import numpy as np

    called = {}

    def evaluator(observations, masks):
        called.setdefault("at", time.perf_counter())
        return masks, np.zeros((len(masks), 2), np.float32)

    n = 50_000
    while True:
        called.clear()
        batch = boardrules.Batch("kvarn3", n, seed=1)
        start = time.perf_counter()
        slept, _ = sleep_during(lambda: batch.mcts(evaluator, simulations=1), nap=0.01)
        selecting = called["at"] - start
        if selecting > 0.1 or n >= 800_000:
            break
        n *= 2
    assert selecting > 0.05, ("the selection ran long enough to tell", n, selecting)
    assert slept < 0.01 + selecting / 2, (slept, selecting)
