package io.execplace.core.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML syntax error as one line: the line of the problem and what it is. The parser's own message
 * runs over several lines (context, a quoted source line, a caret), and the location Jackson
 * reports is that of the last good token, which for a tab starting line 5 is line 4.
 *
 * @param line    1-based line of the problem, 0 if unknown
 * @param message what is wrong, on one line
 */
public record YamlSyntax(int line, String message) {

    /** The problem of a parser exception from Jackson's YAML reader. */
    public static YamlSyntax of(JsonProcessingException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MarkedYAMLException m && m.getProblemMark() != null) {
                Mark mark = m.getProblemMark();
                String problem = m.getProblem() != null ? m.getProblem() : firstLine(m.getMessage());
                if (problem.contains("\\t(TAB)")) {
                    return new YamlSyntax(mark.getLine() + 1, "not valid YAML: a tab, which YAML does not allow "
                            + "for indentation (use spaces)");
                }
                String context = m.getContext() != null ? m.getContext() + ": " : "";
                return new YamlSyntax(mark.getLine() + 1, "not valid YAML: " + readable(context + problem));
            }
        }
        int line = e.getLocation() == null ? 0 : Math.max(e.getLocation().getLineNr(), 0);
        return new YamlSyntax(line, "not valid YAML: " + readable(firstLine(e.getOriginalMessage())));
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "malformed";
        }
        String s = text.strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl).strip();
    }

    private static String readable(String text) {
        return text.replace('\n', ' ');
    }
}
