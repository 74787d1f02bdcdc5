package io.dispatch.query.dispatch.web;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Source;
import io.dispatch.query.dispatch.DispatchRows.ListPosition;
import io.dispatch.web.error.ApiException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The validated query of GET /dispatches. Every bad parameter is reported in one 422, keyed by
 * the parameter's own name. Values are exact: statuses as the lifecycle names them, sources by
 * their wire names; an empty value is as wrong as an unknown one.
 *
 * @param after the position the page starts after, null for the first page
 */
record DispatchListQuery(DispatchStatus status, Source source, int limit, ListPosition after) {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 200;
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

    static DispatchListQuery parse(
            String status, String source, String limit, String cursor, UUID merchantId, ListCursors cursors) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Optional<DispatchStatus> statusFilter = Optional.empty();
        if (status != null) {
            statusFilter = Arrays.stream(DispatchStatus.values())
                    .filter(s -> s.name().equals(status))
                    .findFirst();
            if (statusFilter.isEmpty()) {
                errors.put("status", List.of("must be one of " + names(DispatchStatus.values(), DispatchStatus::name)));
            }
        }
        Optional<Source> sourceFilter = Optional.empty();
        if (source != null) {
            sourceFilter = sourceNamed(source);
            if (sourceFilter.isEmpty()) {
                errors.put("source", List.of("must be one of " + names(Source.values(), Source::wireName)));
            }
        }
        int pageSize = DEFAULT_LIMIT;
        if (limit != null) {
            pageSize = DIGITS.matcher(limit).matches() ? Integer.parseInt(limit) : -1;
            if (pageSize < 1 || pageSize > MAX_LIMIT) {
                errors.put("limit", List.of("must be an integer from 1 to " + MAX_LIMIT));
            }
        }
        ListPosition after = null;
        if (cursor != null) {
            Optional<ListCursors.Cursor> decoded = cursors.decode(merchantId, cursor);
            if (decoded.isEmpty()) {
                errors.put("cursor", List.of("is not a cursor this service issued; pass meta.nextCursor unchanged"));
            } else if (!errors.containsKey("status")
                    && !errors.containsKey("source")
                    && !(Objects.equals(decoded.get().status(), statusFilter.orElse(null))
                            && Objects.equals(decoded.get().source(), sourceFilter.orElse(null)))) {
                errors.put(
                        "cursor",
                        List.of("was issued for other status or source filters; "
                                + "repeat those filters or start again without a cursor"));
            } else {
                after = decoded.get().after();
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return new DispatchListQuery(statusFilter.orElse(null), sourceFilter.orElse(null), pageSize, after);
    }

    /** The cursor of the page that follows the item at {@code last}, under the same filters. */
    ListCursors.Cursor nextAfter(ListPosition last) {
        return new ListCursors.Cursor(last, status, source);
    }

    static Optional<Source> sourceNamed(String wireName) {
        return Arrays.stream(Source.values())
                .filter(s -> s.wireName().equals(wireName))
                .findFirst();
    }

    private static <T> String names(T[] values, Function<T, String> name) {
        return Arrays.stream(values).map(name).collect(Collectors.joining(", "));
    }
}
