package io.dispatch.logreport.report;

import java.util.ArrayList;
import java.util.List;

/** A count of everything and a list of the first {@code limit} of them. */
final class Listed<T> {

    private final int limit;
    private final List<T> first = new ArrayList<>();
    private long count;

    Listed(int limit) {
        this.limit = limit;
    }

    void add(T item) {
        count++;
        if (first.size() < limit) {
            first.add(item);
        }
    }

    long count() {
        return count;
    }

    Report.Section<T> section() {
        return new Report.Section<>(count, List.copyOf(first));
    }
}
