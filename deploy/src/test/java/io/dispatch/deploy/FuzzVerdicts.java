package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.FuzzCases.Replay;
import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzTransport.Answer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges one answer: never a 5xx; every refusal in the contract's envelope with a code that fits
 * its status (ErrorCode and ApiErrorHandler: 400/406/413/415/422 VALIDATION_ERROR, 401
 * UNAUTHORIZED, 403 FORBIDDEN, 404/405 NOT_FOUND, 409 CONFLICT, 429 RATE_LIMITED), a message,
 * details, the request id; nothing the documents refuse accepted, nothing they allow refused;
 * a replayed Idempotency-Key answered as decisions.md says.
 */
final class FuzzVerdicts {

    record Finding(String kind, String signature, String known, FuzzRequest request, Answer answer, String detail) {}

    static final long SLOW_MILLIS = 10_000;
    private static final Set<String> CODES = Set.of(
            "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "VALIDATION_ERROR", "RATE_LIMITED", "INTERNAL_ERROR");
    private static final Map<Integer, String> CODE_OF = Map.of(
            401,
            "UNAUTHORIZED",
            403,
            "FORBIDDEN",
            404,
            "NOT_FOUND",
            405,
            "NOT_FOUND",
            409,
            "CONFLICT",
            429,
            "RATE_LIMITED");

    /** The document's own pages (springdoc): public, not envelope answers. */
    private static final java.util.regex.Pattern DOCUMENTS =
            java.util.regex.Pattern.compile("GET /(v3/api-docs|docs|webjars)(/.*|\\.yaml(/.*)?)?");

    private FuzzVerdicts() {}

    /** The code a status must carry: the table above; any other 4xx is an input problem. */
    static String codeFor(int status) {
        return status >= 500 ? "INTERNAL_ERROR" : CODE_OF.getOrDefault(status, "VALIDATION_ERROR");
    }

    /** The request-header size the HTTP server takes (Reactor Netty's default, 8 KiB); past it, a bare 431. */
    static final int HEADER_LIMIT = 8192;

    /**
     * Why a transport failure is no finding, or null when it is one. Two causes are named: a bend
     * the HTTP codec refuses ({@link FuzzRawBend#mayReset}), and a header past the server's limit
     * (the codec answers 431 and closes before the body is read). In both the server closes with
     * request bytes unread, so the kernel may reset the connection before its answer reaches the
     * client; the refusal itself is asserted wherever the answer does arrive.
     */
    static String tolerated(FuzzRequest request, Answer answer) {
        Exception failure = answer.failure();
        boolean closed = failure instanceof IOException
                && String.valueOf(failure.getMessage())
                        .matches("(?i).*(reset|closed without an answer|broken pipe|received no bytes).*");
        if (!closed) {
            return null;
        }
        if (request.bend() != null && request.bend().mayReset()) {
            return "reset by the HTTP codec (" + request.bend().describe() + ")";
        }
        boolean oversized = request.headers().stream()
                .anyMatch(h -> h.getKey().length() + h.getValue().length() > HEADER_LIMIT);
        return oversized ? "closed by the HTTP codec (a header over " + HEADER_LIMIT + " bytes)" : null;
    }

    static List<Finding> check(FuzzRequest request, Answer answer) {
        List<Finding> findings = new ArrayList<>();
        if (answer.failure() != null) {
            if (tolerated(request, answer) == null) {
                findings.add(finding(
                        "transport",
                        request,
                        answer,
                        answer.failure().getClass().getSimpleName() + ": "
                                + answer.failure().getMessage(),
                        labelFamily(request) + " " + answer.failure().getClass().getSimpleName()));
            }
            return findings;
        }
        int status = answer.status();
        String route = request.route();
        if (status >= 500) {
            findings.add(
                    finding("5xx", request, answer, answer.text(), route + " " + status + " " + labelClass(request)));
        }
        boolean success = status >= 200 && status < 300;
        if (success && request.expect() == Expect.INVALID) {
            findings.add(finding(
                    "invalid accepted",
                    request,
                    answer,
                    FuzzRequest.shorten(answer.text(), 300),
                    route + " " + labelClass(request)));
        }
        if (!success && request.expect() == Expect.VALID && status != 429 && status < 500) {
            findings.add(finding(
                    "valid refused",
                    request,
                    answer,
                    FuzzRequest.shorten(answer.text(), 400),
                    route + " " + status + " " + labelClass(request)));
        }
        // HEAD has no body; OPTIONS answers Allow with an empty 200 (HTTP's own, not the API's)
        boolean bodiless = request.method().equals("HEAD") || request.method().equals("OPTIONS") && success;
        List<Finding> body = bodiless
                ? List.of()
                : status >= 400
                        ? envelope(request, answer)
                        : success && !DOCUMENTS.matcher(route).matches() ? successBody(request, answer) : List.of();
        findings.addAll(body);
        if (answer.header("X-Request-Id") == null
                && body.stream().noneMatch(f -> f.kind().equals("bare refusal"))
                && !badChunkRefused(request, status)) {
            findings.add(finding("no X-Request-Id", request, answer, "", status + " " + labelFamily(request)));
        }
        if (answer.millis() > SLOW_MILLIS && request.bodyLength() < 65_536) {
            findings.add(finding("slow", request, answer, answer.millis() + " ms", route + " " + labelClass(request)));
        }
        return findings;
    }

    /**
     * Named: a chunk size that is not hex comes after a valid head, which went to the application;
     * Reactor Netty answers the framing error itself, a bare 400 (docs/reliability.md, known limits).
     */
    private static boolean badChunkRefused(FuzzRequest request, int status) {
        return request.bend() == FuzzRawBend.BAD_CHUNK_SIZE && status == 400;
    }

    private static List<Finding> envelope(FuzzRequest request, Answer answer) {
        int status = answer.status();
        JsonNode json = json(answer);
        String bare = status + " " + (request.bend() != null ? labelClass(request) : labelFamily(request));
        if (json == null
                || !json.isObject()
                || !json.has("error")
                || !json.path("success").isBoolean()) {
            if (badChunkRefused(request, status)) {
                return List.of();
            }
            String type = answer.header("Content-Type");
            boolean id = answer.header("X-Request-Id") != null;
            return List.of(finding(
                    "bare refusal",
                    request,
                    answer,
                    "no envelope" + (id ? "" : " and no X-Request-Id") + ": Content-Type " + type + ", body "
                            + FuzzRequest.shorten(FuzzRequest.visible(answer.text()), 200),
                    bare + (id ? "" : " no X-Request-Id")));
        }
        List<String> problems = new ArrayList<>();
        JsonNode error = json.get("error");
        String code = error.path("code").asText(null);
        if (json.get("success").asBoolean()) {
            problems.add("success is true");
        }
        if (code == null || !CODES.contains(code)) {
            problems.add("code " + code + " is not a contract code");
        } else if (!code.equals(codeFor(status))) {
            return List.of(finding(
                    "code does not fit the status",
                    request,
                    answer,
                    status + " with " + code,
                    status + " " + code + " " + labelFamily(request)));
        }
        String message = error.path("message").asText(null);
        if (message == null || message.isBlank() || message.equals("null")) {
            problems.add("message is " + (message == null ? "absent" : "\"" + message + "\""));
        }
        if (!error.path("details").isObject()) {
            problems.add("details is not an object");
        }
        if (!error.path("requestId").asText("").equals(answer.header("X-Request-Id"))) {
            problems.add("requestId differs from X-Request-Id");
        }
        if (status == 422 && !fieldErrors(error.path("details").path("fieldErrors"))) {
            problems.add("422 without details.fieldErrors");
        }
        if (problems.isEmpty()) {
            return List.of();
        }
        return List.of(finding(
                "envelope incomplete",
                request,
                answer,
                String.join("; ", problems) + ": " + FuzzRequest.shorten(answer.text(), 300),
                request.route() + " " + status + " " + String.join("; ", problems) + " " + labelFamily(request)));
    }

    private static boolean fieldErrors(JsonNode fieldErrors) {
        if (!fieldErrors.isObject() || fieldErrors.isEmpty()) {
            return false;
        }
        for (JsonNode messages : fieldErrors) {
            if (!messages.isArray() || messages.isEmpty() || !messages.get(0).isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static List<Finding> successBody(FuzzRequest request, Answer answer) {
        String type = String.valueOf(answer.header("Content-Type"));
        if (answer.status() == 204 || type.startsWith("text/html")) {
            return List.of();
        }
        if (type.startsWith("text/event-stream")) {
            String text = answer.text();
            return text.startsWith("event:") || text.startsWith(":") || text.startsWith("data:")
                    ? List.of()
                    : List.of(finding(
                            "success without its body",
                            request,
                            answer,
                            "event stream " + FuzzRequest.shorten(text, 100),
                            request.route() + " event stream"));
        }
        JsonNode json = json(answer);
        if (json == null || !json.path("success").asBoolean(false) || json.has("error")) {
            return List.of(finding(
                    "success without its body",
                    request,
                    answer,
                    FuzzRequest.shorten(answer.text(), 200),
                    request.route() + " " + answer.status()));
        }
        return List.of();
    }

    /** The second request of a replay case, judged against the first (decisions.md, Idempotency). */
    static List<Finding> replay(
            FuzzRequest first, Answer firstAnswer, FuzzRequest second, Answer answer, Replay replay) {
        int stored = firstAnswer.status();
        // a body refused before the key is claimed (not UTF-8: no fingerprint can be taken) is not stored
        boolean refusedBeforeClaim =
                firstAnswer.text() != null && firstAnswer.text().contains("is not valid UTF-8");
        boolean handlerAnswer = !refusedBeforeClaim
                && (stored >= 200 && stored < 300 || Set.of(404, 409, 422).contains(stored));
        if (replay == Replay.NONE || !handlerAnswer || answer.failure() != null) {
            return List.of();
        }
        String route = second.route();
        if (replay == Replay.DIFFERENT) {
            return answer.status() == 409
                    ? List.of()
                    : List.of(finding(
                            "replay: other request under a used key not 409",
                            second,
                            answer,
                            "first answered " + stored + ", the other request " + answer.status(),
                            route));
        }
        List<String> problems = new ArrayList<>();
        if (answer.status() != stored) {
            problems.add("status " + answer.status() + " instead of " + stored);
        }
        if (!Arrays.equals(answer.body(), firstAnswer.body())) {
            problems.add("body differs");
        }
        if (!"true".equals(answer.header("Idempotent-Replayed"))) {
            problems.add("no Idempotent-Replayed: true");
        }
        if (!String.valueOf(answer.header("X-Request-Id")).equals(firstAnswer.header("X-Request-Id"))) {
            problems.add("X-Request-Id differs");
        }
        return problems.isEmpty()
                ? List.of()
                : List.of(finding(
                        "replay: same request not answered as stored",
                        second,
                        answer,
                        String.join("; ", problems),
                        route + " " + String.join("; ", problems)));
    }

    private static JsonNode json(Answer answer) {
        try {
            return answer.body() == null || answer.body().length == 0
                    ? null
                    : DispatchUnderTest.JSON.readTree(answer.body());
        } catch (IOException e) {
            return null;
        }
    }

    static String labelFamily(FuzzRequest request) {
        String label = request.label().startsWith("replay:") ? "replay" : request.label();
        int colon = label.indexOf(':');
        return colon < 0 ? label : label.substring(0, colon);
    }

    /** The label without its concrete values, so one fault found a thousand ways is one finding. */
    static String labelClass(FuzzRequest request) {
        return FuzzRequest.shorten(request.label().replaceAll("'[^']*'", "'…'").replaceAll("[0-9]+", "N"), 70);
    }

    private static Finding finding(String kind, FuzzRequest request, Answer answer, String detail, String signature) {
        return new Finding(
                kind, kind + " | " + signature, FuzzKnown.known(kind, request, answer), request, answer, detail);
    }
}
