package io.dispatch.deploy.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The YAML documents of a manifest file as plain maps (SnakeYAML, safe, duplicate keys refused). */
final class YamlDocuments {

    /** One document: where it came from ("front.yaml#2") and its content. */
    record Doc(String source, Map<String, Object> tree) {

        String kind() {
            return String.valueOf(tree.get("kind"));
        }

        String apiVersion() {
            return String.valueOf(tree.get("apiVersion"));
        }

        String name() {
            return String.valueOf(map(tree, "metadata").get("name"));
        }

        String id() {
            return kind() + " " + name() + " (" + source + ")";
        }
    }

    private YamlDocuments() {}

    static List<Doc> load(Path file) {
        try {
            return parse(file.getFileName().toString(), Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses every non-empty document; fails (IllegalArgumentException) on YAML errors and duplicate keys. */
    static List<Doc> parse(String source, String text) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        Yaml yaml = new Yaml(new SafeConstructor(options));
        List<Doc> docs = new ArrayList<>();
        int index = 0;
        try {
            for (Object document : yaml.loadAll(text)) {
                index++;
                if (document == null) {
                    continue;
                }
                if (!(document instanceof Map<?, ?> map)) {
                    throw new IllegalArgumentException(source + "#" + index + " is not a mapping");
                }
                docs.add(new Doc(source + "#" + index, stringKeys(map)));
            }
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(source + ": not valid YAML: " + e.getMessage(), e);
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(String.valueOf(k), v));
        return copy;
    }

    // --- small accessors over the plain trees ---------------------------------------------------

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object parent, String key) {
        if (parent instanceof Map<?, ?> m && m.get(key) instanceof Map<?, ?> child) {
            return (Map<String, Object>) child;
        }
        return Map.of();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object parent, String key) {
        if (parent instanceof Map<?, ?> m && m.get(key) instanceof List<?> child) {
            return (List<Object>) child;
        }
        return List.of();
    }

    static String string(Object parent, String key) {
        if (parent instanceof Map<?, ?> m && m.get(key) != null) {
            return String.valueOf(m.get(key));
        }
        return null;
    }

    /** The value at a dotted path of map keys, or null. */
    static Object at(Object root, String... keys) {
        Object current = root;
        for (String key : keys) {
            if (!(current instanceof Map<?, ?> m)) {
                return null;
            }
            current = m.get(key);
        }
        return current;
    }

    static Map<String, String> stringMap(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.put(String.valueOf(k), Objects.toString(v, null)));
        }
        return out;
    }
}
