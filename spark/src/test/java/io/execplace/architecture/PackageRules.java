package io.execplace.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The "May import" sentence of every main package-info.java, read from the sources (Javadoc is not in
 * the class files), and the ArchUnit rule that holds the compiled classes to it.
 *
 * <p>The sentence form, one per package-info: {@code <p>May import {@code core.io}, {@code core.model}.}
 * or {@code <p>May import nothing of execplace.} Names are package names below {@code io.execplace}, each
 * exactly one package, or {@code core.*} for a package and all below it. A package may always use itself;
 * libraries and the JDK are not governed here.
 *
 * @param allowed what each package may use, by full package name
 */
record PackageRules(Map<String, Set<String>> allowed) {

    static final String ROOT = "io.execplace";

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern CODE_NAME = Pattern.compile("\\{@code\\s+([\\w.]+(?:\\.\\*)?)\\s*}");
    private static final String ALL_BELOW = ".*";
    private static final String MARK = "May import";
    private static final String NOTHING = "nothing of execplace";

    /** Every {@code src/main/java/**}{@code /package-info.java} of the modules under {@code repoRoot}. */
    static PackageRules read(Path repoRoot) {
        Map<String, Set<String>> allowed = new TreeMap<>();
        try {
            for (Path file : mainPackageInfos(repoRoot)) {
                String text = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(text);
                if (!pkg.find()) {
                    throw new IllegalStateException(file + ": no package declaration");
                }
                allowed.put(pkg.group(1), sentence(text)
                        .map(s -> names(file, s))
                        .orElseThrow(() -> new IllegalStateException(
                                file + ": no \"" + MARK + " ...\" sentence (or \"" + MARK + " " + NOTHING + ".\")")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Map.Entry<String, Set<String>> rule : allowed.entrySet()) {
            for (String name : rule.getValue()) {
                if (allowed.keySet().stream().noneMatch(pkg -> allows(Set.of(name), pkg))) {
                    throw new IllegalStateException(rule.getKey() + "'s package-info names " + name
                            + ", which is no main package of execplace");
                }
            }
        }
        return new PackageRules(Map.copyOf(allowed));
    }

    /** The package-info.java files under each module's {@code src/main/java}, in path order. */
    private static List<Path> mainPackageInfos(Path repoRoot) throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(repoRoot)) {
            for (Path sources : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(sources)) {
                    files.filter(f -> f.getFileName().toString().equals("package-info.java")).forEach(found::add);
                }
            }
        }
        found.sort(null);
        return found;
    }

    /** The sentence from "May import" to its first full stop outside a {@code {@code ...}}. */
    private static Optional<String> sentence(String text) {
        String flat = text.replaceAll("(?m)^\\s*\\*\\s?", " ").replaceAll("\\s+", " ");
        int start = flat.indexOf(MARK);
        if (start < 0) {
            return Optional.empty();
        }
        int depth = 0;
        for (int i = start; i < flat.length(); i++) {
            char c = flat.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == '.' && depth == 0) {
                return Optional.of(flat.substring(start + MARK.length(), i));
            }
        }
        return Optional.empty();
    }

    private static Set<String> names(Path file, String sentence) {
        Set<String> names = new TreeSet<>();
        Matcher name = CODE_NAME.matcher(sentence);
        while (name.find()) {
            String n = name.group(1);
            names.add(n.startsWith(ROOT + ".") ? n : ROOT + "." + n);
        }
        if (names.isEmpty() && !sentence.strip().equals(NOTHING)) {
            throw new IllegalStateException(file + ": \"" + MARK + sentence
                    + "\" names no package in {@code ...} and is not \"" + MARK + " " + NOTHING + "\"");
        }
        return Set.copyOf(names);
    }

    /** Every execplace class uses only its own package and the packages its package-info allows. */
    ArchRule rule() {
        return classes().that().resideInAPackage(ROOT + "..")
                .should(new ArchCondition<JavaClass>("use only the execplace packages their package-info allows") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        checkClass(origin, events);
                    }
                });
    }

    private void checkClass(JavaClass origin, ConditionEvents events) {
        String from = origin.getPackageName();
        Set<String> may = allowed.get(from);
        if (may == null) {
            events.add(SimpleConditionEvent.violated(origin,
                    "package " + from + " (of " + origin.getName() + ") has no main package-info.java"));
            return;
        }
        Set<String> edges = origin.getDirectDependenciesFromSelf().stream()
                .filter(ofExecplace())
                .map(d -> d.getTargetClass().getBaseComponentType().getPackageName())
                .filter(to -> !to.equals(from) && !allows(may, to))
                .collect(Collectors.toCollection(TreeSet::new));
        for (String to : edges) {
            events.add(SimpleConditionEvent.violated(origin,
                    origin.getName() + " uses " + to + ", which " + from + "'s package-info does not allow"));
        }
    }

    private static boolean allows(Set<String> may, String to) {
        return may.contains(to) || may.stream().anyMatch(name -> name.endsWith(ALL_BELOW)
                && (to + ".").startsWith(name.substring(0, name.length() - 1)));
    }

    private static DescribedPredicate<Dependency> ofExecplace() {
        return DescribedPredicate.describe("to execplace", d -> {
            String to = d.getTargetClass().getBaseComponentType().getPackageName();
            return to.equals(ROOT) || to.startsWith(ROOT + ".");
        });
    }
}
