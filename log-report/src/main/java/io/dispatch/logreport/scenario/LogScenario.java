package io.dispatch.logreport.scenario;

import io.dispatch.events.Topics;
import io.dispatch.logreport.cli.Bound;
import io.dispatch.logreport.read.EventStoreLogSource;
import io.dispatch.logreport.read.KafkaLogSource;
import io.dispatch.logreport.read.KafkaPositionSource;
import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * log-report --scenario (decisions.md section 17): a period of the log as a scenario file, with what actually
 * happened in it as its {@code recorded} part. Used by the command line and by the console's what-if job. How each
 * part is derived: docs/dispatch-simulator.md, "A scenario from the log".
 */
public final class LogScenario {

    /**
     * The scenario, the recorded figures, and notes for the operator (what was derived, what was left out and why).
     */
    public record Made(Scenario scenario, Recorded recorded, List<String> notes) {}

    private LogScenario() {}

    /**
     * Reads the topics dispatch-events and rider-positions.
     *
     * @throws SourceUnavailableException when Kafka cannot be reached within the timeout or a topic does not exist
     */
    public static Made fromKafka(String bootstrapServers, ScenarioRequest request, Duration timeout) {
        return fromKafka(
                bootstrapServers, Topics.DISPATCH_EVENTS.name(), Topics.RIDER_POSITIONS.name(), request, timeout);
    }

    /**
     * Reads the events of {@code eventsTopic} from a little before the period to the end of the topic as it is when
     * the read starts, then the fixes of {@code positionsTopic} from then to a little after the last order's end.
     */
    public static Made fromKafka(
            String bootstrapServers,
            String eventsTopic,
            String positionsTopic,
            ScenarioRequest request,
            Duration timeout) {
        return fromKafka(bootstrapServers, eventsTopic, positionsTopic, request, timeout, null);
    }

    /** Where command-service's tables are, for the policy and travel settings the Kafka log does not hold. */
    public record Store(String jdbcUrl, String user, String password) {}

    /**
     * Reads the log from Kafka, as {@link #fromKafka(String, ScenarioRequest, Duration)}, and the zone's policy and
     * travel settings from command-service's tables in {@code store} when they exist (the console's what-if job,
     * which runs beside them).
     */
    public static Made fromKafka(String bootstrapServers, Store store, ScenarioRequest request, Duration timeout) {
        return fromKafka(
                bootstrapServers,
                Topics.DISPATCH_EVENTS.name(),
                Topics.RIDER_POSITIONS.name(),
                request,
                timeout,
                store);
    }

    private static Made fromKafka(
            String bootstrapServers,
            String eventsTopic,
            String positionsTopic,
            ScenarioRequest request,
            Duration timeout,
            Store store) {
        ScenarioFold fold = new ScenarioFold(request, false);
        String events;
        try (KafkaLogSource source =
                new KafkaLogSource(bootstrapServers, eventsTopic, readFrom(request), Bound.NONE, timeout)) {
            source.open();
            source.read(fold::accept);
            events = source.describe();
        }
        Bound until = new Bound.Time(fold.horizon().plus(RiderFixes.FRESHNESS));
        List<String> notes = new ArrayList<>();
        String positions;
        try (KafkaPositionSource source =
                new KafkaPositionSource(bootstrapServers, positionsTopic, readFrom(request), until, timeout)) {
            source.open();
            source.read(fold::acceptFix);
            positions = source.describe();
            if (source.unreadable() > 0) {
                notes.add(source.unreadable() + " records of " + positionsTopic + " were not a rider's fix: skipped");
            }
        }
        StoreSettings settings = store == null
                ? StoreSettings.none()
                : StoreTables.read(
                        store.jdbcUrl(),
                        store.user(),
                        store.password(),
                        timeout,
                        fold.mostCommonPolicy(),
                        request.zoneId());
        return withNotes(fold.finish(settings, events + "; " + positions), notes);
    }

    /**
     * Reads the command-service's event store (positions: the deliveries' dispatch.location_updated only), and the
     * policy and travel settings of its tables when they exist.
     *
     * @throws SourceUnavailableException when PostgreSQL cannot be reached or has no event store
     */
    public static Made fromEventStore(
            String jdbcUrl, String user, String password, ScenarioRequest request, Duration timeout) {
        ScenarioFold fold = new ScenarioFold(request, true);
        String source;
        try (EventStoreLogSource store =
                new EventStoreLogSource(jdbcUrl, user, password, readFrom(request), Bound.NONE, timeout)) {
            store.open();
            store.read(fold::accept);
            source = store.describe();
        }
        StoreSettings settings =
                StoreTables.read(jdbcUrl, user, password, timeout, fold.mostCommonPolicy(), request.zoneId());
        return fold.finish(settings, source);
    }

    /**
     * A little before the period: a rider on shift when it starts has a fix in the freshness window before it, which
     * gives its position at the start (and, on Kafka, a record's timestamp is its publication, after the event).
     */
    private static Bound readFrom(ScenarioRequest request) {
        Instant from = request.from().minus(RiderFixes.FRESHNESS);
        return new Bound.Time(from);
    }

    private static Made withNotes(Made made, List<String> more) {
        if (more.isEmpty()) {
            return made;
        }
        List<String> notes = new ArrayList<>(made.notes());
        notes.addAll(more);
        return new Made(made.scenario(), made.recorded(), List.copyOf(notes));
    }
}
