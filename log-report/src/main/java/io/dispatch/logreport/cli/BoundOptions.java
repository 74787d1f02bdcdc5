package io.dispatch.logreport.cli;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses the ends of the range, {@code --from}/{@code --to} (a time) or {@code --from-offset}/
 * {@code --to-offset} (offsets). Kept apart from {@link Options} because only these options
 * depend on the source: per-partition offsets make sense for Kafka, not for the event store.
 */
final class BoundOptions {

    private BoundOptions() {}

    static Bound bound(Map<String, String> values, String timeOption, String offsetOption, boolean kafka)
            throws UsageException {
        String time = values.get(timeOption);
        String offsets = values.get(offsetOption);
        if (time != null && offsets != null) {
            throw new UsageException("give " + timeOption + " or " + offsetOption + ", not both");
        }
        if (time != null) {
            return new Bound.Time(instant(time, timeOption));
        }
        if (offsets != null) {
            return offsets(offsets, offsetOption, kafka);
        }
        return Bound.NONE;
    }

    static Instant instant(String text, String option) throws UsageException {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notAnInstant) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException notWithOffset) {
                try {
                    return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
                } catch (DateTimeParseException notADate) {
                    throw new UsageException(
                            option + " must be an ISO-8601 time such as 2026-11-23T10:00:00Z, was " + text);
                }
            }
        }
    }

    static Bound.Offsets offsets(String text, String option, boolean kafka) throws UsageException {
        if (!text.contains(":")) {
            return new Bound.Offsets(nonNegative(text, option), Map.of());
        }
        if (!kafka) {
            throw new UsageException(option + " of the event store is one global index, not per partition: " + text);
        }
        Map<Integer, Long> byPartition = new LinkedHashMap<>();
        for (String part : text.split(",")) {
            String[] pair = part.trim().split(":");
            if (pair.length != 2) {
                throw new UsageException(option + " must be <offset> or <partition>:<offset>[,...], was " + text);
            }
            long partition = nonNegative(pair[0], option);
            if (partition > Integer.MAX_VALUE
                    || byPartition.put((int) partition, nonNegative(pair[1], option)) != null) {
                throw new UsageException(option + " names partition " + pair[0] + " twice or out of range");
            }
        }
        return new Bound.Offsets(null, Map.copyOf(byPartition));
    }

    private static long nonNegative(String text, String option) throws UsageException {
        try {
            long value = Long.parseLong(text.trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " must be a whole number of 0 or more, was " + text);
    }
}
