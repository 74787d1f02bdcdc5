package io.dispatch.web.openapi;

import io.dispatch.web.keyed.KeyedRoutes;
import io.dispatch.web.security.Routes;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The answers every operation of one API can give besides its own, added to each operation of a
 * document by its path: the credential, the Idempotency-Key, the error statuses in the envelope
 * ({@link ErrorAnswers}), and the headers every answer carries ({@link AnswerHeaders}). Each
 * document names only the credential its own operations use ({@link Api}), so a generated
 * client's {@code setApiKey} sets the right one.
 */
final class OperationRules {

    static final String EXTERNAL = "/api/v1/external/";
    static final String DISPATCHES = "/api/v1/external/dispatches";
    static final String ADMIN = "/api/v1/admin/";
    static final String RIDER = "/api/v1/rider/";
    static final String PROOF_MEDIA = "/api/v1/proof-media/";
    /** The Idempotency-Key rule of decisions.md §1: 1 to 255 printable ASCII characters. */
    static final String IDEMPOTENCY_KEY_PATTERN = "^[\\x20-\\x7E]{1,255}$";

    private final ErrorAnswers errors;

    OperationRules(String tooLarge) {
        this.errors = new ErrorAnswers(tooLarge);
    }

    /** The merchant routes that take an Idempotency-Key (required on the dispatch routes). */
    static boolean idempotent(String path) {
        return path.startsWith(DISPATCHES) || path.equals(Routes.WEBHOOK_RECOVER);
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
        apis.stream()
                .flatMap(api -> api.credentials().stream())
                .forEach(api -> components.addSecuritySchemes(api.scheme, api.securityScheme()));
        DocumentSchemas.keepReferenced(openApi);
        DocumentSchemas.nullableReferences(openApi);
        Api main = apis.size() == 1 ? apis.iterator().next() : Api.MERCHANT;
        openApi.setInfo(ApiDocumentation.info(apis.size() == 1 ? main.title : "dispatch API", ""));
    }

    private void rules(Api api, String path, PathItem.HttpMethod method, Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(new ApiResponses());
        }
        if (!api.credentials().isEmpty()) {
            operation.setSecurity(new ArrayList<>(api.credentials().stream()
                    .map(credential -> new SecurityRequirement().addList(credential.scheme))
                    .toList()));
        }
        if (api == Api.MERCHANT && idempotent(path)) {
            idempotencyKey(operation, path.startsWith(DISPATCHES));
        }
        if (api == Api.RIDER && method == PathItem.HttpMethod.POST && KeyedRoutes.riderAction(path)) {
            idempotencyKey(operation, false);
        }
        errors.addTo(api, path, operation);
        operation.setResponses(sorted(operation.getResponses()));
        operation.getResponses().forEach((status, response) -> AnswerHeaders.addTo(api, path, status, response));
    }

    private static ApiResponses sorted(ApiResponses responses) {
        ApiResponses sorted = new ApiResponses();
        new TreeMap<>(responses).forEach(sorted::addApiResponse);
        return sorted;
    }

    private static void idempotencyKey(Operation operation, boolean required) {
        List<Parameter> parameters =
                operation.getParameters() == null ? new ArrayList<>() : new ArrayList<>(operation.getParameters());
        parameters.removeIf(p -> "Idempotency-Key".equals(p.getName()));
        parameters.add(new HeaderParameter()
                .name("Idempotency-Key")
                .required(required)
                .description(
                        required
                                ? "1 to 255 printable ASCII characters, fresh per logical request (reads included); a UUID "
                                        + "is appropriate. A missing or malformed key answers 422 on Idempotency-Key."
                                : "Optional: with a key (1 to 255 printable ASCII characters, a UUID is appropriate) a repeat of the "
                                        + "same request answers the first answer again; a malformed key answers 422 on Idempotency-Key.")
                .example("5f0c6a1e-8a53-4c4e-9d0b-2f3f4a1c9e11")
                .schema(new StringSchema().minLength(1).maxLength(255).pattern(IDEMPOTENCY_KEY_PATTERN)));
        operation.setParameters(parameters);
    }
}
