package io.dispatch.events.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Rewrites the {@code data} of one event type from {@link #fromVersion()} to the next version.
 * Upcasters work on the JSON tree, not on records, because the record only has the current
 * shape; a chain of them brings any stored version up to the one the code binds.
 */
public interface Upcaster {

    /** The wire name, e.g. {@code dispatch.cancelled}. */
    String type();

    /** The version this upcaster reads; it produces {@code fromVersion() + 1}. */
    int fromVersion();

    /**
     * May modify and return {@code data}; it is a private copy owned by the decoder. It holds the
     * envelope's {@code data} plus the four fields the envelope lifts out ({@code dispatchId},
     * {@code merchantId}, {@code occurredAt}, {@code actor}), i.e. the record's JSON shape.
     */
    ObjectNode upcast(ObjectNode data);
}
