"""``render_mode="ansi"``: a text view of the cluster and the job being placed."""
from __future__ import annotations

from typing import Any


def _kernel_env(java_env):
    """The TPDS/HJS environment under wrappers and pair observations, or None (LIU)."""
    import jpype

    bare = java_env.unwrapped() if hasattr(java_env, "unwrapped") else java_env
    if isinstance(bare, jpype.JClass("io.execplace.rl.pairs.PairEnv")):
        bare = bare.current()
    return bare if isinstance(bare, jpype.JClass("io.execplace.rl.env.KernelEnv")) else None


def text(java_env, episode: dict[str, Any], steps: int, last: dict[str, Any] | None) -> str:
    """The episode line, then (TPDS, HJS, pairs) the job being placed and one line per VM."""
    head = f"episode {episode.get('episode')} ({episode.get('split')}"
    if "workload_seed" in episode:
        head += f", workload seed {episode['workload_seed']}"
    head += f"), step {steps}"
    if last is not None:
        head += f", last action {last['action']}: reward {last['reward']:.6g}, event {last['event']}"
    lines = [head]
    env = _kernel_env(java_env)
    if env is None:
        return "\n".join(lines) + "\n"
    lines.append(f"time {float(env.now()):.1f} s, cost so far {float(env.costSoFar()):.4f}, "
                 f"{int(env.runningJobs())} jobs running")
    if env.active():
        job = env.currentJob()
        deadline = float(job.deadline())
        lines.append(f"job {int(job.id())} ({job.type()}): {int(job.executors())} executors × "
                     f"{int(job.coresPerExecutor())} cores, {float(job.memoryGbPerExecutor()):g} GB; "
                     f"{int(env.executorsPlaced())} placed" + ("" if deadline != deadline else f"; deadline {deadline:g} s"))
    else:
        lines.append("episode over")
    view, cluster = env.clusterView(), env.cluster()
    elastic = bool(cluster.isElastic())  # a node slot: bought or not, and when it is ready
    lines.append(f"{'vm':>4} {'type':<12} {'free cores':>10} {'free GB':>8} {'executors':>9} {'busy s':>9}"
                 + (f" {'node':>14}" if elastic else ""))
    for vm in range(int(cluster.size())):
        t = cluster.vm(vm).type()
        line = (f"{vm:>4} {str(t.name()):<12} {int(view.freeCores(vm)):>5}/{int(t.cores()):<4} "
                f"{float(view.freeMemoryGb(vm)):>8.1f} {int(view.executorsOn(vm)):>9} "
                f"{float(view.remainingBusyTime(vm)):>9.1f}")
        if elastic:
            ready = float(view.readyIn(vm))
            line += (f" {'not bought':>14}" if not view.isProvisioned(vm)
                     else f" {'ready':>14}" if ready <= 0 else f" {f'ready in {ready:.0f} s':>14}")
        lines.append(line)
    return "\n".join(lines) + "\n"
