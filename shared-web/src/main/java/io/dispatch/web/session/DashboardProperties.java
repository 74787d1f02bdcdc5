package io.dispatch.web.session;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The dashboard: its session cookie, and what a merchant who signs up there becomes.
 *
 * @param sessionTimeout how long a session lives without a request
 * @param secureCookie whether the cookie carries {@code Secure} (the local run sets false because
 *     it serves plain HTTP)
 * @param cleanupInterval how often expired sessions are deleted
 * @param signupSandbox whether a merchant who signs up starts as a sandbox merchant, whose
 *     deliveries the simulated riders take (read by command-service's signup)
 * @param signupEnabled whether anyone may sign up from the dashboard; switched off, signup answers
 *     404 as an unknown route would ({@code SignupSwitch}) and sign-in keeps working
 */
@ConfigurationProperties("dispatch.dashboard")
public record DashboardProperties(
        @DefaultValue("PT12H") Duration sessionTimeout,
        @DefaultValue("true") Boolean secureCookie,
        @DefaultValue("PT10M") Duration cleanupInterval,
        @DefaultValue("true") Boolean signupSandbox,
        @DefaultValue("true") Boolean signupEnabled) {

    public DashboardProperties {
        SettingChecks.positive("dispatch.dashboard.session-timeout", sessionTimeout);
        SettingChecks.positive("dispatch.dashboard.cleanup-interval", cleanupInterval);
    }
}
