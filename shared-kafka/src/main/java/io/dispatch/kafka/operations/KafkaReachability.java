package io.dispatch.kafka.operations;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * The "kafka" health contributor of readiness: the broker answers a describe-cluster within 2 s.
 * The answer is kept for 5 s so probes cannot pile requests on a broker that is away, and a
 * change of state is logged once, in one line that names what cannot be reached (never a stack
 * trace per probe).
 */
final class KafkaReachability implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(KafkaReachability.class);
    private static final Duration KEEP = Duration.ofSeconds(5);

    private final Admin admin;
    private final String bootstrapServers;
    private final Clock clock;
    private Health last;
    private Instant checkedAt = Instant.MIN;

    KafkaReachability(Admin admin, String bootstrapServers, Clock clock) {
        this.admin = admin;
        this.bootstrapServers = bootstrapServers;
        this.clock = clock;
    }

    @Override
    public synchronized Health health() {
        Instant now = clock.instant();
        if (last != null && checkedAt.plus(KEEP).isAfter(now)) {
            return last;
        }
        Health next = probe();
        boolean changed =
                last == null ? next.getStatus() != Status.UP : !last.getStatus().equals(next.getStatus());
        if (changed) {
            if (next.getStatus() == Status.UP) {
                log.info("Kafka at {} is reachable again", bootstrapServers);
            } else {
                log.warn(
                        "Kafka at {} is unreachable: {} (readiness is DOWN until it answers)",
                        bootstrapServers,
                        next.getDetails().get("error"));
            }
        }
        last = next;
        checkedAt = now;
        return next;
    }

    private Health probe() {
        try {
            int nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2000))
                    .nodes()
                    .get(3, TimeUnit.SECONDS)
                    .size();
            return Health.up().withDetail("nodes", nodes).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.down().withDetail("error", "interrupted").build();
        } catch (Exception e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return Health.down()
                    .withDetail("error", cause.getClass().getSimpleName() + ": " + cause.getMessage())
                    .build();
        }
    }
}
