package io.dispatch.idempotency;

import java.util.List;

/** The Idempotency-Key header: sent once, 1 to 255 printable ASCII characters. */
final class IdempotencyKeyHeader {

    static final String NAME = "Idempotency-Key";
    static final int MAX_LENGTH = 255;

    private IdempotencyKeyHeader() {}

    /** Why the header's values are not a usable key, or null when they are. */
    static String problem(List<String> values) {
        if (values == null || values.isEmpty()) {
            return "The Idempotency-Key header is required on every request under /dispatches (a fresh UUID is appropriate)";
        }
        if (values.size() > 1) {
            return "Send the Idempotency-Key header once";
        }
        String key = values.getFirst();
        if (key.isEmpty() || key.length() > MAX_LENGTH) {
            return "The Idempotency-Key must be 1 to " + MAX_LENGTH + " characters";
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                return "The Idempotency-Key must consist of printable ASCII characters";
            }
        }
        return null;
    }
}
