package io.dispatch.web.openapi;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.dispatch.web.edge.Sizes;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderPrincipal;
import java.util.Map;
import org.springdoc.core.utils.SpringDocUtils;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.util.unit.DataSize;

/**
 * The OpenAPI 3 document at {@code /v3/api-docs} and its page at {@code /docs}. Controllers
 * describe their own operations; the rules every operation of an API shares (credentials,
 * the Idempotency-Key, the rate-limit headers, the error envelope) are added here once.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:io/dispatch/web/openapi/openapi.properties")
public class ApiDocumentation {

  static final String EXTERNAL = "/api/v1/external/";
  static final String DISPATCHES = "/api/v1/external/dispatches";
  static final String ADMIN = "/api/v1/admin/";
  static final String RIDER = "/api/v1/rider/";

  static {
    // handlers take their principal as a parameter; it is not part of the request
    SpringDocUtils.getConfig()
        .addRequestWrapperToIgnore(MerchantPrincipal.class, RiderPrincipal.class, OperatorPrincipal.class);
  }

  @Bean
  OpenAPI dispatchOpenApi() {
    Components components = new Components()
        .addSecuritySchemes("apiKey", header("X-API-Key", "A merchant API key, `<key_id>.<secret>`, sent whole"))
        .addSecuritySchemes("adminToken", header("X-Admin-Token", "The operator token (dispatch.admin-token)"))
        .addSecuritySchemes("riderToken", header("X-Rider-Token", "A rider's token, shown once at registration"));
    ModelConverters.getInstance().readAll(ApiSchemas.ErrorResponse.class).forEach(components::addSchemas);
    return new OpenAPI()
        .info(new Info()
            .title("dispatch API")
            .version("v1")
            .license(new License().name("Apache-2.0"))
            .description("""
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
                within 10 s of its first byte and its body within 60 s, or the connection is closed."""))
        .components(components);
  }

  /** Adds the shared rules to each operation by the API its path belongs to. */
  @Bean
  OpenApiCustomizer dispatchOperationRules(
      @Value("${spring.http.codecs.max-in-memory-size:4MB}") DataSize maxBody) {
    String tooLarge = "The body is larger than " + Sizes.describe(maxBody.toBytes()) + " (VALIDATION_ERROR)";
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
        if (operation.getRequestBody() != null) {
          errors(operation, Map.of("413", tooLarge));
        }
        if (path.startsWith(EXTERNAL)) {
          operation.addSecurityItem(new SecurityRequirement().addList("apiKey"));
          if (path.startsWith(DISPATCHES)) {
            operation.addParametersItem(new HeaderParameter()
                .name("Idempotency-Key")
                .required(true)
                .description("1 to 255 printable ASCII characters, fresh per logical request (reads included)")
                .schema(new StringSchema().maxLength(255)));
          }
          errors(operation, Map.of(
              "401", "Missing, malformed, revoked or suspended API key (UNAUTHORIZED)",
              "403", "The key lacks the scope this route needs (FORBIDDEN)",
              "422", "Invalid input (VALIDATION_ERROR with details.fieldErrors)",
              "429", "Over the rate limit (RATE_LIMITED); see Retry-After"));
          rateLimitHeaders(operation.getResponses());
        } else if (path.startsWith(ADMIN)) {
          operation.addSecurityItem(new SecurityRequirement().addList("adminToken"));
          errors(operation, Map.of("401", "Missing or wrong X-Admin-Token (UNAUTHORIZED)"));
        } else if (path.startsWith(RIDER)) {
          operation.addSecurityItem(new SecurityRequirement().addList("riderToken"));
          errors(operation, Map.of("401", "Missing or unknown X-Rider-Token (UNAUTHORIZED)"));
        }
        requestIdHeader(operation.getResponses());
      }));
    };
  }

  private static SecurityScheme header(String name, String description) {
    return new SecurityScheme().type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER).name(name)
        .description(description);
  }

  private static void errors(Operation operation, Map<String, String> answers) {
    if (operation.getResponses() == null) {
      operation.setResponses(new ApiResponses());
    }
    Schema<?> error = new Schema<>().$ref("#/components/schemas/ErrorResponse");
    answers.forEach((status, description) -> operation.getResponses().putIfAbsent(status, new ApiResponse()
        .description(description)
        .content(new Content().addMediaType("application/json", new MediaType().schema(error)))));
  }

  private static void rateLimitHeaders(ApiResponses responses) {
    if (responses == null) {
      return;
    }
    responses.forEach((status, response) -> {
      response.addHeaderObject("RateLimit-Limit", intHeader("Requests allowed per window"));
      response.addHeaderObject("RateLimit-Remaining", intHeader("Requests left in this window"));
      response.addHeaderObject("RateLimit-Reset", intHeader("Seconds until the window ends"));
      response.addHeaderObject("RateLimit-Policy", new Header().description("e.g. 60;w=60")
          .schema(new StringSchema()));
      if ("429".equals(status)) {
        response.addHeaderObject("Retry-After", intHeader("Seconds until the window ends"));
      }
    });
  }

  private static void requestIdHeader(ApiResponses responses) {
    if (responses != null) {
      responses.values().forEach(response -> response.addHeaderObject("X-Request-Id",
          new Header().description("The request's id; equals error.requestId").schema(new StringSchema().format("uuid"))));
    }
  }

  private static Header intHeader(String description) {
    return new Header().description(description).schema(new IntegerSchema());
  }
}
