package io.dispatch.query.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Source;
import io.dispatch.events.Topics;
import io.dispatch.query.DispatchEventLog;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.TestCreations;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.ClientRequest;

/**
 * GET /api/v1/external/dispatches over real HTTP, fed through the real projection from events
 * published to Kafka. Every test uses merchants of its own, so tests share one context and data
 * and still do not see each other's deliveries. Lists are requested right after the events are
 * acknowledged by the broker, without waiting: read-your-writes must make them visible.
 *
 * <p>The context is closed after the class: its Kafka consumers join the projection's consumer
 * group, and a context left running would take partitions away from the next test class's.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DispatchListTest extends QueryServiceContext {

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.rate-limit.per-minute", () -> "100000");
        // the first request may come while the consumers still join their group; the bound is not under test
        registry.add("dispatch.query.max-staleness-wait", () -> "PT30S");
        DispatchEventLog.createTopics(Topics.DISPATCH_EVENTS);
    }

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");
    private static final String LIST = "/api/v1/external/dispatches";
    private static final DispatchEventLog LOG = new DispatchEventLog();

    @LocalServerPort
    int port;

    @Autowired
    MerchantAccounts accounts;

    private record Merchant(UUID id, String apiKey) {}

    private record Listed(UUID id, Instant createdAt) {}

    @AfterAll
    static void closeLog() {
        LOG.close();
    }

    @Test
    void deliveries_are_listed_newest_first_as_full_delivery_objects() {
        Merchant merchant = merchant();
        List<Listed> expected = new ArrayList<>();
        // two at the very same instant: ordered by id then
        for (long millis : new long[] {7, 3, 5, 5, 900}) {
            expected.add(created(merchant, T0.plusMillis(millis), Source.API));
        }

        Map<String, Object> body = list(merchant, "");

        assertThat(ids(body)).containsExactlyElementsOf(newestFirst(expected));
        Map<String, Object> first = data(body).getFirst();
        UUID newest = newestFirst(expected).getFirst();
        assertThat(first)
                .containsEntry("id", newest.toString())
                .containsEntry("status", "NEW")
                .containsEntry("source", "api")
                .containsEntry("customerName", "Amina")
                .containsEntry("trackingToken", "tok-" + newest)
                .containsKeys("pickup", "dropoff", "feeCents", "createdAt", "updatedAt", "deliveryPin");
        assertThat((String) first.get("trackingUrl")).endsWith("/track/tok-" + newest);
        assertThat(meta(body)).containsEntry("limit", 50).doesNotContainKey("nextCursor");
    }

    @ParameterizedTest(
            name = "paging {0} deliveries by {1} (null: no limit given) gives pages of {2} without gaps or repeats")
    @CsvSource({"25, 10, 10 10 5", "51, , 50 1"})
    void paging_gives_full_pages_then_the_rest_without_gaps_or_repeats(int count, Integer limit, String sizes) {
        Merchant merchant = merchant();
        List<UUID> expected = newestFirst(createdInTies(merchant, count));
        List<Integer> pageSizes =
                Arrays.stream(sizes.split(" ")).map(Integer::valueOf).toList();

        String limitParameter = limit == null ? "" : "limit=" + limit + "&";
        List<Map<String, Object>> pages = new ArrayList<>();
        pages.add(list(merchant, limit == null ? "" : "?limit=" + limit));
        while (pages.size() < pageSizes.size()) {
            pages.add(list(merchant, "?" + limitParameter + "cursor=" + nextCursor(pages.getLast())));
        }

        assertThat(pages).extracting(page -> ids(page).size()).containsExactlyElementsOf(pageSizes);
        assertThat(pages.stream().flatMap(page -> ids(page).stream()).toList()).containsExactlyElementsOf(expected);
        for (Map<String, Object> page : pages) {
            assertThat(meta(page)).containsEntry("limit", limit == null ? 50 : limit);
        }
        assertThat(meta(pages.getLast())).doesNotContainKey("nextCursor");
    }

    @Test
    void deliveries_created_between_page_fetches_neither_repeat_nor_skip_the_original_ones() {
        Merchant merchant = merchant();
        List<UUID> originals = newestFirst(createdInTies(merchant, 25));

        Map<String, Object> page1 = list(merchant, "?limit=10");
        List<UUID> newer = List.of(
                created(merchant, T0.plusSeconds(1), Source.API).id(),
                created(merchant, T0.plusSeconds(2), Source.CSV).id());
        // older than everything on page 1 (and tied with originals), so it belongs to a later page
        UUID backdated = created(merchant, T0.plusMillis(2), Source.CSV).id();
        Map<String, Object> page2 = list(merchant, "?limit=10&cursor=" + nextCursor(page1));
        UUID newest = created(merchant, T0.plusSeconds(3), Source.API).id();
        Map<String, Object> page3 = list(merchant, "?limit=10&cursor=" + nextCursor(page2));

        List<UUID> seen = concat(ids(page1), ids(page2), ids(page3));
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(seen.stream().filter(originals::contains).toList()).containsExactlyElementsOf(originals);
        assertThat(seen)
                .doesNotContainAnyElementsOf(newer)
                .doesNotContain(newest)
                .contains(backdated);
        assertThat(ids(page3)).hasSize(6);
        assertThat(meta(page3)).doesNotContainKey("nextCursor");
    }

    @Test
    void the_status_filter_lists_only_that_status_and_pages_within_it() {
        Merchant merchant = merchant();
        List<Listed> cancelled = new ArrayList<>();
        List<Listed> fresh = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Listed delivery = created(merchant, T0.plusSeconds(i), Source.API);
            if (i % 2 == 0) {
                cancel(merchant, delivery.id(), T0.plusSeconds(100 + i));
                cancelled.add(delivery);
            } else {
                fresh.add(delivery);
            }
        }

        assertThat(ids(list(merchant, "?status=NEW"))).containsExactlyElementsOf(newestFirst(fresh));
        Map<String, Object> first = list(merchant, "?status=CANCELLED&limit=2");
        Map<String, Object> second = list(merchant, "?status=CANCELLED&limit=2&cursor=" + nextCursor(first));
        assertThat(concat(ids(first), ids(second))).containsExactlyElementsOf(newestFirst(cancelled));
        assertThat(data(second)).allSatisfy(delivery -> assertThat(delivery).containsEntry("status", "CANCELLED"));
        assertThat(meta(second)).doesNotContainKey("nextCursor");
        assertThat(ids(list(merchant, "?status=DELIVERED"))).isEmpty();
    }

    @Test
    void the_source_filter_lists_only_that_source_and_combines_with_status() {
        Merchant merchant = merchant();
        Listed api = created(merchant, T0.plusSeconds(1), Source.API);
        Listed apiCancelled = created(merchant, T0.plusSeconds(2), Source.API);
        cancel(merchant, apiCancelled.id(), T0.plusSeconds(10));
        Listed csvOld = created(merchant, T0.plusSeconds(3), Source.CSV);
        Listed csvNew = created(merchant, T0.plusSeconds(4), Source.CSV);
        Listed shopify = created(merchant, T0.plusSeconds(5), Source.SHOPIFY);
        Listed staff = created(merchant, T0.plusSeconds(6), Source.STAFF);

        assertThat(ids(list(merchant, "?source=csv"))).containsExactly(csvNew.id(), csvOld.id());
        assertThat(ids(list(merchant, "?source=shopify"))).containsExactly(shopify.id());
        assertThat(ids(list(merchant, "?source=staff"))).containsExactly(staff.id());
        assertThat(ids(list(merchant, "?source=api"))).containsExactly(apiCancelled.id(), api.id());
        assertThat(ids(list(merchant, "?source=api&status=NEW"))).containsExactly(api.id());
        assertThat(ids(list(merchant, "?status=CANCELLED&source=csv"))).isEmpty();
    }

    @Test
    void another_merchants_deliveries_never_appear_and_its_cursors_are_refused() {
        Merchant mine = merchant();
        Merchant theirs = merchant();
        List<Listed> myDeliveries = new ArrayList<>();
        List<Listed> theirDeliveries = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            myDeliveries.add(created(mine, T0.plusSeconds(2L * i), Source.API));
            theirDeliveries.add(created(theirs, T0.plusSeconds(2L * i + 1), Source.API));
        }

        assertThat(ids(list(mine, ""))).containsExactlyElementsOf(newestFirst(myDeliveries));
        assertThat(ids(list(theirs, ""))).containsExactlyElementsOf(newestFirst(theirDeliveries));
        String myCursor = nextCursor(list(mine, "?limit=1"));
        assertThat(fieldErrors(rejected(theirs, "?limit=1&cursor=" + myCursor))).containsOnlyKeys("cursor");
    }

    @ParameterizedTest(name = "{0} is refused under {1}")
    @CsvSource({
        "status=SHIPPED, status",
        "status=new, status",
        "status=, status",
        "source=ebay, source",
        "source=API, source",
        "source=, source",
        "limit=0, limit",
        "limit=201, limit",
        "limit=-1, limit",
        "limit=abc, limit",
        "limit=1.5, limit",
        "limit=99999999999, limit",
        "limit=, limit",
        "cursor=not-a-cursor, cursor",
        "cursor=, cursor",
        "cursor=%2B%2F%3D, cursor"
    })
    void a_bad_parameter_is_a_validation_error_naming_it(String query, String parameter) {
        Map<String, Object> body = rejected(merchant(), "?" + query);

        assertThat(fieldErrors(body)).containsOnlyKeys(parameter);
        assertThat((List<?>) fieldErrors(body).get(parameter))
                .singleElement()
                .asString()
                .isNotBlank();
    }

    @Test
    void every_bad_parameter_is_reported_at_once() {
        Map<String, Object> body = rejected(merchant(), "?status=LOST&source=fax&limit=500&cursor=abc");

        assertThat(fieldErrors(body)).containsOnlyKeys("status", "source", "limit", "cursor");
        assertThat(fieldErrors(body)).containsEntry("limit", List.of("must be an integer from 1 to 200"));
    }

    @Test
    void a_tampered_cursor_or_one_reused_with_other_filters_is_a_validation_error() {
        Merchant merchant = merchant();
        createdInTies(merchant, 3);
        String cursor = nextCursor(list(merchant, "?status=NEW&limit=1"));

        int middle = cursor.length() / 2;
        char replaced = cursor.charAt(middle) == 'A' ? 'B' : 'A';
        String tampered = cursor.substring(0, middle) + replaced + cursor.substring(middle + 1);
        assertThat(fieldErrors(rejected(merchant, "?status=NEW&limit=1&cursor=" + tampered)))
                .containsOnlyKeys("cursor");
        assertThat(fieldErrors(rejected(merchant, "?status=CANCELLED&cursor=" + cursor)))
                .containsOnlyKeys("cursor");
        assertThat(fieldErrors(rejected(merchant, "?cursor=" + cursor))).containsOnlyKeys("cursor");
        assertThat(ids(list(merchant, "?status=NEW&limit=5&cursor=" + cursor))).hasSize(2);
    }

    @Test
    void a_merchant_without_deliveries_gets_an_empty_last_page() {
        Map<String, Object> body = list(merchant(), "?limit=7");

        assertThat(data(body)).isEmpty();
        assertThat(meta(body)).containsEntry("limit", 7).doesNotContainKey("nextCursor");
    }

    @Test
    void the_list_route_leaves_reading_one_delivery_by_id_intact() {
        Merchant merchant = merchant();
        Listed delivery = created(merchant, T0, Source.API);

        Map<String, Object> one = read(merchant, LIST + "/" + delivery.id());
        assertThat(one)
                .extractingByKey("data")
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("id", delivery.id().toString());
    }

    // ---- data

    private Merchant merchant() {
        MerchantAccounts.Merchant merchant = accounts.createMerchant("list-test");
        return new Merchant(
                merchant.id(),
                accounts.issueKey(merchant.id(), Set.of(Scope.READ)).apiKey());
    }

    /**
     * {@code count} deliveries created three per millisecond (events carry milliseconds, and a bulk
     * create stamps many rows alike), so page boundaries fall inside ties; published in random order.
     */
    private List<Listed> createdInTies(Merchant merchant, int count) {
        List<Instant> instants = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            instants.add(T0.plusMillis(i / 3));
        }
        Collections.shuffle(instants, new Random(count));
        return instants.stream().map(at -> created(merchant, at, Source.API)).toList();
    }

    private static Listed created(Merchant merchant, Instant at, Source source) {
        UUID id = UUID.randomUUID();
        LOG.publish(TestCreations.created(id, merchant.id(), at, source));
        return new Listed(id, at);
    }

    private static void cancel(Merchant merchant, UUID id, Instant at) {
        LOG.publish(EventEnvelope.of(
                UUID.randomUUID(),
                1,
                new DispatchCancelled(id, merchant.id(), at, Actor.merchant(merchant.id()), "changed mind")));
    }

    /** Newest first as the service defines it; PostgreSQL orders uuids as their lowercase text does. */
    private static List<UUID> newestFirst(List<Listed> deliveries) {
        return deliveries.stream()
                .sorted(Comparator.comparing(Listed::createdAt)
                        .thenComparing(d -> d.id().toString())
                        .reversed())
                .map(Listed::id)
                .toList();
    }

    // ---- HTTP

    private WebTestClient client(Merchant merchant) {
        LOG.acknowledged();
        return WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .defaultHeader("X-API-Key", merchant.apiKey())
                .filter((request, next) -> next.exchange(ClientRequest.from(request)
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .build()))
                .responseTimeout(Duration.ofSeconds(40))
                .build();
    }

    private Map<String, Object> list(Merchant merchant, String query) {
        return read(merchant, LIST + query);
    }

    /** The body of a GET that must answer 200. */
    private Map<String, Object> read(Merchant merchant, String uri) {
        return client(merchant)
                .get()
                .uri(uri)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(new ParameterizedTypeReference<Map<String, Object>>() {})
                .returnResult()
                .getResponseBody();
    }

    private Map<String, Object> rejected(Merchant merchant, String query) {
        Map<String, Object> body = client(merchant)
                .get()
                .uri(LIST + query)
                .exchange()
                .expectStatus()
                .isEqualTo(422)
                .expectBody(new ParameterizedTypeReference<Map<String, Object>>() {})
                .returnResult()
                .getResponseBody();
        assertThat(body).containsEntry("success", false);
        assertThat(error(body)).containsEntry("code", "VALIDATION_ERROR");
        return body;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> data(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("data");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> meta(Map<String, Object> body) {
        return (Map<String, Object>) body.get("meta");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> body) {
        return (Map<String, Object>) body.get("error");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fieldErrors(Map<String, Object> body) {
        return (Map<String, Object>) ((Map<String, Object>) error(body).get("details")).get("fieldErrors");
    }

    private static List<UUID> ids(Map<String, Object> body) {
        return data(body).stream()
                .map(delivery -> UUID.fromString((String) delivery.get("id")))
                .toList();
    }

    private static String nextCursor(Map<String, Object> body) {
        Object cursor = meta(body).get("nextCursor");
        assertThat(cursor).as("nextCursor").isInstanceOf(String.class);
        return (String) cursor;
    }

    @SafeVarargs
    private static List<UUID> concat(List<UUID>... pages) {
        List<UUID> all = new ArrayList<>();
        for (List<UUID> page : pages) {
            all.addAll(page);
        }
        return all;
    }
}
