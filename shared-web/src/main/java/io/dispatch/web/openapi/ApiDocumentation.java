package io.dispatch.web.openapi;

import io.dispatch.web.error.Sizes;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderPrincipal;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springdoc.core.models.GroupedOpenApi;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.util.unit.DataSize;

/**
 * The OpenAPI 3.1 documents and their page at {@code /docs}. {@code /v3/api-docs} is the
 * merchant API alone (the document a merchant points a client generator at, one credential);
 * the operator, rider and public tracking APIs are groups of their own at
 * {@code /v3/api-docs/operator}, {@code /v3/api-docs/rider} and {@code /v3/api-docs/tracking}, and
 * so are proof media ({@code /v3/api-docs/proof-media}), which merchants and operators both read.
 * Controllers describe their own operations; the rules every operation of an API shares
 * (credential, Idempotency-Key, rate-limit and request-id headers, the error answers) are added
 * once by {@link OperationRules}.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:io/dispatch/web/openapi/openapi.properties")
public class ApiDocumentation {

    /** Where the README's local run listens; clients replace it with their own base URL. */
    public static final String LOCAL_SERVER = "http://localhost:8080";

    static {
        // handlers take their principal as a parameter; it is not part of the request
        SpringDocUtils.getConfig()
                .addRequestWrapperToIgnore(MerchantPrincipal.class, RiderPrincipal.class, OperatorPrincipal.class)
                // a handler that reads its body as a JSON tree documents the body itself: the tree's getters are no
                // schema
                .replaceWithSchema(tools.jackson.databind.JsonNode.class, new Schema<>())
                .replaceWithSchema(com.fasterxml.jackson.databind.JsonNode.class, new Schema<>());
    }

    @Bean
    OpenAPI dispatchOpenApi() {
        return new OpenAPI().info(info("dispatch merchant API", ""));
    }

    /** Title and description of one API's document; every document shares the rest. */
    static Info info(String title, String lead) {
        return new Info()
                .title(title)
                .version("v1")
                .license(new License().name("Apache License 2.0").identifier("Apache-2.0"))
                .description(lead + """
            Merchants create deliveries and follow them through NEW → ASSIGNED → PICKED_UP → IN_TRANSIT → \
            DELIVERED (or FAILED / CANCELLED); operators and riders drive the lifecycle.

            * Every answer is an envelope: `{success: true, data, meta?}` or \
            `{success: false, error: {code, message, details, requestId}}`, and carries `X-Request-Id`.
            * Every `/api/v1/external/dispatches` request needs an `Idempotency-Key` (1 to 255 printable \
            ASCII characters; a UUID is appropriate). A replay with the same body answers the stored \
            response byte for byte with `Idempotent-Replayed: true`; a different body under the same key \
            answers 409. Keys expire 24 h after first use.
            * 60 requests per API key per one-minute window over `/api/v1/external/*` \
            (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`, `RateLimit-Policy` on every \
            answer; 429 `RATE_LIMITED` with `Retry-After` beyond it).
            * A read sent after a write's answer reflects that write.
            * Limits of one request, by default: a body of at most 4 MiB (413 `VALIDATION_ERROR` beyond it; the \
            largest valid bulk create is about 1.4 MB), a request line of at most 4 KiB (414) and headers \
            of at most 8 KiB in all (431), both answered in the envelope. A request's headers must arrive \
            within 10 s of its first byte and its body within 60 s, or the connection is closed.
            * Text fields refuse control characters (multi-line fields such as notes and reason allow tab, \
            line feed and carriage return) and unpaired surrogates; a required text field refuses blank text.""");
    }

    static List<Server> servers() {
        return List.of(new Server().url(LOCAL_SERVER).description("The local run (README); use your own base URL"));
    }

    /** The merchant API also as a named group, beside the default document at /v3/api-docs. */
    @Bean
    GroupedOpenApi merchantApi() {
        return GroupedOpenApi.builder()
                .group("merchant")
                .displayName("Merchant API")
                .pathsToMatch(OperationRules.EXTERNAL + "**")
                .build();
    }

    @Bean
    GroupedOpenApi operatorApi() {
        return GroupedOpenApi.builder()
                .group("operator")
                .displayName("Operator API")
                .pathsToMatch(OperationRules.ADMIN + "**")
                .build();
    }

    @Bean
    GroupedOpenApi riderApi() {
        return GroupedOpenApi.builder()
                .group("rider")
                .displayName("Rider API")
                .pathsToMatch(OperationRules.RIDER + "**")
                .build();
    }

    /** Proof photos and signatures: read by the delivery's merchant or an operator, with either credential. */
    @Bean
    GroupedOpenApi proofMediaApi() {
        return GroupedOpenApi.builder()
                .group("proof-media")
                .displayName("Proof media")
                .pathsToMatch(OperationRules.PROOF_MEDIA + "**")
                .build();
    }

    @Bean
    GroupedOpenApi trackingApi() {
        return GroupedOpenApi.builder()
                .group("tracking")
                .displayName("Public tracking")
                .pathsToMatch("/api/v1/track/**", "/track/**")
                .build();
    }

    /** Adds the shared rules to each operation of every document, by the API its path belongs to. */
    @Bean
    GlobalOpenApiCustomizer dispatchOperationRules(
            @Value("${spring.http.codecs.max-in-memory-size:4MB}") DataSize maxBody) {
        OperationRules rules = new OperationRules(
                "The body is larger than " + Sizes.describe(maxBody.toBytes()) + " (VALIDATION_ERROR)");
        return openApi -> {
            rules.apply(openApi);
            openApi.servers(servers());
            ModelConverters.getInstance(true)
                    .readAll(ApiSchemas.ErrorResponse.class)
                    .forEach((name, schema) -> openApi.getComponents().addSchemas(name, schema));
        };
    }
}
