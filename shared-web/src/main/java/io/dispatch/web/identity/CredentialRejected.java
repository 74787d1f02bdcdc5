package io.dispatch.web.identity;

import org.springframework.security.core.AuthenticationException;

/** A credential was presented and is not valid: answered 401 UNAUTHORIZED with this message. */
public final class CredentialRejected extends AuthenticationException {

    public CredentialRejected(String message) {
        super(message);
    }
}
