package io.dispatch.web.session;

import io.dispatch.web.scheduling.PeriodicTask;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ResponseCookie;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.session.web.server.session.SpringSessionWebSessionStore;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import org.springframework.web.server.session.CookieWebSessionIdResolver;
import org.springframework.web.server.session.DefaultWebSessionManager;
import org.springframework.web.server.session.WebSessionManager;

/**
 * Dashboard sessions: Spring Session JDBC in the identity schema (db/identity/V7), so a session
 * survives a restart and is read by every instance of every service, behind WebFlux's session
 * manager with our cookie. Nothing touches the store unless a request carries the cookie or a
 * handler starts a session (sign-in): API-key requests never read it.
 */
@Configuration(proxyBeanMethods = false)
public class SessionConfiguration {

    /** The cookie's name; HttpOnly, SameSite=Lax, Secure outside the local run. */
    public static final String COOKIE = "DISPATCH_SESSION";

    @Bean
    JdbcIndexedSessionRepository jdbcSessions(DataSource dataSource, DashboardProperties properties) {
        var sessions = new JdbcIndexedSessionRepository(
                new JdbcTemplate(dataSource), new TransactionTemplate(new DataSourceTransactionManager(dataSource)));
        sessions.setTableName("identity.spring_session");
        sessions.setDefaultMaxInactiveInterval(properties.sessionTimeout());
        // expired sessions are removed by the periodic task below, not by Spring Session's own cron
        sessions.setCleanupCron("-");
        return sessions;
    }

    @Bean(WebHttpHandlerBuilder.WEB_SESSION_MANAGER_BEAN_NAME)
    WebSessionManager webSessionManager(JdbcIndexedSessionRepository sessions, DashboardProperties properties) {
        @SuppressWarnings({"unchecked", "rawtypes"})
        SessionRepository<Session> view = (SessionRepository) sessions;
        var store = new SpringSessionWebSessionStore<>(new ReactiveJdbcSessions(view));
        var cookies = new CookieWebSessionIdResolver();
        cookies.setCookieName(COOKIE);
        cookies.addCookieInitializer(cookie -> secure(cookie, properties.secureCookie()));
        var manager = new DefaultWebSessionManager();
        manager.setSessionStore(store);
        manager.setSessionIdResolver(cookies);
        return manager;
    }

    private static void secure(ResponseCookie.ResponseCookieBuilder cookie, boolean secure) {
        cookie.httpOnly(true).sameSite("Lax").path("/").secure(secure);
    }

    @Bean
    PeriodicTask expiredSessionCleanup(JdbcIndexedSessionRepository sessions, DashboardProperties properties) {
        return new PeriodicTask("session-cleanup", properties.cleanupInterval(), sessions::cleanUpExpiredSessions);
    }
}
