package io.execplace.cli;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Unmatched;

import java.lang.reflect.Field;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads the plain command lines users script by the thousand ({@code simulate ...}) into a command
 * object without picocli: picocli's own initialisation and the model it builds by reflection cost
 * about 45 ms of a 0.14 s {@code simulate} (README, "Start-up"), more than the simulation.
 *
 * <p>It reads the same {@code @Option} and {@code @Mixin} annotations picocli reads, and takes only
 * the forms whose meaning is beyond doubt: {@code --name VALUE}, {@code --name=VALUE}, boolean flags
 * and the {@code --no-} form of negatable ones, each option at most once, values of type
 * {@code String}, {@code Integer}, {@code Long}, {@code Double}, {@code Boolean} and {@code Path}
 * written in plain decimal. Anything else — help, version, an unknown, repeated or misspelt option, a
 * value starting with a dash, a number written in another form, an option attribute it does not know
 * — makes it answer false, and picocli parses the whole command line as before, errors included.
 * {@code QuickParseTest} checks that the two fill every option of the quick commands alike.
 */
final class QuickParse {

    /** picocli's marker for an option without a default value ({@code Option.defaultValue()}). */
    private static final String NO_DEFAULT = "__no_default_value__";

    /**
     * Where one option's value goes. A class, not a record: a record's equals and hashCode are
     * bootstrapped through invokedynamic, several milliseconds of a short run.
     */
    private static final class Binding {
        final Object owner;
        final Field field;
        final Option option;

        Binding(Object owner, Field field, Option option) {
            this.owner = owner;
            this.field = field;
            this.option = option;
        }
    }

    private QuickParse() {
    }

    /**
     * Fills {@code command}'s options (and its mixins') from {@code args[from..]}; returns false, with
     * {@code command} in an unspecified state, when picocli must parse the command line instead.
     */
    static boolean populate(Object command, String[] args, int from) {
        Map<String, Binding> byName = new HashMap<>();
        try {
            if (!collect(command, byName)) {
                return false;
            }
            Set<Binding> given = new HashSet<>();
            for (int i = from; i < args.length; i++) {
                String arg = args[i];
                if (!arg.startsWith("-") || arg.equals("--")) {
                    return false;
                }
                int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
                String name = eq < 0 ? arg : arg.substring(0, eq);
                Binding b = byName.get(name);
                boolean negated = false;
                if (b == null && name.startsWith("--no-")) {
                    b = byName.get("--" + name.substring(5));
                    negated = b != null && b.option.negatable();
                    if (!negated) {
                        return false;
                    }
                }
                if (b == null || !given.add(b)) {
                    return false;
                }
                Object value;
                if (isBoolean(b.field.getType())) {
                    if (eq >= 0) {
                        return false;
                    }
                    value = !negated;
                } else {
                    String text;
                    if (eq >= 0) {
                        text = arg.substring(eq + 1);
                    } else if (i + 1 < args.length) {
                        text = args[++i];
                    } else {
                        return false;
                    }
                    if (text.isEmpty() || text.startsWith("-")) {
                        return false;
                    }
                    value = convert(text, b.field.getType());
                    if (value == null) {
                        return false;
                    }
                }
                b.field.set(b.owner, value);
            }
            for (Binding b : byName.values()) {
                if (!given.contains(b) && !b.option.defaultValue().equals(NO_DEFAULT)) {
                    Object value = convert(b.option.defaultValue(), b.field.getType());
                    if (value == null) {
                        return false;
                    }
                    b.field.set(b.owner, value);
                }
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a command shape this reader does not know: picocli does
            return false;
        }
    }

    /** The options of {@code target}'s class and of its mixins (made here, as picocli makes them), by every name. */
    private static boolean collect(Object target, Map<String, Binding> byName) throws ReflectiveOperationException {
        for (Field f : target.getClass().getDeclaredFields()) {
            if (f.isSynthetic() || f.getType() == CommandSpec.class) {
                // picocli's model (@Spec), which a quick command does not use: not even its
                // annotation is read (each annotation type read costs a generated class)
                continue;
            }
            if (f.getAnnotation(Parameters.class) != null || f.getAnnotation(ArgGroup.class) != null
                    || f.getAnnotation(Unmatched.class) != null || f.getAnnotation(ParentCommand.class) != null) {
                return false;
            }
            if (f.getAnnotation(Mixin.class) != null) {
                Object mixin = f.getType().getDeclaredConstructor().newInstance();
                f.setAccessible(true);
                f.set(target, mixin);
                if (!collect(mixin, byName)) {
                    return false;
                }
                continue;
            }
            Option o = f.getAnnotation(Option.class);
            if (o == null) {
                continue;
            }
            if (!plain(o, f.getType())) {
                return false;
            }
            f.setAccessible(true);
            Binding b = new Binding(target, f, o);
            for (String name : o.names()) {
                if (byName.put(name, b) != null) {
                    return false;
                }
            }
        }
        return true;
    }

    /** An option picocli would read exactly as this class does. */
    private static boolean plain(Option o, Class<?> type) {
        boolean known = type == String.class || type == Path.class || isBoolean(type)
                || type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Double.class || type == double.class;
        return known && o.arity().isEmpty() && o.split().isEmpty() && o.converter().length == 0 && o.type().length == 0
                && !o.required() && !o.interactive() && o.fallbackValue().isEmpty()
                && !o.defaultValue().contains("${")
                && !(o.negatable() && !o.defaultValue().equals(NO_DEFAULT))
                && !(isBoolean(type) && !o.defaultValue().equals(NO_DEFAULT));
    }

    private static boolean isBoolean(Class<?> type) {
        return type == Boolean.class || type == boolean.class;
    }

    /** The value of {@code text} as picocli's converter gives it, or null where this reader leaves it to picocli. */
    static Object convert(String text, Class<?> type) {
        if (type == String.class) {
            return text;
        }
        if (type == Path.class) {
            try {
                return Path.of(text);
            } catch (InvalidPathException e) {
                return null;
            }
        }
        if (type == Integer.class || type == int.class) {
            return plainInteger(text, 9) ? Integer.valueOf(text) : null;
        }
        if (type == Long.class || type == long.class) {
            return plainInteger(text, 18) ? Long.valueOf(text) : null;
        }
        if (type == Double.class || type == double.class) {
            return plainDecimal(text) ? Double.valueOf(text) : null;
        }
        return null;
    }

    /** Digits only, no sign, no leading zero (which picocli might read as octal), at most {@code maxDigits}. */
    private static boolean plainInteger(String s, int maxDigits) {
        int n = s.length();
        if (n == 0 || n > maxDigits || (s.charAt(0) == '0' && n > 1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** DIGITS[.DIGITS][e[+-]DIGITS], no sign, no spaces: what every converter reads the same. */
    private static boolean plainDecimal(String s) {
        int i = digits(s, 0);
        if (i == 0) {
            return false;
        }
        if (i < s.length() && s.charAt(i) == '.') {
            int j = digits(s, i + 1);
            if (j == i + 1) {
                return false;
            }
            i = j;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int j = digits(s, i);
            if (j == i) {
                return false;
            }
            i = j;
        }
        return i == s.length();
    }

    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
