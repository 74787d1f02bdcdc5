package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.infrastructure.WebhookReceiver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When the {@code dispatch.created} webhook of each acknowledged delivery reached the receiver, against a
 * deadline after the load ended: on time, late (after the deadline), or lost (never, though the dispatcher had
 * caught up and every notification had ended). In one of seven runs of a probe against the local run, one
 * delivery's had not arrived 25 s after the load ended, and nothing said whether it ever would (issue 32).
 *
 * @param late each late delivery with how long after the load ended its webhook arrived
 * @param lost the deliveries whose webhook never arrived
 */
record CreatedWebhooks(List<String> late, List<String> lost) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Of the deliveries {@code ids}, from what the receiver got. */
    static CreatedWebhooks of(
            Collection<String> ids, List<WebhookReceiver.Received> received, long loadEndedNanos, Duration deadline) {
        Map<String, Long> firstArrival = new HashMap<>();
        for (WebhookReceiver.Received request : received) {
            JsonNode body = body(request);
            if ("dispatch.created".equals(body.path("event").asText())) {
                firstArrival.merge(body.path("data").path("dispatch_id").asText(), request.atNanos(), Math::min);
            }
        }
        List<String> late = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        for (String id : ids) {
            Long at = firstArrival.get(id);
            if (at == null) {
                lost.add(id);
            } else if (at - loadEndedNanos > deadline.toNanos()) {
                late.add(String.format("%s (%.1f s after the load)", id, (at - loadEndedNanos) / 1e9));
            }
        }
        return new CreatedWebhooks(List.copyOf(late), List.copyOf(lost));
    }

    private static JsonNode body(WebhookReceiver.Received request) {
        try {
            return JSON.readTree(request.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
