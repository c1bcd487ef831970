package io.execplace.experiments.report;

/** The one escaping rule for report text; every caller-supplied string goes through it. */
final class Html {

    private Html() {
    }

    /**
     * Escapes text for HTML element content and quoted attribute values. Control characters that
     * HTML forbids become U+FFFD so a stray byte from a trace cannot corrupt the document.
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    boolean forbidden = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c < 0xA0);
                    out.append(forbidden ? '\uFFFD' : c);
                }
            }
        }
        return out.toString();
    }
}
