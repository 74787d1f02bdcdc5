package io.dispatch.command.dispatching.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatching.policy.DispatchPolicy.DispatchMode;
import io.dispatch.command.dispatching.policy.DispatchPolicy.Fallback;
import io.dispatch.events.DecisionPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The zones' policies against the real store. Each test sets policies of zones of its own only
 * (zone {@code default} is left alone: the other tests of the context create deliveries under it).
 */
class DispatchPoliciesTest extends CommandServiceIntegrationTest {

    private static final DispatchPolicies.Setting RANKED =
            new DispatchPolicies.Setting(DispatchMode.RANKED, Duration.ofSeconds(20), 3, 4000, Fallback.BROADCAST);
    private static final DispatchPolicies.Setting BATCHED = new DispatchPolicies.Setting(
            DispatchMode.BATCHED, Duration.ofSeconds(45), 1, 8000, Fallback.OPERATOR_QUEUE);

    @Autowired
    JdbcTemplate jdbc;

    private final SteppedClock clock = new SteppedClock(Instant.parse("2026-11-21T10:00:00Z"));

    private static String newZone() {
        return "zone-" + UUID.randomUUID();
    }

    @Test
    void a_zone_without_a_policy_of_its_own_follows_zone_default() {
        DispatchPolicies policies = new DispatchPolicies(jdbc, clock);

        DispatchPolicy followed = policies.forZone(newZone());

        assertThat(followed.zoneId()).isEqualTo(DispatchPolicy.DEFAULT_ZONE);
        assertThat(policies.forZone(null)).isEqualTo(followed);
        assertThat(policies.all().getFirst()).isEqualTo(followed);
    }

    @Test
    void every_change_is_the_next_version_of_the_zone_and_is_followed_at_once_where_it_was_made() {
        DispatchPolicies policies = new DispatchPolicies(jdbc, clock);
        String zone = newZone();
        policies.forZone(zone);

        DispatchPolicy first = policies.put(zone, RANKED, "ops-1");
        clock.step(Duration.ofMillis(10));
        DispatchPolicy second = policies.put(zone, BATCHED, "ops-2");

        assertThat(first.version()).isEqualTo(1);
        assertThat(second)
                .isEqualTo(new DispatchPolicy(
                        zone,
                        DispatchMode.BATCHED,
                        Duration.ofSeconds(45),
                        1,
                        8000,
                        Fallback.OPERATOR_QUEUE,
                        2,
                        clock.instant()));
        assertThat(policies.forZone(zone)).isEqualTo(second);
        assertThat(second.reference()).isEqualTo(new DecisionPolicy(zone, "BATCHED", 2));
    }

    @Test
    void another_instances_change_is_followed_within_a_second() {
        DispatchPolicies here = new DispatchPolicies(jdbc, clock);
        DispatchPolicies there = new DispatchPolicies(jdbc, clock);
        String zone = newZone();
        assertThat(here.forZone(zone).zoneId()).isEqualTo(DispatchPolicy.DEFAULT_ZONE);

        there.put(zone, RANKED, "ops");

        clock.step(Duration.ofMillis(999));
        assertThat(here.forZone(zone).zoneId()).isEqualTo(DispatchPolicy.DEFAULT_ZONE);
        clock.step(Duration.ofMillis(1));
        assertThat(here.forZone(zone).mode()).isEqualTo(DispatchMode.RANKED);
    }

    @Test
    void the_list_has_zone_default_first_then_the_zones_by_id_each_at_its_current_version() {
        DispatchPolicies policies = new DispatchPolicies(jdbc, clock);
        String b = "list-b-" + UUID.randomUUID();
        String a = "list-a-" + UUID.randomUUID();
        policies.put(b, RANKED, "ops");
        policies.put(a, RANKED, "ops");
        policies.put(a, BATCHED, "ops");

        List<DispatchPolicy> listed = policies.all();

        assertThat(listed.getFirst().zoneId()).isEqualTo(DispatchPolicy.DEFAULT_ZONE);
        List<DispatchPolicy> mine = listed.stream()
                .filter(policy -> policy.zoneId().equals(a) || policy.zoneId().equals(b))
                .toList();
        assertThat(mine).extracting(DispatchPolicy::zoneId).containsExactly(a, b);
        assertThat(mine).extracting(DispatchPolicy::version).containsExactly(2L, 1L);
        assertThat(mine).extracting(DispatchPolicy::mode).containsExactly(DispatchMode.BATCHED, DispatchMode.RANKED);
    }

    /** A clock that moves only when the test moves it. */
    private static final class SteppedClock extends Clock {

        private Instant now;

        SteppedClock(Instant start) {
            this.now = start;
        }

        void step(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
