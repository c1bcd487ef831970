package io.execplace.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A Spark cluster: an ordered list of worker VMs. VM {@code i} has id {@code i}. A fixed cluster's
 * VMs are always there; an elastic cluster's VMs are the node slots of its {@link NodePools}, bought
 * and removed during a run.
 *
 * @param name  a short description (preset name or file name)
 * @param vms   the VMs, in id order
 * @param pools the node pools whose slots the VMs are, or null for a fixed cluster
 */
public record Cluster(String name, List<Vm> vms, NodePools pools) {

    /** A fixed cluster. */
    public Cluster(String name, List<Vm> vms) {
        this(name, vms, null);
    }

    public Cluster {
        vms = List.copyOf(vms);
        if (vms.isEmpty()) {
            throw new IllegalArgumentException("cluster '" + name + "' has no VMs");
        }
        for (int i = 0; i < vms.size(); i++) {
            if (vms.get(i).id() != i) {
                throw new IllegalArgumentException("cluster '" + name + "': VM at position " + i
                        + " has id " + vms.get(i).id());
            }
        }
    }

    /** True when the VMs are node slots of pools that grow and shrink. */
    public boolean isElastic() {
        return pools != null;
    }

    public int size() {
        return vms.size();
    }

    public Vm vm(int id) {
        return vms.get(id);
    }

    public boolean hasSite(Site site) {
        for (Vm vm : vms) {
            if (vm.site() == site) {
                return true;
            }
        }
        return false;
    }

    /** True when the cluster has both local and cloud VMs. */
    public boolean isHybrid() {
        return hasSite(Site.LOCAL) && hasSite(Site.CLOUD);
    }

    /** Sum of all VMs' prices per second: the bill rate when every VM is busy. */
    public double totalPricePerSecond() {
        double sum = 0;
        for (Vm vm : vms) {
            sum += vm.pricePerSecond();
        }
        return sum;
    }

    /**
     * The largest number of executors of {@code cores} cores and {@code memoryGb} GB each that the
     * whole cluster could hold when empty.
     */
    public int executorCapacityWhenEmpty(int cores, double memoryGb) {
        long total = 0;
        for (Vm vm : vms) {
            total += Capacity.executorsThatFit(vm.cores(), vm.memoryGb(), cores, memoryGb);
        }
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds a cluster VM type by VM type; ids are given in order of addition. */
    public static final class Builder {
        private final String name;
        private final List<Vm> vms = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /** Adds {@code count} VMs of one type, site and price. */
        public Builder add(VmType type, Site site, int count, double pricePerSecond) {
            if (count < 0) {
                throw new IllegalArgumentException("VM count must be >= 0, got " + count);
            }
            for (int i = 0; i < count; i++) {
                vms.add(new Vm(vms.size(), type, site, pricePerSecond));
            }
            return this;
        }

        public Cluster build() {
            return new Cluster(name, vms);
        }
    }
}
