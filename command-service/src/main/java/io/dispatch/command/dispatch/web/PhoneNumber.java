package io.dispatch.command.dispatch.web;

import java.util.regex.Pattern;

/**
 * The phone rule of the contract (decisions.md §1): an optional leading {@code +}, then digits,
 * spaces or dashes, 7 to 20 characters in all, the {@code +} counted. Bodies declare it on
 * their phone field's {@code @Schema} and {@link io.dispatch.command.web.DocumentedBody} reads it
 * there; {@link #valid} applies it to a phone given elsewhere.
 */
public final class PhoneNumber {

    public static final int MIN_LENGTH = 7;
    public static final int MAX_LENGTH = 20;
    /** The shape alone: the OpenAPI document pairs it with minLength and maxLength. */
    public static final String PATTERN = "^\\+?[0-9 \\-]+$";

    public static final String MESSAGE =
            "must be an international phone number: optional +, then digits, spaces or dashes";

    private static final Pattern SHAPE = Pattern.compile(PATTERN);

    private PhoneNumber() {}

    /** Whether a phone number given elsewhere (a store's order) passes the rule that {@link #read} applies. */
    public static boolean valid(String phone) {
        if (phone == null
                || phone.isBlank()
                || io.dispatch.web.text.TextRule.SINGLE_LINE.problem(phone).isPresent()) {
            return false;
        }
        int length = phone.codePointCount(0, phone.length());
        return length >= MIN_LENGTH
                && length <= MAX_LENGTH
                && SHAPE.matcher(phone).matches();
    }
}
