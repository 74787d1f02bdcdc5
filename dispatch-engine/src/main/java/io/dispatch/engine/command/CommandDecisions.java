package io.dispatch.engine.command;

import io.dispatch.policy.core.Candidate;
import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.PlanSpot;
import io.dispatch.policy.core.PolicyRef;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Carries the engine's decisions to command-service's aggregate ({@code POST
 * /api/v1/admin/dispatch/decisions}, with the operator token). A refusal (409, 404, 422) means the
 * delivery moved on meanwhile (a rider accepted, an operator assigned, the merchant cancelled):
 * the engine learns what happened from the log, so it is only counted. A failure to reach the
 * service is retried three times; after that the decision stays pending in the core, which makes
 * it again after its pending timeout.
 */
public final class CommandDecisions {

    private static final Logger log = LoggerFactory.getLogger(CommandDecisions.class);

    /** What became of a decision. */
    public enum Outcome {
        STORED,
        REFUSED,
        FAILED
    }

    private final Supplier<String> baseUrl;
    private final String adminToken;
    private final WebClient client;

    public CommandDecisions(WebClient.Builder builder, Supplier<String> baseUrl, String adminToken) {
        this.baseUrl = baseUrl;
        this.adminToken = adminToken;
        this.client = builder.build();
    }

    public Mono<Outcome> send(Decision decision) {
        return client.post()
                .uri(baseUrl.get() + "/api/v1/admin/dispatch/decisions")
                .header("X-Admin-Token", adminToken)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body(decision))
                .retrieve()
                .toBodilessEntity()
                .timeout(Duration.ofSeconds(10))
                .retryWhen(Retry.backoff(3, Duration.ofMillis(200)).filter(CommandDecisions::worthRetrying))
                .map(answer -> Outcome.STORED)
                .onErrorResume(failure -> {
                    Throwable cause = Exceptions.unwrap(failure);
                    if (cause instanceof WebClientResponseException answer
                            && answer.getStatusCode().is4xxClientError()) {
                        log.debug(
                                "Decision {} on {} refused: {}",
                                decision.getClass().getSimpleName(),
                                decision.dispatchId(),
                                answer.getResponseBodyAsString());
                        return Mono.just(Outcome.REFUSED);
                    }
                    log.warn(
                            "Decision {} on {} not delivered (it will be made again): {}",
                            decision.getClass().getSimpleName(),
                            decision.dispatchId(),
                            cause.toString());
                    return Mono.just(Outcome.FAILED);
                });
    }

    private static boolean worthRetrying(Throwable failure) {
        if (failure instanceof WebClientResponseException answer) {
            HttpStatusCode status = answer.getStatusCode();
            return status.is5xxServerError() || status.value() == 429;
        }
        return true;
    }

    static Map<String, Object> body(Decision decision) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("dispatchId", decision.dispatchId());
        switch (decision) {
            case Decision.Offer offer -> {
                body.put("type", "OFFER");
                body.put("offerId", offer.offerId());
                body.put("riderId", offer.riderId());
                body.put("expiresAt", offer.expiresAt().toString());
                body.put("policy", policy(offer.policy()));
                body.put("candidates", candidates(offer.candidates()));
                body.put("rule", offer.rule());
            }
            case Decision.AutoAssign assign -> {
                body.put("type", "AUTO_ASSIGN");
                body.put("riderId", assign.riderId());
                body.put("policy", policy(assign.policy()));
                body.put("candidates", candidates(assign.candidates()));
                body.put("rule", assign.rule());
                if (assign.plan() != null) {
                    body.put("plan", plan(assign.plan()));
                }
            }
            case Decision.Plan plan -> {
                body.put("type", "PLAN");
                body.put("riderId", plan.riderId());
                body.put("policy", policy(plan.policy()));
                body.put("plan", plan(plan.spot()));
            }
            case Decision.Reassign reassign -> {
                body.put("type", "REASSIGN");
                body.put("fromRiderId", reassign.fromRiderId());
                body.put("riderId", reassign.riderId());
                body.put("policy", policy(reassign.policy()));
                body.put("rule", reassign.rule());
                body.put("plan", plan(reassign.spot()));
            }
            case Decision.NoRider none -> {
                body.put("type", "NO_RIDER");
                body.put("reason", none.reason().name());
                body.put("policy", policy(none.policy()));
                body.put("candidates", candidates(none.candidates()));
            }
            case Decision.Expire expire -> {
                body.put("type", "EXPIRE");
                body.put("offerId", expire.offerId());
            }
            case Decision.Withdraw withdraw -> {
                body.put("type", "WITHDRAW");
                body.put("offerId", withdraw.offerId());
                body.put("reason", withdraw.reason());
            }
        }
        return body;
    }

    private static Map<String, Object> plan(PlanSpot spot) {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put(
                "estimatedPickupAt",
                spot.estimatedPickupAt() == null
                        ? null
                        : spot.estimatedPickupAt().toString());
        plan.put("estimatedDeliveryAt", spot.estimatedDeliveryAt().toString());
        plan.put("reason", spot.reason());
        plan.put("pickupStop", spot.pickupStop());
        plan.put("dropoffStop", spot.dropoffStop());
        plan.put("routeStops", spot.routeStops());
        plan.put("addedSeconds", spot.addedSeconds());
        return plan;
    }

    private static Map<String, Object> policy(PolicyRef policy) {
        return Map.of("zoneId", policy.zoneId(), "mode", policy.mode().name(), "version", policy.version());
    }

    private static List<Map<String, Object>> candidates(List<Candidate> candidates) {
        return candidates.stream()
                .limit(10)
                .map(candidate -> Map.<String, Object>of(
                        "riderId", candidate.riderId(),
                        "etaToPickupSeconds", candidate.etaToPickupSeconds(),
                        "distanceMeters", candidate.distanceMeters(),
                        "activeCount", candidate.activeCount(),
                        "rank", candidate.rank()))
                .toList();
    }

    /** Reactor wraps retried failures; the cause is what matters. */
    private static final class Exceptions {
        static Throwable unwrap(Throwable failure) {
            Throwable cause = reactor.core.Exceptions.unwrap(failure);
            if (reactor.core.Exceptions.isRetryExhausted(cause) && cause.getCause() != null) {
                return cause.getCause();
            }
            return cause;
        }
    }
}
