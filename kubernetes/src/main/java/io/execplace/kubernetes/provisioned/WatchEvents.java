package io.execplace.kubernetes.provisioned;

import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

/** An informer handler that reports adds, updates and deletes as one call: the object, and whether it is gone. */
public final class WatchEvents {

    /** What to do with an object seen. */
    @FunctionalInterface
    public interface Seen<T> {
        void seen(T object, boolean gone);
    }

    private WatchEvents() {
    }

    public static <T> ResourceEventHandler<T> to(Seen<T> seen) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T object) {
                seen.seen(object, false);
            }

            @Override
            public void onUpdate(T old, T object) {
                seen.seen(object, false);
            }

            @Override
            public void onDelete(T object, boolean finalStateUnknown) {
                seen.seen(object, true);
            }
        };
    }
}
