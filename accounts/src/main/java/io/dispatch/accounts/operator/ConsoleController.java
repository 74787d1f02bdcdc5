package io.dispatch.accounts.operator;

import io.dispatch.accounts.signin.Passwords;
import io.dispatch.accounts.signin.SessionStart;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorAccounts;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.micrometer.core.instrument.MeterRegistry;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebSession;
import reactor.core.publisher.Mono;

/**
 * The console's sign-in, sign-out and "who am I" (decisions.md section 16). Sign-in follows the
 * dashboard's rules: JSON only, one message for a wrong email or password, 60 per minute per
 * client IP (shared with the dashboard's sign-in), a new session id. The session then opens the
 * operator API as the account's role allows; its state-changing calls need {@code X-CSRF-TOKEN}.
 */
@Hidden
@RestController
@RequestMapping(path = "/api/v1/console", produces = MediaType.APPLICATION_JSON_VALUE)
public class ConsoleController {

    private static final Logger log = LoggerFactory.getLogger(ConsoleController.class);
    static final String WRONG = "Wrong email or password";

    private final OperatorAccounts operators;
    private final Passwords passwords = new Passwords();
    private final MeterRegistry meters;

    public ConsoleController(OperatorAccounts operators, MeterRegistry meters) {
        this.operators = operators;
        this.meters = meters;
    }

    public record SignIn(String email, String password) {}

    /** {@code operatorId} and {@code email} are null for the admin token's holder, who is no account. */
    public record SignedIn(UUID operatorId, String email, OperatorRole role, String csrfToken) {}

    @PostMapping(path = "/signin", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> signIn(@RequestBody(required = false) SignIn body, ServerWebExchange exchange) {
        if (body == null || body.email() == null || body.password() == null) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, WRONG);
        }
        return Blocking.call(() -> {
                    var account = operators.findByEmail(body.email().strip());
                    boolean matches = passwords.matches(
                            body.password(),
                            account.map(OperatorAccounts.Operator::passwordHash).orElse(null));
                    meters.counter("dispatch.console.signins", "outcome", matches ? "signed_in" : "refused")
                            .increment();
                    if (!matches) {
                        log.info("Console sign-in refused: wrong email or password");
                        throw new ApiException(ErrorCode.UNAUTHORIZED, WRONG);
                    }
                    return account.get();
                })
                .flatMap(account -> SessionStart.signIn(
                                exchange,
                                OperatorSessions.principal(account.id()),
                                Map.of(
                                        CredentialKinds.SESSION_OPERATOR,
                                        account.id().toString()))
                        .defaultIfEmpty("")
                        .map(csrf -> {
                            log.info("Operator account {} ({}) signed in to the console", account.id(), account.role());
                            return Envelope.of(new SignedIn(account.id(), account.email(), account.role(), csrf));
                        }));
    }

    /** Ends the session; 204 also when there was none. Needs the session's CSRF token. */
    @PostMapping("/signout")
    public Mono<ResponseEntity<Void>> signOut(
            @RequestBody(required = false) Map<String, Object> ignored, ServerWebExchange exchange) {
        return exchange.getSession()
                .flatMap(WebSession::invalidate)
                .thenReturn(ResponseEntity.noContent().build());
    }

    /** Who is signed in, with the session's CSRF token (for a page that was reloaded). */
    @GetMapping("/me")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    public Mono<Envelope> me(OperatorPrincipal operator, ServerWebExchange exchange) {
        if (operator.isToken()) {
            return Mono.just(Envelope.of(new SignedIn(null, null, operator.role(), null)));
        }
        UUID id = UUID.fromString(operator.name());
        return Blocking.call(() -> operators.find(id).orElseThrow(() -> ApiException.notFound("Operator account")))
                .zipWith(SessionStart.csrfToken(exchange).defaultIfEmpty(""))
                .map(found -> Envelope.of(
                        new SignedIn(id, found.getT1().email(), found.getT1().role(), found.getT2())));
    }
}
