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
 * No module has a package cycle: every reference from one package of {@code io.execplace} to another
 * (imports and qualified names in the code of every module's {@code src/main/java}; comments are
 * left out) must follow a one-way order, e.g. {@code core.model <- core.rules <- core.policy <-
 * core.sim}, {@code schedulers.spi <- schedulers.heuristics <- schedulers}. It lives in core, the
 * first module built, and reads the sources of every module of the repository.
 */
class PackageCyclesTest {

    private static final Path REPOSITORY = Paths.get("..");
    private static final Path SOURCES = Paths.get("src", "main", "java");
    private static final Pattern REFERENCE = Pattern.compile("\\b(io\\.execplace(?:\\.[a-z][a-z0-9]*)+)\\.[A-Z]");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*[\\s\\S]*?\\*/");

    /** Every module of the repository: the folders beside core that have main sources. */
    static List<Path> modules() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(REPOSITORY)) {
            for (Path d : (Iterable<Path>) dirs.sorted()::iterator) {
                if (Files.isDirectory(d.resolve(SOURCES)) && Files.isRegularFile(d.resolve("pom.xml"))) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    /** Package to the packages its code refers to, over the main sources of {@code modules}. */
    static Map<String, Set<String>> dependencies(List<Path> modules) throws IOException {
        Map<String, Set<String>> deps = new TreeMap<>();
        for (Path module : modules) {
            try (Stream<Path> files = Files.walk(module.resolve(SOURCES))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    String code = COMMENT.matcher(Files.readString(f)).replaceAll(" ");
                    Matcher pm = PACKAGE.matcher(code);
                    if (!pm.find()) {
                        continue;
                    }
                    String pkg = pm.group(1);
                    Set<String> out = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
                    Matcher m = REFERENCE.matcher(code.substring(pm.end()));
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
    void noModuleHasAPackageCycle() throws IOException {
        List<Path> modules = modules();
        assertThat(modules).extracting(p -> p.getFileName().toString())
                .contains("core", "schedulers", "rl", "experiments", "liu", "kubernetes", "cli", "spark");
        Map<String, Set<String>> deps = dependencies(modules);
        assertThat(deps).containsKeys("io.execplace.core.model", "io.execplace.schedulers.spi",
                "io.execplace.schedulers.heuristics", "io.execplace.rl.env");
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
