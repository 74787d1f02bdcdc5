package io.dispatch.web.session;

import io.dispatch.web.scheduling.Blocking;
import org.springframework.session.ReactiveSessionRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import reactor.core.publisher.Mono;

/**
 * Spring Session's JDBC repository, which blocks, seen through the reactive interface WebFlux's
 * session store needs: every call runs on the bounded elastic scheduler, as the other blocking
 * JDBC calls under the web layer do. Spring Session ships reactive repositories only for Redis
 * and MongoDB (ADR 0021).
 */
final class ReactiveJdbcSessions implements ReactiveSessionRepository<Session> {

    private final SessionRepository<Session> sessions;

    ReactiveJdbcSessions(SessionRepository<Session> sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<Session> createSession() {
        return Blocking.call(sessions::createSession);
    }

    @Override
    public Mono<Void> save(Session session) {
        return Blocking.run(() -> sessions.save(session));
    }

    @Override
    public Mono<Session> findById(String id) {
        return Blocking.call(() -> sessions.findById(id));
    }

    @Override
    public Mono<Void> deleteById(String id) {
        return Blocking.run(() -> sessions.deleteById(id));
    }
}
