package io.dispatch.webhook.sending;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * An endpoint's {@code Retry-After} (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Anything
 * else (garbage, a negative number, a date in the past) counts as absent. A number too large for
 * any sensible wait is kept as a very long wait, which the caller caps at {@code max-wait}: never
 * an overflow, never a wait of years.
 */
public final class RetryAfter {

    /** Longer than any max-wait: the caller's cap applies. */
    static final Duration VERY_LONG = Duration.ofDays(365);

    private static final int MAX_LENGTH = 64;

    private RetryAfter() {}

    /** The wait the header asks for, or null when it is absent or unusable. */
    public static Duration parse(String value, Instant now) {
        if (value == null) {
            return null;
        }
        String text = value.strip();
        if (text.isEmpty() || text.length() > MAX_LENGTH) {
            return null;
        }
        if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            if (text.length() > 9) {
                return VERY_LONG; // over 31 years of seconds: the cap applies
            }
            long seconds = Long.parseLong(text);
            return seconds == 0 ? null : Duration.ofSeconds(seconds);
        }
        try {
            Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
            Duration wait = Duration.between(now, at);
            if (wait.isNegative() || wait.isZero()) {
                return null;
            }
            return wait.compareTo(VERY_LONG) > 0 ? VERY_LONG : wait;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The next wait: the schedule's, or the endpoint's Retry-After when longer, never past maxWait. */
    public static Duration next(Duration scheduled, Duration retryAfter, Duration maxWait) {
        Duration wait = retryAfter != null && retryAfter.compareTo(scheduled) > 0 ? retryAfter : scheduled;
        return wait.compareTo(maxWait) > 0 ? maxWait : wait;
    }
}
