package io.execplace.experiments.scenario;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** Typed reads of scenario settings; each refusal names where the value was given (file and line, or option). */
final class ScenarioValues {

    private ScenarioValues() {
    }

    static Optional<String> text(ScenarioInput in, String key) {
        return in.get(key).map(Setting::text).map(String::trim);
    }

    /** The setting read by {@code parser}; a refusal (IllegalArgumentException) names where the value was given. */
    static <T> Optional<T> parsed(ScenarioInput in, String key, Function<String, T> parser) {
        Optional<Setting> s = in.get(key);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parser.apply(s.get().text().trim()));
        } catch (IllegalArgumentException e) {
            throw s.get().error(e.getMessage());
        }
    }

    static Optional<Integer> whole(ScenarioInput in, String key, int min, int max) {
        return wholeLong(in, key, min, max).map(Long::intValue);
    }

    static Optional<Long> wholeLong(ScenarioInput in, String key, long min, long max) {
        return parsed(in, key, t -> {
            long v;
            try {
                v = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(t.matches("[+-]?\\d+") ? "too large: expected a whole number from "
                        + min + " to " + max + ", got " + t : "expected a whole number, got '" + t + "'");
            }
            if (v < min) {
                throw new IllegalArgumentException("expected a whole number >= " + min + ", got " + t);
            }
            if (v > max) {
                throw new IllegalArgumentException("too large: at most " + max + limitReason(key) + ", got " + t);
            }
            return v;
        });
    }

    private static String limitReason(String key) {
        return switch (key) {
            case "jobs" -> " jobs fit in the " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB this JVM may use (raise it with EXECPLACE_JAVA_OPTS=-Xmx...)";
            case "seeds" -> " seeds per scenario";
            default -> "";
        };
    }

    static Optional<Double> number(ScenarioInput in, String key, double min, double max) {
        return parsed(in, key, t -> {
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a number, got '" + t + "'");
            }
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("expected a number, got NaN");
            }
            if (!(v >= min && v <= max)) {
                throw new IllegalArgumentException("expected a number from " + plain(min) + " to " + plain(max) + ", got "
                        + t);
            }
            return v;
        });
    }

    /** A number above 0 (a mean gap: 0 would put every arrival at once) and at most {@code max}. */
    static Optional<Double> positive(ScenarioInput in, String key, double max) {
        Optional<Double> v = number(in, key, -Double.MAX_VALUE, max);
        if (v.isPresent() && !(v.get() > 0)) {
            throw in.get(key).orElseThrow().error("expected a number above 0 and at most " + plain(max) + ", got "
                    + in.get(key).orElseThrow().text().trim());
        }
        return v;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    static Optional<Boolean> bool(ScenarioInput in, String key) {
        return parsed(in, key, t -> truth(t, "expected true or false"));
    }

    /** {@code on}, {@code off} or {@code auto}; null for automatic. */
    static Boolean onOffAuto(ScenarioInput in, String key) {
        return parsed(in, key, t -> t.equalsIgnoreCase("auto") ? Optional.<Boolean>empty()
                : Optional.of(truth(t, "expected on, off or auto"))).flatMap(o -> o).orElse(null);
    }

    private static boolean truth(String t, String expected) {
        return switch (t.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException(expected + ", got '" + t + "'");
        };
    }
}
