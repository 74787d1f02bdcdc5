package io.dispatch.web.security;

import org.springframework.security.core.AuthenticationException;

/**
 * The client address went over its limit of failed credential checks: answered 429
 * RATE_LIMITED with Retry-After, without the credential being compared.
 */
final class TooManyFailedCredentials extends AuthenticationException {

    private final int limit;
    private final long retryAfterSeconds;

    TooManyFailedCredentials(int limit, long retryAfterSeconds) {
        super("Too many failed credential checks from this client address: at most " + limit + " per minute; retry in "
                + retryAfterSeconds + " s");
        this.limit = limit;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    int limit() {
        return limit;
    }

    long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
