package io.dispatch.web.security;

import io.dispatch.web.identity.CredentialKind;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A credential as the client presented it, not yet checked: a credential header's value, or the
 * merchant id that a dashboard session holds.
 */
final class PresentedCredential extends AbstractAuthenticationToken {

    private final CredentialKind<?> kind;
    private final String value;
    private final String client;

    /** @param client the client address that presented it, whose failures are counted */
    PresentedCredential(CredentialKind<?> kind, String value, String client) {
        super(List.of());
        this.kind = kind;
        this.value = value;
        this.client = client;
    }

    CredentialKind<?> kind() {
        return kind;
    }

    String client() {
        return client;
    }

    @Override
    public Object getCredentials() {
        return value;
    }

    @Override
    public Object getPrincipal() {
        return kind.toString();
    }
}
