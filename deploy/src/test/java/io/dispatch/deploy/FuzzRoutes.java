package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The routes {@link ApiFuzzTest} walks: every operation of the served OpenAPI document, with its
 * parameters and its body schema ({@code $ref}s inlined), plus every route the router maps that
 * the document leaves out. A route added tomorrow is fuzzed tomorrow, with what the document says
 * about it or, when it says nothing, with the generic hostile input every route gets.
 */
final class FuzzRoutes {

    enum Family {
        MERCHANT,
        ADMIN,
        RIDER,
        PUBLIC
    }

    record Param(String name, boolean required, JsonNode schema) {}

    /**
     * One operation. {@code bodyType} is null when the operation takes no body; {@code bodySchema}
     * is null when nothing is known of its shape.
     */
    record Route(
            String method,
            String template,
            Family family,
            List<String> pathParams,
            List<Param> query,
            List<Param> headers,
            String bodyType,
            boolean bodyRequired,
            JsonNode bodySchema,
            boolean documented) {

        String key() {
            return method + " " + template;
        }

        /** Under /api/v1/external/dispatches every request carries an Idempotency-Key. */
        boolean idempotent() {
            return template.startsWith("/api/v1/external/dispatches");
        }

        boolean hasHeader(String name) {
            return headers.stream().anyMatch(h -> h.name().equalsIgnoreCase(name));
        }
    }

    private static final Pattern PATH_PARAM = Pattern.compile("\\{\\*?([A-Za-z0-9_]+)}");
    /** The document's own pages: public, answered by springdoc, not part of the dispatch API. */
    private static final Pattern DOCUMENTATION = Pattern.compile("/(v3/api-docs|docs|webjars)(/.*|\\.yaml(/.*)?)?");

    private FuzzRoutes() {}

    /**
     * @param router "METHOD /template" of every handler the running service maps
     * @param bodyOverrides schemas for operations whose document body is a bare JsonNode, by route key
     */
    static List<Route> read(JsonNode document, Set<String> router, Map<String, JsonNode> bodyOverrides) {
        JsonNode components = document.path("components").path("schemas");
        List<Route> routes = new ArrayList<>();
        Set<String> documented = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String method = op.getKey().toUpperCase();
                if (!Set.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    continue;
                }
                Route route = route(method, path.getKey(), op.getValue(), components, bodyOverrides);
                routes.add(route);
                documented.add(route.key());
            }
        }
        for (String mapped : router) {
            if (documented.contains(mapped)) {
                continue;
            }
            String method = mapped.substring(0, mapped.indexOf(' '));
            String template = mapped.substring(mapped.indexOf(' ') + 1);
            if (DOCUMENTATION.matcher(template).matches() && !method.equals("GET")) {
                continue;
            }
            boolean body = Set.of("POST", "PUT", "PATCH").contains(method);
            routes.add(new Route(
                    method,
                    template,
                    familyOf(template),
                    pathParams(template),
                    List.of(),
                    List.of(),
                    body ? "application/json" : null,
                    false,
                    null,
                    false));
        }
        return routes;
    }

    private static Route route(
            String method, String template, JsonNode op, JsonNode components, Map<String, JsonNode> bodyOverrides) {
        List<Param> query = new ArrayList<>();
        List<Param> headers = new ArrayList<>();
        for (JsonNode p : op.path("parameters")) {
            Param param = new Param(
                    p.get("name").asText(),
                    p.path("required").asBoolean(false),
                    inline(p.path("schema"), components, 0));
            switch (p.path("in").asText()) {
                case "query" -> query.add(param);
                case "header" -> headers.add(param);
                default -> {}
            }
        }
        String bodyType = null;
        JsonNode schema = null;
        JsonNode content = op.path("requestBody").path("content");
        if (content.size() > 0) {
            bodyType = content.fieldNames().next();
            JsonNode raw = content.get(bodyType).path("schema");
            boolean bare = raw.path("$ref").asText().endsWith("/JsonNode");
            String key = method + " " + template;
            schema = bodyOverrides.containsKey(key)
                    ? inline(bodyOverrides.get(key), components, 0)
                    : bare ? null : inline(raw, components, 0);
        }
        return new Route(
                method,
                template,
                family(op, template),
                pathParams(template),
                query,
                headers,
                bodyType,
                op.path("requestBody").path("required").asBoolean(false),
                schema,
                true);
    }

    private static Family family(JsonNode op, String template) {
        String security = op.path("security").toString();
        if (security.contains("apiKey")) {
            return Family.MERCHANT;
        }
        if (security.contains("adminToken")) {
            return Family.ADMIN;
        }
        return security.contains("riderToken") ? Family.RIDER : familyOf(template);
    }

    private static Family familyOf(String template) {
        if (template.startsWith("/api/v1/external/")) {
            return Family.MERCHANT;
        }
        if (template.startsWith("/api/v1/rider/")) {
            return Family.RIDER;
        }
        // signup, sign-in and sign-out take no credential (AccountsRoutes), nor do the console's
        if (template.startsWith("/api/v1/track/")
                || template.startsWith("/track/")
                || template.startsWith("/api/v1/auth/")
                || template.equals("/api/v1/console/signin")
                || template.equals("/api/v1/console/signout")
                || DOCUMENTATION.matcher(template).matches()) {
            return Family.PUBLIC;
        }
        return Family.ADMIN;
    }

    private static List<String> pathParams(String template) {
        List<String> names = new ArrayList<>();
        Matcher m = PATH_PARAM.matcher(template);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** The schema with every {@code $ref} replaced by a copy of its target, named in {@code x-name}. */
    static JsonNode inline(JsonNode schema, JsonNode components, int depth) {
        if (schema == null || schema.isMissingNode() || depth > 12) {
            return null;
        }
        if (schema.has("$ref")) {
            String name = schema.get("$ref").asText().substring("#/components/schemas/".length());
            ObjectNode target = ((ObjectNode) components.get(name)).deepCopy();
            target.put("x-name", name);
            return inline(target, components, depth + 1);
        }
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode copy = ((ObjectNode) schema).deepCopy();
        Map<String, JsonNode> replaced = new LinkedHashMap<>();
        copy.fields().forEachRemaining(field -> {
            if (field.getKey().equals("properties")) {
                ObjectNode properties = copy.objectNode();
                field.getValue()
                        .fields()
                        .forEachRemaining(p -> properties.set(p.getKey(), inline(p.getValue(), components, depth + 1)));
                replaced.put("properties", properties);
            } else if (field.getKey().equals("items")) {
                replaced.put("items", inline(field.getValue(), components, depth + 1));
            }
        });
        replaced.forEach(copy::set);
        return copy;
    }
}
