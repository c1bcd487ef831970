"""A placement policy written in Python: HYB Algorithm 1 (first fit), the same rule as Java's
``first-fit``, compared with it on the TPDS burst scenario.

    python python/examples/python_first_fit.py
"""
import tempfile

import execplace


def first_fit(job, view):
    """Active VMs first (cheapest, then the HYB reference's 0.8 x free cores + 0.2 x free GB, then
    id), each packed as far as it goes; then idle VMs in the same order. None when the job does not
    fit now."""
    need = job.executors()
    cores, memory = job.coresPerExecutor(), job.memoryGbPerExecutor()
    room = {vm: view.executorsThatFit(vm, cores, memory) for vm in range(view.vmCount())}
    placement = []
    for active in (True, False):
        vms = [vm for vm in room if room[vm] > 0 and view.isActive(vm) == active]
        vms.sort(key=lambda vm: (view.vm(vm).pricePerSecond(),
                                 view.freeCores(vm) * (1 - 0.2) + view.freeMemoryGb(vm) * 0.2, vm))
        for vm in vms:
            take = min(room[vm], need - len(placement))
            placement += [vm] * take
            if len(placement) == need:
                return placement
    return None


if __name__ == "__main__":
    out = tempfile.mkdtemp()
    rows = execplace.compare(policies={"py-first-fit": first_fit}, scenario="tpds-burst",
                             schedulers="first-fit,py-first-fit", seeds=3, out=out + "/cmp")
    for r in (rows.to_dict("records") if hasattr(rows, "to_dict") else rows):
        print(f"{r['scheduler']:>13} seed {r['seed']}: cost {r['totalCost']:.6f}, "
              f"decision median {r['schedulingDelayMedianMs'] * 1000:.1f} µs")
