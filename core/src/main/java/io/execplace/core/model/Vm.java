package io.execplace.core.model;

/**
 * One worker VM of a cluster.
 *
 * @param id             index of the VM in its cluster, from 0
 * @param type           instance shape
 * @param site           local or cloud
 * @param pricePerSecond price charged per second the VM hosts at least one executor
 */
public record Vm(int id, VmType type, Site site, double pricePerSecond) {

    public Vm {
        if (id < 0) {
            throw new IllegalArgumentException("VM id must be >= 0, got " + id);
        }
        if (type == null || site == null) {
            throw new IllegalArgumentException("VM " + id + " needs a type and a site");
        }
        if (!(pricePerSecond >= 0) || !Double.isFinite(pricePerSecond)) {
            throw new IllegalArgumentException("VM " + id + ": pricePerSecond must be >= 0, got " + pricePerSecond);
        }
    }

    public int cores() {
        return type.cores();
    }

    public double memoryGb() {
        return type.memoryGb();
    }

    public boolean isLocal() {
        return site == Site.LOCAL;
    }
}
