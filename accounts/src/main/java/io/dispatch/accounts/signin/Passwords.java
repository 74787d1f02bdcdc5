package io.dispatch.accounts.signin;

import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;

/**
 * Passwords of merchants' accounts and operators' accounts: Argon2id with a random salt per password (Spring Security's encoder,
 * 16 MiB, 2 passes), about 50 ms of one core each. An unknown email is checked against a dummy
 * hash so that it costs the same time as a wrong password.
 */
public final class Passwords {

    public static final int MIN_LENGTH = 12;
    public static final int MAX_LENGTH = 128;

    private final Argon2PasswordEncoder encoder = Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
    private final String dummy = encoder.encode("not-a-password-of-anyone");

    public String hash(String password) {
        return encoder.encode(password);
    }

    /** Whether the password matches; with no stored hash, the same work against a dummy, and false. */
    public boolean matches(String password, String storedHash) {
        boolean matches = encoder.matches(password, storedHash == null ? dummy : storedHash);
        return storedHash != null && matches;
    }
}
