package io.dispatch.command.eventstore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.codec.DispatchCreatedServiceTargets;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;

/**
 * Brings a {@link DispatchCreated} stored before v2 (Jackson's JSON of the record without
 * {@code targetPickupSeconds} and {@code targetDeliverySeconds}) up to the current record, with
 * the same derivation as the wire's v1 to v2 upcaster. Without it such an event still loads
 * (the fields are nullable) but would reach Kafka as v2 with null targets, unlike its v1 copy.
 *
 * <p>The store's rows carry no revision (the records have no Axon annotation), so the payload's
 * shape decides: a payload that already has the fields passes unchanged.
 */
public final class StoredDispatchCreatedUpcaster extends SingleEventUpcaster {

    private static final String PAYLOAD_TYPE = DispatchCreated.class.getName();
    private static final String V2_FIELD = "targetPickupSeconds";

    private final DispatchCreatedServiceTargets v1ToV2 = new DispatchCreatedServiceTargets();

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation representation) {
        return PAYLOAD_TYPE.equals(representation.getType().getName());
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation representation) {
        return representation.upcastPayload(
                representation.getType(),
                JsonNode.class,
                payload -> payload instanceof ObjectNode stored && !stored.has(V2_FIELD)
                        ? v1ToV2.upcast(stored.deepCopy())
                        : payload);
    }
}
