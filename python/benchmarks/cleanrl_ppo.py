"""A one-file PPO in the style of CleanRL's ``ppo.py`` (Huang et al., "CleanRL: High-quality Single-file
Implementations of Deep Reinforcement Learning Algorithms", JMLR 2022), with invalid-action masking
(Huang & Ontañón, "A Closer Look at Invalid Action Masking in Policy Gradient Algorithms", 2022), timed
on three vector environments of the same count in one process, in turns of one update each:

- ``ExecplaceVectorEnv`` (the batched environment, ``copy=False``: the trainer copies what it keeps
  into its tensors anyway);
- Gymnasium's ``SyncVectorEnv`` of as many ``gym.make("execplace/Tpds-v0")`` environments (same-step
  auto-reset, as the batch);
- a vector environment that costs nothing (fixed observations and masks): PPO's own time, the ceiling
  any environment could reach with this trainer.

What is compared is what the environment lets a trainer do: every side runs the same code (a
64-64 tanh actor and critic, GAE, the clipped objective), with the same settings.

    python python/benchmarks/cleanrl_ppo.py [--envs 64] [--num-steps 256] [--updates 8] [--epochs 1]
        [--minibatch 1024] [--rounds 2] [--clock wall|cpu]

Needs torch (``pip install './python[peer]'``); one torch thread, as ``ratios.py``'s SB3 rows.
"""
import argparse
import statistics
import time
import warnings

import gymnasium as gym
import numpy as np
import torch
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from torch import nn

import execplace

SETTINGS = dict(workload="tpds-burst")


class Agent(nn.Module):
    """CleanRL's discrete-action agent: separate 64-64 tanh networks for the value and the logits."""

    def __init__(self, observations, actions):
        super().__init__()

        def layer(n_in, n_out, std=np.sqrt(2)):
            linear = nn.Linear(n_in, n_out)
            nn.init.orthogonal_(linear.weight, std)
            nn.init.constant_(linear.bias, 0.0)
            return linear

        self.critic = nn.Sequential(layer(observations, 64), nn.Tanh(), layer(64, 64), nn.Tanh(), layer(64, 1, 1.0))
        self.actor = nn.Sequential(layer(observations, 64), nn.Tanh(), layer(64, 64), nn.Tanh(),
                                   layer(64, actions, 0.01))

    def act(self, obs, masks, action=None):
        """Action (sampled when not given), its log-probability, the entropy and the value; masked-out
        actions get a logit of -1e8, so they are never sampled and carry no gradient."""
        logits = torch.where(masks, self.actor(obs), torch.tensor(-1e8))
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(obs).squeeze(-1)


class FreeVectorEnv:
    """A vector environment whose steps cost nothing: fixed observations, every action allowed."""

    def __init__(self, like):
        self.num_envs = like.num_envs
        self.single_observation_space, self.single_action_space = \
            like.single_observation_space, like.single_action_space
        self.obs = np.zeros((self.num_envs, *self.single_observation_space.shape))
        self.info = {"action_mask": np.ones((self.num_envs, self.single_action_space.n), dtype=np.int8)}
        self.zeros = np.zeros(self.num_envs)
        self.flags = np.zeros(self.num_envs, dtype=bool)

    def reset(self, seed=None):
        return self.obs, self.info

    def step(self, actions):
        return self.obs, self.zeros, self.flags, self.flags, self.info


class Ppo:
    """One agent learning on one vector environment; :meth:`update` collects a rollout and learns from it."""

    def __init__(self, envs, a, clock):
        torch.manual_seed(a.seed)
        self.envs, self.a, self.clock = envs, a, clock
        n, steps = envs.num_envs, a.num_steps
        size, actions = envs.single_observation_space.shape[0], envs.single_action_space.n
        self.agent = Agent(size, actions)
        self.optimizer = torch.optim.Adam(self.agent.parameters(), lr=a.lr, eps=1e-5)
        self.obs = torch.zeros((steps, n, size))
        self.masks = torch.zeros((steps, n, actions), dtype=torch.bool)
        self.actions = torch.zeros((steps, n), dtype=torch.long)
        self.logprobs, self.rewards, self.dones, self.values = (torch.zeros((steps, n)) for _ in range(4))
        obs, info = envs.reset(seed=a.seed)
        self.next_obs = torch.tensor(obs, dtype=torch.float32)
        self.next_mask = torch.tensor(info["action_mask"], dtype=torch.bool)
        self.next_done = torch.zeros(n)
        self.seconds = {"all": 0.0, "env": 0.0, "rollout": 0.0}
        self.env_steps = 0

    def update(self):
        a, clock, t0 = self.a, self.clock, self.clock()
        env_seconds = 0.0
        for step in range(a.num_steps):
            self.obs[step], self.masks[step], self.dones[step] = self.next_obs, self.next_mask, self.next_done
            with torch.no_grad():
                action, logprob, _, value = self.agent.act(self.next_obs, self.next_mask)
            self.values[step], self.actions[step], self.logprobs[step] = value, action, logprob
            t = clock()
            obs, reward, terminated, truncated, info = self.envs.step(action.numpy())
            env_seconds += clock() - t
            self.rewards[step] = torch.tensor(reward, dtype=torch.float32)
            self.next_obs = torch.tensor(obs, dtype=torch.float32)
            self.next_mask = torch.tensor(info["action_mask"], dtype=torch.bool)
            self.next_done = torch.as_tensor(np.logical_or(terminated, truncated), dtype=torch.float32)
        rollout = clock() - t0
        self.learn()
        self.env_steps += a.num_steps * self.envs.num_envs
        for name, value in (("all", clock() - t0), ("env", env_seconds), ("rollout", rollout)):
            self.seconds[name] += value

    def learn(self):
        a = self.a
        with torch.no_grad():  # GAE
            next_value = self.agent.critic(self.next_obs).squeeze(-1)
            advantages = torch.zeros_like(self.rewards)
            last = 0
            for t in reversed(range(a.num_steps)):
                not_done = 1.0 - (self.next_done if t == a.num_steps - 1 else self.dones[t + 1])
                following = next_value if t == a.num_steps - 1 else self.values[t + 1]
                delta = self.rewards[t] + a.gamma * following * not_done - self.values[t]
                advantages[t] = last = delta + a.gamma * a.gae_lambda * not_done * last
            returns = advantages + self.values
        flat = [x.reshape(-1, *x.shape[2:]) for x in (self.obs, self.masks, self.actions, self.logprobs,
                                                       advantages, returns)]
        obs, masks, actions, logprobs, advantages, returns = flat
        batch = len(obs)
        for _ in range(a.epochs):
            order = torch.randperm(batch)
            for start in range(0, batch, a.minibatch):
                mb = order[start:start + a.minibatch]
                _, newlogprob, entropy, value = self.agent.act(obs[mb], masks[mb], actions[mb])
                ratio = (newlogprob - logprobs[mb]).exp()
                adv = advantages[mb]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                policy_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - a.clip, 1 + a.clip)).mean()
                value_loss = 0.5 * ((value - returns[mb]) ** 2).mean()
                loss = policy_loss - a.ent_coef * entropy.mean() + a.vf_coef * value_loss
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.agent.parameters(), 0.5)
                self.optimizer.step()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--envs", type=int, default=64)
    p.add_argument("--num-steps", type=int, default=256, help="steps per environment per update (rollout)")
    p.add_argument("--updates", type=int, default=8, help="updates per round and side")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--minibatch", type=int, default=1024)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--lr", type=float, default=2.5e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                   help="wall time, or this process's CPU time (all its threads, the JVM's included)")
    a = p.parse_args()
    # SyncVectorEnv seeds environment i with seed + i, past the one-workload split: what the warning says.
    warnings.filterwarnings("ignore", message=".*runs episode s mod")
    clock = time.perf_counter if a.clock == "wall" else time.process_time
    torch.set_num_threads(1)
    torch.distributions.Distribution.set_default_validate_args(False)  # checks per call, not PPO
    n = a.envs
    print(f"CleanRL-style PPO: {n} environments, {a.num_steps} steps each per update, {a.updates} updates per round, "
          f"{a.epochs} epoch(s) of minibatches of {a.minibatch}, masked, one torch thread, {a.clock} clock", flush=True)
    ratios, ceilings = [], []
    for r in range(a.rounds):
        batched = execplace.ExecplaceVectorEnv("tpds", num_envs=n, copy=False, **SETTINGS)
        sync = SyncVectorEnv([lambda: gym.make("execplace/Tpds-v0", **SETTINGS) for _ in range(n)],
                             autoreset_mode=AutoresetMode.SAME_STEP)
        sides = {"SyncVectorEnv": Ppo(sync, a, clock), "ExecplaceVectorEnv": Ppo(batched, a, clock),
                 "costs nothing": Ppo(FreeVectorEnv(batched), a, clock)}
        for _ in range(a.updates):
            for ppo in sides.values():  # one update each in turn: they share the machine's load
                ppo.update()
        sync_seconds = sides["SyncVectorEnv"].seconds["all"]
        ratios.append(sync_seconds / sides["ExecplaceVectorEnv"].seconds["all"])
        ceilings.append(sync_seconds / sides["costs nothing"].seconds["all"])
        print(f"round {r}: " + "; ".join(
            f"{name} {x.seconds['all']:.1f} s ({x.env_steps / x.seconds['all']:,.0f} steps/s, "
            f"{sync_seconds / x.seconds['all']:.2f}×: rollouts {x.seconds['rollout']:.1f} s of which the "
            f"environment's step {x.seconds['env']:.1f} s, update {x.seconds['all'] - x.seconds['rollout']:.1f} s)"
            for name, x in sides.items()), flush=True)
        sync.close()
        batched.close()
    print(f"median: PPO on ExecplaceVectorEnv {statistics.median(ratios):.2f}× its speed on SyncVectorEnv; on an "
          f"environment that costs nothing {statistics.median(ceilings):.2f}×")


if __name__ == "__main__":
    main()
