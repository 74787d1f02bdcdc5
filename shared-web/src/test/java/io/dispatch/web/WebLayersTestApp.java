package io.dispatch.web;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.ServedRoutes;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** shared-web on its own, with stand-in endpoints that count how often each Idempotency-Key ran them. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(SharedWebConfiguration.class)
public class WebLayersTestApp {

    /** Replaces the services' clock (TimeConfiguration) so tests can move time; primary, not overriding. */
    @Bean
    @Primary
    MutableClock mutableClock() {
        return new MutableClock(Instant.now());
    }

    /** The stand-ins' routes, declared as the modules that serve the real ones declare them. */
    @Bean
    ServedRoutes standInServedRoutes() {
        return ServedRoutes.of("stand-ins")
                .open("/api/v1/track/**", "/track/**", "/api/v1/auth/**", "/api/v1/integrations/shopify/*/orders")
                .limitedPerClient(ClientLimit.TRACKING, "/api/v1/track/**", "/track/**")
                .limitedPerClient(ClientLimit.SIGN_IN, "/api/v1/auth/**")
                .limitedPerClient(ClientLimit.INTEGRATIONS, "/api/v1/integrations/**")
                .signIn("/api/v1/auth/signin", "/api/v1/auth/signup")
                .streamsCappedPerClient("/api/v1/track/{token}/stream");
    }

    /** Stands in for the public tracking route. */
    @RestController
    public static class PublicEndpoint {
        @GetMapping("/api/v1/track/{token}")
        Envelope track() {
            return Envelope.of(Map.of("status", "NEW"));
        }
    }

    /** Stands in for a tracking stream: one status event, then open until the client goes. */
    @RestController
    public static class StreamEndpoint {
        @GetMapping(path = "/api/v1/track/{token}/stream", produces = "text/event-stream")
        reactor.core.publisher.Flux<org.springframework.http.codec.ServerSentEvent<String>> stream() {
            return reactor.core.publisher.Flux.concat(
                    reactor.core.publisher.Flux.just(org.springframework.http.codec.ServerSentEvent.builder("NEW")
                            .event("status")
                            .build()),
                    reactor.core.publisher.Flux.never());
        }
    }

    /** Stands in for command-service's signup and sign-in. */
    @RestController
    @RequestMapping("/api/v1/auth")
    public static class AuthEndpoint {
        @PostMapping("/signup")
        ResponseEntity<Envelope> signUp() {
            return ResponseEntity.status(HttpStatus.CREATED).body(Envelope.of(Map.of("signedUp", true)));
        }

        @PostMapping("/signin")
        Envelope signIn() {
            return Envelope.of(Map.of("signedIn", true));
        }
    }

    /** Stands in for the Shopify orders receiver (public; the handler checks the store's HMAC). */
    @RestController
    public static class IntegrationEndpoint {
        @org.springframework.web.bind.annotation.PostMapping("/api/v1/integrations/shopify/{merchantId}/orders")
        Envelope receive() {
            return Envelope.of(Map.of("outcome", "CREATED"));
        }
    }

    /** Stands in for the rider API: a step runs once per delivery, as the real one, and answers 409 after. */
    @RestController
    public static class RiderEndpoint {

        private final Map<String, AtomicInteger> departures = new ConcurrentHashMap<>();

        /** How often the depart step ran for this delivery. */
        public int departures(String dispatchId) {
            AtomicInteger count = departures.get(dispatchId);
            return count == null ? 0 : count.get();
        }

        @GetMapping("/api/v1/rider/offers")
        Envelope offers(io.dispatch.web.identity.RiderPrincipal rider) {
            return Envelope.of(Map.of("riderId", rider.riderId().toString()));
        }

        @PostMapping("/api/v1/rider/dispatches/{id}/depart")
        Envelope depart(io.dispatch.web.identity.RiderPrincipal rider, @PathVariable String id) {
            int run = departures.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            if (run > 1) {
                throw ApiException.conflict("Not PICKED_UP", Map.of("currentStatus", "IN_TRANSIT"));
            }
            return Envelope.of(Map.of(
                    "id", id, "status", "IN_TRANSIT", "riderId", rider.riderId().toString()));
        }

        @PostMapping("/api/v1/rider/location")
        ResponseEntity<Envelope> location() {
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(Envelope.of(Map.of("receivedAt", Instant.now())));
        }
    }

    /** Found by SharedWebConfiguration's scan of io.dispatch.web, which covers this test package. */
    @RestController
    @RequestMapping("/api/v1/external")
    public static class Endpoints {

        private final Map<String, AtomicInteger> executions = new ConcurrentHashMap<>();
        private final Map<String, Sinks.One<Boolean>> gates = new ConcurrentHashMap<>();

        /** How often an endpoint ran for requests carrying this Idempotency-Key. */
        public int executions(String idempotencyKey) {
            AtomicInteger count = executions.get(idempotencyKey);
            return count == null ? 0 : count.get();
        }

        /** Lets the slow endpoint's request with this key finish. */
        public void open(String idempotencyKey) {
            gate(idempotencyKey).tryEmitValue(true);
        }

        @PostMapping("/ping")
        Envelope ping() {
            return Envelope.of(Map.of("pong", true));
        }

        @PostMapping("/dispatches/things")
        ResponseEntity<Envelope> create(
                @RequestHeader(value = "Idempotency-Key", required = false) String key,
                @RequestBody Map<String, Object> body) {
            int execution = ran(key);
            return ResponseEntity.status(HttpStatus.CREATED)
                    .body(Envelope.of(
                            Map.of("id", UUID.randomUUID().toString(), "execution", execution, "received", body)));
        }

        @PostMapping("/dispatches/rejected")
        Mono<Envelope> rejected(@RequestHeader(value = "Idempotency-Key", required = false) String key) {
            ran(key);
            return Mono.error(ApiException.validation("customerName", "must not be blank"));
        }

        @PostMapping("/dispatches/broken")
        Envelope broken(@RequestHeader(value = "Idempotency-Key", required = false) String key) {
            ran(key);
            throw new IllegalStateException("the handler failed");
        }

        @PostMapping("/dispatches/empty")
        ResponseEntity<Void> empty(@RequestHeader(value = "Idempotency-Key", required = false) String key) {
            ran(key);
            return ResponseEntity.noContent().build();
        }

        @GetMapping("/dispatches")
        Envelope list(
                @RequestHeader(value = "Idempotency-Key", required = false) String key,
                @RequestParam Map<String, String> query) {
            ran(key);
            return Envelope.of(Map.of("id", UUID.randomUUID().toString(), "query", query));
        }

        @PostMapping("/dispatches/slow")
        Mono<ResponseEntity<Envelope>> slow(@RequestHeader(value = "Idempotency-Key", required = false) String key) {
            int execution = ran(key);
            return gate(key)
                    .asMono()
                    .map(opened -> ResponseEntity.status(HttpStatus.CREATED)
                            .body(Envelope.of(Map.of("id", UUID.randomUUID().toString(), "execution", execution))));
        }

        private int ran(String key) {
            return executions
                    .computeIfAbsent(String.valueOf(key), k -> new AtomicInteger())
                    .incrementAndGet();
        }

        private Sinks.One<Boolean> gate(String key) {
            return gates.computeIfAbsent(String.valueOf(key), k -> Sinks.one());
        }
    }
}
