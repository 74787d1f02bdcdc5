package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.dispatch.client.ApiClient;
import io.dispatch.client.ApiException;
import io.dispatch.client.api.DeliveriesApi;
import io.dispatch.client.api.IntegrationApi;
import io.dispatch.client.api.QuotesApi;
import io.dispatch.client.api.WebhooksApi;
import io.dispatch.client.model.BulkCreatedResponse;
import io.dispatch.client.model.BulkOrders;
import io.dispatch.client.model.CancelRequest;
import io.dispatch.client.model.Delivery;
import io.dispatch.client.model.DeliveryListResponse;
import io.dispatch.client.model.DispatchOrder;
import io.dispatch.client.model.ErrorBody;
import io.dispatch.client.model.ErrorResponse;
import io.dispatch.client.model.HistoryEntry;
import io.dispatch.client.model.PingResponse;
import io.dispatch.client.model.QuoteResponse;
import io.dispatch.client.model.StopRequest;
import io.dispatch.client.model.WebhookNotification;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.infrastructure.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import okhttp3.Interceptor;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * The Java client openapi-generator made from the merchant document (module merchant-client),
 * used unchanged against the running service as a merchant's developer would (issue 18): every
 * merchant operation, and one error of each kind read as a typed {@link ErrorResponse}. Every
 * answer the client receives is also checked against the served document. The steps and their
 * results are written to {@code target/openapi/client-scenario.txt}.
 */
class MerchantClientScenarioTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private final List<String> steps = new ArrayList<>();

    @Test
    void the_generated_java_client_works_unchanged_against_the_running_service() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            Merchant merchant = dispatch.newMerchant("Client Scenario Ltd");
            String secret = dispatch.registerWebhook(merchant.id(), receiver.url());
            ApiClient client = client(merchant.apiKey());
            DeliveriesApi deliveries = new DeliveriesApi(client);
            WebhooksApi webhooks = new WebhooksApi(client);

            PingResponse ping = new IntegrationApi(client).ping();
            assertThat(ping.getData().getConnected()).isTrue();
            step(
                    "ping",
                    "connected=" + ping.getData().getConnected() + " keyId="
                            + ping.getData().getKeyId());

            QuoteResponse quote = new QuotesApi(client).getQuote(-1.2841, 36.8219, -1.2676, 36.8108);
            assertThat(quote.getData().getZoneId()).isEqualTo("nairobi-cbd");
            step(
                    "getQuote",
                    "fee_cents=" + quote.getData().getFeeCents() + " zone="
                            + quote.getData().getZoneId());

            Delivery created =
                    deliveries.createDispatch(key(), order("client-1")).getData();
            assertThat(created.getStatus()).isEqualTo(Delivery.StatusEnum.NEW);
            assertThat(created.getRiderId()).isNull();
            step("createDispatch", "201 id=" + created.getId() + " status=" + created.getStatus());

            Delivery read =
                    deliveries.getDispatch(created.getId().toString(), key()).getData();
            assertThat(read.getExternalId()).isEqualTo("client-1");
            step("getDispatch", "status=" + read.getStatus() + " externalId=" + read.getExternalId());

            DeliveryListResponse page = deliveries.listDispatches(key(), "NEW", "api", 10, null);
            assertThat(page.getData()).extracting(Delivery::getId).contains(created.getId());
            step(
                    "listDispatches",
                    page.getData().size() + " on the page, meta.limit="
                            + page.getMeta().getLimit());

            List<HistoryEntry> history = deliveries
                    .listDispatchEvents(created.getId().toString(), key())
                    .getData();
            assertThat(history.getFirst().getPreviousStatus()).isNull();
            step(
                    "listDispatchEvents",
                    history.size() + " entry, first " + history.getFirst().getStatus() + " by "
                            + history.getFirst().getActor().getType());

            List<WebhookNotification> notifications = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> webhooks.listDispatchWebhooks(created.getId().toString(), key())
                                    .getData(),
                            found -> found.stream()
                                    .anyMatch(n -> n.getStatus() == WebhookNotification.StatusEnum.SUCCEEDED));
            step(
                    "listDispatchWebhooks",
                    notifications.size() + " notification(s), "
                            + notifications.getFirst().getEvent() + " "
                            + notifications.getFirst().getStatus());

            var resent = webhooks.resendWebhookNotification(
                    created.getId().toString(), notifications.getFirst().getId().toString(), key());
            step(
                    "resendWebhookNotification",
                    "202 " + resent.getData().getEvent() + " "
                            + resent.getData().getStatus());

            Delivery cancelled = deliveries
                    .cancelDispatch(
                            created.getId().toString(),
                            key(),
                            new CancelRequest()
                                    .status(CancelRequest.StatusEnum.CANCELLED)
                                    .reason("customer left"))
                    .getData();
            assertThat(cancelled.getStatus()).isEqualTo(Delivery.StatusEnum.CANCELLED);
            step("cancelDispatch", "status=" + cancelled.getStatus() + " cancelReason=" + cancelled.getCancelReason());

            BulkCreatedResponse bulk = deliveries.createDispatchesInBulk(
                    key(),
                    new BulkOrders()
                            .orders(List.of(
                                    order("client-2"),
                                    order("client-3").pickup(new StopRequest().address("Moi Ave 5")))));
            assertThat(bulk.getData().getCount()).isEqualTo(2);
            assertThat(bulk.getData().getDispatches().get(1).getZoneId()).isNull();
            step("createDispatchesInBulk", "count=" + bulk.getData().getCount());

            var test = webhooks.sendTestWebhook();
            WebhookReceiver.Received hook = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> receiver.received().stream()
                                    .filter(r -> "webhook.test".equals(r.header(WebhookSigner.EVENT_HEADER)))
                                    .findFirst()
                                    .orElse(null),
                            found -> found != null);
            DispatchUnderTest.verifySignature(hook, secret);
            step(
                    "sendTestWebhook",
                    "202 " + test.getData().getEvent() + "; received and verified with WebhookVerifier");

            var feed = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> webhooks.listEvents(null, 500),
                            found -> found.getData().stream()
                                    .anyMatch(
                                            e -> e.getId().equals(test.getData().getId())));
            assertThat(feed.getData().getFirst().getData())
                    .containsEntry("dispatch_id", created.getId().toString());
            assertThat(webhooks.listEvents(feed.getMeta().getNextCursor(), 10)
                            .getMeta()
                            .getNextCursor())
                    .isNotBlank();
            step(
                    "listEvents",
                    feed.getData().size() + " event(s), first "
                            + feed.getData().getFirst().getEvent() + "; read on from meta.nextCursor");

            typedErrors(merchant, client, deliveries, created.getId().toString());
        } finally {
            Files.createDirectories(Path.of("target", "openapi"));
            Files.write(Path.of("target", "openapi", "client-scenario.txt"), steps);
        }
    }

    private void typedErrors(Merchant merchant, ApiClient client, DeliveriesApi deliveries, String cancelledId)
            throws Exception {
        error("401", () -> new IntegrationApi(client("nope.nope")).ping(), 401, ErrorBody.CodeEnum.UNAUTHORIZED);

        String readOnly = dispatch.newKey(merchant.id(), "read");
        error(
                "403",
                () -> new DeliveriesApi(client(readOnly)).createDispatch(key(), order("ro")),
                403,
                ErrorBody.CodeEnum.FORBIDDEN);

        error(
                "404",
                () -> deliveries.getDispatch(UUID.randomUUID().toString(), key()),
                404,
                ErrorBody.CodeEnum.NOT_FOUND);

        ErrorResponse conflict = error(
                "409",
                () -> deliveries.cancelDispatch(
                        cancelledId, key(), new CancelRequest().status(CancelRequest.StatusEnum.CANCELLED)),
                409,
                ErrorBody.CodeEnum.CONFLICT);
        assertThat(conflict.getError().getDetails().getCurrentStatus()).isEqualTo("CANCELLED");

        String large = "x".repeat(5 * 1024 * 1024);
        error(
                "413",
                () -> deliveries.createDispatch(key(), order("big").customerName(large)),
                413,
                ErrorBody.CodeEnum.VALIDATION_ERROR);

        error(
                "415",
                () -> {
                    Map<String, String> headers =
                            new HashMap<>(Map.of("Idempotency-Key", key(), "Content-Type", "text/plain"));
                    var call = client.buildCall(
                            null,
                            "/api/v1/external/dispatches",
                            "POST",
                            List.of(),
                            List.of(),
                            "hello",
                            headers,
                            Map.of(),
                            Map.of(),
                            new String[] {"apiKey"},
                            null);
                    return client.execute(call, ErrorResponse.class);
                },
                415,
                ErrorBody.CodeEnum.VALIDATION_ERROR);

        ErrorResponse invalid = error(
                "422",
                () -> deliveries.createDispatch(key(), order("bad").customerPhone("call me")),
                422,
                ErrorBody.CodeEnum.VALIDATION_ERROR);
        assertThat(invalid.getError().getDetails().getFieldErrors()).containsKey("customerPhone");

        Merchant busy = dispatch.newMerchant("Busy Client Ltd");
        IntegrationApi pinging = new IntegrationApi(client(busy.apiKey()));
        error(
                "429",
                () -> {
                    for (int i = 0; i < 61; i++) {
                        pinging.ping();
                    }
                    return null;
                },
                429,
                ErrorBody.CodeEnum.RATE_LIMITED);
    }

    private interface Call {
        Object run() throws Exception;
    }

    /** Runs a call that must fail, and reads its answer as the generated client's typed error. */
    private ErrorResponse error(String name, Call call, int status, ErrorBody.CodeEnum code) throws Exception {
        ApiException failure = catchThrowableOfType(ApiException.class, call::run);
        assertThat(failure).as(name).isNotNull();
        assertThat(failure.getCode()).as(name).isEqualTo(status);
        ErrorResponse error = ErrorResponse.fromJson(failure.getResponseBody());
        assertThat(error.getSuccess()).isFalse();
        assertThat(error.getError().getCode()).as(name).isEqualTo(code);
        assertThat(error.getError().getRequestId().toString())
                .isEqualTo(failure.getResponseHeaders().get("X-Request-Id").getFirst());
        step(
                "error " + name,
                "ApiException " + failure.getCode() + " -> ErrorResponse code="
                        + error.getError().getCode() + " message=\""
                        + error.getError().getMessage() + "\"");
        return error;
    }

    /** The generated client as a merchant configures it, plus a check of every answer against the document. */
    private static ApiClient client(String apiKey) {
        ApiClient client = new ApiClient();
        client.setBasePath(dispatch.baseUrl);
        client.setApiKey(apiKey);
        Interceptor contract = chain -> {
            Response response = chain.proceed(chain.request());
            String body = response.peekBody(Long.MAX_VALUE).string();
            String path = chain.request().url().encodedPath()
                    + (chain.request().url().encodedQuery() == null
                            ? ""
                            : "?" + chain.request().url().encodedQuery());
            dispatch.contract()
                    .check(
                            chain.request().method(),
                            path,
                            response.code(),
                            response.headers().toMultimap(),
                            body);
            return response;
        };
        client.setHttpClient(
                client.getHttpClient().newBuilder().addInterceptor(contract).build());
        return client;
    }

    private static DispatchOrder order(String externalId) {
        return new DispatchOrder()
                .customerName("Amina Njeri")
                .customerPhone("+254 700 000 001")
                .externalId(externalId)
                .pickup(new StopRequest().address("Kenyatta Ave 1").lat(-1.2841).lng(36.8219))
                .dropoff(new StopRequest()
                        .address("Ngong Rd 12")
                        .lat(-1.3001)
                        .lng(36.7833)
                        .notes("Gate B"))
                .paymentType(DispatchOrder.PaymentTypeEnum.PREPAID)
                .amountCents(150000L);
    }

    private static String key() {
        return UUID.randomUUID().toString();
    }

    private void step(String name, String result) {
        steps.add(name + ": " + result);
        System.out.println("client scenario: " + name + ": " + result);
    }

    static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }
}
