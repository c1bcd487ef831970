package io.execplace.rl.nn;

import dev.ludovic.netlib.blas.BLAS;

/**
 * Row-major general matrix products {@code C += op(A) · op(B)} on {@code double[]} with offsets:
 * the one primitive {@link GemmMlp} needs for whole batches. {@link #blas()} hands them to
 * {@code dev.ludovic.netlib}, which uses the system's native BLAS (OpenBLAS from
 * {@code scripts/setup}) when {@code libblas.so.3} is present and a pure-Java BLAS otherwise.
 */
public interface Gemm {

    /**
     * netlib logs a warning for each implementation it cannot load (native, Vector API) before
     * falling back; that is expected here, so only its errors are shown. Held so the level sticks.
     */
    java.util.logging.Logger NETLIB_LOG = quietNetlib();

    private static java.util.logging.Logger quietNetlib() {
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("dev.ludovic.netlib.blas.InstanceBuilder");
        log.setLevel(java.util.logging.Level.SEVERE);
        return log;
    }

    /**
     * {@code C(m×n) += op(A)(m×k) · op(B)(k×n)}, all row-major; {@code op(X)} is {@code Xᵀ} when
     * the flag is set (then {@code A} is stored {@code k×m}, {@code B} {@code n×k}).
     */
    void mulAdd(boolean transA, boolean transB, int m, int n, int k, double[] a, int aOff, double[] b, int bOff,
                double[] c, int cOff);

    /** Short name for reports (which BLAS implementation runs). */
    String name();

    /** netlib's best available BLAS. */
    static Gemm blas() {
        NETLIB_LOG.getLevel();
        return of(BLAS.getInstance());
    }

    /** netlib's pure-Java BLAS, whatever the system has (for comparisons). */
    static Gemm javaBlas() {
        return of(dev.ludovic.netlib.blas.JavaBLAS.getInstance());
    }

    /** A product through a given netlib BLAS. */
    static Gemm of(BLAS blas) {
        String name = "netlib " + blas.getClass().getSimpleName();
        return new Gemm() {
            @Override
            public void mulAdd(boolean transA, boolean transB, int m, int n, int k, double[] a, int aOff, double[] b,
                               int bOff, double[] c, int cOff) {
                // Row-major C = op(A)·op(B) is column-major Cᵀ = op(B)ᵀ·op(A)ᵀ; a row-major array read
                // column-major is its transpose, so B comes first and the flags keep their sense.
                blas.dgemm(transB ? "T" : "N", transA ? "T" : "N", n, m, k, 1.0, b, bOff, transB ? k : n, a, aOff,
                        transA ? m : k, 1.0, c, cOff, n);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /**
     * True when netlib found a native BLAS library (JNI) rather than falling back to Java, unless
     * the system property {@code execplace.nativeBlas} is {@code false} (to reproduce, on a machine
     * with OpenBLAS, what a machine without it computes).
     */
    static boolean nativeBlasAvailable() {
        NETLIB_LOG.getLevel();
        return !"false".equals(System.getProperty("execplace.nativeBlas"))
                && BLAS.getInstance().getClass().getSimpleName().startsWith("JNI");
    }
}
