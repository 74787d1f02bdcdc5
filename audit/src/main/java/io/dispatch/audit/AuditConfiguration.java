package io.dispatch.audit;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * The operator's audit of one delivery ({@code GET /api/v1/admin/audit/{id}}): what its host imports. The
 * host supplies the delivery's events ({@link io.dispatch.audit.application.DeliveryLog}); the audit
 * reads the read models of query-service and webhook-dispatcher itself (docs/adr/0044).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.audit")
public class AuditConfiguration {}
