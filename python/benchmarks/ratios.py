"""Speed as ratios measured in one process (these machines are noisy): one execplace environment and
the batched one (×64) against Gymnasium's CartPole-v1, both from ``gym.make``, and, when
Stable-Baselines3 is installed, SB3's PPO on the batched adapter against PPO on a ``DummyVecEnv`` of
as many environments, and PPO on a vector environment that does no work at all (the ceiling any
environment could reach under SB3's PPO). Within a round the contenders take turns in chunks of a
few milliseconds (PPO: one update's rollout each), so that they share the machine's load; the
median of the rounds' ratios is printed.

    python python/benchmarks/ratios.py [--rounds 5] [--seconds 3] [--ppo-steps 16384] [--policy random|first]
    python python/benchmarks/ratios.py --breakdown      # where a batched step's time goes

``--policy`` is how execplace's actions are chosen: a random allowed action (default) or the first
allowed one (episodes then differ: the batch's speed depends on them). Every side draws its random
numbers ahead and cycles them: CartPole-v1 a table of 65,536 whole numbers (action = the number's last
bit), one environment the same table (the allowed action it picks), the batch a table of a key per
environment and action for 1,024 steps (per row the allowed action with the largest key, one NumPy
expression over the whole mask batch). With random actions one more row has the batch (``copy=False``)
step with ``step_random()``: Java draws the random allowed actions in the step's own call. Each round also times Java's ``BatchedEnvs.step`` alone in the
batch's loop: what the batch would reach if its Python side and the action choice cost nothing.

PPO (``--rollout``, ``--epochs``, ``--batch-size``; the same settings on every side) reports each
run's parts: collecting rollouts, of which the vector environment's ``step_wait``, and the update.
"""
import argparse
import statistics
import time

import gymnasium as gym
import numpy as np

import execplace

SETTINGS = dict(workload="tpds-burst")
# The clock of the steps/s rows and --breakdown: wall time (perf_counter), or with --clock cpu this
# process's CPU time (process_time: all its threads), or with --clock thread this thread's (thread_time:
# the Java code its bridge calls run included), both of which leave out a loaded machine's waits for a core.
CLOCK = time.perf_counter


def one_env(env, choose):
    """A contender stepping ``env`` with actions from ``choose(info, r)`` (r: a random whole number, from
    a table drawn ahead): each call runs a chunk of steps and returns (steps, seconds)."""
    draws = np.random.default_rng(0).integers(0, 2**31, size=1 << 16).tolist()
    state = {"info": env.reset(seed=0)[1], "steps": 0}

    def chunk(steps=100):
        info, done = state["info"], state["steps"]
        t0 = CLOCK()
        for k in range(done, done + steps):
            obs, reward, terminated, truncated, info = env.step(choose(info, draws[k & 0xFFFF]))
            if terminated or truncated:
                obs, info = env.reset()
        elapsed = CLOCK() - t0
        state["info"], state["steps"] = info, done + steps
        return steps, elapsed
    return chunk


def masked(info, r):
    allowed = np.flatnonzero(info["action_mask"])
    return int(allowed[r % len(allowed)])


def first_allowed(info, r):
    return int(info["action_mask"].argmax())


class RandomAllowed:
    """Random allowed actions for a whole batch, vectorised over the masks: per environment and step a
    random order of the actions (a permutation of 1..actions, int8), drawn ahead as CartPole's actions
    are (a table cycled step by step); the allowed action ranked highest is taken in each row, which is
    uniform among the allowed actions (no ties). int8 keys times the int8 masks need no conversion:
    float keys cost about 1 µs more a batched step (measured), all of it casting the masks."""

    def __init__(self, masks_shape, table_steps=1024):
        rng = np.random.default_rng(0)
        order = np.argsort(rng.random((table_steps, *masks_shape)), axis=-1)
        self.keys = (order + 1).astype(np.int8)
        self.buffer = np.empty(masks_shape, dtype=np.int8)
        self.k = 0

    def __call__(self, masks):
        self.k = (self.k + 1) % len(self.keys)
        return np.multiply(self.keys[self.k], masks, out=self.buffer).argmax(axis=1)


def chooser(masks_shape, random):
    """Random allowed actions (:class:`RandomAllowed`), or the first allowed one, for a batch."""
    return RandomAllowed(masks_shape) if random else (lambda masks: masks.argmax(axis=1))


def batch(vec, random):
    """A contender stepping the vector environment (environment steps: ``num_envs`` per batched step)."""
    masks = vec.reset(seed=0)[1]["action_mask"]
    choose = chooser(masks.shape, random)
    state = {"masks": masks}

    def chunk(steps=10):
        masks = state["masks"]
        t0 = CLOCK()
        for _ in range(steps):
            obs, rewards, terminated, truncated, info = vec.step(choose(masks))
            masks = info["action_mask"]
        elapsed = CLOCK() - t0
        state["masks"] = masks
        return steps * vec.num_envs, elapsed
    return chunk


def batch_drawn_in_java(vec):
    """A contender stepping the vector environment with ``step_random()``: the random allowed actions
    drawn by Java in the step's own call (``--policy random`` only; Python chooses nothing)."""
    vec.reset(seed=0)

    def chunk(steps=10):
        t0 = CLOCK()
        for _ in range(steps):
            vec.step_random()
        return steps * vec.num_envs, CLOCK() - t0
    return chunk


def java_alone(vec, random):
    """A contender timing Java's ``BatchedEnvs.step`` alone, in the batch's loop with the same kind of
    actions, counting only the bridge call: the batch's speed if its Python side and the action choice
    cost nothing — the ceiling of the batched row on this machine."""
    vec.reset(seed=0)
    java, masks, actions = vec._batch, vec._masks, vec._actions  # the Java batch and live views of its buffers
    choose = chooser(masks.shape, random)

    def chunk(steps=10):
        inside = 0.0
        for _ in range(steps):
            actions[:] = choose(masks)
            t = CLOCK()
            java.step()
            inside += CLOCK() - t
        return steps * vec.num_envs, inside
    return chunk


def race(contenders, seconds):
    """Steps/s of each contender, their chunks taking turns until each has run about ``seconds``: the
    load of a shared machine changes within a second, and turns of a few milliseconds share it fairly."""
    steps = {name: 0 for name in contenders}
    spent = {name: 0.0 for name in contenders}
    while min(spent.values()) < seconds:
        for name, chunk in contenders.items():
            n, t = chunk()
            steps[name] += n
            spent[name] += t
    return {name: steps[name] / spent[name] for name in contenders}


def free_vec_env(like):
    """A VecEnv of ``like``'s spaces whose steps cost nothing: PPO's own time, what no environment removes."""
    from stable_baselines3.common.vec_env import VecEnv

    class FreeVecEnv(VecEnv):
        def __init__(self):
            super().__init__(like.num_envs, like.observation_space, like.action_space)
            self.obs = np.zeros((like.num_envs, *like.observation_space.shape), dtype=np.float64)

        def reset(self):
            return self.obs.copy()

        def step_async(self, actions):
            pass

        def step_wait(self):
            n = self.num_envs
            return self.obs.copy(), np.zeros(n, dtype=np.float32), np.zeros(n, dtype=bool), [{} for _ in range(n)]

        def close(self):
            pass

        def get_attr(self, attr_name, indices=None):
            return [None for _ in self._get_indices(indices)]

        def set_attr(self, attr_name, value, indices=None):
            pass

        def env_method(self, method_name, *args, indices=None, **kwargs):
            return [None for _ in self._get_indices(indices)]

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False for _ in self._get_indices(indices)]

    return FreeVecEnv()


def breakdown(vec, drawing, keyed_vec, steps=3000):
    """Microseconds per batched step (first allowed actions): Java's ``BatchedEnvs.step`` alone (with
    the first allowed actions chosen and written), then the whole ``ExecplaceVectorEnv.step`` (the
    difference is the Python side), the same with ``copy=False``, then choosing random allowed actions
    in NumPy as the ratio rounds do; then Java's ``BatchedEnvs.step`` alone with those random allowed
    actions (only the call timed, on ``keyed_vec``, a batch of its own) and, on ``drawing`` (a ``copy=False`` batch of its own, so that the
    others draw nothing), Java's ``stepSampled`` alone (drawing random allowed actions and stepping
    with them) and the whole ``step_random()``: the last two against the first, what Java's draw and
    Python's side of ``step_random()`` cost."""
    vec.reset(seed=0)
    batch, masks = vec._batch, vec._masks  # the Java batch and the live view of its masks
    drawing.reset(seed=0)
    drawing.sample_allowed()  # turns drawing on
    java_sampled, random_step = drawing._batch.stepSampled, keyed_vec._batch.step
    keyed_vec.reset(seed=0)

    def java_alone():
        vec._actions[:] = masks.argmax(axis=1)
        batch.step()

    def whole():
        vec.step(masks.argmax(axis=1))

    def views():
        vec.copy = False  # the same environment returning views: the copies' cost is the difference
        vec.step(masks.argmax(axis=1))
        vec.copy = True

    random_allowed = RandomAllowed(masks.shape)

    def choose():
        random_allowed(masks)

    def java_random_actions():  # only the call counts: returns its seconds
        keyed_vec._actions[:] = keyed(keyed_vec._masks)
        t = CLOCK()
        random_step()
        return CLOCK() - t

    keyed = RandomAllowed(masks.shape)

    # Chunks of 100 steps taking turns, the median chunk of each: the load moves less between turns.
    parts = [("java", java_alone), ("step", whole), ("views", views), ("choose", choose),
             ("java random", None), ("java sampled", java_sampled), ("step_random", drawing.step_random)]
    times = {name: [] for name, _ in parts}
    for _ in range(steps // 100):
        for name, fn in parts:
            if fn is None:
                times[name].append(sum(java_random_actions() for _ in range(100)) / 100 * 1e6)
                continue
            t0 = CLOCK()
            for _ in range(100):
                fn()
            times[name].append((CLOCK() - t0) / 100 * 1e6)
    return {name: statistics.median(t) for name, t in times.items()}


def ppo_model(venv, a):
    """PPO on ``venv`` and a dict its learning adds seconds to, in all and in its parts: collecting
    rollouts (of which the environment's ``step_wait``) and the update."""
    from stable_baselines3 import PPO

    model = PPO("MlpPolicy", venv, n_steps=max(1, a.rollout // venv.num_envs), batch_size=a.batch_size,
                n_epochs=a.epochs, seed=0, device="cpu")
    parts = {"all": 0.0, "rollout": 0.0, "train": 0.0, "env": 0.0}

    def timed(name, fn):
        def run(*args, **kwargs):
            t = CLOCK()
            try:
                return fn(*args, **kwargs)
            finally:
                parts[name] += CLOCK() - t
        return run

    model.collect_rollouts = timed("rollout", model.collect_rollouts)
    model.train = timed("train", model.train)
    venv.step_wait = timed("env", venv.step_wait)
    model.learn = timed("all", model.learn)
    return model, parts


def ppo_rounds(a):
    """PPO on DummyVecEnv, on the batched adapter and on a vector environment that costs nothing, in turns."""
    try:
        import torch
        from stable_baselines3.common.env_util import make_vec_env
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError:
        print("stable-baselines3 is not installed: no PPO ratio")
        return
    torch.set_num_threads(1)
    from execplace.sb3 import ExecplaceSb3VecEnv

    n = a.envs
    print(f"PPO: {a.ppo_steps} steps, {n} environments, n_steps {max(1, a.rollout // n)}, batch_size "
          f"{a.batch_size}, n_epochs {a.epochs}, one torch thread", flush=True)
    ppo_ratios, ceilings = [], []
    for r in range(a.ppo_rounds if a.ppo_rounds is not None else max(1, a.rounds // 2)):
        adapter_env = ExecplaceSb3VecEnv("tpds", num_envs=n, **SETTINGS)
        runs = {"DummyVecEnv": make_vec_env("execplace/Tpds-v0", n_envs=n, vec_env_cls=DummyVecEnv, env_kwargs=SETTINGS),
                "ExecplaceSb3VecEnv": adapter_env, "costs nothing": free_vec_env(adapter_env)}
        models = {name: ppo_model(venv, a) for name, venv in runs.items()}
        rollout = max(1, a.rollout // n) * n
        updates = max(1, a.ppo_steps // rollout)
        for update in range(updates):
            for name, (model, _) in models.items():  # one update each in turn: they share the load
                model.learn(rollout, reset_num_timesteps=update == 0)
        t = {name: parts for name, (_, parts) in models.items()}
        dummy = t["DummyVecEnv"]["all"]
        ppo_ratios.append(dummy / t["ExecplaceSb3VecEnv"]["all"])
        ceilings.append(dummy / t["costs nothing"]["all"])
        print(f"round {r}: " + "; ".join(
            f"{name} {x['all']:.1f} s ({updates * rollout / x['all']:,.0f} steps/s, {dummy / x['all']:.2f}×: rollouts "
            f"{x['rollout']:.1f} s of which step_wait {x['env']:.1f} s, update {x['train']:.1f} s)"
            for name, x in t.items()), flush=True)
    if ppo_ratios:
        print(f"median: SB3 PPO on the batched adapter {statistics.median(ppo_ratios):.2f}× its speed on "
              f"DummyVecEnv; on an environment that costs nothing {statistics.median(ceilings):.2f}×")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=3)
    p.add_argument("--ppo-steps", type=int, default=16384)
    p.add_argument("--rollout", type=int, default=16384,
                   help="PPO's rollout per update, n_steps × environments (n_steps = this // --envs)")
    p.add_argument("--epochs", type=int, default=1, help="PPO's n_epochs (SB3's default is 10)")
    p.add_argument("--batch-size", type=int, default=1024, help="PPO's minibatch (SB3's default is 64)")
    p.add_argument("--policy", choices=["random", "first"], default="random")
    p.add_argument("--breakdown", action="store_true")
    p.add_argument("--envs", type=int, default=64, help="environments in the batch and under PPO")
    p.add_argument("--ppo-rounds", type=int, default=None, help="default: half the rounds, at least 1")
    p.add_argument("--clock", choices=["wall", "cpu", "thread"], default="wall",
                   help="steps/s rows, PPO's seconds and --breakdown by wall time, by this process's CPU time (all "
                        "its threads, the JVM's included; robust to other load), or by this thread's CPU time "
                        "(the Java code a bridge call runs included, the JVM's other threads not)")
    p.add_argument("--threads", type=int, choices=[1, 2], default=1,
                   help="Java threads stepping the batch; with 2, the batch on one thread is measured too")
    a = p.parse_args()
    global CLOCK
    CLOCK = {"wall": time.perf_counter, "cpu": time.process_time, "thread": time.thread_time}[a.clock]
    random = a.policy == "random"
    n = a.envs
    cartpole = gym.make("CartPole-v1")
    one = gym.make("execplace/Tpds-v0", **SETTINGS)
    batched = execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=a.threads, **SETTINGS)
    single_thread = execplace.ExecplaceVectorEnv("tpds", num_envs=n, **SETTINGS) if a.threads == 2 else None
    if a.breakdown:
        drawing, keyed = (execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=a.threads, copy=False, **SETTINGS)
                          for _ in range(2))
        for r in range(a.rounds):
            b = breakdown(batched, drawing, keyed)
            print(f"round {r}: µs per batched step of {n}: BatchedEnvs.step alone {b['java']:.1f} "
                  f"({b['java'] / n:.2f} per environment step), ExecplaceVectorEnv.step {b['step']:.1f} "
                  f"(Python's share {b['step'] - b['java']:.1f}), with copy=False {b['views']:.1f} (Python's share "
                  f"{b['views'] - b['java']:.1f}), choosing random allowed actions {b['choose']:.1f}; "
                  f"BatchedEnvs.step alone with them {b['java random']:.1f}; random allowed "
                  f"actions drawn in Java: BatchedEnvs.stepSampled alone {b['java sampled']:.1f}, step_random() "
                  f"{b['step_random']:.1f} (Python's share {b['step_random'] - b['java sampled']:.1f})",
                  flush=True)
        return
    contenders = {"cartpole": one_env(cartpole, lambda info, x: x & 1),
                  "one": one_env(one, masked if random else first_allowed),
                  "batch": batch(batched, random),
                  "views": batch(execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=a.threads, copy=False,
                                                              **SETTINGS), random),
                  "java": java_alone(execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=a.threads, **SETTINGS),
                                     random)}
    if random:
        contenders["drawn in java"] = batch_drawn_in_java(
            execplace.ExecplaceVectorEnv("tpds", num_envs=n, threads=a.threads, copy=False, **SETTINGS))
    if single_thread is not None:
        contenders["one thread"] = batch(single_thread, random)
    single_ratios, batch_ratios, one_thread_ratios, java_ratios, view_ratios, drawn_ratios = [], [], [], [], [], []
    for r in range(a.rounds):
        speed = race(contenders, a.seconds)
        c, s, b, j, v = speed["cartpole"], speed["one"], speed["batch"], speed["java"], speed["views"]
        single_ratios.append(s / c)
        batch_ratios.append(b / c)
        view_ratios.append(v / c)
        java_ratios.append(j / c)
        line = (f"round {r}: CartPole-v1 {c:,.0f} steps/s; Tpds-v0 {s:,.0f} ({s / c:.2f}×); "
                f"ExecplaceVectorEnv ×{n}, {a.threads} thread(s) {b:,.0f} ({b / c:.1f}×), with copy=False {v:,.0f} "
                f"({v / c:.1f}×); "
                f"BatchedEnvs.step alone {j:,.0f} ({j / c:.1f}×)")
        if random:
            d = speed["drawn in java"]
            drawn_ratios.append(d / c)
            line += f"; copy=False with step_random() (actions drawn in Java) {d:,.0f} ({d / c:.1f}×)"
        if single_thread is not None:
            b1 = speed["one thread"]
            one_thread_ratios.append(b1 / c)
            line += f"; on one thread {b1:,.0f} ({b1 / c:.1f}×)"
        print(line, flush=True)
    if a.rounds:
        print(f"median: one environment {statistics.median(single_ratios):.2f}× CartPole-v1; batched ×{n} "
              f"on {a.threads} thread(s) {statistics.median(batch_ratios):.1f}× CartPole-v1, with copy=False "
              f"{statistics.median(view_ratios):.1f}× (BatchedEnvs.step alone "
              f"{statistics.median(java_ratios):.1f}×)"
              + (f"; step_random() {statistics.median(drawn_ratios):.1f}× ({min(drawn_ratios):.1f}–"
                 f"{max(drawn_ratios):.1f})" if drawn_ratios else "")
              + (f"; on one thread {statistics.median(one_thread_ratios):.1f}×" if one_thread_ratios else ""))
    ppo_rounds(a)


if __name__ == "__main__":
    main()
