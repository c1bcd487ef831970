package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.CapacityTypes;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.disruption.DrainSettings;
import io.execplace.kubernetes.provision.ProvisionSettings;

import java.time.Duration;

/**
 * Settings of one scheduler process; build with {@link #builder()}. Defaults: name {@code execplace},
 * all namespaces, FCFS with head-of-line blocking (as the simulator), 2 s batching window, 600 s
 * default expected duration, site label {@code execplace.io/site} (default cloud), 3 bind attempts.
 */
public final class SchedulerSettings {

    private final String schedulerName;
    private final String namespace;
    private final QueuePolicy queue;
    private final boolean backfill;
    private final Duration batchWindow;
    private final double defaultDurationSeconds;
    private final boolean dryRun;
    private final boolean cordonEmpty;
    private final String siteLabel;
    private final Site defaultSite;
    private final int bindAttempts;
    private final Duration bindBackoff;
    private final Duration assumeTtl;
    private final LeaderElection.Settings leaderElection;
    private final boolean singleZone;
    private final boolean driverGang;
    private final boolean bindEarly;
    private final boolean partialGangs;
    private final boolean protectExecutors;
    private final boolean protectDrivers;
    private final DrainSettings drains;
    private final Duration holdTimeout;
    private final CapacityTypes capacityTypes;
    private final boolean driversOnSpot;
    private final ProvisionSettings provisioning;
    private final Duration roomWait;

    private SchedulerSettings(Builder b) {
        schedulerName = b.schedulerName;
        namespace = b.namespace;
        queue = b.queue;
        backfill = b.backfill;
        batchWindow = b.batchWindow;
        defaultDurationSeconds = b.defaultDurationSeconds;
        dryRun = b.dryRun;
        cordonEmpty = b.cordonEmpty;
        siteLabel = b.siteLabel;
        defaultSite = b.defaultSite;
        bindAttempts = b.bindAttempts;
        bindBackoff = b.bindBackoff;
        assumeTtl = b.assumeTtl;
        leaderElection = b.leaderElection;
        singleZone = b.singleZone;
        driverGang = b.driverGang;
        bindEarly = b.bindEarly;
        partialGangs = b.partialGangs;
        protectExecutors = b.protectExecutors;
        protectDrivers = b.protectDrivers;
        drains = b.drains;
        holdTimeout = b.holdTimeout;
        capacityTypes = CapacityTypes.withLabel(b.capacityTypeLabel);
        driversOnSpot = b.driversOnSpot;
        provisioning = b.provisioning;
        roomWait = b.roomWait;
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

    public QueuePolicy queue() {
        return queue;
    }

    /** Let later applications be placed while the queue head waits (off: as the papers and the simulator). */
    public boolean backfill() {
        return backfill;
    }

    public Duration batchWindow() {
        return batchWindow;
    }

    public double defaultDurationSeconds() {
        return defaultDurationSeconds;
    }

    public boolean dryRun() {
        return dryRun;
    }

    public boolean cordonEmpty() {
        return cordonEmpty;
    }

    public String siteLabel() {
        return siteLabel;
    }

    public Site defaultSite() {
        return defaultSite;
    }

    public int bindAttempts() {
        return bindAttempts;
    }

    public Duration bindBackoff() {
        return bindBackoff;
    }

    /** How long a binding this scheduler made counts before the informer shows it (then the API decides). */
    public Duration assumeTtl() {
        return assumeTtl;
    }

    /** Leader election settings, or null when this replica schedules without electing a leader. */
    public LeaderElection.Settings leaderElection() {
        return leaderElection;
    }

    /** Each gang on the nodes of one zone (label topology.kubernetes.io/zone): no cross-zone shuffle traffic. */
    public boolean singleZone() {
        return singleZone;
    }

    /** {@code --driver-gang}: a driver is placed only with room for its executors, held for them. */
    public boolean driverGang() {
        return driverGang;
    }

    /**
     * {@code --bind-early}: an application whose gang size is known is bound executor by executor as
     * they come, once the whole gang has room, which is held for the missing ones.
     */
    public boolean bindEarly() {
        return bindEarly;
    }

    /**
     * {@code --partial-gangs}: executors are placed as they come, without waiting for the rest of their
     * gang, and a gang that does not fit whole is bound as far as it fits while the rest waits, so a
     * node provisioner buys for exactly the pods that fit no existing node.
     */
    public boolean partialGangs() {
        return partialGangs;
    }

    /** {@code --protect-executors}: executor pods are bound with Karpenter's {@code karpenter.sh/do-not-disrupt}. */
    public boolean protectExecutors() {
        return protectExecutors;
    }

    /** {@code --protect-drivers}: driver pods are bound with Karpenter's {@code karpenter.sh/do-not-disrupt: "true"}. */
    public boolean protectDrivers() {
        return protectDrivers;
    }

    /** What Karpenter's consolidation does where no NodePool says, and whether NodePools are read ({@code --protect-executors}). */
    public DrainSettings drains() {
        return drains;
    }

    /** How long room is held for executors that have not come, when the driver gives no gang timeout. */
    public Duration holdTimeout() {
        return holdTimeout;
    }

    /** Which nodes are spot: the provisioners' labels and {@code --capacity-type-label}. */
    public CapacityTypes capacityTypes() {
        return capacityTypes;
    }

    /** {@code --drivers-on-spot}: let Spark drivers run on spot nodes (off by default: they are kept off). */
    public boolean driversOnSpot() {
        return driversOnSpot;
    }

    /** {@code --provision nodeclaims}: the NodePools and instance types to claim nodes from, or null (pods are marked for a provisioner). */
    public ProvisionSettings provisioning() {
        return provisioning;
    }

    /**
     * {@code --wait-for-room SECONDS}: how long an application waits for room the running pods' expected
     * ends free instead of being bought a node for (a node's launch; {@link RoomWait}); zero: never.
     */
    public Duration roomWait() {
        return roomWait;
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

        public SchedulerSettings build() {
            if (schedulerName == null || schedulerName.isBlank()) {
                throw new IllegalArgumentException("--name: the scheduler name must not be empty");
            }
            if (queue == null || defaultSite == null || siteLabel == null || siteLabel.isBlank()) {
                throw new IllegalArgumentException("queue, site label and default site are required");
            }
            if (roomWait == null || roomWait.isNegative() || roomWait.compareTo(Duration.ofMinutes(10)) > 0) {
                throw new IllegalArgumentException("--wait-for-room: must be 0 to 600 seconds, got " + roomWait);
            }
            if (batchWindow == null || batchWindow.isNegative() || batchWindow.compareTo(Duration.ofMinutes(10)) > 0) {
                throw new IllegalArgumentException("--batch-window must be between 0 and 10 minutes, got " + batchWindow);
            }
            if (!(defaultDurationSeconds > 0) || !Double.isFinite(defaultDurationSeconds)) {
                throw new IllegalArgumentException("--default-duration must be a number of seconds > 0, got "
                        + defaultDurationSeconds);
            }
            if (bindAttempts < 1 || bindAttempts > 100) {
                throw new IllegalArgumentException("--bind-attempts must be between 1 and 100, got " + bindAttempts);
            }
            if (bindBackoff == null || bindBackoff.isNegative() || assumeTtl == null || assumeTtl.isNegative() || assumeTtl.isZero()) {
                throw new IllegalArgumentException("bind back-off must be >= 0 and the assume TTL > 0");
            }
            if (holdTimeout == null || holdTimeout.compareTo(Duration.ofSeconds(1)) < 0 || holdTimeout.compareTo(Duration.ofHours(24)) > 0) {
                throw new IllegalArgumentException("--hold-timeout must be between 1 second and 24 hours, got " + holdTimeout);
            }
            return new SchedulerSettings(this);
        }
    }
}
