package io.execplace.rl.pairs;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.rules.DurationModel;

/**
 * What the size-free observations ({@link PairObservation}, and the choice agent's) divide a job's
 * and a cluster's figures by, so that one network serves clusters of any size and price.
 *
 * @param meanPrice     mean price per second of the cluster's VMs
 * @param maxCores      cores of the largest VM
 * @param maxMemory     memory (GB) of the largest VM
 * @param totalCores    cores of all VMs
 * @param hybridPenalty whether cloud VMs slow this cluster's jobs (local and cloud VMs, and the rules' hybrid penalty on)
 */
public record ClusterScale(double meanPrice, double maxCores, double maxMemory, double totalCores, boolean hybridPenalty) {

    public static ClusterScale of(Cluster cluster, DurationModel model) {
        double price = 0;
        double mc = 0;
        double mm = 0;
        double tc = 0;
        for (Vm vm : cluster.vms()) {
            price += vm.pricePerSecond();
            mc = Math.max(mc, vm.cores());
            mm = Math.max(mm, vm.memoryGb());
            tc += vm.cores();
        }
        return new ClusterScale(price / cluster.size(), mc, mm, tc,
                model.hybridPenalty() && cluster.hasSite(Site.LOCAL) && cluster.hasSite(Site.CLOUD));
    }
}
