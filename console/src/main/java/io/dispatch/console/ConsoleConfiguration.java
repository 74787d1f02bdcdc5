package io.dispatch.console;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * Everything the console module contributes to a Spring context: the operators' pages at
 * {@code /console} ({@link ConsolePages}). command-service imports it; the pages call the
 * operator API of every service on the same origin, with the operator's session.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.console")
public class ConsoleConfiguration {}
