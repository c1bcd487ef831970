/**
 * The {@code execplace} command line (picocli): the command table, the process (exit codes, the one
 * error line, Ctrl-C, standard output that fails loudly) and the quick path that reads plain
 * {@code simulate} lines without picocli. The commands live in the sub-packages by area. The command
 * line is the only part of execplace that prints; everything else returns values. Bad input becomes
 * exit code 2 with one line; other failures exit 1.
 *
 * <p>May import {@code cli.evaluate}, {@code cli.eventlog}, {@code cli.inputs}, {@code cli.k8s},
 * {@code cli.command}, {@code cli.output}, {@code cli.simulate}, {@code cli.study}, {@code cli.train},
 * {@code core.io}, {@code core.sim}, {@code experiments.run}, {@code kubernetes.run}, {@code schedulers.spi}.
 */
package io.execplace.cli;
