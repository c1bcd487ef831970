"""The batched vector environment against the single environments stepped one by one."""
import pickle

import gymnasium as gym
import numpy as np
import pytest

import execplace


@pytest.mark.filterwarnings("ignore:.*runs episode s mod")  # the default split has one workload
def test_a_batch_steps_as_its_environments_one_by_one():
    n = 4
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=n, workload="tpds-burst", mask=True)
    singles = [execplace.ExecplaceEnv("tpds", workload="tpds-burst", mask=True) for _ in range(n)]
    obs, info = vec.reset(seed=20)
    episode = [20 + i for i in range(n)]
    single_obs = [singles[i].reset(seed=episode[i])[0] for i in range(n)]
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(2000):
        assert obs.tobytes() == np.stack(single_obs).tobytes()
        masks = info["action_mask"]
        assert (masks.astype(bool) == np.stack([s.action_masks() for s in singles])).all()
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i in range(n):
            o, r, te, tr, _ = singles[i].step(int(actions[i]))
            assert rewards[i] == r and terminated[i] == te and truncated[i] == tr
            if te or tr:
                ended += 1
                episode[i] += n
                o, _ = singles[i].reset(seed=episode[i])
            single_obs[i] = o
    assert ended >= n


def test_gymnasiums_make_vec_gives_the_batched_environment():
    vec = gym.make_vec("execplace/Tpds-v0", num_envs=3, vectorization_mode="vector_entry_point",
                       workload="tpds-burst", mask=True)
    assert isinstance(vec.unwrapped, execplace.ExecplaceVectorEnv)
    obs, info = vec.reset(seed=0)
    assert obs.shape == (3, vec.single_observation_space.shape[0])
    obs, rewards, terminated, truncated, info = vec.step(np.argmax(info["action_mask"], axis=1))
    assert rewards.shape == (3,)


def _step_side_by_side(vecs, seed, steps=1500):
    """Steps two batches with the same random allowed actions and asserts that they give the same
    values, byte for byte: observations, masks, rewards, flags, outcomes and final observations.
    Returns the last step's results of both and how many episodes ended."""
    results = [v.reset(seed=0) for v in vecs]
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(steps):
        (obs, info), (obs2, info2) = [(r[0], r[-1]) for r in results]  # after reset and after a step
        assert obs.tobytes() == obs2.tobytes()
        assert info["action_mask"].tobytes() == info2["action_mask"].tobytes()
        masks = info["action_mask"]
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        results = [v.step(actions) for v in vecs]
        for a, b in zip(results[0][1:4], results[1][1:4]):  # rewards, terminated, truncated
            assert a.tobytes() == b.tobytes()
        if "outcome" in results[0][-1]:
            ended += int(results[0][-1]["_outcome"].sum())
            one, two = results[0][-1], results[1][-1]
            assert list(one["outcome"]) == list(two["outcome"])
            assert (one["_final_obs"] == two["_final_obs"]).all()
            assert np.stack(one["final_obs"][one["_final_obs"]]).tobytes() == \
                np.stack(two["final_obs"][two["_final_obs"]]).tobytes()
    return results, ended


def test_two_java_threads_step_the_batch_as_one_does():
    n = 9  # odd: the halves differ in size
    vecs = [execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=t, workload="tpds-burst", workload_seeds=3)
            for t in (1, 2)]
    assert [v.threads for v in vecs] == [1, 2]
    _, ended = _step_side_by_side(vecs, seed=11)
    assert ended > n
    for v in vecs:
        v.close()


def test_views_step_as_copies_do_and_cannot_be_written():
    n = 6
    vecs = [execplace.ExecplaceVectorEnv("tpds", num_envs=n, copy=c, workload="tpds-burst", workload_seeds=3)
            for c in (True, False)]
    results, ended = _step_side_by_side(vecs, seed=5)
    assert ended > n
    for copied, view in zip(results[0][:4], results[1][:4]):  # observations, rewards, terminated, truncated
        assert copied.flags.writeable and not view.flags.writeable
    assert not results[1][-1]["action_mask"].flags.writeable
    view = results[1][0]
    with pytest.raises(ValueError, match="read-only"):
        view[0, 0] = 1.0
    before = view.copy()
    vecs[1].step(np.argmax(results[1][-1]["action_mask"], axis=1))
    assert view.tobytes() != before.tobytes()  # a view: the next step rewrote it in place


def test_copy_is_a_boolean_that_a_pickled_copy_keeps():
    with pytest.raises(ValueError, match="copy must be True or False"):
        execplace.ExecplaceVectorEnv("tpds", num_envs=2, copy=0, workload="tpds-burst")
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2, copy=False, workload="tpds-burst")
    twin = pickle.loads(pickle.dumps(vec))
    assert twin.copy is False and not twin.reset(seed=0)[0].flags.writeable


@pytest.mark.parametrize("threads", [0, 3, True, 1.0])
def test_a_thread_count_other_than_one_or_two_is_refused(threads):
    with pytest.raises(ValueError, match="threads must be 1, or 2"):
        execplace.ExecplaceVectorEnv("tpds", num_envs=4, threads=threads, workload="tpds-burst")


def _java_outcome(o):
    """Java's EpisodeOutcome read field by field (the path the outcome rows replaced)."""
    def undefined_as_none(x):
        return None if x != x else float(x)
    return {"completed": bool(o.completed()),
            "end_event": None if o.endEvent() is None else str(o.endEvent().name()),
            "episode_reward": undefined_as_none(o.episodeReward()), "cost": undefined_as_none(o.cost()),
            "mean_duration": undefined_as_none(o.meanDuration()),
            "mean_turnaround": undefined_as_none(o.meanTurnaround()),
            "deadline_met_percent": undefined_as_none(o.deadlineMetPercent()),
            "jobs_placed": int(o.jobsPlaced()), "jobs": int(o.jobs()), "jobs_dropped": int(o.jobsDropped()),
            "good_placements": int(o.goodPlacements()), "waits": int(o.waits())}


def test_outcomes_of_episodes_ending_in_one_step_are_javas_field_by_field():
    # Unmasked random actions end several episodes a step, as an untrained agent does: the outcomes
    # are converted together (from_rows), and each must be the Java outcome of its own environment.
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=16, workload="tpds-burst", workload_seeds=3)
    vec.reset(seed=0)
    rng = np.random.default_rng(3)
    steps_with_several, events = 0, set()
    for _ in range(400):
        obs, rewards, terminated, truncated, info = vec.step(rng.integers(0, vec.single_action_space.n, 16))
        ended = np.flatnonzero(terminated | truncated)
        if len(ended) == 0:
            assert "outcome" not in info
            continue
        steps_with_several += len(ended) > 1
        for i in ended:
            outcome = info["outcome"][i]
            assert outcome == _java_outcome(vec._batch.endedOutcome(int(i)))
            assert type(outcome["jobs_placed"]) is int and type(outcome["completed"]) is bool
            events.add(outcome["end_event"])
        assert all(info["outcome"][i] is None for i in np.flatnonzero(~(terminated | truncated)))
    assert steps_with_several > 10 and len(events) >= 2


@pytest.mark.parametrize("copy", [True, False])
def test_random_allowed_actions_drawn_in_java_are_allowed_deterministic_and_reported(copy):
    n = 8
    runs = []
    for _ in range(2):
        vec = execplace.ExecplaceVectorEnv("tpds", num_envs=n, copy=copy, workload="tpds-burst", workload_seeds=3,
                                           mask=True)
        obs, info = vec.reset(seed=4)
        taken, ended = [], 0
        for step in range(600):
            masks = np.array(info["action_mask"])
            drawn = np.array(vec.sample_allowed())
            assert drawn.dtype == np.int64 and masks[np.arange(n), drawn].all()  # never a masked-out action
            obs, rewards, terminated, truncated, info = vec.step_random()
            assert (info["actions"] == drawn).all()  # the step took what sample_allowed said it would
            assert (rewards > -200).all()  # the refusal penalty of a masked-out action never comes
            ended += int((terminated | truncated).sum())
            taken.append(drawn)
        assert ended > 0 and len(np.unique(np.concatenate(taken))) > 2
        if not copy:
            assert not info["actions"].flags.writeable and not vec.sample_allowed().flags.writeable
        runs.append(np.stack(taken))
    assert (runs[0] == runs[1]).all()  # same seed, same actions


def test_sampled_actions_step_as_the_same_actions_given_do():
    n = 4
    sampled = execplace.ExecplaceVectorEnv("tpds", num_envs=n, workload="tpds-burst", workload_seeds=3)
    given = execplace.ExecplaceVectorEnv("tpds", num_envs=n, workload="tpds-burst", workload_seeds=3)
    sampled.reset(seed=1)
    given.reset(seed=1)
    for _ in range(300):
        a = sampled.step_random()
        b = given.step(a[4]["actions"])
        assert all(x.tobytes() == y.tobytes() for x, y in zip(a[:4], b[:4]))
    sampled.close()
    for call in (sampled.step_random, sampled.sample_allowed):
        with pytest.raises(RuntimeError, match="closed"):
            call()
