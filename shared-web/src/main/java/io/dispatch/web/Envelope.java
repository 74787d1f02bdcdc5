package io.dispatch.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** The one response shape of every REST answer: success with data (and meta on lists and reports), or an error. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Envelope(boolean success, Object data, Object meta, ErrorBody error) {

    public static Envelope of(Object data) {
        return new Envelope(true, data, null, null);
    }

    /** Data with what describes it as a whole (a report's period): the meta of a non-paged answer. */
    public static Envelope of(Object data, Object meta) {
        return new Envelope(true, data, meta, null);
    }

    public static Envelope page(Object data, int limit, String nextCursor) {
        return new Envelope(true, data, new Meta(limit, nextCursor), null);
    }

    public static Envelope error(String code, String message, Map<String, Object> details, String requestId) {
        return new Envelope(false, null, null, new ErrorBody(code, message, details, requestId));
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Meta(int limit, String nextCursor) {}

    public record ErrorBody(String code, String message, Map<String, Object> details, String requestId) {}
}
