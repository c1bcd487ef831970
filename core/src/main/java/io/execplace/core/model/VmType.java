package io.execplace.core.model;

/**
 * A VM instance shape: its name (e.g. {@code m1.large}), CPU cores and memory.
 *
 * @param name     instance type name
 * @param cores    CPU cores, at least 1
 * @param memoryGb memory in GB, positive
 */
public record VmType(String name, int cores, double memoryGb) {

    public VmType {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("VM type needs a name");
        }
        if (cores < 1) {
            throw new IllegalArgumentException("VM type " + name + ": cores must be at least 1, got " + cores);
        }
        if (!(memoryGb > 0) || !Double.isFinite(memoryGb)) {
            throw new IllegalArgumentException("VM type " + name + ": memoryGb must be positive, got " + memoryGb);
        }
    }

    public static final VmType M1_LARGE = new VmType("m1.large", 4, 16);
    public static final VmType M1_XLARGE = new VmType("m1.xlarge", 8, 32);
    public static final VmType M2_XLARGE = new VmType("m2.xlarge", 12, 48);
}
