package io.execplace.core.io;

import java.util.Locale;
import java.util.function.Function;

/**
 * Parses a user's word into one of a fixed set of constants (a pricing model, a billing rule, a
 * trace format, ...), ignoring case and surrounding blanks, with one error message style for all:
 * {@code unknown trace format 'xml' (expected csv, tpds, hyb or swim)}.
 */
public final class Choices {

    private Choices() {
    }

    /**
     * The constant whose key (or enum name) equals {@code text}, ignoring case.
     *
     * @param values the constants, in the order the error message lists them
     * @param key    the word users write for a constant
     * @param what   what the word names, for the error message (e.g. {@code trace format})
     * @throws IllegalArgumentException naming the word and the accepted ones
     */
    public static <E extends Enum<E>> E parse(E[] values, Function<E, String> key, String text, String what) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (E e : values) {
            if (key.apply(e).toLowerCase(Locale.ROOT).equals(t) || e.name().toLowerCase(Locale.ROOT).equals(t)) {
                return e;
            }
        }
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                expected.append(i == values.length - 1 ? " or " : ", ");
            }
            expected.append(key.apply(values[i]));
        }
        throw new IllegalArgumentException("unknown " + what + " '" + text + "' (expected " + expected + ")");
    }
}
