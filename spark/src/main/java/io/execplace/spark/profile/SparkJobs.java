package io.execplace.spark.profile;

import io.execplace.core.model.JobType;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The three TPDS job types as Spark jobs on generated inputs: WordCount (CPU-bound: split and count
 * words), Sort (sort records by key: a full shuffle) and PageRank (iterations of join and reduce
 * over a link graph: shuffle-heavy). An input is generated on the executors, partition by partition,
 * from the seed (the same seed and size give the same records on any cluster), and cached before
 * the measured job runs, so that a measurement is the job alone.
 */
final class SparkJobs {

    /** Partitions of every input: fixed, so that the work is the same for every executor count. */
    static final int PARTITIONS = 4;
    /** PageRank iterations. */
    static final int PAGERANK_ITERATIONS = 3;
    private static final int BYTES_PER_LINE = 100;
    private static final int VOCABULARY = 20_000;
    private static final int EDGES_PER_NODE = 8;

    private SparkJobs() {
    }

    /** A generated, cached input of about {@code mb} MB for a job type. */
    record Input(JobType type, JavaRDD<String> lines) {

        void release() {
            lines.unpersist(true);
        }
    }

    /** Generates and caches the input (not measured: the generating job runs here). */
    static Input input(JavaSparkContext sc, JobType type, int mb, long seed) {
        // PageRank's lines ("from to") are about 12 bytes, the others' 100
        long records = Math.max(PARTITIONS, (long) mb * 1_000_000 / (type == JobType.PAGERANK ? 12 : BYTES_PER_LINE));
        long perPartition = (records + PARTITIONS - 1) / PARTITIONS;
        long nodes = Math.max(2, records / EDGES_PER_NODE);
        List<Integer> parts = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            parts.add(i);
        }
        long typeSeed = seed * 31 + type.referenceCode();
        JavaRDD<String> lines = sc.parallelize(parts, PARTITIONS).flatMap(p -> {
            SplittableRandom rng = new SplittableRandom(typeSeed * 1_000_003L + p);
            List<String> out = new ArrayList<>((int) perPartition);
            for (long i = 0; i < perPartition; i++) {
                out.add(switch (type) {
                    case WORDCOUNT -> sentence(rng);
                    case SORT -> record(rng);
                    default -> edge(rng, nodes);
                });
            }
            return out.iterator();
        }).persist(StorageLevel.MEMORY_ONLY());
        lines.count();
        return new Input(type, lines);
    }

    /** Runs the job of the input's type to completion (its actions are what the listener measures). */
    static long run(Input input) {
        return switch (input.type()) {
            case WORDCOUNT -> wordCount(input.lines());
            case SORT -> sort(input.lines());
            case PAGERANK -> pageRank(input.lines());
            case GENERIC -> throw new IllegalArgumentException("generic jobs have no Spark job");
        };
    }

    private static long wordCount(JavaRDD<String> lines) {
        return lines.flatMap(l -> List.of(l.split(" ")).iterator())
                .mapToPair(w -> new Tuple2<>(w, 1L))
                .reduceByKey(Long::sum, PARTITIONS)
                .count();
    }

    private static long sort(JavaRDD<String> lines) {
        return lines.mapToPair(l -> new Tuple2<>(l.substring(0, 10), l))
                .sortByKey(true, PARTITIONS)
                .count();
    }

    private static long pageRank(JavaRDD<String> lines) {
        JavaPairRDD<Long, Iterable<Long>> links = lines.mapToPair(l -> {
            int space = l.indexOf(' ');
            return new Tuple2<>(Long.parseLong(l.substring(0, space)), Long.parseLong(l.substring(space + 1)));
        }).distinct(PARTITIONS).groupByKey(PARTITIONS).persist(StorageLevel.MEMORY_ONLY());
        JavaPairRDD<Long, Double> ranks = links.mapValues(v -> 1.0);
        for (int i = 0; i < PAGERANK_ITERATIONS; i++) {
            JavaPairRDD<Long, Double> contributions = links.join(ranks).values().flatMapToPair(SparkJobs::contributions);
            ranks = contributions.reduceByKey(Double::sum, PARTITIONS).mapValues(r -> 0.15 + 0.85 * r);
        }
        long n = ranks.count();
        links.unpersist(true);
        return n;
    }

    private static Iterator<Tuple2<Long, Double>> contributions(Tuple2<Iterable<Long>, Double> linksAndRank) {
        List<Long> targets = new ArrayList<>();
        linksAndRank._1().forEach(targets::add);
        double share = linksAndRank._2() / targets.size();
        List<Tuple2<Long, Double>> out = new ArrayList<>(targets.size());
        for (Long t : targets) {
            out.add(new Tuple2<>(t, share));
        }
        return out.iterator();
    }

    /** About 100 bytes of words drawn with a skew (low word numbers are common, as in text). */
    private static String sentence(SplittableRandom rng) {
        StringBuilder sb = new StringBuilder(BYTES_PER_LINE + 16);
        while (sb.length() < BYTES_PER_LINE) {
            double u = rng.nextDouble();
            int word = (int) (VOCABULARY * u * u * u);
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append('w').append(word);
        }
        return sb.toString();
    }

    /** A 100-byte record: a 10-character random key and a payload (TeraSort's layout). */
    private static String record(SplittableRandom rng) {
        StringBuilder sb = new StringBuilder(BYTES_PER_LINE);
        for (int i = 0; i < 10; i++) {
            sb.append((char) (' ' + 1 + rng.nextInt(94)));
        }
        while (sb.length() < BYTES_PER_LINE) {
            sb.append((char) ('A' + rng.nextInt(26)));
        }
        return sb.toString();
    }

    /** A link {@code "from to"}, sources uniform, targets skewed toward low node numbers. */
    private static String edge(SplittableRandom rng, long nodes) {
        long from = rng.nextLong(nodes);
        double u = rng.nextDouble();
        long to = (long) (nodes * u * u);
        return from + " " + to;
    }
}
