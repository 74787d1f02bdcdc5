package io.dispatch.accounts.operator;

import io.dispatch.accounts.signin.Passwords;
import io.dispatch.accounts.signin.SignInFields;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccounts;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Operator accounts (decisions.md section 16): the admin token or an ADMIN creates, lists and
 * ends them; no other role may (the route carries no {@code OperatorAccess}). Ending an account
 * ends its console sessions at once.
 */
@Tag(name = "Operator: accounts")
@RestController
@RequestMapping(path = "/api/v1/admin/operators", produces = MediaType.APPLICATION_JSON_VALUE)
public class OperatorAdminController {

    private static final Logger log = LoggerFactory.getLogger(OperatorAdminController.class);

    private final OperatorAccounts operators;
    private final OperatorSessions sessions;
    private final Passwords passwords = new Passwords();

    public OperatorAdminController(OperatorAccounts operators, OperatorSessions sessions) {
        this.operators = operators;
        this.sessions = sessions;
    }

    @Schema(
            name = "OperatorRequest",
            requiredProperties = {"email", "password", "role"})
    public record CreateOperator(
            @Schema(maxLength = 254, example = "dispatcher@example.com")
            String email,

            @Schema(minLength = Passwords.MIN_LENGTH, maxLength = Passwords.MAX_LENGTH)
            String password,

            @Schema(allowableValues = {"ADMIN", "DISPATCHER", "AUDITOR"})
            String role) {}

    @Schema(name = "Operator")
    public record OperatorView(UUID id, String email, OperatorRole role, Instant createdAt) {

        static OperatorView of(OperatorAccounts.Operator operator) {
            return new OperatorView(operator.id(), operator.email(), operator.role(), operator.createdAt());
        }
    }

    @Operation(operationId = "createOperator", summary = "Create an operator account", description = """
      Body {email, password, role}: role ADMIN (everything), DISPATCHER (riders, assignments, queue, \
      policies, console) or AUDITOR (read only: audit, decisions, stats, rebuild status, dead letters). \
      The password follows the dashboard's rules (12 to 128 characters); only an Argon2id hash is kept. \
      An email a live account already uses -> 409.""")
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = OperatorView.class)))
    @ApiResponse(responseCode = "409", description = "A live account already has this email (CONFLICT)")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> create(OperatorPrincipal operator, @RequestBody(required = false) CreateOperator body) {
        CreateOperator request = valid(body);
        OperatorRole role = OperatorRole.valueOf(request.role());
        String email = request.email().strip();
        return Blocking.call(() -> operators.create(email, passwords.hash(request.password()), role))
                .map(created -> created.map(account -> {
                            log.info(
                                    "Operator {} created operator account {} ({})",
                                    operator.name(),
                                    account.id(),
                                    role);
                            return Envelope.of(OperatorView.of(account));
                        })
                        .orElseThrow(() -> ApiException.conflict(
                                "An operator account with this email already exists",
                                Map.of("fieldErrors", Map.of("email", List.of("is already used by an account"))))));
    }

    @Operation(
            operationId = "listOperators",
            summary = "List the operator accounts",
            description = "The live accounts, oldest first.")
    @GetMapping
    public Mono<Envelope> list(OperatorPrincipal operator) {
        return Blocking.call(
                        () -> operators.list().stream().map(OperatorView::of).toList())
                .map(Envelope::of);
    }

    @Operation(
            operationId = "endOperator",
            summary = "End an operator account",
            description = "The account can no longer sign in, and its console sessions end at once. 204; 404 when"
                    + " there is no live account with this id.")
    @ApiResponse(responseCode = "204", description = "Ended")
    @DeleteMapping("/{id}")
    public Mono<ResponseEntity<Void>> end(OperatorPrincipal operator, @PathVariable String id) {
        UUID operatorId = ApiException.pathId(id, "Operator account");
        return Blocking.call(() -> {
            if (!operators.end(operatorId)) {
                throw ApiException.notFound("Operator account");
            }
            int ended = sessions.endAll(operatorId);
            log.info("Operator {} ended operator account {} and {} session(s)", operator.name(), operatorId, ended);
            return ResponseEntity.noContent().<Void>build();
        });
    }

    private static CreateOperator valid(CreateOperator body) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String email =
                body == null || body.email() == null ? null : body.email().strip();
        SignInFields.check(email, body == null ? null : body.password(), errors);
        String role = body == null ? null : body.role();
        if (role == null
                || Arrays.stream(OperatorRole.values())
                        .noneMatch(known -> known.name().equals(role))) {
            errors.put("role", List.of("must be one of ADMIN, DISPATCHER, AUDITOR"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return body;
    }
}
