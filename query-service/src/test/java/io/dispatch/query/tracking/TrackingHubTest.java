package io.dispatch.query.tracking;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchStatus;
import io.dispatch.query.tracking.TrackingHub.EstimatesChanged;
import io.dispatch.query.tracking.TrackingHub.RiderMoved;
import io.dispatch.query.tracking.TrackingHub.StatusChanged;
import io.dispatch.query.tracking.TrackingHub.Update;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/** What a viewer that reads slower than changes come holds: bounded, the newest position, every status. */
class TrackingHubTest {

    private final TrackingHub hub = new TrackingHub();
    private final UUID delivery = UUID.randomUUID();
    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");

    /** Subscribes without asking for anything until told to. */
    private static final class StalledViewer extends BaseSubscriber<Update> {
        final List<Update> received = new CopyOnWriteArrayList<>();
        volatile Throwable failure;

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            // reads nothing yet
        }

        @Override
        protected void hookOnNext(Update update) {
            received.add(update);
        }

        @Override
        protected void hookOnError(Throwable error) {
            failure = error;
        }
    }

    private StatusChanged status(long sequence, DispatchStatus status) {
        return new StatusChanged(sequence, status, now.plusSeconds(sequence));
    }

    @Test
    void a_viewer_that_does_not_read_keeps_its_status_changes_and_only_the_newest_position() {
        StalledViewer viewer = new StalledViewer();
        hub.watch(delivery).updates().subscribe(viewer);

        hub.publish(delivery, status(2, DispatchStatus.ASSIGNED));
        for (int i = 0; i < 10_000; i++) {
            hub.publish(delivery, new RiderMoved(-1.0 - i / 1e6, 36.8, now.plusMillis(i)));
        }
        hub.publish(delivery, status(3, DispatchStatus.PICKED_UP));
        assertThat(hub.largestBacklog()).isLessThanOrEqualTo(TrackingHub.MAX_BACKLOG);

        viewer.requestUnbounded();
        assertThat(viewer.received)
                .filteredOn(StatusChanged.class::isInstance)
                .containsExactly(status(2, DispatchStatus.ASSIGNED), status(3, DispatchStatus.PICKED_UP));
        assertThat(viewer.received)
                .filteredOn(RiderMoved.class::isInstance)
                .containsExactly(new RiderMoved(-1.0 - 9_999 / 1e6, 36.8, now.plusMillis(9_999)));
    }

    @Test
    void a_viewer_that_does_not_read_keeps_only_the_newest_estimates_and_position_behind_its_statuses() {
        StalledViewer viewer = new StalledViewer();
        hub.watch(delivery).updates().subscribe(viewer);

        hub.publish(delivery, status(2, DispatchStatus.ASSIGNED));
        for (int i = 0; i < 1_000; i++) {
            hub.publish(delivery, new EstimatesChanged(3 + i, now.plusSeconds(i), now.plusSeconds(600 + i)));
            hub.publish(delivery, new RiderMoved(-1.0 - i / 1e6, 36.8, now.plusMillis(i)));
        }
        hub.publish(delivery, status(2_000, DispatchStatus.PICKED_UP));
        hub.publish(delivery, new EstimatesChanged(2_001, null, now.plusSeconds(900)));
        assertThat(hub.largestBacklog())
                .as("two statuses, a position, estimates")
                .isEqualTo(4);

        viewer.requestUnbounded();
        assertThat(viewer.received)
                .containsExactly(
                        status(2, DispatchStatus.ASSIGNED),
                        new RiderMoved(-1.0 - 999 / 1e6, 36.8, now.plusMillis(999)),
                        status(2_000, DispatchStatus.PICKED_UP),
                        new EstimatesChanged(2_001, null, now.plusSeconds(900)));
    }

    @Test
    void a_position_sent_before_the_stream_subscribes_is_kept_newest_only() {
        TrackingHub.Viewer registered = hub.watch(delivery);
        hub.publish(delivery, new RiderMoved(-1.1, 36.8, now));
        hub.publish(delivery, new RiderMoved(-1.2, 36.8, now.plusSeconds(1)));
        assertThat(hub.largestBacklog()).isEqualTo(1);

        StalledViewer viewer = new StalledViewer();
        registered.updates().subscribe(viewer);
        viewer.requestUnbounded();
        assertThat(viewer.received).containsExactly(new RiderMoved(-1.2, 36.8, now.plusSeconds(1)));
    }

    @Test
    void a_viewer_more_than_sixteen_status_changes_behind_gets_those_sixteen_and_is_ended() {
        StalledViewer viewer = new StalledViewer();
        hub.watch(delivery).updates().subscribe(viewer);
        for (int sequence = 1; sequence <= TrackingHub.STATUS_BACKLOG + 1; sequence++) {
            hub.publish(delivery, status(sequence, DispatchStatus.ASSIGNED));
        }
        assertThat(hub.largestBacklog()).isEqualTo(TrackingHub.STATUS_BACKLOG);

        viewer.requestUnbounded();
        assertThat(viewer.received).hasSize(TrackingHub.STATUS_BACKLOG);
        assertThat(viewer.failure).isInstanceOf(TrackingHub.ViewerFellBehind.class);
    }

    @Test
    void a_viewer_that_reads_gets_every_update_in_order_and_leaving_forgets_it() {
        TrackingHub.Viewer registered = hub.watch(delivery);
        StalledViewer viewer = new StalledViewer();
        registered.updates().subscribe(viewer);
        viewer.requestUnbounded();
        hub.publish(delivery, new RiderMoved(-1.1, 36.8, now));
        hub.publish(delivery, status(4, DispatchStatus.IN_TRANSIT));
        hub.publish(delivery, new RiderMoved(-1.2, 36.8, now.plusSeconds(1)));
        assertThat(viewer.received)
                .containsExactly(
                        new RiderMoved(-1.1, 36.8, now),
                        status(4, DispatchStatus.IN_TRANSIT),
                        new RiderMoved(-1.2, 36.8, now.plusSeconds(1)));

        assertThat(hub.viewerCount()).isEqualTo(1);
        hub.leave(delivery, registered);
        assertThat(hub.viewerCount()).isZero();
    }
}
