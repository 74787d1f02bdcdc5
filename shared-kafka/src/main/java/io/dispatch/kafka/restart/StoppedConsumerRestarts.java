package io.dispatch.kafka.restart;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.kafka.event.ConsumerStoppedEvent;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Brings back a listener container whose consumer stopped on its own. spring-kafka stops a
 * consumer for good when its listener throws an {@link Error} (an {@code OutOfMemoryError} caused
 * by anything else in the process, a {@code StackOverflowError}): the process then stays up with a
 * projection or an intake that no longer reads, readiness DOWN and liveness UP, so nothing would
 * ever replace it. Here the whole container is stopped and started again after a wait that doubles
 * with each restart; its records are read again from the last committed position (positions are
 * only committed after a record was applied). If one container needs more than {@code
 * maxRestarts} restarts inside {@code window}, the process also declares itself broken (liveness
 * DOWN), so that an orchestrator replaces it; the restarts go on for a process nobody replaces.
 */
public final class StoppedConsumerRestarts implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StoppedConsumerRestarts.class);

    private final ConsumerRestartProperties settings;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final MeterRegistry meters;
    private final ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "consumer-restarts");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<MessageListenerContainer, Deque<Instant>> history = new ConcurrentHashMap<>();
    private final Set<MessageListenerContainer> pending = ConcurrentHashMap.newKeySet();
    private volatile boolean closing;

    public StoppedConsumerRestarts(
            ConsumerRestartProperties settings, ApplicationEventPublisher events, Clock clock, MeterRegistry meters) {
        this.settings = settings;
        this.events = events;
        this.clock = clock;
        this.meters = meters;
    }

    @EventListener
    public void on(ConsumerStoppedEvent stopped) {
        if (closing
                || (stopped.getReason() != ConsumerStoppedEvent.Reason.ERROR
                        && stopped.getReason() != ConsumerStoppedEvent.Reason.ABNORMAL)) {
            return;
        }
        MessageListenerContainer container = stopped.getContainer(MessageListenerContainer.class);
        if (!current(stopped, container) || !pending.add(container)) {
            return; // a sibling of the same stop, or a consumer of a generation already restarted: one restart
        }
        String group = container.getGroupId() == null ? container.getListenerId() : container.getGroupId();
        int recent = remember(container);
        Duration wait = waitBefore(recent);
        Counter.builder("dispatch.kafka.consumer.restarts")
                .description("Listener containers restarted after their consumer stopped on an error")
                .tag("group", String.valueOf(group))
                .register(meters)
                .increment();
        log.error(
                "The consumer of group {} stopped ({}); restarting its container in {} ms ({} restart(s) in the last {})",
                group,
                stopped.getReason(),
                wait.toMillis(),
                recent,
                settings.window());
        if (recent > settings.maxRestarts()) {
            log.error(
                    "The consumer of group {} stopped {} times in {}: this process reports itself broken (liveness DOWN)",
                    group,
                    recent,
                    settings.window());
            AvailabilityChangeEvent.publish(events, this, LivenessState.BROKEN);
        }
        restarts.schedule(() -> restart(container, group), wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Whether the stopped consumer belongs to the container as it runs now. One Error stops every
     * consumer of a concurrent container (the failing one says ERROR, its siblings ABNORMAL), and a
     * consumer still shutting down can report after its container was started again with new ones.
     */
    private static boolean current(ConsumerStoppedEvent stopped, MessageListenerContainer container) {
        return !(container instanceof ConcurrentMessageListenerContainer<?, ?> concurrent)
                || concurrent.getContainers().contains(stopped.getSource());
    }

    @EventListener
    public void on(ContextClosedEvent closed) {
        closing = true;
    }

    /** Restarts of this container inside the window, this one included. */
    private int remember(MessageListenerContainer container) {
        Instant now = clock.instant();
        Deque<Instant> times = history.computeIfAbsent(container, c -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(now);
            while (!times.isEmpty() && times.peekFirst().isBefore(now.minus(settings.window()))) {
                times.removeFirst();
            }
            return times.size();
        }
    }

    private Duration waitBefore(int recent) {
        long millis = settings.firstWait().toMillis() << Math.min(recent - 1, 20);
        return Duration.ofMillis(Math.min(millis, settings.maxWait().toMillis()));
    }

    private void restart(MessageListenerContainer container, String group) {
        if (closing) {
            return;
        }
        pending.remove(container);
        try {
            if (container.isRunning()) {
                container.stop(); // the other consumers of a concurrent container, so it starts whole
            }
            if (!closing) {
                container.start();
                log.info("The consumer of group {} was restarted", group);
            }
        } catch (RuntimeException e) {
            log.error("Could not restart the consumer of group {}; trying again", group, e);
            restarts.schedule(
                    () -> restart(container, group), settings.maxWait().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        closing = true;
        restarts.shutdownNow();
    }
}
