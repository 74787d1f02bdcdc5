package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.JsonFields;
import java.util.regex.Pattern;

/**
 * The phone rule of the contract (decisions.md §1): an optional leading {@code +}, then digits,
 * spaces or dashes, 7 to 20 characters in all, the {@code +} counted. The length is checked
 * with the other text rules ({@link JsonFields#string}); this is the shape.
 */
public final class PhoneNumber {

  public static final int MIN_LENGTH = 7;
  public static final int MAX_LENGTH = 20;
  /** The shape alone: the OpenAPI document pairs it with minLength and maxLength. */
  public static final String PATTERN = "^\\+?[0-9 \\-]+$";
  public static final String MESSAGE = "must be an international phone number: optional +, then digits, spaces or dashes";

  private static final Pattern SHAPE = Pattern.compile(PATTERN);

  private PhoneNumber() {}

  /** Whether a phone number given elsewhere (a store's order) passes the rule that {@link #read} applies. */
  public static boolean valid(String phone) {
    if (phone == null || phone.isBlank() || io.dispatch.web.text.TextRule.SINGLE_LINE.problem(phone).isPresent()) {
      return false;
    }
    int length = phone.codePointCount(0, phone.length());
    return length >= MIN_LENGTH && length <= MAX_LENGTH && SHAPE.matcher(phone).matches();
  }

  /** Reads a required phone field, reporting a wrong length or shape under its name. */
  public static String read(JsonFields fields, String name, String reportedAs, FieldErrors errors) {
    String phone = fields.string(name, true, MIN_LENGTH, MAX_LENGTH);
    if (phone != null && !SHAPE.matcher(phone).matches()) {
      errors.add(reportedAs, MESSAGE);
      return null;
    }
    return phone;
  }
}
