package io.execplace.cli.command;

import io.execplace.core.io.BadInputException;

/**
 * Old spellings of options that were renamed so that one thing has one name (and unit) on every
 * command. They keep working, hidden from help, and each use prints one warning naming the new
 * spelling; giving both is refused. The warning is printed when the command has ended ({@link
 * CommandContext#afterRun}): a refused value stays one error line first, and the warning is left out then (exit 2).
 */
public final class DeprecatedNames {

    private DeprecatedNames() {
    }

    /**
     * The value of an option given under its new name {@code now} or its old one {@code old}.
     *
     * @throws BadInputException when both are given
     */
    public static <T> T either(CommandContext context, String old, T oldValue, String now, T nowValue) {
        if (oldValue == null) {
            return nowValue;
        }
        if (nowValue != null) {
            throw BadInputException.option(old, "is the old name of " + now + "; give only " + now);
        }
        warn(context, old, now);
        return oldValue;
    }

    /** One line for standard error once the command has ended: {@code old} still works, {@code now} is its name. */
    public static void warn(CommandContext context, String old, String now) {
        context.afterRun("execplace: warning: " + old + " is deprecated; use " + now);
    }
}
