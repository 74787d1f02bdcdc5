package io.dispatch.idempotency;

/** The answer replayed for an Idempotency-Key: status, Content-Type, X-Request-Id and body bytes. */
public record StoredAnswer(int status, String contentType, String requestId, byte[] body) {

    /** 2xx and 4xx are kept, except 401 (nothing ran) and 429 (to be retried); 5xx never. */
    public static boolean storable(int status) {
        boolean success = status >= 200 && status < 300;
        boolean clientError = status >= 400 && status < 500 && status != 401 && status != 429;
        return success || clientError;
    }
}
