package io.execplace.core.model;

/**
 * Karpenter's choice of an instance type for pending pods of one size, as its provisioner fills a new
 * NodeClaim (sigs.k8s.io/karpenter v1.15.0, {@code pkg/controllers/provisioning/scheduling/scheduler.go}
 * and {@code nodeclaimtemplate.go}): as many of the pods as the largest type that may be bought holds,
 * capped at those pending, on the cheapest type that holds that many (the first of equal price). One
 * rule for the elastic model's provisioner and for execplace's NodeClaims on Kubernetes, each over its
 * own list of types.
 */
public final class InstanceChoice {

    private InstanceChoice() {
    }

    /** What the rule reads of the caller's type {@code t} (an index into its list). */
    public interface Types {

        int count();

        /** Pods of the request a node of type {@code t} holds; 0 when such a node may not be bought. */
        long holds(int t);

        double price(int t);

        /**
         * Whether a node of type {@code t} can be had now (the model: a slot not yet bought). Asked only of
         * a type that would be chosen otherwise; the largest type sizes the claim even when it cannot.
         */
        default boolean available(int t) {
            return true;
        }
    }

    /** Pods a new node is bought for: the largest number any type holds, capped at {@code pending}; 0 when none holds one. */
    public static long wanted(Types types, long pending) {
        long most = 0;
        for (int t = 0; t < types.count(); t++) {
            most = Math.max(most, types.holds(t));
        }
        return Math.min(most, pending);
    }

    /** The cheapest available type that holds {@code want} pods (ties: the first); -1 when none does or {@code want} is 0. */
    public static int cheapest(Types types, long want) {
        if (want <= 0) {
            return -1;
        }
        int best = -1;
        double bestPrice = Double.POSITIVE_INFINITY;
        for (int t = 0; t < types.count(); t++) {
            double price = types.price(t);
            if (types.holds(t) >= want && price < bestPrice && types.available(t)) {
                best = t;
                bestPrice = price;
            }
        }
        return best;
    }
}
