package io.dispatch.audit.application;

import io.dispatch.audit.domain.LoggedEvent;
import java.util.List;
import java.util.UUID;

/**
 * One delivery's events as the log holds them, each with its position in the whole log: the one
 * thing the audit reads from its host rather than from a read model. command-service implements it
 * on its event store, decoded as the aggregate reads it (its serializer and upcasters). The host
 * reads inside the audit's transaction, so the events and the read models are one snapshot.
 */
public interface DeliveryLog {

    /** In sequence order; empty when no delivery has this id. */
    List<LoggedEvent> read(UUID dispatchId);
}
