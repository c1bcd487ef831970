package io.execplace.core.arch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * core's packages form no cycle: every reference from one package of {@code io.execplace.core} to
 * another (imports and qualified names in the sources) must follow a one-way order, e.g.
 * {@code model <- rules <- policy <- sim}, {@code rules <- metrics <- sim}.
 */
class PackageCyclesTest {

    private static final Path SOURCES = Paths.get("src", "main", "java", "io", "execplace", "core");
    private static final Pattern REFERENCE = Pattern.compile("io\\.execplace\\.core\\.([a-z]+)\\.");

    static Map<String, Set<String>> dependencies() throws IOException {
        Map<String, Set<String>> deps = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String pkg = SOURCES.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.');
                Set<String> out = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
                for (String line : Files.readAllLines(f)) {
                    if (line.startsWith("package ")) {
                        continue;
                    }
                    Matcher m = REFERENCE.matcher(line);
                    while (m.find()) {
                        if (!m.group(1).equals(pkg)) {
                            out.add(m.group(1));
                        }
                    }
                }
            }
        }
        return deps;
    }

    @Test
    void corePackagesHaveNoCycle() throws IOException {
        Map<String, Set<String>> deps = dependencies();
        assertThat(deps).containsKeys("model", "rules", "policy", "sim", "metrics");
        assertThat(cycles(deps)).as("package dependencies %s", deps).isEmpty();
    }

    @Test
    void theScannerSeesACycle() {
        Map<String, Set<String>> deps = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                "d", Set.of("a")));
        assertThat(cycles(deps)).containsExactly("a -> b -> c -> a");
    }

    /** Every cycle found by depth-first search, as "p -> q -> ... -> p". */
    static List<String> cycles(Map<String, Set<String>> deps) {
        List<String> found = new ArrayList<>();
        Set<String> done = new TreeSet<>();
        for (String start : deps.keySet()) {
            visit(start, deps, new ArrayDeque<>(), done, found);
        }
        return found;
    }

    private static void visit(String p, Map<String, Set<String>> deps, Deque<String> path, Set<String> done,
                              List<String> found) {
        if (path.contains(p)) {
            List<String> cycle = new ArrayList<>();
            boolean in = false;
            for (String q : (Iterable<String>) path::descendingIterator) {
                in |= q.equals(p);
                if (in) {
                    cycle.add(q);
                }
            }
            cycle.add(p);
            found.add(String.join(" -> ", cycle));
            return;
        }
        if (!done.add(p)) {
            return;
        }
        path.push(p);
        for (String q : deps.getOrDefault(p, Set.of())) {
            visit(q, deps, path, done, found);
        }
        path.pop();
    }
}
