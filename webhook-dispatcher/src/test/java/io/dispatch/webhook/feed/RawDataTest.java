package io.dispatch.webhook.feed;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.webhook.notification.WebhookPayloads;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The feed cuts data out of the stored body without parsing and writing it again. */
class RawDataTest {

    @Test
    void the_data_of_a_stored_body_is_cut_out_byte_for_byte() {
        byte[] body = WebhookPayloads.test(
                UUID.fromString("0f1e2d3c-0000-4000-8000-000000000001"),
                "héllo \"you\"",
                Instant.parse("2026-11-21T10:00:00Z"));

        String text = new String(body, StandardCharsets.UTF_8);
        String data = text.substring(text.indexOf("\"data\":") + "\"data\":".length(), text.length() - 1);
        assertThat(RawData.of(body)).isEqualTo(data.getBytes(StandardCharsets.UTF_8));
        assertThat(RawData.text(body))
                .startsWith("{\"merchant_id\":")
                .endsWith("\"sent_at\":\"2026-11-21T10:00:00.000Z\"}");
    }

    @Test
    void data_is_found_wherever_it_stands_and_whatever_its_spacing() {
        byte[] body = "{ \"data\" : {\"a\": [1, {\"b\": null}]} , \"event\": \"x\" }".getBytes(StandardCharsets.UTF_8);

        assertThat(RawData.text(body)).isEqualTo("{\"a\": [1, {\"b\": null}]}");
    }
}
