package io.dispatch.web.identity;

import reactor.core.publisher.Mono;

/**
 * Failed credential checks counted per client address, so that an address over its limit is
 * refused before its credentials are compared (the rate limits' {@code FailedCredentials}).
 */
public interface CredentialFailures {

    /** The failures allowed per client address per minute. */
    int limit();

    /** Whole seconds until the address may present credentials again; 0 when it may now. */
    long blockedFor(String client);

    /** Counts one failure of the address (off the event loop); the seconds it is now blocked for, 0 if not. */
    Mono<Long> failed(String client);
}
