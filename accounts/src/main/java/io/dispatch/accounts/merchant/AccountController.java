package io.dispatch.accounts.merchant;

import io.dispatch.accounts.signin.Passwords;
import io.dispatch.accounts.signin.SessionStart;
import io.dispatch.accounts.signin.SignInFields;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.session.DashboardProperties;
import io.dispatch.web.text.TextRule;
import io.micrometer.core.instrument.MeterRegistry;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebSession;
import reactor.core.publisher.Mono;

/**
 * Dashboard signup, sign-in and sign-out (decisions.md section 10). A session is the cookie
 * {@code DISPATCH_SESSION}, stored in PostgreSQL; sign-in starts a new one (a session id given
 * before sign-in is never reused). 60 requests per minute per client IP over signup and sign-in
 * together. These routes take JSON only, so a cross-site form cannot sign a browser in.
 */
@Hidden
@RestController
@RequestMapping(
        path = "/api/v1/auth",
        produces = MediaType.APPLICATION_JSON_VALUE,
        consumes = MediaType.APPLICATION_JSON_VALUE)
public class AccountController {

    private static final Logger log = LoggerFactory.getLogger(AccountController.class);
    static final String WRONG = "Wrong email or password";
    /** The session attribute that holds the signed-in merchant's email, set at sign-in. */
    public static final String EMAIL_ATTRIBUTE = "dispatch.email";

    private final Accounts accounts;
    private final MerchantAccounts merchants;
    private final Passwords passwords = new Passwords();
    private final boolean sandbox;
    private final MeterRegistry meters;

    public AccountController(
            Accounts accounts, MerchantAccounts merchants, DashboardProperties dashboard, MeterRegistry meters) {
        this.accounts = accounts;
        this.merchants = merchants;
        this.sandbox = dashboard.signupSandbox();
        this.meters = meters;
    }

    /** {@code dispatch.dashboard.signups{outcome=created|taken}}, {@code .signins{outcome=signed_in|refused|suspended}}. */
    private void count(String what, String outcome) {
        meters.counter("dispatch.dashboard." + what, "outcome", outcome).increment();
    }

    public record SignUp(String email, String password, String businessName) {}

    public record SignIn(String email, String password) {}

    public record SignedIn(UUID merchantId, String email) {}

    @PostMapping("/signup")
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> signUp(@RequestBody(required = false) SignUp body, ServerWebExchange exchange) {
        SignUp request = valid(body);
        String email = request.email().strip();
        return Blocking.call(() -> accounts.signUp(
                        email,
                        passwords.hash(request.password()),
                        request.businessName().strip(),
                        sandbox))
                .flatMap(account -> account.map(created -> {
                            log.info(
                                    "Signed up merchant {} ({}) from the dashboard",
                                    created.merchantId(),
                                    sandbox ? "sandbox" : "live");
                            count("signups", "created");
                            return signIn(exchange, created);
                        })
                        .orElseGet(() -> {
                            count("signups", "taken");
                            return Mono.error(ApiException.conflict(
                                    "An account with this email already exists",
                                    Map.of("fieldErrors", Map.of("email", List.of("is already used by an account")))));
                        }));
    }

    @PostMapping("/signin")
    public Mono<Envelope> signIn(@RequestBody(required = false) SignIn body, ServerWebExchange exchange) {
        if (body == null || body.email() == null || body.password() == null) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, WRONG);
        }
        return Blocking.call(() -> {
                    var account = accounts.findByEmail(body.email().strip());
                    boolean matches = passwords.matches(
                            body.password(),
                            account.map(Accounts.Account::passwordHash).orElse(null));
                    if (!matches) {
                        count("signins", "refused");
                        log.info("Sign-in refused: wrong email or password");
                        throw new ApiException(ErrorCode.UNAUTHORIZED, WRONG);
                    }
                    var merchant = merchants.findMerchant(account.get().merchantId());
                    if (merchant.isEmpty() || !"ACTIVE".equals(merchant.get().status())) {
                        count("signins", "suspended");
                        throw new ApiException(ErrorCode.FORBIDDEN, "This merchant is suspended: ask the operator");
                    }
                    count("signins", "signed_in");
                    return account.get();
                })
                .flatMap(account -> signIn(exchange, account));
    }

    /**
     * Ends the session; 204 also when there was none. Needs the session's CSRF token. It takes no
     * body; one, if sent, must be JSON (the optional parameter lets a bodiless request through).
     */
    @PostMapping("/signout")
    public Mono<ResponseEntity<Void>> signOut(
            @RequestBody(required = false) Map<String, Object> ignored, ServerWebExchange exchange) {
        return exchange.getSession()
                .flatMap(WebSession::invalidate)
                .thenReturn(ResponseEntity.noContent().build());
    }

    private Mono<Envelope> signIn(ServerWebExchange exchange, Accounts.Account account) {
        return SessionStart.signIn(
                        exchange,
                        "merchant:" + account.merchantId(),
                        Map.of(
                                CredentialKinds.SESSION_MERCHANT,
                                account.merchantId().toString(),
                                EMAIL_ATTRIBUTE,
                                account.email()))
                .thenReturn(Envelope.of(new SignedIn(account.merchantId(), account.email())));
    }

    private static SignUp valid(SignUp body) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String email =
                body == null || body.email() == null ? null : body.email().strip();
        SignInFields.check(email, body == null ? null : body.password(), errors);
        String name = body == null ? null : body.businessName();
        if (name == null
                || name.isBlank()
                || name.strip().length() > 200
                || TextRule.SINGLE_LINE.problem(name).isPresent()) {
            errors.put("businessName", List.of("is required, one line of 1 to 200 characters"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return body;
    }
}
