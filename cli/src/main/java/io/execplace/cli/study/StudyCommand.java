package io.execplace.cli.study;

import io.execplace.cli.command.CommandContext;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * A study under {@code reproduce}: what each one holds alike — the {@code reproduce} command it runs
 * under (whose context it uses), picocli's model of it, and the options every study takes
 * ({@link StudyOptions}).
 */
abstract class StudyCommand implements Callable<Integer> {

    @ParentCommand
    ReproduceCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    StudyOptions study;

    /** What the command line handed {@code reproduce}. */
    CommandContext context() {
        return parent.context();
    }
}
