package io.dispatch.events.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.EventType;

/**
 * {@code dispatch.created} v2 to v3: adds {@code dispatchPolicy}, null for a delivery created
 * before dispatching policies existed, which every reader takes as the {@code default} zone's
 * {@code MANUAL} at version 0 (what such a delivery followed).
 */
public final class DispatchCreatedPolicy implements Upcaster {

    @Override
    public String type() {
        return EventType.DISPATCH_CREATED.wireName();
    }

    @Override
    public int fromVersion() {
        return 2;
    }

    @Override
    public ObjectNode upcast(ObjectNode data) {
        if (!data.has("dispatchPolicy")) {
            data.putNull("dispatchPolicy");
        }
        return data;
    }
}
