package io.dispatch.web.session;

import org.springframework.session.ReactiveSessionRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

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
        return Mono.fromCallable(sessions::createSession).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public Mono<Void> save(Session session) {
        return Mono.<Void>fromRunnable(() -> sessions.save(session)).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public Mono<Session> findById(String id) {
        return Mono.fromCallable(() -> sessions.findById(id)).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public Mono<Void> deleteById(String id) {
        return Mono.<Void>fromRunnable(() -> sessions.deleteById(id)).subscribeOn(Schedulers.boundedElastic());
    }
}
