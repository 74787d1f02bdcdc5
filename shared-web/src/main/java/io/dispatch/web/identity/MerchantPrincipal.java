package io.dispatch.web.identity;

import java.util.Set;
import java.util.UUID;

/**
 * The authenticated merchant of a request, set by the security chain from an API key or a dashboard
 * session ({@link CredentialKinds}).
 */
public record MerchantPrincipal(UUID merchantId, String keyId, Set<Scope> scopes) {

    /** The exchange attribute that carries it; controllers read it with {@code @RequestAttribute}. */
    public static final String ATTRIBUTE = "io.dispatch.merchant";
}
