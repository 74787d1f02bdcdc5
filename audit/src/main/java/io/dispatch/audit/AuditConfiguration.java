package io.dispatch.audit;

import io.dispatch.representation.RepresentationsConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The operator's audit of one delivery ({@code GET /api/v1/admin/audit/{id}}): what its host imports. The
 * host supplies the delivery's events ({@link io.dispatch.audit.application.DeliveryLog}); the audit
 * reads the read models of query-service and webhook-dispatcher itself (docs/adr/0044). It answers the
 * delivery in its REST form, so it brings the representations' configuration (the public base URL).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.audit")
@Import(RepresentationsConfiguration.class)
public class AuditConfiguration {}
