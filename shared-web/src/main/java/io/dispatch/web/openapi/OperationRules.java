package io.dispatch.web.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.dispatch.web.security.Routes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The answers every operation of one API can give besides its own, added to each operation of a
 * document by its path: the credential, the Idempotency-Key, the error statuses in the envelope,
 * and the headers every answer carries. Each document names only the credential its own
 * operations use, so a generated client's {@code setApiKey} sets the right one.
 */
final class OperationRules {

  static final String EXTERNAL = "/api/v1/external/";
  static final String DISPATCHES = "/api/v1/external/dispatches";
  static final String ADMIN = "/api/v1/admin/";
  static final String RIDER = "/api/v1/rider/";
  static final String ERROR_SCHEMA = "#/components/schemas/ErrorResponse";
  /** The Idempotency-Key rule of decisions.md §1: 1 to 255 printable ASCII characters. */
  static final String IDEMPOTENCY_KEY_PATTERN = "^[\\x20-\\x7E]{1,255}$";

  private final String tooLarge;

  OperationRules(String tooLarge) {
    this.tooLarge = tooLarge;
  }

  enum Api {
    MERCHANT("apiKey", "X-API-Key", "A merchant API key, `<key_id>.<secret>`, sent whole", "dispatch merchant API"),
    OPERATOR("adminToken", "X-Admin-Token", "The operator token (dispatch.admin-token)", "dispatch operator API"),
    RIDER("riderToken", "X-Rider-Token", "A rider's token, shown once at registration", "dispatch rider API"),
    TRACKING(null, null, null, "dispatch public tracking");

    final String scheme;
    final String header;
    final String credential;
    final String title;

    Api(String scheme, String header, String credential, String title) {
      this.scheme = scheme;
      this.header = header;
      this.credential = credential;
      this.title = title;
    }

    static Api of(String path) {
      if (path.startsWith(EXTERNAL)) {
        return MERCHANT;
      }
      if (path.startsWith(ADMIN)) {
        return OPERATOR;
      }
      if (path.startsWith(OperationRules.RIDER)) {
        return RIDER;
      }
      return TRACKING;
    }
  }

  void apply(OpenAPI openApi) {
    if (openApi.getPaths() == null) {
      return;
    }
    // the default document (/v3/api-docs) holds every route: it is the merchant API alone
    if (openApi.getPaths().keySet().stream().anyMatch(path -> path.startsWith(EXTERNAL))) {
      openApi.getPaths().keySet().removeIf(path -> !path.startsWith(EXTERNAL));
    }
    Set<Api> apis = new LinkedHashSet<>();
    openApi.getPaths().forEach((path, item) -> {
      Api api = Api.of(path);
      apis.add(api);
      item.readOperationsMap().forEach((method, operation) -> rules(api, path, method, operation));
    });
    if (openApi.getComponents() == null) {
      openApi.setComponents(new Components());
    }
    Components components = openApi.getComponents();
    components.setSecuritySchemes(new TreeMap<>());
    apis.stream().filter(api -> api.scheme != null).forEach(api -> components.addSecuritySchemes(api.scheme,
        new SecurityScheme().type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER).name(api.header)
            .description(api.credential)));
    keepReferencedSchemas(openApi);
    nullableReferences(openApi);
    Api main = apis.size() == 1 ? apis.iterator().next() : Api.MERCHANT;
    openApi.setInfo(ApiDocumentation.info(apis.size() == 1 ? main.title : "dispatch API", ""));
  }

  private void rules(Api api, String path, PathItem.HttpMethod method, Operation operation) {
    if (operation.getResponses() == null) {
      operation.setResponses(new ApiResponses());
    }
    boolean body = operation.getRequestBody() != null;
    boolean id = path.contains("{");
    Map<String, String> errors = new LinkedHashMap<>();
    errors.put("400", "The request is not in canonical form, refused before routing: e.g. a GET with a body, an "
        + "encoded slash or a dot segment in the path (VALIDATION_ERROR)");
    switch (api) {
      case MERCHANT -> {
        operation.setSecurity(new ArrayList<>(List.of(new SecurityRequirement().addList(api.scheme))));
        errors.put("401", "Missing, malformed, revoked or suspended API key (UNAUTHORIZED)");
        errors.put("403", "The key lacks the scope this route needs (FORBIDDEN)");
        if (id) {
          errors.put("404", "No such delivery (or notification) for this merchant, or a malformed id (NOT_FOUND)");
        }
        if (path.startsWith(DISPATCHES) || path.equals(Routes.WEBHOOK_RECOVER)) {
          idempotencyKey(operation, path.startsWith(DISPATCHES));
          errors.put("409", "The Idempotency-Key was used with another request, or its first request is still "
              + "running (CONFLICT)");
        }
      }
      case OPERATOR -> {
        operation.setSecurity(new ArrayList<>(List.of(new SecurityRequirement().addList(api.scheme))));
        errors.put("401", "Missing or wrong X-Admin-Token (UNAUTHORIZED)");
        if (id) {
          errors.put("404", "No such resource, or a malformed id (NOT_FOUND)");
          errors.put("409", "The resource's state does not allow this (CONFLICT; details.currentStatus)");
        }
      }
      case RIDER -> {
        operation.setSecurity(new ArrayList<>(List.of(new SecurityRequirement().addList(api.scheme))));
        errors.put("401", "Missing or unknown X-Rider-Token (UNAUTHORIZED)");
        if (id) {
          errors.put("403", "The delivery is assigned to another rider, or to none (FORBIDDEN)");
          errors.put("404", "No such delivery, or a malformed id (NOT_FOUND)");
          errors.put("409", "The delivery's status does not allow this action (CONFLICT; details.currentStatus)");
        }
        errors.put("429", "Over the rider's rate limit (RATE_LIMITED); see Retry-After");
      }
      case TRACKING -> {
        errors.put("404", "No delivery has this tracking token (NOT_FOUND)");
        errors.put("429", "Over the per-address limit of public tracking (RATE_LIMITED); see Retry-After");
      }
    }
    if (body) {
      errors.put("413", tooLarge);
      errors.put("415", "The Content-Type is missing or not application/json (VALIDATION_ERROR)");
    }
    if (api != Api.TRACKING) {
      errors.put("422", "Invalid input (VALIDATION_ERROR with details.fieldErrors naming each field as sent)");
    }
    if (api == Api.MERCHANT) {
      errors.put("429", "Over the rate limit (RATE_LIMITED); see Retry-After");
    }
    errors.put("500", "A server fault (INTERNAL_ERROR); safe to retry with the same Idempotency-Key");
    errors.forEach((status, description) -> {
      ApiResponse response = operation.getResponses().computeIfAbsent(status, s -> new ApiResponse());
      if (response.getDescription() == null || response.getDescription().isBlank()) {
        response.setDescription(description);
      }
      response.setContent(new Content().addMediaType("application/json",
          new MediaType().schema(new Schema<>().$ref(ERROR_SCHEMA))));
    });
    operation.setResponses(sorted(operation.getResponses()));
    operation.getResponses().forEach((status, response) -> headers(api, path, status, response));
  }

  /** Drops the schemas no operation of this document refers to, directly or through other schemas. */
  private static void keepReferencedSchemas(OpenAPI openApi) {
    Map<String, Schema> schemas = openApi.getComponents().getSchemas();
    if (schemas == null) {
      return;
    }
    Set<String> kept = new LinkedHashSet<>();
    java.util.Deque<String> pending = new java.util.ArrayDeque<>(references(openApi.getPaths()));
    while (!pending.isEmpty()) {
      String name = pending.pop();
      if (kept.add(name) && schemas.containsKey(name)) {
        pending.addAll(references(schemas.get(name)));
      }
    }
    schemas.keySet().retainAll(kept);
  }

  /**
   * swagger-core writes a nullable reference as {@code {type: "null", $ref}}, which says "null
   * only"; JSON Schema 2020-12 (OpenAPI 3.1) says "this object or null" as a oneOf.
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void nullableReferences(OpenAPI openApi) {
    Map<String, Schema> schemas = openApi.getComponents().getSchemas();
    if (schemas == null) {
      return;
    }
    schemas.values().forEach(schema -> {
      Map<String, Schema> properties = schema.getProperties();
      if (properties == null) {
        return;
      }
      properties.values().forEach(property -> {
        // a nullable enum lists null among its values, or null fails the enum
        if (property.getEnum() != null && property.getTypes() != null && property.getTypes().contains("null")
            && !property.getEnum().contains(null)) {
          property.getEnum().add(null);
        }
      });
      properties.replaceAll((name, property) -> {
        if (property.get$ref() == null || property.getTypes() == null || !property.getTypes().contains("null")) {
          return property;
        }
        Schema either = new io.swagger.v3.oas.models.media.JsonSchema();
        either.setDescription(property.getDescription());
        either.setOneOf(List.of(new io.swagger.v3.oas.models.media.JsonSchema().$ref(property.get$ref()),
            new io.swagger.v3.oas.models.media.JsonSchema().types(new java.util.LinkedHashSet<>(List.of("null")))));
        return either;
      });
    });
  }

  private static final java.util.regex.Pattern REFERENCE =
      java.util.regex.Pattern.compile("#/components/schemas/([^\"]+)\"");

  private static Set<String> references(Object part) {
    Set<String> names = new LinkedHashSet<>();
    try {
      java.util.regex.Matcher matcher = REFERENCE.matcher(io.swagger.v3.core.util.Json31.mapper().writeValueAsString(part));
      while (matcher.find()) {
        names.add(matcher.group(1));
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot read the document's references", e);
    }
    return names;
  }

  private static ApiResponses sorted(ApiResponses responses) {
    ApiResponses sorted = new ApiResponses();
    new TreeMap<>(responses).forEach(sorted::addApiResponse);
    return sorted;
  }

  private static void idempotencyKey(Operation operation, boolean required) {
    List<Parameter> parameters = operation.getParameters() == null ? new ArrayList<>()
        : new ArrayList<>(operation.getParameters());
    parameters.removeIf(p -> "Idempotency-Key".equals(p.getName()));
    parameters.add(new HeaderParameter()
        .name("Idempotency-Key")
        .required(required)
        .description(required
            ? "1 to 255 printable ASCII characters, fresh per logical request (reads included); a UUID "
                + "is appropriate. A missing or malformed key answers 422 on Idempotency-Key."
            : "Optional: with a key (1 to 255 printable ASCII characters, a UUID is appropriate) a repeat of the "
                + "same request answers the first answer again; a malformed key answers 422 on Idempotency-Key.")
        .example("5f0c6a1e-8a53-4c4e-9d0b-2f3f4a1c9e11")
        .schema(new StringSchema().minLength(1).maxLength(255).pattern(IDEMPOTENCY_KEY_PATTERN)));
    operation.setParameters(parameters);
  }

  private static void headers(Api api, String path, String status, ApiResponse response) {
    Map<String, Header> headers = new LinkedHashMap<>();
    headers.put("X-Request-Id", new Header().required(true).description("The request's id; equals error.requestId")
        .schema(new StringSchema().format("uuid")));
    if (api == Api.MERCHANT) {
      headers.put("RateLimit-Limit", intHeader("Requests allowed per window (absent when no key was recognised)"));
      headers.put("RateLimit-Remaining", intHeader("Requests left in this window"));
      headers.put("RateLimit-Reset", intHeader("Seconds until the window ends"));
      headers.put("RateLimit-Policy", new Header().description("The window, e.g. `60;w=60`")
          .schema(new StringSchema().example("60;w=60")));
      if (path.startsWith(DISPATCHES) || path.equals(Routes.WEBHOOK_RECOVER)) {
        headers.put("Idempotent-Replayed", new Header()
            .description("`true` when this is the stored answer of an earlier request with the same key")
            .schema(new StringSchema()._enum(List.of("true"))));
      }
    }
    if ("429".equals(status)) {
      headers.put("Retry-After", intHeader("Seconds until the window ends").required(true));
    } else if ("503".equals(status)) {
      headers.put("Retry-After", intHeader("Seconds to wait before retrying"));
    }
    if (response.getHeaders() != null) {
      response.getHeaders().forEach(headers::putIfAbsent);
    }
    response.setHeaders(headers);
  }

  private static Header intHeader(String description) {
    return new Header().description(description).schema(new IntegerSchema().minimum(java.math.BigDecimal.ZERO));
  }
}
