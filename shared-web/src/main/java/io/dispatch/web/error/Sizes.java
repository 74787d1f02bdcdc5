package io.dispatch.web.error;

import java.util.Locale;

/** Byte counts as an operator or a client reads them in a message: "4 MiB (4,194,304 bytes)". */
public final class Sizes {

    private Sizes() {}

    public static String describe(long bytes) {
        String exact = String.format(Locale.ROOT, "%,d bytes", bytes);
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB (" + exact + ")";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB (" + exact + ")";
        }
        return exact;
    }
}
