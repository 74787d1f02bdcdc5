package io.dispatch.representation;

import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * The REST forms of a delivery (for merchants, operators and riders, with their envelopes in the
 * OpenAPI documents) and the public base URL their links are made with ({@link PublicUrls}).
 * Imported by the services and features that answer a delivery; Spring registers it once when
 * several run in one JVM.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.representation")
@ConfigurationPropertiesScan("io.dispatch.representation")
public class RepresentationsConfiguration {}
