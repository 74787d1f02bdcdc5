package io.dispatch.command.web;

import io.dispatch.web.error.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects validation messages keyed by the field as the client wrote it ({@code orders[3].pickup.lat}). */
public final class FieldErrors {

    private final Map<String, List<String>> errors = new LinkedHashMap<>();

    public void add(String field, String message) {
        errors.computeIfAbsent(field, f -> new ArrayList<>()).add(message);
    }

    /** How many messages so far, to tell whether a step added any. */
    public int count() {
        return errors.values().stream().mapToInt(List::size).sum();
    }

    public boolean has(String field) {
        return errors.containsKey(field);
    }

    public boolean isEmpty() {
        return errors.isEmpty();
    }

    /** The messages so far, by field, in the order the fields were first named. */
    public Map<String, List<String>> asMap() {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        errors.forEach((field, messages) -> copy.put(field, List.copyOf(messages)));
        return copy;
    }

    public void throwIfAny() {
        if (!errors.isEmpty()) {
            throw ApiException.validation(new LinkedHashMap<>(errors));
        }
    }
}
