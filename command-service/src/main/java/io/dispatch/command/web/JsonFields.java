package io.dispatch.command.web;

import io.dispatch.web.text.TextRule;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Field readers over one object that remember whether any of them failed. Every text read
 * through them obeys {@link TextRule}: no control characters (except line breaks and tabs in
 * multi-line text) and no unpaired surrogates, so nothing is accepted that cannot be stored.
 */
public final class JsonFields {
  private final JsonNode node;
  private final String prefix;
  private final FieldErrors errors;
  private boolean clean = true;

  /**
   * Readers over a whole request body; a body that is not a JSON object answers 422 on
   * {@code body} at once (with any errors already collected), naming the expected shape.
   */
  public static JsonFields body(JsonNode body, String shape, FieldErrors errors) {
    if (body == null || !body.isObject()) {
      errors.add("body", "must be a JSON object " + shape);
      errors.throwIfAny();
    }
    return new JsonFields(body, "", errors);
  }

  public JsonFields(JsonNode node, String prefix, FieldErrors errors) {
    this.node = node;
    this.prefix = prefix;
    this.errors = errors;
  }

  public boolean clean() {
    return clean;
  }

  private void fail(String name, String message) {
    clean = false;
    errors.add(prefix + name, message);
  }

  private JsonNode present(String name, boolean required) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      if (required) {
        fail(name, "is required");
      }
      return null;
    }
    return value;
  }

  /** A one-line text: no control character at all (see {@link TextRule}). */
  public String string(String name, boolean required, int min, int max) {
    return text(name, required, min, max, TextRule.SINGLE_LINE);
  }

  /** Free text that may span lines: tab, line feed and carriage return are allowed. */
  public String multiLineString(String name, boolean required, int min, int max) {
    return text(name, required, min, max, TextRule.MULTI_LINE);
  }

  private String text(String name, boolean required, int min, int max, TextRule rule) {
    JsonNode value = present(name, required);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      fail(name, "must be a string");
      return null;
    }
    if (!storable(name, value, rule)) {
      return null;
    }
    String text = value.stringValue();
    int length = text.codePointCount(0, text.length());
    if (length < min || length > max || (required && text.isBlank())) {
      fail(name, min == max ? "must be " + min + " characters" : "must be " + min + " to " + max + " characters");
      return null;
    }
    return text;
  }

  /** Reports a string that breaks the character rule, checked before any other rule of the field. */
  private boolean storable(String name, JsonNode value, TextRule rule) {
    if (!value.isString()) {
      return true;
    }
    Optional<String> problem = rule.problem(value.stringValue());
    problem.ifPresent(message -> fail(name, message));
    return problem.isEmpty();
  }

  public Double number(String name, double min, double max) {
    JsonNode value = present(name, false);
    if (value == null) {
      return null;
    }
    if (!within(value, min, max)) {
      fail(name, "must be a number from " + (long) min + " to " + (long) max);
      return null;
    }
    return value.doubleValue();
  }

  public Long integer(String name) {
    JsonNode value = present(name, false);
    if (value == null) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 0) {
      fail(name, "must be a whole number of minor units, 0 or more");
      return null;
    }
    return value.longValue();
  }

  /** A whole number in [min, max]. */
  public Long whole(String name, boolean required, long min, long max) {
    JsonNode value = present(name, required);
    if (value == null) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
      fail(name, "must be a whole number from " + min + " to " + max);
      return null;
    }
    return value.longValue();
  }

  /** Any number in [min, max]. */
  public Double decimal(String name, boolean required, double min, double max) {
    JsonNode value = present(name, required);
    if (value == null) {
      return null;
    }
    if (!within(value, min, max)) {
      fail(name, "must be a number from " + min + " to " + max);
      return null;
    }
    return value.doubleValue();
  }

  /** A number in [min, max]; false for non-numbers and for numbers no double can hold. */
  private static boolean within(JsonNode value, double min, double max) {
    if (!value.isNumber()) {
      return false;
    }
    double number;
    try {
      number = value.doubleValue();
    } catch (RuntimeException tooBig) {
      // Jackson refuses to narrow a BigInteger beyond a double's range
      return false;
    }
    return Double.isFinite(number) && number >= min && number <= max;
  }

  public <E extends Enum<E>> E oneOf(String name, Class<E> type) {
    JsonNode value = present(name, true);
    if (value == null || !storable(name, value, TextRule.SINGLE_LINE)) {
      return null;
    }
    for (E constant : type.getEnumConstants()) {
      if (value.isString() && constant.name().equals(value.stringValue())) {
        return constant;
      }
    }
    fail(name, "must be one of " + java.util.Arrays.toString(type.getEnumConstants()));
    return null;
  }

  public Instant timestamp(String name) {
    JsonNode value = present(name, false);
    if (value == null || !storable(name, value, TextRule.SINGLE_LINE)) {
      return null;
    }
    try {
      if (value.isString()) {
        return OffsetDateTime.parse(value.stringValue()).toInstant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
      }
    } catch (DateTimeParseException e) {
      // reported below
    }
    fail(name, "must be an ISO 8601 timestamp with offset, like 2026-11-21T10:00:00Z");
    return null;
  }
}
