package io.execplace.kubernetes.run;

import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Settings of one scheduler process: its name, the namespace it watches, dry run and leader election,
 * and a record per concern ({@link GangSettings}, {@link PlacementSettings}, {@link NodeSettings},
 * {@link BindSettings}, {@link ProtectionSettings}, {@link ScalingSettings}), each with its own defaults
 * and checks. Build with {@link #builder()}; defaults: name {@code execplace}, all namespaces, no leader
 * election, and each concern's {@code DEFAULTS}.
 */
public final class SchedulerSettings {

    private final String schedulerName;
    private final String namespace;
    private final boolean dryRun;
    private final LeaderElection.Settings leaderElection;
    private final GangSettings gangs;
    private final PlacementSettings placement;
    private final NodeSettings nodes;
    private final BindSettings binding;
    private final ProtectionSettings protection;
    private final ScalingSettings scaling;

    private SchedulerSettings(Builder b) {
        schedulerName = b.schedulerName;
        namespace = b.namespace;
        dryRun = b.dryRun;
        leaderElection = b.leaderElection;
        gangs = b.gangs;
        placement = b.placement;
        nodes = b.nodes;
        binding = b.binding;
        protection = b.protection;
        scaling = b.scaling;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Pods whose {@code spec.schedulerName} equals this are ours. */
    public String schedulerName() {
        return schedulerName;
    }

    /** The only namespace watched for pods, or null for all. */
    public String namespace() {
        return namespace;
    }

    /** {@code --dry-run}: read the cluster, report what would be bound, write nothing. */
    public boolean dryRun() {
        return dryRun;
    }

    /** Leader election settings, or null when this replica schedules without electing a leader. */
    public LeaderElection.Settings leaderElection() {
        return leaderElection;
    }

    public GangSettings gangs() {
        return gangs;
    }

    public PlacementSettings placement() {
        return placement;
    }

    public NodeSettings nodes() {
        return nodes;
    }

    public BindSettings binding() {
        return binding;
    }

    public ProtectionSettings protection() {
        return protection;
    }

    public ScalingSettings scaling() {
        return scaling;
    }

    /**
     * These settings for a dry run, which looks once at what is pending now: nothing waits for a batching
     * window, no node is cordoned, no leader is elected.
     */
    SchedulerSettings forDryRun() {
        return builder().schedulerName(schedulerName).namespace(namespace).dryRun(true)
                .gangs(g -> gangs.withBatchWindow(Duration.ZERO)).placement(p -> placement).nodes(n -> nodes)
                .binding(b -> binding).protection(p -> protection).scaling(s -> scaling.withCordonEmpty(false)).build();
    }

    /** Named setters; each concern is changed from its defaults (or from what was set before) by a function. */
    public static final class Builder {
        private String schedulerName = "execplace";
        private String namespace;
        private boolean dryRun;
        private LeaderElection.Settings leaderElection;
        private GangSettings gangs = GangSettings.DEFAULTS;
        private PlacementSettings placement = PlacementSettings.DEFAULTS;
        private NodeSettings nodes = NodeSettings.DEFAULTS;
        private BindSettings binding = BindSettings.DEFAULTS;
        private ProtectionSettings protection = ProtectionSettings.DEFAULTS;
        private ScalingSettings scaling = ScalingSettings.DEFAULTS;

        private Builder() {
        }

        public Builder schedulerName(String v) {
            schedulerName = v;
            return this;
        }

        public Builder namespace(String v) {
            namespace = v;
            return this;
        }

        public Builder dryRun(boolean v) {
            dryRun = v;
            return this;
        }

        /** Elect a leader among replicas with a Lease (null: no election). */
        public Builder leaderElection(LeaderElection.Settings v) {
            leaderElection = v;
            return this;
        }

        public Builder gangs(UnaryOperator<GangSettings> change) {
            gangs = Objects.requireNonNull(change.apply(gangs));
            return this;
        }

        public Builder placement(UnaryOperator<PlacementSettings> change) {
            placement = Objects.requireNonNull(change.apply(placement));
            return this;
        }

        public Builder nodes(UnaryOperator<NodeSettings> change) {
            nodes = Objects.requireNonNull(change.apply(nodes));
            return this;
        }

        public Builder binding(UnaryOperator<BindSettings> change) {
            binding = Objects.requireNonNull(change.apply(binding));
            return this;
        }

        public Builder protection(UnaryOperator<ProtectionSettings> change) {
            protection = Objects.requireNonNull(change.apply(protection));
            return this;
        }

        public Builder scaling(UnaryOperator<ScalingSettings> change) {
            scaling = Objects.requireNonNull(change.apply(scaling));
            return this;
        }

        public SchedulerSettings build() {
            if (schedulerName == null || schedulerName.isBlank()) {
                throw new IllegalArgumentException("--name: the scheduler name must not be empty");
            }
            return new SchedulerSettings(this);
        }
    }
}
