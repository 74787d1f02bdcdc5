package io.dispatch.webhook.retention;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The retention meters on /actuator/prometheus: {@code dispatch_retention_deleted_rows_total{table}}
 * and {@code dispatch_retention_batch_seconds{table}} (one delete transaction each; its maximum is
 * the longest any rows were locked). query-service and shared-web register the same names for
 * their tables.
 */
final class RetentionMeters {

    private RetentionMeters() {}

    static Counter deleted(MeterRegistry meters, String table) {
        return Counter.builder("dispatch.retention.deleted.rows")
                .tag("table", table)
                .description("Rows deleted by retention")
                .register(meters);
    }

    static Timer batches(MeterRegistry meters, String table) {
        return Timer.builder("dispatch.retention.batch")
                .tag("table", table)
                .description("Retention delete transactions: one batch each")
                .register(meters);
    }
}
