package io.dispatch.query.decision.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.EventEnvelope;
import io.dispatch.query.decision.DecisionLog;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * GET /api/v1/external/dispatches/:id/dispatching over real HTTP with a merchant's API key, fed
 * through the real projections from events published to Kafka: the counts as offers are made and
 * answered, the reasons while waiting, no rider or offer id, and 404 as GET /dispatches/:id.
 */
class DeliveryDispatchingRouteTest extends DispatchingRoutesTest {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    /** DecisionLog.policy(mode) is zone nairobi-cbd at version 3; its RANKED version asks 4 riders at most. */
    private static final int MAX_OFFERS = 4;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MerchantAccounts accounts;

    /** The policies as command-service stores them, from its own migration, with nairobi-cbd's version 3. */
    @BeforeEach
    void commandPolicies() throws Exception {
        if (jdbc.queryForObject("select to_regclass('command.dispatch_policies') is not null", Boolean.class)) {
            return;
        }
        String migration = Files.readString(Path.of(
                "..", "command-service", "src", "main", "resources", "db", "command", "V8__dispatch_policies.sql"));
        jdbc.execute("create schema if not exists command");
        jdbc.execute("begin; set local search_path to command; " + migration + "; commit");
        jdbc.update("""
            insert into command.dispatch_policies values
              ('nairobi-cbd', 3, 'RANKED', 30, ?, 5000, 'OPERATOR_QUEUE', now(), 'test')""", MAX_OFFERS);
    }

    private record Merchant(UUID id, String apiKey) {}

    @Test
    void a_ranked_delivery_shows_the_offers_made_of_the_policys_most_and_stops_waiting_once_a_rider_holds_it() {
        Merchant merchant = merchant();
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        DecisionLog log = new DecisionLog(merchant.id(), NOW, DecisionLog.policy("RANKED"), zone());
        publishFrom(log, 0);

        assertThat(dispatching(merchant, log.dispatchId, 200))
                .containsOnlyKeys(
                        "dispatchId",
                        "status",
                        "mode",
                        "policyVersion",
                        "offersMade",
                        "maxOffers",
                        "openOffers",
                        "waiting",
                        "reason")
                .containsEntry("dispatchId", log.dispatchId.toString())
                .containsEntry("status", "NEW")
                .containsEntry("mode", "RANKED")
                .containsEntry("policyVersion", 3)
                .containsEntry("offersMade", 0)
                .containsEntry("maxOffers", MAX_OFFERS)
                .containsEntry("openOffers", 0)
                .containsEntry("waiting", true)
                .containsEntry("reason", "WAITING_FOR_OFFER");

        int sent = log.events().size();
        UUID expired = log.offered(first, NOW.plusSeconds(1), NOW.plusSeconds(31));
        log.expired(expired, first, NOW.plusSeconds(31));
        UUID open = log.offered(second, NOW.plusSeconds(32), NOW.plusSeconds(3600));
        publishFrom(log, sent);

        String body = raw(merchant, log.dispatchId);
        assertThat(body)
                .doesNotContain(first.toString())
                .doesNotContain(second.toString())
                .doesNotContain(expired.toString())
                .doesNotContain(open.toString())
                .doesNotContainIgnoringCase("rider");
        assertThat(dispatching(merchant, log.dispatchId, 200))
                .containsEntry("offersMade", 2)
                .containsEntry("maxOffers", MAX_OFFERS)
                .containsEntry("openOffers", 1)
                .containsEntry("waiting", true)
                .containsEntry("reason", "WAITING_FOR_OFFER");

        sent = log.events().size();
        log.accepted(open, second, NOW.plusSeconds(40));
        publishFrom(log, sent);

        assertThat(dispatching(merchant, log.dispatchId, 200))
                .containsEntry("status", "ASSIGNED")
                .containsEntry("offersMade", 2)
                .containsEntry("openOffers", 0)
                .containsEntry("waiting", false)
                .containsEntry("reason", null);
    }

    @Test
    void a_waiting_delivery_says_why_manual_or_the_engines_latest_nobody_found() {
        Merchant merchant = merchant();
        UUID rider = UUID.randomUUID();
        DecisionLog manual = new DecisionLog(merchant.id(), NOW, DecisionLog.policy("MANUAL"), zone());
        DecisionLog noneNear = new DecisionLog(merchant.id(), NOW, DecisionLog.policy("AUTO_ASSIGN"), zone());
        noneNear.noRider(NOW.plusSeconds(1), "NO_RIDER_IN_RADIUS");
        DecisionLog exhausted = new DecisionLog(merchant.id(), NOW, DecisionLog.policy("RANKED"), zone());
        UUID offer = exhausted.offered(rider, NOW.plusSeconds(1), NOW.plusSeconds(31));
        exhausted.declined(offer, rider, NOW.plusSeconds(2), "too far").noRider(NOW.plusSeconds(2), "OFFERS_EXHAUSTED");
        DecisionLog broadcast = new DecisionLog(merchant.id(), NOW, DecisionLog.policy("BROADCAST"), zone());
        broadcast.offered(rider, NOW.plusSeconds(1), NOW.plusSeconds(3600));
        broadcast.offered(UUID.randomUUID(), NOW.plusSeconds(1), NOW.plusSeconds(3600));
        publish(manual, noneNear, exhausted, broadcast);

        assertThat(dispatching(merchant, manual.dispatchId, 200))
                .containsEntry("mode", "MANUAL")
                .containsEntry("offersMade", 0)
                .containsEntry("maxOffers", null)
                .containsEntry("waiting", true)
                .containsEntry("reason", "MANUAL");
        assertThat(dispatching(merchant, noneNear.dispatchId, 200))
                .containsEntry("mode", "AUTO_ASSIGN")
                .containsEntry("maxOffers", null)
                .containsEntry("reason", "NO_RIDER_IN_RADIUS");
        assertThat(dispatching(merchant, exhausted.dispatchId, 200))
                .containsEntry("offersMade", 1)
                .containsEntry("openOffers", 0)
                .containsEntry("maxOffers", MAX_OFFERS)
                .containsEntry("reason", "OFFERS_EXHAUSTED");
        assertThat(dispatching(merchant, broadcast.dispatchId, 200))
                .containsEntry("mode", "BROADCAST")
                .containsEntry("offersMade", 2)
                .containsEntry("openOffers", 2)
                .containsEntry("maxOffers", null)
                .containsEntry("reason", "WAITING_FOR_OFFER");
    }

    @Test
    void another_merchants_or_an_unknown_delivery_is_not_found_exactly_as_the_delivery_read_answers() {
        Merchant owner = merchant();
        Merchant other = merchant();
        DecisionLog log = new DecisionLog(owner.id(), NOW, DecisionLog.policy("RANKED"), zone());
        log.offered(UUID.randomUUID(), NOW.plusSeconds(1), NOW.plusSeconds(3600));
        publish(log);
        dispatching(owner, log.dispatchId, 200);

        Map<String, Object> theirs = error(dispatching(other, log.dispatchId, 404));
        Map<String, Object> asTheDeliveryRead = error(get(other, "/api/v1/external/dispatches/" + log.dispatchId, 404));
        assertThat(theirs).containsEntry("code", "NOT_FOUND");
        assertThat(without(theirs, "requestId")).isEqualTo(without(asTheDeliveryRead, "requestId"));
        // an id of the same partition as the delivery just read: that partition is read up to its end, so "not
        // there" is final (another partition may still hold other test classes' records: 503 there, rightly)
        assertThat(error(dispatching(owner, unknownBeside(log.dispatchId), 404)))
                .containsEntry("code", "NOT_FOUND");
        assertThat(error(get(owner, "/api/v1/external/dispatches/not-a-uuid/dispatching", 404)))
                .containsEntry("code", "NOT_FOUND");
        client().get()
                .uri("/api/v1/external/dispatches/" + log.dispatchId + "/dispatching")
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .exchange()
                .expectStatus()
                .isUnauthorized();
    }

    // ---- data and HTTP

    private static UUID unknownBeside(UUID known) {
        int partitions = io.dispatch.events.Topics.DISPATCH_EVENTS.partitions();
        int partition = io.dispatch.events.Topic.partitionFor(known, partitions);
        UUID unknown;
        do {
            unknown = UUID.randomUUID();
        } while (io.dispatch.events.Topic.partitionFor(unknown, partitions) != partition);
        return unknown;
    }

    private Merchant merchant() {
        MerchantAccounts.Merchant merchant = accounts.createMerchant("dispatching-test");
        return new Merchant(
                merchant.id(),
                accounts.issueKey(merchant.id(), Set.of(Scope.READ)).apiKey());
    }

    /** The delivery's events from the {@code from}th on. */
    private static void publishFrom(DecisionLog log, int from) {
        List<EventEnvelope> events = log.events();
        for (EventEnvelope event : events.subList(from, events.size())) {
            LOG.publish(event);
        }
        LOG.acknowledged();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> dispatching(Merchant merchant, UUID id, int status) {
        Map<String, Object> body = get(merchant, "/api/v1/external/dispatches/" + id + "/dispatching", status);
        return status == 200 ? (Map<String, Object>) body.get("data") : body;
    }

    private Map<String, Object> get(Merchant merchant, String path, int status) {
        return client().get()
                .uri(path)
                .header("X-API-Key", merchant.apiKey())
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JSON)
                .returnResult()
                .getResponseBody();
    }

    private String raw(Merchant merchant, UUID id) {
        return client().get()
                .uri("/api/v1/external/dispatches/" + id + "/dispatching")
                .header("X-API-Key", merchant.apiKey())
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> envelope) {
        return (Map<String, Object>) envelope.get("error");
    }

    private static Map<String, Object> without(Map<String, Object> map, String key) {
        Map<String, Object> copy = new java.util.HashMap<>(map);
        copy.remove(key);
        return copy;
    }
}
