package io.dispatch.web.input;

import io.dispatch.web.error.ApiException;

/** Whole-number query parameters, read strictly: ASCII digits within a range, else 422 naming the parameter. */
public final class QueryNumbers {

    private QueryNumbers() {}

    /** {@code raw} as a number from {@code min} to {@code max}; {@code absent} when the parameter is not sent. */
    public static int wholeNumber(String raw, String field, int min, int max, int absent) {
        if (raw == null) {
            return absent;
        }
        try {
            // ASCII digits only: Integer.parseInt also reads full-width and other script digits
            int value = raw.matches("[0-9]{1,10}") ? Integer.parseInt(raw) : -1;
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.validation(field, "must be a whole number from " + min + " to " + max);
    }
}
