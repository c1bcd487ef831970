package io.execplace.kubernetes.replay;

import io.execplace.core.io.BadInputException;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.Deadlines;

import java.util.ArrayList;
import java.util.List;

/**
 * A replay's workload as the testbed runs it: one job per pod, the driver (1 core, 1 GB, no deadline)
 * and each executor (one executor, the application's deadline), all arriving with their application.
 * A pod then starts when its own node is ready and frees its room at its own end, as a kwok pod does
 * ({@code execplace.io/run-for} from when it runs), where a job of several executors starts them
 * together once the last node it needs is ready.
 *
 * <p>Application {@code a} (its index in the workload) is jobs {@code a × stride + i}: {@code i = 0} its
 * driver, {@code 1..e} its executors, so that at one instant (a workload orders ties by id) the driver
 * comes first and then the executors, as the replay creates them.
 */
final class PodJobs {

    private final Workload applications;
    private final Workload pods;
    private final int stride;

    private PodJobs(Workload applications, Workload pods, int stride) {
        this.applications = applications;
        this.pods = pods;
        this.stride = stride;
    }

    static PodJobs of(Workload applications) {
        int stride = 1;
        for (Job j : applications.jobs()) {
            stride = Math.max(stride, j.executors() + 1);
        }
        if ((long) applications.size() * stride > Integer.MAX_VALUE) {
            throw new BadInputException("workload " + applications.name() + " has too many pods for a prediction pod by pod");
        }
        List<Job> jobs = new ArrayList<>();
        for (int a = 0; a < applications.size(); a++) {
            Job app = applications.jobs().get(a);
            for (int i = 0; i <= app.executors(); i++) {
                jobs.add(pod(app, a * stride, i));
            }
        }
        return new PodJobs(applications, new Workload(applications.name() + "+pods", jobs), stride);
    }

    /** The pods as jobs, in arrival order. */
    Workload pods() {
        return pods;
    }

    /** The application's pods from pod job {@code id} on (itself first), as the application's jobs give them. */
    List<Job> podsFrom(int id) {
        int a = id / stride;
        int first = id % stride;
        Job app = applications.jobs().get(a);
        List<Job> left = new ArrayList<>();
        for (int i = first; i <= app.executors(); i++) {
            left.add(pod(app, a * stride, i));
        }
        return left;
    }

    /** Pod {@code i} of an application whose driver is job {@code base}: 0 the driver, then its executors. */
    private static Job pod(Job app, int base, int i) {
        return i == 0
                ? new Job(base, JobType.GENERIC, app.arrival(), 1, Prediction.DRIVER.cores(),
                        Prediction.DRIVER.memoryGb(), app.baseDuration(), Job.NO_DEADLINE)
                : new Job(base + i, app.type(), app.arrival(), 1, app.coresPerExecutor(),
                        app.memoryGbPerExecutor(), app.baseDuration(), app.deadline());
    }

    /**
     * What the replay reports of the applications, from the run of their pods: an application finished
     * when all its pods completed, and met its deadline when its last pod ended by it (the replay's rule).
     */
    Applications applications(RunResult run) {
        int n = applications.size();
        int[] podsDone = new int[n];
        double[] end = new double[n];
        for (JobRecord r : run.jobs()) {
            int a = r.job().id() / stride;
            if (r.completed()) {
                podsDone[a]++;
                end[a] = Math.max(end[a], r.finish());
            }
        }
        int finished = 0;
        int deadlines = 0;
        int met = 0;
        for (int a = 0; a < n; a++) {
            Job app = applications.jobs().get(a);
            boolean done = podsDone[a] == app.executors() + 1;
            finished += done ? 1 : 0;
            if (app.hasDeadline()) {
                deadlines++;
                met += done && Deadlines.met(app, end[a]) ? 1 : 0;
            }
        }
        return new Applications(n, finished, deadlines, met);
    }

    /** The replay's application figures. */
    record Applications(int count, int finished, int deadlines, int deadlinesMet) {
    }
}
