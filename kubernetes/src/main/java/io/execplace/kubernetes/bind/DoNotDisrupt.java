package io.execplace.kubernetes.bind;

import java.util.Map;

/**
 * Karpenter's {@code karpenter.sh/do-not-disrupt} pod annotation, which keeps voluntary disruption
 * (consolidation, drift) off the pod's node while it is on. Its value is {@code "true"} or a positive
 * Go duration counted from the pod's start ({@code IsDoNotDisruptActive},
 * {@code pkg/utils/pod/scheduling.go} of sigs.k8s.io/karpenter v1.15.0).
 */
public final class DoNotDisrupt {

    public static final String ANNOTATION = "karpenter.sh/do-not-disrupt";

    private DoNotDisrupt() {
    }

    /**
     * The annotation for a protection of {@code seconds} from the pod's start: none for 0 (or less),
     * {@code "true"} for +infinity, else whole seconds rounded up ({@code "300s"}), which
     * {@code time.ParseDuration} reads and which never ends the protection early.
     */
    public static Map<String, String> annotation(double seconds) {
        if (!(seconds > 0)) {
            return Map.of();
        }
        String value = Double.isInfinite(seconds) ? "true" : (long) Math.ceil(seconds) + "s";
        return Map.of(ANNOTATION, value);
    }
}
