package io.execplace.kubernetes.faults;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.replay.SparkPods;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * The applications of one fault run, created in its namespace as Spark on Kubernetes creates them
 * ({@link SparkPods}, time scale 1: durations are real seconds): a seeded set arriving over a few seconds,
 * probes created right after a fault to time the recovery, and the bad objects. An executor deleted
 * before it ended (its node interrupted or tainted) is replaced while its driver runs, as Spark's
 * executor allocator does.
 */
final class RunWorkload {

    /** What an application is, for the checker: a bad object may be refused, a good one must finish. */
    enum Kind { NORMAL, PROBE, UNFIT, MALFORMED, DRIVER_ONLY, EXECUTORS_ONLY }

    private final KubernetesClient client;
    private final String namespace;
    private final SparkPods pods;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final Map<String, Pod> drivers = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> lastExecId = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1);
    private final AtomicInteger replaced = new AtomicInteger();
    private final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());

    RunWorkload(KubernetesClient client, String namespace, String schedulerName, Clock clock) {
        this.client = client;
        this.namespace = namespace;
        this.pods = new SparkPods(namespace, schedulerName, 1, clock.instant());
    }

    /** The taint of the probe node, which only probes tolerate (FaultSuiteTest's bench makes the node). */
    static final String PROBE_TAINT = "execplace.io/probe";

    /** {@code count} applications arriving within {@code spreadSeconds}: 1–3 executors of 1–2 cores, 2–4 GB, running the given seconds. */
    static List<Job> seeded(Random random, int count, double spreadSeconds, int minSeconds, int maxSeconds) {
        List<Job> jobs = new ArrayList<>();
        JobType[] types = JobType.values();
        for (int i = 0; i < count; i++) {
            jobs.add(new Job(0, types[random.nextInt(types.length)], random.nextDouble() * spreadSeconds, 1 + random.nextInt(3),
                    1 + random.nextInt(2), 2 + random.nextInt(3), minSeconds + random.nextInt(maxSeconds - minSeconds + 1), Job.NO_DEADLINE));
        }
        return jobs;
    }

    /** Creates an application now (the job's id is replaced by the run's next); returns its application id. */
    String create(Job shape, Kind kind) {
        Job job = new Job(nextId.getAndIncrement(), shape.type(), 0, shape.executors(), shape.coresPerExecutor(),
                shape.memoryGbPerExecutor(), shape.baseDuration(), shape.deadline());
        String app = SparkPods.appId(job);
        kinds.put(app, kind);
        jobs.put(app, job);
        Pod driver = pods.driver(job);
        if (kind == Kind.MALFORMED) {
            Map<String, String> a = driver.getMetadata().getAnnotations();
            a.put(Labels.EXECUTORS, "two");
            a.put(Labels.EXECUTOR_CPU, "lots");
            a.put(Labels.EXPECTED_DURATION, "-5");
            a.put(Labels.DEADLINE, "tomorrow");
        }
        tolerateProbeNode(driver, kind);
        Pod created = null;
        if (kind != Kind.EXECUTORS_ONLY) {
            created = createPod(driver);
            drivers.put(app, created);
        }
        int executors = kind == Kind.DRIVER_ONLY ? 0 : job.executors();
        for (int e = 1; e <= executors; e++) {
            createPod(executor(job, e, created, kind));
        }
        lastExecId.put(app, new AtomicInteger(executors));
        return app;
    }

    private Pod executor(Job job, int execId, Pod driver, Kind kind) {
        Pod owner = driver != null ? driver : pods.driver(job);
        Pod executor = pods.executor(job, execId, owner);
        if (driver == null) {
            // No driver to own them: the garbage collector would delete executors whose owner does not exist.
            executor.getMetadata().setOwnerReferences(List.of());
        }
        if (kind == Kind.UNFIT) {
            // More than the largest instance type the testbed sells (16 vCPU, 64 GiB).
            executor.getSpec().getContainers().get(0).getResources().setRequests(Map.of("cpu", new Quantity("64"), "memory", new Quantity("1Ti")));
        }
        tolerateProbeNode(executor, kind);
        return executor;
    }

    /** Probes may use the probe node, whose room is theirs: their binding times the scheduler, not a node purchase. */
    private static void tolerateProbeNode(Pod pod, Kind kind) {
        if (kind == Kind.PROBE) {
            pod.getSpec().setTolerations(List.of(new io.fabric8.kubernetes.api.model.TolerationBuilder().withKey(PROBE_TAINT)
                    .withOperator("Exists").withEffect("NoSchedule").build()));
        }
    }

    /** The bad objects, one application each. */
    List<String> createBadObjects(Random random) {
        List<String> apps = new ArrayList<>();
        for (Kind k : new Kind[] {Kind.UNFIT, Kind.MALFORMED, Kind.DRIVER_ONLY, Kind.EXECUTORS_ONLY}) {
            apps.add(create(new Job(0, JobType.GENERIC, 0, 2, 1, 2, 6 + random.nextInt(6), Job.NO_DEADLINE), k));
        }
        return apps;
    }

    /** A small application (a driver and one 1-core executor, 4 s) to time when scheduling resumes. */
    String probe() {
        return create(new Job(0, JobType.GENERIC, 0, 1, 1, 1, 4, Job.NO_DEADLINE), Kind.PROBE);
    }

    /** Replaces an executor lost before it ended, while its driver still runs. */
    void executorLost(Pod lost) {
        String app = lost.getMetadata().getLabels() == null ? null : lost.getMetadata().getLabels().get(Labels.SPARK_APP);
        if (app == null || !lost.getMetadata().getNamespace().equals(namespace) || !drivers.containsKey(app)) {
            return;
        }
        try {
            Pod driver = client.pods().inNamespace(namespace).withName(drivers.get(app).getMetadata().getName()).get();
            if (driver == null || driver.getMetadata().getDeletionTimestamp() != null || !Observer.holdsRoom(driver)) {
                return;
            }
            createPod(executor(jobs.get(app), lastExecId.get(app).incrementAndGet(), driver, kinds.get(app)));
            replaced.incrementAndGet();
        } catch (KubernetesClientException e) {
            problems.add("could not replace executor " + lost.getMetadata().getName() + ": " + e.getMessage());
        }
    }

    /**
     * Creates a pod, trying again for up to a minute when the API server does not answer (a loaded machine,
     * a restart), as spark-submit's client would; a pod that an unanswered attempt did create is read back.
     */
    private Pod createPod(Pod pod) {
        return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).ignoreExceptionsMatching(
                e -> e instanceof KubernetesClientException k && k.getCode() != 409 && k.getCode() != 422).until(() -> {
                    try {
                        return client.resource(pod).create();
                    } catch (KubernetesClientException e) {
                        if (e.getCode() == 409) {
                            return client.pods().inNamespace(namespace).withName(pod.getMetadata().getName()).get();
                        }
                        throw e;
                    }
                }, java.util.Objects::nonNull);
    }

    Map<String, Kind> kinds() {
        return Map.copyOf(kinds);
    }

    int replacedExecutors() {
        return replaced.get();
    }

    List<String> problems() {
        return List.copyOf(problems);
    }
}
