package io.dispatch.events.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.EventType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The registered upcasters keyed by (type, fromVersion), checked once at construction. */
final class UpcasterChain {

    private record Key(EventType type, int fromVersion) {}

    private final Map<Key, Upcaster> byKey = new HashMap<>();

    UpcasterChain(List<? extends Upcaster> upcasters) {
        for (Upcaster upcaster : upcasters) {
            EventType type = EventType.fromWireName(upcaster.type())
                    .orElseThrow(() -> new IllegalArgumentException("upcaster for unknown type " + upcaster.type()));
            if (upcaster.fromVersion() >= type.version()) {
                throw new IllegalArgumentException("upcaster for " + type.wireName() + " v" + upcaster.fromVersion()
                        + " is not older than the current v" + type.version());
            }
            if (byKey.putIfAbsent(new Key(type, upcaster.fromVersion()), upcaster) != null) {
                throw new IllegalArgumentException(
                        "two upcasters for " + type.wireName() + " v" + upcaster.fromVersion());
            }
        }
    }

    /** Brings {@code data} written at {@code version} up to the type's current version. */
    ObjectNode upcast(EventType type, int version, ObjectNode data) {
        if (version > type.version()) {
            throw new EventDecodingException(
                    type.wireName() + " v" + version + " is newer than this code (v" + type.version() + ")");
        }
        ObjectNode current = data;
        for (int v = version; v < type.version(); v++) {
            Upcaster upcaster = byKey.get(new Key(type, v));
            if (upcaster == null) {
                throw new EventDecodingException("no upcaster for " + type.wireName() + " v" + v);
            }
            current = upcaster.upcast(current);
        }
        return current;
    }
}
