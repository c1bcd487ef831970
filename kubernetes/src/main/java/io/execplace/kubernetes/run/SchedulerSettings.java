package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.CapacityTypes;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.disruption.DrainSettings;
import io.execplace.kubernetes.provision.ProvisionSettings;

import java.time.Duration;

/**
 * Settings of one scheduler process: its name, the namespace it watches, dry run and leader election,
 * and a record per concern, which the scheduler's parts read ({@link GangSettings}, {@link
 * PlacementSettings}, {@link NodeSettings}, {@link BindSettings}, {@link ProtectionSettings}, {@link
 * ScalingSettings}). Build with {@link #builder()}, one named setter a setting. Defaults: name {@code
 * execplace}, all namespaces, FCFS with head-of-line blocking (as the simulator), 2 s batching window,
 * 600 s default expected duration, site label {@code execplace.io/site} (default cloud), 3 bind attempts.
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

    private SchedulerSettings(String schedulerName, String namespace, boolean dryRun, LeaderElection.Settings leaderElection,
                              GangSettings gangs, PlacementSettings placement, NodeSettings nodes, BindSettings binding,
                              ProtectionSettings protection, ScalingSettings scaling) {
        this.schedulerName = schedulerName;
        this.namespace = namespace;
        this.dryRun = dryRun;
        this.leaderElection = leaderElection;
        this.gangs = gangs;
        this.placement = placement;
        this.nodes = nodes;
        this.binding = binding;
        this.protection = protection;
        this.scaling = scaling;
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

    GangSettings gangs() {
        return gangs;
    }

    PlacementSettings placement() {
        return placement;
    }

    NodeSettings nodes() {
        return nodes;
    }

    BindSettings binding() {
        return binding;
    }

    ProtectionSettings protection() {
        return protection;
    }

    ScalingSettings scaling() {
        return scaling;
    }

    /**
     * These settings for a dry run, which looks once at what is pending now: nothing waits for a batching
     * window, no node is cordoned, no leader is elected; every other setting as given.
     */
    SchedulerSettings forDryRun() {
        return new SchedulerSettings(schedulerName, namespace, true, null, gangs.withoutBatchWindow(), placement, nodes, binding,
                protection, scaling.withoutCordoning());
    }

    /** Named setters for every setting; {@link #build()} checks them. */
    public static final class Builder {
        private String schedulerName = "execplace";
        private String namespace;
        private QueuePolicy queue = QueuePolicy.FCFS;
        private boolean backfill;
        private Duration batchWindow = Duration.ofSeconds(2);
        private double defaultDurationSeconds = 600;
        private boolean dryRun;
        private boolean cordonEmpty;
        private String siteLabel = Labels.SITE;
        private Site defaultSite = Site.CLOUD;
        private int bindAttempts = 3;
        private Duration bindBackoff = Duration.ofMillis(100);
        private Duration assumeTtl = Duration.ofSeconds(30);
        private LeaderElection.Settings leaderElection;
        private boolean singleZone;
        private boolean driverGang;
        private boolean bindEarly;
        private boolean partialGangs;
        private boolean protectExecutors;
        private boolean protectDrivers;
        private DrainSettings drains = DrainSettings.DEFAULTS;
        private Duration holdTimeout = Duration.ofMinutes(5);
        private String capacityTypeLabel;
        private boolean driversOnSpot;
        private ProvisionSettings provisioning;
        private Duration roomWait = Duration.ZERO;

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

        public Builder queue(QueuePolicy v) {
            queue = v;
            return this;
        }

        public Builder backfill(boolean v) {
            backfill = v;
            return this;
        }

        public Builder batchWindow(Duration v) {
            batchWindow = v;
            return this;
        }

        public Builder defaultDurationSeconds(double v) {
            defaultDurationSeconds = v;
            return this;
        }

        public Builder dryRun(boolean v) {
            dryRun = v;
            return this;
        }

        public Builder cordonEmpty(boolean v) {
            cordonEmpty = v;
            return this;
        }

        public Builder siteLabel(String v) {
            siteLabel = v;
            return this;
        }

        public Builder defaultSite(Site v) {
            defaultSite = v;
            return this;
        }

        public Builder bindAttempts(int v) {
            bindAttempts = v;
            return this;
        }

        public Builder bindBackoff(Duration v) {
            bindBackoff = v;
            return this;
        }

        public Builder assumeTtl(Duration v) {
            assumeTtl = v;
            return this;
        }

        /** Elect a leader among replicas with a Lease (null: no election). */
        public Builder leaderElection(LeaderElection.Settings v) {
            leaderElection = v;
            return this;
        }

        /** Place each gang within one zone. */
        public Builder singleZone(boolean v) {
            singleZone = v;
            return this;
        }

        /** Place a driver only with room for its executors, held for them. */
        public Builder driverGang(boolean v) {
            driverGang = v;
            return this;
        }

        /** Bind as much of a gang as fits now, the rest waits (for a provisioner that buys pod by pod). */
        public Builder partialGangs(boolean v) {
            partialGangs = v;
            return this;
        }

        /** Bind executor pods with {@code karpenter.sh/do-not-disrupt} (as their placement names it, else "true"). */
        public Builder drains(DrainSettings v) {
            drains = java.util.Objects.requireNonNull(v);
            return this;
        }

        public Builder protectExecutors(boolean v) {
            protectExecutors = v;
            return this;
        }

        public Builder protectDrivers(boolean v) {
            protectDrivers = v;
            return this;
        }

        /** Bind executors as they come once their whole gang has room, held for the missing ones. */
        public Builder bindEarly(boolean v) {
            bindEarly = v;
            return this;
        }

        /** How long held room waits for executors when the driver gives no gang timeout (default 5 minutes). */
        public Builder holdTimeout(Duration v) {
            holdTimeout = v;
            return this;
        }

        /** A node label that says {@code spot} (or {@code true}) on spot nodes, beside Karpenter's, EKS's and GKE's (null: none). */
        public Builder capacityTypeLabel(String v) {
            capacityTypeLabel = v;
            return this;
        }

        /** Let drivers run on spot nodes. */
        public Builder driversOnSpot(boolean v) {
            driversOnSpot = v;
            return this;
        }

        /** Claim nodes with Karpenter NodeClaims (null: mark pods Unschedulable for a provisioner to act on). */
        public Builder provisioning(ProvisionSettings v) {
            provisioning = v;
            return this;
        }

        /** Wait up to this long for room running pods free instead of buying a node (zero: never; {@link RoomWait}). */
        public Builder roomWait(Duration v) {
            roomWait = v;
            return this;
        }

        /** The settings by concern; each concern's record checks its values. */
        public SchedulerSettings build() {
            if (schedulerName == null || schedulerName.isBlank()) {
                throw new IllegalArgumentException("--name: the scheduler name must not be empty");
            }
            // each record built from the fields of its components' names, here only
            return new SchedulerSettings(schedulerName, namespace, dryRun, leaderElection,
                    new GangSettings(batchWindow, driverGang, bindEarly, partialGangs, holdTimeout),
                    new PlacementSettings(queue, backfill, singleZone, defaultDurationSeconds),
                    new NodeSettings(siteLabel, defaultSite, CapacityTypes.withLabel(capacityTypeLabel), driversOnSpot),
                    new BindSettings(bindAttempts, bindBackoff, assumeTtl),
                    new ProtectionSettings(protectExecutors, protectDrivers, drains),
                    new ScalingSettings(provisioning, roomWait, cordonEmpty));
        }
    }
}
