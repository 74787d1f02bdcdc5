package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.secret.SecretCipher;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * webhook-dispatcher alone in a Spring context (as its own process would run), against the
 * shared real Kafka broker and a PostgreSQL database of the test's choosing, so a test can
 * stop it and start it again on the same data. Events reach it the way command-service sends
 * them: as envelopes on dispatch-events.
 */
final class RunningDispatcher implements AutoCloseable {

    static final String ADMIN_TOKEN = "test-admin-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(WebhookDispatcherConfiguration.class)
    static class App {}

    final ConfigurableApplicationContext context;
    final String baseUrl;

    private RunningDispatcher(ConfigurableApplicationContext context) {
        this.context = context;
        this.baseUrl = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
    }

    /** Settings for a database; a second start with the same settings sees the same data and key. */
    static Map<String, Object> settings(Map<String, Object> overrides) {
        Map<String, Object> settings =
                new HashMap<>(SharedTestInfrastructure.get().springProperties(SharedTestInfrastructure.newDatabase()));
        settings.put("server.port", "0");
        settings.put("dispatch.admin-token", ADMIN_TOKEN);
        settings.put("dispatch.webhook.allow-insecure-targets", "true");
        settings.put("dispatch.webhook.retry.first-wait", "PT0.2S");
        settings.put("dispatch.webhook.secret-encryption-key", SecretCipher.newBase64Key());
        settings.put("spring.main.banner-mode", "off");
        settings.putAll(overrides);
        return settings;
    }

    static RunningDispatcher start(Map<String, Object> settings) {
        ensureTopics();
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", settings));
        return new RunningDispatcher(
                new SpringApplicationBuilder(App.class).environment(environment).run());
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    JdbcTemplate jdbc() {
        return bean(JdbcTemplate.class);
    }

    /** The database of these settings, usable while no dispatcher runs on it. */
    static JdbcTemplate jdbc(Map<String, Object> settings) {
        return new JdbcTemplate(new org.springframework.jdbc.datasource.SimpleDriverDataSource(
                new org.postgresql.Driver(),
                (String) settings.get("spring.datasource.url"),
                (String) settings.get("spring.datasource.username"),
                (String) settings.get("spring.datasource.password")));
    }

    record Merchant(UUID id, String apiKey) {}

    Merchant newMerchant() {
        MerchantAccounts accounts = bean(MerchantAccounts.class);
        var merchant = accounts.createMerchant("Duka " + UUID.randomUUID());
        return new Merchant(
                merchant.id(),
                accounts.issueKey(merchant.id(), EnumSet.allOf(Scope.class)).apiKey());
    }

    /** Sets the merchant's webhook endpoint to {@code url} through the operator route; its signing secret. */
    String register(UUID merchantId, String url) throws Exception {
        HttpResponse<String> answer =
                admin("PUT", "/api/v1/admin/merchants/" + merchantId + "/webhook", "{\"url\":\"" + url + "\"}");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode data = JSON.readTree(answer.body()).get("data");
        assertThat(data.get("url").asText()).isEqualTo(url);
        return data.get("signingSecret").asText();
    }

    /** The status and body of a call with the admin token; a JSON body when given. */
    HttpResponse<String> admin(String method, String path, String json) throws Exception {
        return call(method, path, Map.of("X-Admin-Token", ADMIN_TOKEN), json);
    }

    HttpResponse<String> call(String method, String path, Map<String, String> headers, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        context.close();
    }

    // --- dispatch-events, as command-service writes it --------------------------------------------

    private static KafkaProducer<String, EventEnvelope> producer;

    static synchronized void publish(List<EventEnvelope> events) throws Exception {
        if (producer == null) {
            Map<String, Object> config = Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    SharedTestInfrastructure.get().kafkaBootstrapServers(),
                    ProducerConfig.ACKS_CONFIG,
                    "all");
            producer = new KafkaProducer<>(config, new StringSerializer(), new EventEnvelopeSerializer());
        }
        for (EventEnvelope event : events) {
            producer.send(new ProducerRecord<>(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(event.dispatchId()), event));
        }
        producer.flush();
    }

    private static synchronized void ensureTopics() {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedTestInfrastructure.get().kafkaBootstrapServers()))) {
            for (var topic : Topics.ALL) {
                try {
                    admin.createTopics(List.of(new NewTopic(topic.name(), topic.partitions(), (short) 1)))
                            .all()
                            .get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }
}
