package io.execplace.core.model;


import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The node pools of an elastic cluster and the row of node slots they unfold into: for each pool, for
 * each of its instance types, one slot per node the pool's core limit could hold, spread over the
 * pool's zones in turn. Slot {@code i} is VM {@code i} of {@link #cluster()}: a cloud VM of the
 * instance type's shape at the pool's price for its capacity type.
 *
 * <p>{@code gracefulDecommission} is the Spark side of a spot interruption: with Spark's
 * decommissioning on ({@code spark.decommission.enabled}, {@code spark.storage.decommission.*}) the
 * shuffle and cached blocks of executors on a node under notice migrate before it goes, so their
 * finished work is not recomputed; without it it is.
 */
public final class NodePools {

    private final String name;
    private final List<NodePool> pools;
    private final boolean gracefulDecommission;
    /** The applications' driver pods, or null when drivers are not modelled (the default). */
    private final DriverPod drivers;
    private final int[] poolOf;
    /**
     * Per slot its pool, read for every slot by the kernel and the elastic policies: an array read, where
     * {@code pools.get(poolOf[vm])} is an interface call whose list class differs between clusters.
     */
    private final NodePool[] poolAt;
    private final int[] typeOf;
    private final int[] zoneOf;
    /** Per pool and instance type, the first slot of its run of slots (they are contiguous), and one past the last. */
    private final int[][] firstSlot;
    private final int[][] endSlot;
    private final Cluster cluster;

    public NodePools(String name, List<NodePool> pools, boolean gracefulDecommission) {
        this(name, pools, gracefulDecommission, null);
    }

    /** @param drivers each application's driver pod, or null when drivers are not modelled */
    public NodePools(String name, List<NodePool> pools, boolean gracefulDecommission, DriverPod drivers) {
        if (pools.isEmpty()) {
            throw new IllegalArgumentException("an elastic cluster needs at least one node pool");
        }
        this.name = name;
        this.pools = List.copyOf(pools);
        this.gracefulDecommission = gracefulDecommission;
        this.drivers = drivers;
        List<int[]> slots = new ArrayList<>();
        List<Vm> vms = new ArrayList<>();
        firstSlot = new int[this.pools.size()][];
        endSlot = new int[this.pools.size()][];
        for (int p = 0; p < this.pools.size(); p++) {
            NodePool pool = this.pools.get(p);
            firstSlot[p] = new int[pool.instanceTypes().size()];
            endSlot[p] = new int[pool.instanceTypes().size()];
            for (int t = 0; t < pool.instanceTypes().size(); t++) {
                InstanceType type = pool.instanceTypes().get(t);
                int count = pool.limitCores() / type.cores();
                firstSlot[p][t] = vms.size();
                endSlot[p][t] = vms.size() + count;
                VmType shape = new VmType(type.name(), type.cores(), type.memoryGb());
                for (int k = 0; k < count; k++) {
                    slots.add(new int[] {p, t, k % pool.zones().size()});
                    vms.add(new Vm(vms.size(), shape, Site.CLOUD, pool.pricePerSecond(type)));
                }
            }
        }
        if (vms.isEmpty()) {
            throw new IllegalArgumentException("elastic cluster " + name + ": no pool's limit holds even one node");
        }
        poolOf = new int[slots.size()];
        poolAt = new NodePool[slots.size()];
        typeOf = new int[slots.size()];
        zoneOf = new int[slots.size()];
        for (int i = 0; i < slots.size(); i++) {
            poolOf[i] = slots.get(i)[0];
            poolAt[i] = this.pools.get(poolOf[i]);
            typeOf[i] = slots.get(i)[1];
            zoneOf[i] = slots.get(i)[2];
        }
        this.cluster = new Cluster(name, vms, this);
    }

    public String name() {
        return name;
    }

    public List<NodePool> pools() {
        return pools;
    }

    public boolean gracefulDecommission() {
        return gracefulDecommission;
    }

    /** The same pools with Spark's graceful decommissioning on or off. */
    public NodePools withGracefulDecommission(boolean on) {
        return on == gracefulDecommission ? this : new NodePools(name, pools, on, drivers);
    }

    /** The mean launch delay of the first on-demand pool (of the first pool when there is none): where a restarted job goes. */
    public double onDemandLaunchSeconds() {
        for (NodePool pool : pools) {
            if (pool.capacityType() == CapacityType.ON_DEMAND) {
                return pool.launchDelay().meanSeconds();
            }
        }
        return pools.get(0).launchDelay().meanSeconds();
    }

    /** The applications' driver pods, or null when drivers are not modelled. */
    public DriverPod drivers() {
        return drivers;
    }

    /** The same pools with every application running a driver pod {@code pod} (null: no drivers), named {@code newName}. */
    public NodePools withDrivers(DriverPod pod, String newName) {
        return new NodePools(newName, pools, gracefulDecommission, pod);
    }

    /** The cluster of node slots. */
    public Cluster cluster() {
        return cluster;
    }

    public int slotCount() {
        return poolOf.length;
    }

    /** The index in {@link #pools()} of slot {@code vm}'s pool. */
    public int poolIndex(int vm) {
        return poolOf[vm];
    }

    /** The first slot of pool {@code pool}'s instance type {@code type}: its slots are {@code [first, end)}. */
    public int firstSlot(int pool, int type) {
        return firstSlot[pool][type];
    }

    /** One past the last slot of pool {@code pool}'s instance type {@code type}. */
    public int endSlot(int pool, int type) {
        return endSlot[pool][type];
    }

    public NodePool pool(int vm) {
        return poolAt[vm];
    }

    public InstanceType instanceType(int vm) {
        return poolAt[vm].instanceTypes().get(typeOf[vm]);
    }

    public String zone(int vm) {
        return poolAt[vm].zones().get(zoneOf[vm]);
    }

    public CapacityType capacityType(int vm) {
        return poolAt[vm].capacityType();
    }

    /** Equal pools unfold into equal slots (the cluster is derived, and refers back to this). */
    @Override
    public boolean equals(Object o) {
        return o instanceof NodePools other && name.equals(other.name) && pools.equals(other.pools)
                && gracefulDecommission == other.gracefulDecommission && Objects.equals(drivers, other.drivers);
    }

    @Override
    public int hashCode() {
        return drivers == null ? Objects.hash(name, pools, gracefulDecommission)
                : Objects.hash(name, pools, gracefulDecommission, drivers);
    }

    @Override
    public String toString() {
        return "NodePools[" + name + ", " + pools + (gracefulDecommission ? ", graceful decommissioning" : "")
                + (drivers == null ? "" : ", drivers " + drivers) + "]";
    }
}
