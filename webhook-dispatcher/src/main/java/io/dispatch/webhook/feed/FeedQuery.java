package io.dispatch.webhook.feed;

import io.dispatch.web.error.ApiException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The validated query of GET /events. Every bad parameter is reported in one 422, keyed by the
 * parameter's own name; an empty value is as wrong as a malformed one.
 *
 * @param after where the page starts, null for the oldest kept
 */
record FeedQuery(FeedPosition after, int limit) {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 500;
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

    static FeedQuery parse(String after, String limit, UUID merchantId, FeedCursors cursors) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        int pageSize = DEFAULT_LIMIT;
        if (limit != null) {
            pageSize = DIGITS.matcher(limit).matches() ? Integer.parseInt(limit) : -1;
            if (pageSize < 1 || pageSize > MAX_LIMIT) {
                errors.put("limit", List.of("must be an integer from 1 to " + MAX_LIMIT));
            }
        }
        FeedPosition position = null;
        if (after != null) {
            Optional<FeedPosition> decoded = cursors.decode(merchantId, after);
            if (decoded.isEmpty()) {
                errors.put(
                        "after", List.of("is not a cursor this service issued to you; pass meta.nextCursor unchanged"));
            } else {
                position = decoded.get();
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        return new FeedQuery(position, pageSize);
    }
}
