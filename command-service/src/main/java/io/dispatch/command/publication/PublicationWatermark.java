package io.dispatch.command.publication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * How far the Kafka publisher has got, as every command-service instance can see it: the
 * position the publisher itself records in {@code command.publication_position} once Kafka has
 * acknowledged a whole batch ({@link #recordPublished}; the global index of its last event and
 * the gaps below it), committed with its Axon token. Not the Axon token itself: in a test run a
 * writer released on the token was answered before its event could be read from Kafka, so only a
 * record written after the acknowledgements counts. A write answered by an instance that does
 * not run the publisher waits here instead of in {@link PublicationTracker}: it looks up the
 * global index of its event once, and one poller per instance reads the position (every 5 ms,
 * only while some write waits) and releases every write it has passed. So read-your-writes holds
 * whichever instance answers the write.
 */
@Component
public class PublicationWatermark implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(PublicationWatermark.class);
    private static final long POLL_MILLIS = 5;

    private final JdbcTemplate jdbc;
    private final EventProcessingConfiguration processing;
    private final ObjectMapper json = new ObjectMapper();
    private int segmentCount;
    private long segmentsReadAt;
    private final Map<CompletableFuture<Boolean>, Long> waiting = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("publication-watermark").factory());

    public PublicationWatermark(JdbcTemplate jdbc, @Lazy EventProcessingConfiguration processing) {
        this.jdbc = jdbc;
        this.processing = processing;
        poller.scheduleWithFixedDelay(this::poll, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * True when this instance holds every segment of the publisher: its own tracker then sees every
     * publication, and a write needs no database look-up. The segment count is read at most every 5 s.
     */
    public boolean publishesHere() {
        int held = processing
                .eventProcessor(KafkaEventPublisher.PROCESSING_GROUP, StreamingEventProcessor.class)
                .filter(StreamingEventProcessor::isRunning)
                .map(processor -> processor.processingStatus().size())
                .orElse(0);
        return held > 0 && held >= segments();
    }

    private synchronized int segments() {
        long now = System.nanoTime();
        if (segmentsReadAt == 0 || now - segmentsReadAt > TimeUnit.SECONDS.toNanos(5)) {
            Integer count = jdbc.queryForObject(
                    "select count(*) from command.token_entry where processorName = ?",
                    Integer.class,
                    KafkaEventPublisher.PROCESSING_GROUP);
            segmentCount = count == null ? 0 : count;
            segmentsReadAt = now;
        }
        return segmentCount;
    }

    /** Completes with true once the publisher has passed the delivery's event with this sequence; empty on timeout. */
    public Mono<Boolean> awaitPublished(UUID dispatchId, long sequence, Duration timeout) {
        return Mono.fromCallable(() -> globalIndexOf(dispatchId, sequence))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(globalIndex -> {
                    CompletableFuture<Boolean> published = new CompletableFuture<>();
                    waiting.put(published, globalIndex);
                    return Mono.fromFuture(published).doFinally(signal -> waiting.remove(published));
                })
                .timeout(timeout, Mono.empty());
    }

    private Long globalIndexOf(UUID dispatchId, long sequence) {
        List<Long> found = jdbc.queryForList(
                "select globalIndex from command.domain_event_entry where aggregateIdentifier = ? and sequenceNumber = ?",
                Long.class,
                dispatchId.toString(),
                sequence);
        if (found.isEmpty()) {
            throw new IllegalStateException("No stored event " + dispatchId + "#" + sequence);
        }
        return found.getFirst();
    }

    private void poll() {
        if (waiting.isEmpty()) {
            return;
        }
        try {
            List<JsonNode> tokens = positions();
            waiting.forEach((future, globalIndex) -> {
                if (covers(tokens, globalIndex)) {
                    future.complete(true);
                }
            });
        } catch (RuntimeException e) {
            log.debug("Could not read the publisher's token: {}", e.toString());
        }
    }

    private List<JsonNode> positions() {
        return jdbc.query(
                "select position from command.publication_position where processor = ?",
                (row, i) -> parse(row.getString(1)),
                KafkaEventPublisher.PROCESSING_GROUP);
    }

    /**
     * Called by the publisher after Kafka acknowledged every event of a batch, in the batch's
     * transaction: the batch's last token (index and gaps) is what is now on Kafka.
     */
    void recordPublished(TrackingToken token) {
        TrackingToken position = token instanceof ReplayToken replay ? replay.getCurrentToken() : token;
        if (position == null) {
            return;
        }
        var node = json.createObjectNode();
        if (position instanceof GapAwareTrackingToken gapAware) {
            node.put("index", gapAware.getIndex());
            var gaps = node.putArray("gaps");
            gapAware.getGaps().forEach(gaps::add);
        } else if (position.position().isPresent()) {
            node.put("index", position.position().getAsLong());
            node.putArray("gaps");
        } else {
            return;
        }
        jdbc.update("""
        insert into command.publication_position (processor, position, updated_at) values (?, ?, now())
        on conflict (processor) do update set position = excluded.position, updated_at = excluded.updated_at""", KafkaEventPublisher.PROCESSING_GROUP, node.toString());
    }

    private JsonNode parse(String position) {
        try {
            return position == null ? null : json.readTree(position);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Unreadable publication position", e);
        }
    }

    /**
     * Seconds since the oldest stored event the publisher has not passed yet was stored (0 when it
     * has passed them all): {@code dispatch.publication.lag}. A growing figure means events wait
     * in the store, not on Kafka, and every write waits with them.
     */
    public double oldestUnpublishedSeconds(java.time.Instant now) {
        List<JsonNode> tokens = positions();
        long passed = Long.MAX_VALUE;
        for (JsonNode token : tokens) {
            JsonNode position = token == null ? null : token.has("currentToken") ? token.get("currentToken") : token;
            long index = position == null || !position.has("index")
                    ? -1
                    : position.get("index").asLong();
            for (JsonNode gap : position == null ? List.<JsonNode>of() : position.path("gaps")) {
                index = Math.min(index, gap.asLong() - 1);
            }
            passed = Math.min(passed, index);
        }
        if (tokens.isEmpty()) {
            passed = -1;
        }
        List<String> oldest = jdbc.queryForList(
                "select timeStamp from command.domain_event_entry where globalIndex > ? order by globalIndex limit 1",
                String.class,
                passed);
        if (oldest.isEmpty()) {
            return 0;
        }
        return Math.max(
                0,
                java.time.Duration.between(java.time.Instant.parse(oldest.getFirst()), now)
                                .toMillis()
                        / 1000.0);
    }

    /** The recorded position has passed the index, and it is no gap below it. */
    static boolean covers(List<JsonNode> tokens, long globalIndex) {
        if (tokens.isEmpty()) {
            return false;
        }
        for (JsonNode token : tokens) {
            JsonNode position = token == null ? null : token.has("currentToken") ? token.get("currentToken") : token;
            if (position == null
                    || !position.has("index")
                    || position.get("index").asLong() < globalIndex) {
                return false;
            }
            for (JsonNode gap : position.path("gaps")) {
                if (gap.asLong() == globalIndex) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public void destroy() {
        poller.shutdownNow();
    }
}
