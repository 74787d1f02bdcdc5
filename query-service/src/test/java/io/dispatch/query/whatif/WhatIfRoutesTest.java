package io.dispatch.query.whatif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.query.QueryServiceContext;
import io.dispatch.web.identity.OperatorAccounts;
import io.dispatch.web.identity.OperatorRole;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The console's what-if routes over real HTTP, on the shared PostgreSQL: a job per request, run on its instance one
 * at a time, read by id and listed. Only the reader of the log is a stand-in ({@link MadeUpDays}).
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(WhatIfRoutesTest.ReaderStandIn.class)
class WhatIfRoutesTest extends QueryServiceContext {

    static final int MAX_ORDERS = 100;
    private static final int MAX_QUEUED = 2;
    private static final String PATH = "/api/v1/admin/dispatch/whatif";
    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {};
    private static final LocalDate YESTERDAY = LocalDate.now(ZoneOffset.UTC).minusDays(1);

    @TestConfiguration
    static class ReaderStandIn {
        @Bean
        @Primary
        MadeUpDays madeUpDays() {
            return new MadeUpDays();
        }
    }

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.rate-limit.per-minute", () -> "100000");
        registry.add("dispatch.whatif.max-orders", () -> Integer.toString(MAX_ORDERS));
        registry.add("dispatch.whatif.max-queued", () -> Integer.toString(MAX_QUEUED));
    }

    @LocalServerPort
    int port;

    @Autowired
    MadeUpDays days;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    OperatorAccounts accounts;

    @Autowired
    JdbcIndexedSessionRepository sessions;

    @AfterEach
    void letHeldReadsGo() {
        days.release();
    }

    @Test
    void a_day_is_compared_under_each_mode_asked_after_what_actually_happened() {
        EntityExchangeResult<Map<String, Object>> started =
                post(body(YESTERDAY.toString(), null, "RANKED", "MANUAL", "BATCHED"), admin(), 202);
        Map<String, Object> job = data(started.getResponseBody());
        String id = (String) job.get("id");
        assertThat(job)
                .containsEntry("status", "QUEUED")
                .containsEntry("day", YESTERDAY.toString())
                .containsEntry("zoneId", null)
                .containsEntry("modes", List.of("RANKED", "MANUAL", "BATCHED"))
                .containsEntry("requestedBy", "operator")
                .containsEntry("result", null);
        assertThat(Instant.parse((String) job.get("from")))
                .isEqualTo(YESTERDAY.atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(Instant.parse((String) job.get("to")))
                .isEqualTo(YESTERDAY.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(started.getResponseHeaders().getLocation()).hasToString(PATH + "/" + id);

        Map<String, Object> done = awaitEnd(id);

        assertThat(done).containsEntry("status", "DONE").containsEntry("error", null);
        assertThat((String) done.get("progress")).startsWith("done in").contains("40 orders, 6 riders, 3 policies");
        assertThat(done.get("startedAt")).isNotNull();
        assertThat(done.get("finishedAt")).isNotNull();
        Map<String, Object> result = map(done.get("result"));
        assertThat(result.get("scenario")).isEqualTo("generated-40o-6r-seed7");
        assertThat(map(result.get("travel"))).containsKeys("model", "speedKmh", "detourFactor");
        assertThat(result.get("notes")).isEqualTo(MadeUpDays.NOTES);
        List<Map<String, Object>> rows = list(result.get("rows"));
        assertThat(rows).extracting(row -> row.get("mode")).containsExactly("recorded", "RANKED", "MANUAL", "BATCHED");
        Map<String, Object> recorded = map(rows.get(0).get("figures"));
        assertThat(recorded).containsEntry("orders", MadeUpDays.ORDERS).containsEntry("delivered", MadeUpDays.ORDERS);
        assertThat(map(recorded.get("clickToDoorSeconds"))).containsEntry("mean", 1800.0);
        for (Map<String, Object> row : rows) {
            assertThat(map(row.get("figures"))).containsEntry("orders", MadeUpDays.ORDERS);
            assertThat(list(row.get("clickToDoorByHour")))
                    .isNotEmpty()
                    .allSatisfy(hour -> assertThat(hour)
                            .containsKeys(
                                    "hour", "orders", "delivered", "meanClickToDoorSeconds", "p90ClickToDoorSeconds"));
        }
        assertThat(days.requests)
                .anySatisfy(request -> assertThat(request.from()).isEqualTo(Instant.parse((String) job.get("from"))));
    }

    @Test
    void the_list_shows_the_newest_jobs_first_without_their_results() {
        String older = id(post(body(YESTERDAY.toString(), null, "MANUAL"), admin(), 202));
        awaitEnd(older);
        String newer = id(post(body(YESTERDAY.minusDays(1).toString(), "zone-a", "RANKED"), admin(), 202));
        awaitEnd(newer);

        List<Map<String, Object>> listed = list(get(PATH, admin(), 200).get("data"));

        assertThat(listed).hasSizeLessThanOrEqualTo(WhatIfRunner.LISTED);
        assertThat(listed).extracting(job -> job.get("id")).containsSubsequence(newer, older);
        assertThat(listed.get(0)).containsEntry("id", newer).containsEntry("zoneId", "zone-a");
        assertThat(listed).allSatisfy(job -> assertThat(job).containsEntry("result", null));
    }

    @Test
    void a_wrong_body_answers_422_naming_every_field_at_fault() {
        assertThat(fieldErrors(post("{}", admin(), 422))).containsOnlyKeys("day", "modes");
        assertThat(fieldErrors(post("[]", admin(), 422))).containsOnlyKeys("body");
        LocalDate tomorrow = YESTERDAY.plusDays(2);
        assertThat(fieldErrors(post(body(tomorrow.toString(), null, "RANKED"), admin(), 422)))
                .containsOnlyKeys("day")
                .extractingByKey("day")
                .asString()
                .contains("must not be in the future");
        for (String day : List.of("yesterday", "2026-02-30", "1999-12-31", "26-11-01")) {
            assertThat(fieldErrors(post(body(day, null, "RANKED"), admin(), 422)))
                    .as(day)
                    .containsOnlyKeys("day");
        }
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), null), admin(), 422)))
                .containsOnlyKeys("modes");
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), null, "RANKED", "FASTEST"), admin(), 422)))
                .containsOnlyKeys("modes[1]");
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), null, "RANKED", "MANUAL", "RANKED"), admin(), 422)))
                .containsOnlyKeys("modes[2]");
        String six = "{\"day\":\"" + YESTERDAY + "\",\"modes\":[\"MANUAL\",\"BROADCAST\",\"RANKED\",\"AUTO_ASSIGN\","
                + "\"BATCHED\",\"MANUAL\"]}";
        assertThat(fieldErrors(post(six, admin(), 422))).containsOnlyKeys("modes");
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), "", "RANKED"), admin(), 422)))
                .containsOnlyKeys("zoneId");
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), "a\u0007b", "RANKED"), admin(), 422)))
                .containsOnlyKeys("zoneId");
        assertThat(fieldErrors(post(body(YESTERDAY.toString(), "z".repeat(101), "RANKED"), admin(), 422)))
                .containsOnlyKeys("zoneId");
        assertThat(fieldErrors(post("{\"day\":20261101,\"modes\":\"RANKED\"}", admin(), 422)))
                .containsOnlyKeys("day", "modes");
    }

    @Test
    void an_unknown_or_malformed_job_id_is_not_found_in_the_envelope() {
        assertThat(map(get(PATH + "/" + UUID.randomUUID(), admin(), 404).get("error")))
                .containsEntry("code", "NOT_FOUND")
                .containsEntry("message", "What-if job not found");
        assertThat(map(get(PATH + "/not-a-job", admin(), 404).get("error"))).containsEntry("code", "NOT_FOUND");
    }

    @Test
    void an_instance_runs_one_job_at_a_time_holds_a_few_waiting_and_refuses_more_with_503() {
        String running = id(post(body(YESTERDAY.toString(), MadeUpDays.HELD, "RANKED"), admin(), 202));
        await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> job(running),
                        job -> "RUNNING".equals(job.get("status"))
                                && ((String) job.get("progress")).startsWith("reading the log"));
        List<String> waiting = List.of(
                id(post(body(YESTERDAY.toString(), null, "MANUAL"), admin(), 202)),
                id(post(body(YESTERDAY.toString(), null, "AUTO_ASSIGN"), admin(), 202)));

        EntityExchangeResult<Map<String, Object>> refused =
                post(body(YESTERDAY.toString(), null, "BROADCAST"), admin(), 503);

        assertThat(refused.getResponseHeaders().getFirst("Retry-After")).isNotBlank();
        assertThat(map(refused.getResponseBody().get("error")).get("message"))
                .asString()
                .contains("running a what-if comparison and " + MAX_QUEUED + " more wait");
        assertThat(waiting).allSatisfy(id -> assertThat(job(id)).containsEntry("status", "QUEUED"));
        assertThat(job(running)).containsEntry("status", "RUNNING");

        days.release();

        for (String id : List.of(running, waiting.get(0), waiting.get(1))) {
            assertThat(awaitEnd(id)).containsEntry("status", "DONE");
        }
        assertThat(id(post(body(YESTERDAY.toString(), null, "BROADCAST"), admin(), 202)))
                .satisfies(this::awaitEnd);
    }

    @Test
    void a_period_with_more_orders_than_allowed_fails_with_why() {
        String id = id(post(body(YESTERDAY.toString(), MadeUpDays.CROWDED, "RANKED"), admin(), 202));

        Map<String, Object> failed = awaitEnd(id);

        assertThat(failed).containsEntry("status", "FAILED").containsEntry("result", null);
        assertThat((String) failed.get("error"))
                .contains("holds " + (MAX_ORDERS + 1) + " orders, more than the " + MAX_ORDERS)
                .contains("choose a zone");
    }

    @Test
    void a_period_the_read_model_counts_too_many_orders_in_fails_before_the_log_is_read() {
        // a day of its own: the other tests compare every zone's orders of yesterday
        LocalDate day = LocalDate.of(2001, 3, 4);
        String zone = "counted-" + UUID.randomUUID();
        Instant noon = day.atTime(12, 0).toInstant(ZoneOffset.UTC);
        for (int i = 0; i <= MAX_ORDERS; i++) {
            jdbc.update("""
                    insert into query.dispatching (dispatch_id, merchant_id, zone_id, policy_zone_id, policy_mode,
                      policy_version, decision_policy, status, created_at, offers_made, last_sequence)
                    values (?, ?, ?, ?, 'RANKED', 1, '{}'::jsonb, 'DELIVERED', ?, 0, 1)""", UUID.randomUUID(), UUID.randomUUID(), zone, zone, java.sql.Timestamp.from(noon));
        }

        Map<String, Object> failed = awaitEnd(id(post(body(day.toString(), zone, "RANKED"), admin(), 202)));

        assertThat(failed).containsEntry("status", "FAILED");
        assertThat((String) failed.get("error")).contains("holds " + (MAX_ORDERS + 1) + " orders");
        assertThat(days.requests).noneMatch(request -> zone.equals(request.zoneId()));
    }

    @Test
    void a_log_that_cannot_be_read_fails_the_job_with_the_readers_reason() {
        Map<String, Object> failed =
                awaitEnd(id(post(body(YESTERDAY.toString(), MadeUpDays.UNREADABLE, "RANKED"), admin(), 202)));

        assertThat(failed).containsEntry("status", "FAILED").containsEntry("error", MadeUpDays.UNREADABLE_MESSAGE);
    }

    @Test
    void a_job_whose_instance_stopped_beating_reads_as_failed_with_why() {
        UUID id = UUID.randomUUID();
        jdbc.update("""
                insert into query.whatif_jobs (id, day, period_from, period_to, modes, status, requested_by, instance,
                  created_at, started_at, heartbeat_at, progress)
                values (?, current_date - 1, now(), now(), '{RANKED}', 'RUNNING', 'operator', '4242@gone/0000',
                  now() - interval '3 minutes', now() - interval '3 minutes', now() - interval '2 minutes',
                  'simulating RANKED (1 of 1)')""", id);

        Map<String, Object> abandoned = job(id.toString());

        assertThat(abandoned).containsEntry("status", "FAILED");
        assertThat(abandoned.get("finishedAt")).isNotNull();
        assertThat((String) abandoned.get("error"))
                .startsWith("the instance that held it (4242@gone/0000) stopped: no heartbeat since ")
                .endsWith(", while it ran; ask again");
    }

    @Test
    void every_operator_role_may_compare_days_and_read_them_and_nobody_else() {
        OperatorSessions signIns = new OperatorSessions(accounts, sessions);
        for (OperatorRole role : List.of(OperatorRole.DISPATCHER, OperatorRole.AUDITOR, OperatorRole.ADMIN)) {
            OperatorSessions.SignedIn operator = signIns.signIn(role);
            Map<String, String> session = Map.of("Cookie", operator.cookie(), "X-CSRF-TOKEN", operator.csrf());

            Map<String, Object> job = data(post(body(YESTERDAY.toString(), null, "RANKED"), session, 202)
                    .getResponseBody());

            assertThat(job).as(role.name()).containsEntry("requestedBy", operator.operatorId());
            assertThat(awaitEnd((String) job.get("id"))).containsEntry("status", "DONE");
            assertThat(data(get(PATH + "/" + job.get("id"), Map.of("Cookie", operator.cookie()), 200)))
                    .containsEntry("requestedBy", operator.operatorId());
            get(PATH, Map.of("Cookie", operator.cookie()), 200);
            post(body(YESTERDAY.toString(), null, "RANKED"), Map.of("Cookie", operator.cookie()), 403);
        }
        post(body(YESTERDAY.toString(), null, "RANKED"), Map.of(), 401);
        get(PATH, Map.of(), 401);
        get(PATH + "/" + UUID.randomUUID(), Map.of("X-Admin-Token", "wrong"), 401);
    }

    // ---------------------------------------------------------------- helpers

    private static String body(String day, String zoneId, String... modes) {
        StringBuilder json = new StringBuilder("{\"day\":\"" + day + "\"");
        if (zoneId != null) {
            json.append(",\"zoneId\":\"")
                    .append(zoneId.replace("\u0007", "\\u0007"))
                    .append('"');
        }
        json.append(",\"modes\":[");
        for (int i = 0; i < modes.length; i++) {
            json.append(i == 0 ? "" : ",").append('"').append(modes[i]).append('"');
        }
        return json.append("]}").toString();
    }

    private static Map<String, String> admin() {
        return Map.of("X-Admin-Token", "test");
    }

    private WebTestClient client() {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port)
                .responseTimeout(Duration.ofSeconds(40))
                .build();
    }

    private EntityExchangeResult<Map<String, Object>> post(String json, Map<String, String> headers, int status) {
        return client().post()
                .uri(PATH)
                .headers(h -> headers.forEach(h::add))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(json)
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JSON)
                .returnResult();
    }

    private Map<String, Object> get(String path, Map<String, String> headers, int status) {
        return client().get()
                .uri(path)
                .headers(h -> headers.forEach(h::add))
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JSON)
                .returnResult()
                .getResponseBody();
    }

    private Map<String, Object> job(String id) {
        return data(get(PATH + "/" + id, admin(), 200));
    }

    /** The job once it is DONE or FAILED, read every 200 ms as the console would (more slowly). */
    private Map<String, Object> awaitEnd(String id) {
        return await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> job(id), job -> List.of("DONE", "FAILED").contains(job.get("status")));
    }

    private static String id(EntityExchangeResult<Map<String, Object>> started) {
        return (String) data(started.getResponseBody()).get("id");
    }

    private static Map<String, Object> data(Map<String, Object> envelope) {
        return map(envelope.get("data"));
    }

    private static Map<String, Object> fieldErrors(EntityExchangeResult<Map<String, Object>> refused) {
        Map<String, Object> error = map(refused.getResponseBody().get("error"));
        assertThat(error.get("code")).isEqualTo("VALIDATION_ERROR");
        return map(map(error.get("details")).get("fieldErrors"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object value) {
        return (List<Map<String, Object>>) value;
    }
}
