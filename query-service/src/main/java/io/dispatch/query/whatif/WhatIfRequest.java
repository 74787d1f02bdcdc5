package io.dispatch.query.whatif;

import io.dispatch.policy.core.Mode;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.text.TextRule;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a what-if compares (decisions.md section 17): the orders created on one day of the log (UTC,
 * {@code [from, to)}), of one zone or of all, run under each of {@code modes}. Read strictly from the body: every
 * problem is a 422 under its field, all of them at once.
 *
 * @param zoneId only the orders created under this zone's policy; null for every zone
 */
public record WhatIfRequest(LocalDate day, Instant from, Instant to, String zoneId, List<Mode> modes) {

    /** The first day a comparison may ask for: before it there is no log, and PostgreSQL's dates end somewhere. */
    static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);

    static final int MAX_MODES = 5;
    static final int MAX_ZONE_ID = 100;

    public WhatIfRequest {
        modes = List.copyOf(modes);
    }

    /** The body as the OpenAPI document draws it; {@link #read} holds the same rules. */
    @Schema(
            name = "WhatIfRequest",
            requiredProperties = {"day", "modes"})
    record Body(
            @Schema(
                    type = "string",
                    format = "date",
                    pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                    example = "2026-11-26",
                    description = "The day (UTC) whose orders are compared: those created in [day 00:00Z, next day "
                            + "00:00Z). From 2000-01-01 to today, not in the future")
            String day,

            @Schema(
                    minLength = 1,
                    maxLength = MAX_ZONE_ID,
                    nullable = true,
                    description = "Only the orders created under this zone's policy; absent or null: every zone")
            String zoneId,

            @ArraySchema(
                    minItems = 1,
                    maxItems = MAX_MODES,
                    uniqueItems = true,
                    arraySchema = @Schema(description = "The policies to run the day under, each once, in this order"),
                    schema = @Schema(allowableValues = {"MANUAL", "BROADCAST", "RANKED", "AUTO_ASSIGN", "BATCHED"}))
            List<String> modes) {}

    /** The body, or a 422 naming every field that is wrong; {@code today} is the UTC date now. */
    static WhatIfRequest read(JsonNode body, LocalDate today) {
        if (body == null || !body.isObject()) {
            throw ApiException.validation("body", "must be a JSON object {day, zoneId?, modes}");
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        LocalDate day = day(body.get("day"), today, errors);
        String zoneId = zoneId(body.get("zoneId"), errors);
        List<Mode> modes = modes(body.get("modes"), errors);
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return new WhatIfRequest(
                day,
                day.atStartOfDay(ZoneOffset.UTC).toInstant(),
                day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant(),
                zoneId,
                modes);
    }

    private static LocalDate day(JsonNode value, LocalDate today, Map<String, List<String>> errors) {
        if (value == null || value.isNull()) {
            return refuse(errors, "day", "is required: a date such as " + today.minusDays(1));
        }
        if (!value.isString() || !value.stringValue().matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
            return refuse(errors, "day", "must be a date YYYY-MM-DD, e.g. " + today.minusDays(1));
        }
        LocalDate day;
        try {
            day = LocalDate.parse(value.stringValue());
        } catch (DateTimeParseException e) {
            return refuse(errors, "day", "must be a date that exists, e.g. " + today.minusDays(1));
        }
        if (day.isAfter(today)) {
            return refuse(errors, "day", "must not be in the future (today is " + today + " UTC)");
        }
        if (day.isBefore(FIRST_DAY)) {
            return refuse(errors, "day", "must be " + FIRST_DAY + " or later");
        }
        return day;
    }

    private static String zoneId(JsonNode value, Map<String, List<String>> errors) {
        if (value == null || value.isNull()) {
            return null;
        }
        String message = "must be a zone id of 1 to " + MAX_ZONE_ID + " characters";
        if (!value.isString()
                || value.stringValue().isEmpty()
                || value.stringValue().length() > MAX_ZONE_ID) {
            return refuse(errors, "zoneId", message);
        }
        String problem = TextRule.SINGLE_LINE.problem(value.stringValue()).orElse(null);
        return problem == null ? value.stringValue() : refuse(errors, "zoneId", problem);
    }

    private static List<Mode> modes(JsonNode value, Map<String, List<String>> errors) {
        String allowed = "1 to " + MAX_MODES + " distinct modes of " + Arrays.toString(Mode.values());
        if (value == null || value.isNull()) {
            return refuse(errors, "modes", "is required: " + allowed);
        }
        if (!value.isArray() || value.isEmpty() || value.size() > MAX_MODES) {
            return refuse(errors, "modes", "must hold " + allowed);
        }
        List<Mode> modes = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            Mode mode = mode(value.get(i));
            if (mode == null) {
                refuse(errors, "modes[" + i + "]", "must be one of " + Arrays.toString(Mode.values()));
            } else if (modes.contains(mode)) {
                refuse(errors, "modes[" + i + "]", mode + " is already asked for: each mode at most once");
            } else {
                modes.add(mode);
            }
        }
        return modes;
    }

    private static Mode mode(JsonNode value) {
        if (value == null || !value.isString()) {
            return null;
        }
        return Arrays.stream(Mode.values())
                .filter(mode -> mode.name().equals(value.stringValue()))
                .findFirst()
                .orElse(null);
    }

    private static <T> T refuse(Map<String, List<String>> errors, String field, String message) {
        errors.computeIfAbsent(field, key -> new ArrayList<>()).add(message);
        return null;
    }
}
