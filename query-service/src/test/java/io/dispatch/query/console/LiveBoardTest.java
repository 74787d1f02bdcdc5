package io.dispatch.query.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchStatus;
import io.dispatch.query.console.LiveBoard.Change;
import io.dispatch.query.console.LiveBoard.DeliveryChanged;
import io.dispatch.query.console.LiveBoard.RiderMoved;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/** An operator's stream gets every change in order; one that stops reading holds a bounded backlog, then ends. */
class LiveBoardTest {

    private final LiveBoard board = new LiveBoard();
    private final Instant now = Instant.parse("2026-11-27T10:00:00Z");

    /** Asks for {@code demand} changes, then reads no more. */
    private static final class Reader extends BaseSubscriber<Change> {
        final List<Change> received = new CopyOnWriteArrayList<>();
        final long demand;
        volatile Throwable failure;

        Reader(long demand) {
            this.demand = demand;
        }

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            if (demand > 0) {
                subscription.request(demand);
            }
        }

        @Override
        protected void hookOnNext(Change change) {
            received.add(change);
        }

        @Override
        protected void hookOnError(Throwable error) {
            failure = error;
        }
    }

    private RiderMoved move(UUID rider, int i) {
        return new RiderMoved(rider, -1.0 - i / 1e6, 36.8, now.plusMillis(i));
    }

    @Test
    void every_watcher_gets_every_change_in_the_order_it_came() {
        Reader first = new Reader(Long.MAX_VALUE);
        Reader second = new Reader(Long.MAX_VALUE);
        board.watch().changes().subscribe(first);
        board.watch().changes().subscribe(second);
        UUID rider = UUID.randomUUID();
        UUID delivery = UUID.randomUUID();

        board.publish(move(rider, 1));
        board.publish(new DeliveryChanged(delivery, DispatchStatus.ASSIGNED, rider, null, null, now));
        board.publish(move(rider, 2));

        for (Reader reader : List.of(first, second)) {
            assertThat(reader.received).hasSize(3);
            assertThat(reader.received.get(1)).isInstanceOf(DeliveryChanged.class);
            assertThat(((RiderMoved) reader.received.get(2)).recordedAt()).isEqualTo(now.plusMillis(2));
        }
        assertThat(board.watcherCount()).isEqualTo(2);
    }

    @Test
    void a_watcher_that_stops_reading_is_ended_once_its_backlog_is_full_and_others_go_on() {
        Reader stalled = new Reader(0);
        Reader reading = new Reader(Long.MAX_VALUE);
        LiveBoard.Watcher stalledWatcher = board.watch();
        stalledWatcher.changes().subscribe(stalled);
        board.watch().changes().subscribe(reading);
        UUID rider = UUID.randomUUID();

        for (int i = 0; i < LiveBoard.BACKLOG; i++) {
            board.publish(move(rider, i));
        }
        assertThat(stalled.failure).as("a full backlog is not yet behind").isNull();
        board.publish(move(rider, LiveBoard.BACKLOG));
        board.publish(move(rider, LiveBoard.BACKLOG + 1));

        // what waited is read, then the stream ends: its browser reconnects to a new snapshot
        stalled.requestUnbounded();
        assertThat(stalled.received).hasSize(LiveBoard.BACKLOG);
        assertThat(stalled.failure).isInstanceOf(LiveBoard.FellBehind.class);
        assertThat(reading.failure).isNull();
        assertThat(reading.received).hasSize(LiveBoard.BACKLOG + 2);
        board.leave(stalledWatcher);
        assertThat(board.watcherCount()).isEqualTo(1);
    }
}
