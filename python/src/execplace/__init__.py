"""execplace for Python: Gymnasium environments over execplace's Java engine (JPype, in-process).

    import gymnasium as gym
    import execplace  # registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0
    env = gym.make("execplace/Tpds-v0", workload="tpds-burst")

The engine is the command line's jar (``cli/target/execplace.jar``), found through the environment
variable ``EXECPLACE_JAR`` or in the repository checkout this package sits in or is run from.
"""
from execplace.jvm import ExecplaceError, jar_path, start
from execplace.envs import ExecplaceEnv, env_names, register_envs
from execplace.vector import ExecplaceVectorEnv
from execplace.sim import CommandError, compare, run, simulate

__all__ = ["CommandError", "compare", "run", "simulate", "ExecplaceEnv", "ExecplaceError", "ExecplaceVectorEnv", "env_names", "jar_path", "register_envs", "start"]

register_envs()
