package io.execplace.experiments.whatif;

import io.execplace.core.model.Cluster;
import io.execplace.core.rules.Billing;

import java.nio.file.Path;
import java.util.List;

/**
 * What a what-if replay is asked to do; built with {@link #builder()}.
 *
 * @param eventLogs  event log files, rolling-log folders or folders of logs
 * @param cluster    the priced cluster the logs' hosts are VMs of
 * @param hosts      a host table ('host,vm' lines); null: hosts in order of first appearance take VMs 0, 1, ...
 * @param pods       which node each Spark pod ran on (Kubernetes); null: every executor pod a node of its own
 * @param schedulers the schedulers to compare with what happened
 * @param pools      elastic clusters to replay the applications on as well
 * @param billing    billing of VM busy time
 * @param penalties  the papers' placement penalties; false: every application keeps its logged duration
 */
public record WhatIfRequest(List<Path> eventLogs, Cluster cluster, Path hosts, Path pods, List<String> schedulers,
                            List<Cluster> pools, Billing billing, boolean penalties) {

    /** The schedulers of a request that names none. */
    public static final List<String> DEFAULT_SCHEDULERS = List.of("first-fit", "round-robin", "round-robin-consolidate", "gio");

    public WhatIfRequest {
        eventLogs = List.copyOf(eventLogs);
        schedulers = List.copyOf(schedulers);
        pools = List.copyOf(pools);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link WhatIfRequest}; unset settings take the defaults of {@code execplace whatif}. */
    public static final class Builder {
        private List<Path> eventLogs = List.of();
        private Cluster cluster;
        private Path hosts;
        private Path pods;
        private List<String> schedulers = DEFAULT_SCHEDULERS;
        private List<Cluster> pools = List.of();
        private Billing billing = Billing.EXACT;
        private boolean penalties;

        private Builder() {
        }

        public Builder eventLogs(List<Path> v) {
            eventLogs = v;
            return this;
        }

        public Builder cluster(Cluster v) {
            cluster = v;
            return this;
        }

        public Builder hosts(Path v) {
            hosts = v;
            return this;
        }

        public Builder pods(Path v) {
            pods = v;
            return this;
        }

        /** The schedulers; null: {@link #DEFAULT_SCHEDULERS}. */
        public Builder schedulers(List<String> v) {
            schedulers = v == null ? DEFAULT_SCHEDULERS : v;
            return this;
        }

        public Builder pools(List<Cluster> v) {
            pools = v;
            return this;
        }

        /** Billing; null: exact seconds. */
        public Builder billing(Billing v) {
            billing = v == null ? Billing.EXACT : v;
            return this;
        }

        public Builder penalties(boolean v) {
            penalties = v;
            return this;
        }

        public WhatIfRequest build() {
            return new WhatIfRequest(eventLogs, cluster, hosts, pods, schedulers, pools, billing, penalties);
        }
    }
}
