package io.dispatch.accounts.signin;

import io.dispatch.web.text.TextRule;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules of decisions.md section 10 for an account's email and password, the same for a
 * merchant's account and an operator's: each check answers the problem to report on its field.
 */
public final class SignInFields {

    /** Loose on purpose: one @, something on each side, a dot in the domain, no spaces. */
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    private SignInFields() {}

    /** The problem with an email (already stripped), if any. */
    public static Optional<String> emailProblem(String email) {
        if (email == null
                || email.length() > 254
                || !EMAIL.matcher(email).matches()
                || TextRule.SINGLE_LINE.problem(email).isPresent()) {
            return Optional.of("must be an email address, at most 254 characters");
        }
        return Optional.empty();
    }

    /** The problem with a new password, if any. */
    public static Optional<String> passwordProblem(String password) {
        if (password == null || password.length() < Passwords.MIN_LENGTH) {
            return Optional.of("must be at least " + Passwords.MIN_LENGTH + " characters");
        }
        if (password.length() > Passwords.MAX_LENGTH) {
            return Optional.of("must be at most " + Passwords.MAX_LENGTH + " characters");
        }
        return Optional.empty();
    }

    /** Adds both problems, if any, to a field-error map. */
    public static void check(String email, String password, Map<String, java.util.List<String>> errors) {
        emailProblem(email).ifPresent(problem -> errors.put("email", java.util.List.of(problem)));
        passwordProblem(password).ifPresent(problem -> errors.put("password", java.util.List.of(problem)));
    }
}
