package io.dispatch.command.dispatch.application;

import io.dispatch.command.publication.PublicationTracker.Published;
import io.dispatch.events.view.DispatchView;

/**
 * The state after a write and, when it arrived in time, where its last event sits in the log
 * ({@code published} is null when the read-your-writes wait ran out).
 */
public record Written(DispatchView view, Published published) {}
