package io.dispatch.webhook.sending;

import io.dispatch.events.signing.WebhookSigner;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** The headers of every webhook request: attempts and probes alike, signed afresh each time. */
final class SignedRequest {

    private SignedRequest() {}

    static Map<String, String> headers(
            String secret, String event, UUID eventId, long sequence, long timestampSeconds, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put(WebhookSigner.EVENT_HEADER, event);
        headers.put(WebhookSigner.EVENT_ID_HEADER, eventId.toString());
        headers.put(WebhookSigner.SEQUENCE_HEADER, Long.toString(sequence));
        headers.put(WebhookSigner.TIMESTAMP_HEADER, Long.toString(timestampSeconds));
        headers.put(WebhookSigner.SIGNATURE_HEADER, WebhookSigner.sign(secret, timestampSeconds, body));
        return headers;
    }
}
