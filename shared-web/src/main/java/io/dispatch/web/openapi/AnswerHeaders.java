package io.dispatch.web.openapi;

import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headers the filters add to every answer of an API (request id, rate limit, idempotent
 * replay, Retry-After), which no controller declares. A header the operation documents itself is
 * kept as it wrote it.
 */
final class AnswerHeaders {

    private AnswerHeaders() {}

    static void addTo(Api api, String path, String status, ApiResponse response) {
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(
                "X-Request-Id",
                new Header()
                        .required(true)
                        .description("The request's id; equals error.requestId")
                        .schema(new StringSchema().format("uuid")));
        if (api == Api.MERCHANT) {
            headers.put(
                    "RateLimit-Limit", intHeader("Requests allowed per window (absent when no key was recognised)"));
            headers.put("RateLimit-Remaining", intHeader("Requests left in this window"));
            headers.put("RateLimit-Reset", intHeader("Seconds until the window ends"));
            headers.put(
                    "RateLimit-Policy",
                    new Header()
                            .description("The window, e.g. `60;w=60`")
                            .schema(new StringSchema().example("60;w=60")));
            if (OperationRules.idempotent(path)) {
                headers.put(
                        "Idempotent-Replayed",
                        new Header()
                                .description(
                                        "`true` when this is the stored answer of an earlier request with the same key")
                                .schema(new StringSchema()._enum(List.of("true"))));
            }
        }
        if ("429".equals(status)) {
            headers.put(
                    "Retry-After", intHeader("Seconds until the window ends").required(true));
        } else if ("503".equals(status)) {
            headers.put("Retry-After", intHeader("Seconds to wait before retrying"));
        }
        if (response.getHeaders() != null) {
            response.getHeaders().forEach(headers::putIfAbsent);
        }
        response.setHeaders(headers);
    }

    private static Header intHeader(String description) {
        return new Header().description(description).schema(new IntegerSchema().minimum(BigDecimal.ZERO));
    }
}
