"""execplace for Python: Gymnasium environments over execplace's Java engine (JPype, in-process).

    import gymnasium as gym
    import execplace  # registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0
    env = gym.make("execplace/Tpds-v0", workload="tpds-burst")

The engine is the jar inside this package (a wheel carries it), or ``$EXECPLACE_JAR``, or
``cli/target/execplace.jar`` of the checkout it is run from. Importing checks that it and a Java 17+
are there, and raises :class:`ExecplaceError` saying what is missing.
"""
from execplace.jvm import ExecplaceError, check, jar_path, start

check()

from execplace.envs import ExecplaceEnv, env_names, register_envs  # noqa: E402
from execplace.episodes import datasets  # noqa: E402
from execplace.observations import NamedObservations  # noqa: E402
from execplace.vector import ExecplaceVectorEnv  # noqa: E402
from execplace.sim import CommandError, compare, heldout, run, simulate  # noqa: E402

__all__ = ["CommandError", "compare", "heldout", "run", "simulate", "ExecplaceEnv", "ExecplaceError", "ExecplaceVectorEnv",
           "NamedObservations", "datasets", "env_names", "jar_path", "register_envs", "start"]

register_envs()
