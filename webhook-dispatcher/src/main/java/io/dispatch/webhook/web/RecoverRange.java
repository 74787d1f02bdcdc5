package io.dispatch.webhook.web;

import io.dispatch.web.error.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The range of POST /webhooks/recover, checked: at most {@link #LONGEST}, since not after until. */
record RecoverRange(Instant since, Instant until) {

    static final Duration LONGEST = Duration.ofDays(7);
    private static final String EXAMPLE = " (ISO 8601 with an offset, e.g. 2026-11-24T08:00:00Z)";

    static RecoverRange of(MerchantWebhookController.RecoverRequest body, Instant now) {
        if (body == null) {
            throw ApiException.validation("body", "A JSON body {\"since\": ..., \"until\": ...} is required");
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Instant since = instant("since", body.since(), true, errors);
        Instant until = body.until() == null ? now : instant("until", body.until(), false, errors);
        if (until == null && errors.isEmpty()) {
            errors.put("until", List.of("must be an instant" + EXAMPLE));
        }
        if (errors.isEmpty()) {
            if (since.isAfter(until)) {
                errors.put("since", List.of("must not be after until (" + until + ")"));
            } else if (Duration.between(since, until).compareTo(LONGEST) > 0) {
                errors.put(
                        "since",
                        List.of("must be at most 7 days before until (" + until + "); recover a longer "
                                + "outage in several ranges"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return new RecoverRange(since, until);
    }

    private static Instant instant(String field, String text, boolean required, Map<String, List<String>> errors) {
        if (text == null) {
            if (required) {
                errors.put(field, List.of("is required" + EXAMPLE));
            }
            return null;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            errors.put(field, List.of("must be an instant" + EXAMPLE));
            return null;
        }
    }
}
