package io.execplace.kubernetes.faults;

import io.execplace.core.model.Job;
import io.execplace.kubernetes.faults.FaultInjector.Injection;
import io.execplace.kubernetes.faults.RunWorkload.Kind;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.awaitility.core.ConditionTimeoutException;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * One fault run: a seeded workload replayed in a namespace of its own for the replicas' scheduler, the
 * given faults injected at seeded moments while the applications arrive (one after another on one
 * timeline, so nothing is created while the API is down), then a wait until every application settled,
 * then the {@link Checker}.
 */
final class FaultRun {

    /** What every run shares: the testbed, the replicas and their scheduler name, the price table they read. */
    record Bench(KubernetesClient admin, TestbedControl testbed, Replicas replicas, String schedulerName, Path prices, Clock clock) {
    }

    /**
     * @param applications  good applications per run
     * @param arrivalSpread seconds over which they arrive (the faults fall in the same span)
     * @param settleTimeout how long to wait after the last arrival or fault for every application to settle
     * @param kwokOutage    how long kwok stays down in a KWOK_STOP
     * @param minSeconds    the shortest application's run time
     * @param maxSeconds    the longest's
     */
    record Shape(int applications, double arrivalSpread, Duration settleTimeout, Duration kwokOutage, int minSeconds, int maxSeconds) {
    }

    private FaultRun() {
    }

    static RunReport run(Bench bench, Shape shape, String name, long seed, List<Fault> faults) throws InterruptedException {
        Instant started = bench.clock().instant();
        Random random = new Random(seed);
        KubernetesClient admin = bench.admin();
        retried(() -> admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
                .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update));
        RunWorkload workload = new RunWorkload(admin, name, bench.schedulerName(), bench.clock());
        List<Pod> lostExecutors = java.util.Collections.synchronizedList(new ArrayList<>());
        try (Observer observer = new Observer(admin, bench.schedulerName(), bench.clock(), lostExecutors::add);
             RoomWatch room = new RoomWatch(observer, name, bench.schedulerName(), bench.clock())) {
            FaultInjector injector = new FaultInjector(admin, bench.testbed(), bench.replicas(), observer, workload, bench.prices(),
                    shape.kwokOutage(), bench.clock());
            List<Injection> injections = new ArrayList<>();
            List<long[]> marks = new ArrayList<>();
            record Step(double at, Job job, Fault fault) {
            }
            List<Step> steps = new ArrayList<>();
            RunWorkload.seeded(random, shape.applications(), shape.arrivalSpread(), shape.minSeconds(), shape.maxSeconds()).forEach(j -> steps.add(new Step(j.arrival(), j, null)));
            for (Fault f : faults) {
                steps.add(new Step(2 + random.nextDouble() * shape.arrivalSpread(), null, f));
            }
            steps.sort(Comparator.comparingDouble(Step::at));
            for (Step s : steps) {
                long wait = Duration.between(bench.clock().instant(), started.plusMillis(Math.round(s.at() * 1000))).toMillis();
                if (wait > 0) {
                    TimeUnit.MILLISECONDS.sleep(wait); // the arrival's own moment
                }
                replaceLost(workload, lostExecutors);
                if (s.job() != null) {
                    workload.create(s.job(), Kind.NORMAL);
                } else {
                    marks.add(bench.replicas().logMarks());
                    injections.add(injector.inject(s.fault(), name, random));
                }
            }
            awaitSettled(observer, workload, name, lostExecutors, shape.settleTimeout());
            List<Event> events = retried(() -> admin.v1().events().inNamespace(name).list().getItems());
            RunReport report = Checker.check(name, observer, workload, injections, marks, bench.replicas(), events, bench.schedulerName(),
                    room, Duration.between(started, bench.clock().instant()));
            retried(() -> admin.namespaces().withName(name).delete());
            return report;
        }
    }

    /** An API call tried again for up to a minute (the machine loaded, the server restarting). */
    private static <T> T retried(java.util.concurrent.Callable<T> call) {
        return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(call, java.util.Objects::nonNull);
    }

    private static void replaceLost(RunWorkload workload, List<Pod> lost) {
        List<Pod> now;
        synchronized (lost) {
            now = List.copyOf(lost);
            lost.clear();
        }
        now.forEach(workload::executorLost);
    }

    private static void awaitSettled(Observer observer, RunWorkload workload, String name, List<Pod> lost, Duration timeout) {
        try {
            await().atMost(timeout).pollInterval(Duration.ofMillis(500)).until(() -> {
                replaceLost(workload, lost);
                Map<String, Pod> live = new HashMap<>();
                observer.livePods().stream().filter(p -> name.equals(p.getMetadata().getNamespace()))
                        .forEach(p -> live.put(p.getMetadata().getName(), p));
                var apps = Checker.byApp(observer.pods(name));
                return workload.kinds().entrySet().stream().allMatch(e ->
                        Checker.settled(e.getValue(), Checker.classify(apps.getOrDefault(e.getKey(), List.of()), live, null)));
            });
        } catch (ConditionTimeoutException e) {
            // The checker reports what did not settle.
        }
    }
}
