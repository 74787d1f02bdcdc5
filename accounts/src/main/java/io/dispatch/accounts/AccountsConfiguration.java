package io.dispatch.accounts;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * Everything the accounts module contributes to a Spring context: the merchants' sign-up, sign-in,
 * sign-out and key routes ({@code merchant}) and the merchant dashboard ({@code dashboard}).
 * command-service imports it; the session store and the credential check that reads a session
 * stay in shared-web, because every HTTP service authenticates a dashboard request (docs/adr/0043).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.accounts")
public class AccountsConfiguration {}
