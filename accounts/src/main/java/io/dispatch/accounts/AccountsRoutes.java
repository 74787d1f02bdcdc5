package io.dispatch.accounts;

import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.ServedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The routes the accounts module serves, for its host's security chain and limits (docs/adr/0056):
 * the merchants' signup, sign-in and sign-out and the console's sign-in and sign-out (no
 * credential, 60 a minute per client address together, no CSRF token on signing in), the
 * dashboard's pages (no credential: they call the API with the session) and its API (the session
 * only).
 */
@Configuration(proxyBeanMethods = false)
public class AccountsRoutes {

    static final String AUTH = "/api/v1/auth/**";
    static final String CONSOLE_SIGN_IN = "/api/v1/console/signin";
    static final String CONSOLE_SIGN_OUT = "/api/v1/console/signout";

    @Bean
    ServedRoutes accountsServedRoutes() {
        return ServedRoutes.of("accounts")
                .open(AUTH, CONSOLE_SIGN_IN, CONSOLE_SIGN_OUT, "/dashboard", "/dashboard/**")
                .dashboardSession("/api/v1/dashboard/**")
                .limitedPerClient(ClientLimit.SIGN_IN, AUTH, CONSOLE_SIGN_IN)
                .signIn("/api/v1/auth/signin", "/api/v1/auth/signup", CONSOLE_SIGN_IN);
    }
}
