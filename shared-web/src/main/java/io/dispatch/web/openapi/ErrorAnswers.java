package io.dispatch.web.openapi;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The error statuses an operation can answer besides its own, in the error envelope: the filters,
 * the credential check and the body limits answer them before the operation's code runs, so no
 * controller declares them. An answer the operation documents itself keeps its description.
 */
final class ErrorAnswers {

    static final String ERROR_SCHEMA = "#/components/schemas/ErrorResponse";

    private final String tooLarge;

    ErrorAnswers(String tooLarge) {
        this.tooLarge = tooLarge;
    }

    void addTo(Api api, String path, Operation operation) {
        statuses(api, path, operation.getRequestBody() != null).forEach((status, description) -> {
            ApiResponse response = operation.getResponses().computeIfAbsent(status, s -> new ApiResponse());
            if (response.getDescription() == null || response.getDescription().isBlank()) {
                response.setDescription(description);
            }
            response.setContent(new Content()
                    .addMediaType("application/json", new MediaType().schema(new Schema<>().$ref(ERROR_SCHEMA))));
        });
    }

    private Map<String, String> statuses(Api api, String path, boolean body) {
        boolean id = path.contains("{");
        Map<String, String> errors = new LinkedHashMap<>();
        errors.put(
                "400",
                "The request is not in canonical form, refused before routing: e.g. a GET with a body, an "
                        + "encoded slash or a dot segment in the path (VALIDATION_ERROR)");
        switch (api) {
            case MERCHANT -> {
                errors.put("401", "Missing, malformed, revoked or suspended API key (UNAUTHORIZED)");
                errors.put("403", "The key lacks the scope this route needs (FORBIDDEN)");
                if (id) {
                    errors.put(
                            "404",
                            "No such delivery (or notification) for this merchant, or a malformed id (NOT_FOUND)");
                }
                if (OperationRules.idempotent(path)) {
                    errors.put(
                            "409",
                            "The Idempotency-Key was used with another request, or its first request is still "
                                    + "running (CONFLICT)");
                }
            }
            case OPERATOR -> {
                errors.put("401", "Missing or wrong X-Admin-Token, and no console session (UNAUTHORIZED)");
                errors.put(
                        "403",
                        "The signed-in operator's role may not call this route, or a console session's call lacks "
                                + "its X-CSRF-TOKEN (FORBIDDEN)");
                if (id) {
                    errors.put("404", "No such resource, or a malformed id (NOT_FOUND)");
                    errors.put("409", "The resource's state does not allow this (CONFLICT; details.currentStatus)");
                }
                errors.put(
                        "429",
                        "Too many failed credential checks from this client address (RATE_LIMITED); see "
                                + "Retry-After");
            }
            case RIDER -> {
                errors.put("401", "Missing or unknown X-Rider-Token (UNAUTHORIZED)");
                if (id) {
                    errors.put("403", "The delivery is assigned to another rider, or to none (FORBIDDEN)");
                    errors.put("404", "No such delivery, or a malformed id (NOT_FOUND)");
                    errors.put(
                            "409",
                            "The delivery's status does not allow this action (CONFLICT; details.currentStatus)");
                }
                errors.put(
                        "429",
                        "Over the rider's rate limit, or too many failed credential checks from this client "
                                + "address (RATE_LIMITED); see Retry-After");
            }
            case PROOF_MEDIA -> {
                errors.put(
                        "401",
                        "No API key, dashboard session, operator token or operator session, or a wrong one "
                                + "(UNAUTHORIZED)");
                errors.put("403", "The API key lacks the read scope, or the caller is a rider (FORBIDDEN)");
                errors.put(
                        "404", "No such medium, one of another merchant's deliveries, or a malformed id (NOT_FOUND)");
                errors.put(
                        "429",
                        "Too many failed credential checks from this client address (RATE_LIMITED); see "
                                + "Retry-After");
            }
            case TRACKING -> {
                errors.put("404", "No delivery has this tracking token (NOT_FOUND)");
                errors.put(
                        "429",
                        "Over the per-address limit of public tracking, or (a stream) too many streams open "
                                + "from this address (RATE_LIMITED); see Retry-After");
            }
        }
        if (body) {
            errors.put("413", tooLarge);
            errors.put("415", "The Content-Type is missing or not application/json (VALIDATION_ERROR)");
        }
        if (api != Api.TRACKING && api != Api.PROOF_MEDIA) {
            errors.put("422", "Invalid input (VALIDATION_ERROR with details.fieldErrors naming each field as sent)");
        }
        if (api == Api.MERCHANT) {
            errors.put("429", "Over the rate limit (RATE_LIMITED); see Retry-After");
        }
        errors.put("500", "A server fault (INTERNAL_ERROR); safe to retry with the same Idempotency-Key");
        return errors;
    }
}
