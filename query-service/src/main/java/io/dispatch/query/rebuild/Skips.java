package io.dispatch.query.rebuild;

import java.util.ArrayList;
import java.util.List;

/** The records of one batch that were read but not applied; counted once the batch commits. */
final class Skips {

    record Skip(String reason, String where, String detail) {}

    private final List<Skip> skips = new ArrayList<>();

    /** {@code where}: the record's position, or the delivery and sequence of the event. */
    void skipped(String reason, String where, String detail) {
        skips.add(new Skip(reason, where, detail));
    }

    List<Skip> all() {
        return skips;
    }
}
