package io.dispatch.query.whatif;

import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.OperatorAccounts;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.session.SessionConfiguration;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.springframework.security.web.server.csrf.DefaultCsrfToken;
import org.springframework.security.web.server.csrf.WebSessionServerCsrfTokenRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;

/**
 * Console sessions of operator accounts as the console's sign-in leaves them (an account in the identity schema, a
 * session holding its id and a CSRF token), made directly: the sign-in route is the accounts module's, which
 * query-service does not host. The security chain then reads them as it reads any session.
 */
final class OperatorSessions {

    /** A signed-in account: its id, the cookie that carries its session, and the CSRF header's value. */
    record SignedIn(String operatorId, String cookie, String csrf) {}

    private final OperatorAccounts accounts;
    private final SessionRepository<Session> sessions;

    @SuppressWarnings({"unchecked", "rawtypes"})
    OperatorSessions(OperatorAccounts accounts, JdbcIndexedSessionRepository sessions) {
        this.accounts = accounts;
        this.sessions = (SessionRepository) sessions;
    }

    SignedIn signIn(OperatorRole role) {
        OperatorAccounts.Operator operator = accounts.create(
                        role.name().toLowerCase() + "-" + UUID.randomUUID() + "@example.com", "not a hash", role)
                .orElseThrow();
        String token = UUID.randomUUID().toString();
        Session session = sessions.createSession();
        session.setAttribute(CredentialKinds.SESSION_OPERATOR, operator.id().toString());
        session.setAttribute(
                WebSessionServerCsrfTokenRepository.class.getName() + ".CSRF_TOKEN",
                new DefaultCsrfToken("X-CSRF-TOKEN", "_csrf", token));
        sessions.save(session);
        return new SignedIn(
                operator.id().toString(), SessionConfiguration.COOKIE + "=" + session.getId(), masked(token));
    }

    /**
     * The token as the console sends it: Spring Security's XOR form (random bytes, then the token XOR them, in
     * URL-safe Base64), here with zero bytes as the random part.
     */
    private static String masked(String token) {
        byte[] bytes = token.getBytes(StandardCharsets.UTF_8);
        byte[] combined = new byte[bytes.length * 2];
        System.arraycopy(bytes, 0, combined, bytes.length, bytes.length);
        return Base64.getUrlEncoder().encodeToString(combined);
    }
}
