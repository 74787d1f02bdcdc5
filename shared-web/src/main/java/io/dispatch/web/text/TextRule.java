package io.dispatch.web.text;

import io.dispatch.web.error.ApiException;
import java.util.Optional;

/**
 * Which characters a text field may hold, checked where input enters so that nothing is
 * accepted that the storage cannot hold: PostgreSQL text refuses NUL, and a lone surrogate has
 * no UTF-8 form at all. A projection that cannot store an accepted event retries it forever and
 * stalls its partition, so these are refused with 422 instead of stored.
 *
 * <p>Refused everywhere: control characters (Unicode category Cc, U+0000 to U+001F and U+007F
 * to U+009F) and unpaired surrogates (a high surrogate not followed by a low one, or a low one
 * not preceded by a high one). {@link #MULTI_LINE} fields, free text that may span lines,
 * additionally allow tab, line feed and carriage return.
 */
public enum TextRule {
    /** Names, phones, addresses, ids, urls, codes: no control character at all. */
    SINGLE_LINE,
    /** Notes and free-text reasons: tab, line feed and carriage return are allowed. */
    MULTI_LINE;

    /**
     * What is wrong with {@code text}, as a field error message naming the first offending
     * character and its position (a 0-based UTF-16 index, as a JavaScript string counts); empty
     * when the text is acceptable or null.
     */
    public Optional<String> problem(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return Optional.of("must not contain unpaired surrogates" + found(c, i));
            } else if (Character.isISOControl(c) && !allowed(c)) {
                return Optional.of(
                        this == MULTI_LINE
                                ? "must not contain control characters other than tab, line feed and carriage return"
                                        + found(c, i)
                                : "must not contain control characters" + found(c, i));
            }
        }
        return Optional.empty();
    }

    /** Throws 422 {@code VALIDATION_ERROR} on {@code field} when {@code text} breaks the rule. */
    public void check(String field, String text) {
        problem(text).ifPresent(message -> {
            throw ApiException.validation(field, message);
        });
    }

    private boolean allowed(char c) {
        return this == MULTI_LINE && (c == '\t' || c == '\n' || c == '\r');
    }

    private static String found(char c, int index) {
        return " (found U+%04X at position %d)".formatted((int) c, index);
    }
}
