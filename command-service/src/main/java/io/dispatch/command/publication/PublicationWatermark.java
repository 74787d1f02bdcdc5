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
import org.axonframework.eventhandling.StreamingEventProcessor;
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
 * publisher's Axon token in {@code command.token_entry}, stored in the same transaction that
 * follows Kafka's acknowledgement of a batch. A write answered by an instance that does not run
 * the publisher waits here instead of in {@link PublicationTracker}: it looks up the global index
 * of its event once, and one poller per instance reads the token (every 5 ms, only while some
 * write waits) and releases every write the token has passed. So read-your-writes holds
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
    int held = processing.eventProcessor(KafkaEventPublisher.PROCESSING_GROUP, StreamingEventProcessor.class)
        .filter(StreamingEventProcessor::isRunning)
        .map(processor -> processor.processingStatus().size())
        .orElse(0);
    return held > 0 && held >= segments();
  }

  private synchronized int segments() {
    long now = System.nanoTime();
    if (segmentsReadAt == 0 || now - segmentsReadAt > TimeUnit.SECONDS.toNanos(5)) {
      Integer count = jdbc.queryForObject(
          "select count(*) from command.token_entry where processorName = ?", Integer.class,
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
        Long.class, dispatchId.toString(), sequence);
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
      List<JsonNode> tokens = jdbc.query(
          "select token from command.token_entry where processorName = ?",
          (row, i) -> parse(row.getBytes(1)),
          KafkaEventPublisher.PROCESSING_GROUP);
      waiting.forEach((future, globalIndex) -> {
        if (covers(tokens, globalIndex)) {
          future.complete(true);
        }
      });
    } catch (RuntimeException e) {
      log.debug("Could not read the publisher's token: {}", e.toString());
    }
  }

  private JsonNode parse(byte[] token) {
    try {
      return token == null ? null : json.readTree(token);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("Unreadable publisher token", e);
    }
  }

  /**
   * Seconds since the oldest stored event the publisher has not passed yet was stored (0 when it
   * has passed them all): {@code dispatch.publication.lag}. A growing figure means events wait
   * in the store, not on Kafka, and every write waits with them.
   */
  public double oldestUnpublishedSeconds(java.time.Instant now) {
    List<JsonNode> tokens = jdbc.query("select token from command.token_entry where processorName = ?",
        (row, i) -> parse(row.getBytes(1)), KafkaEventPublisher.PROCESSING_GROUP);
    long passed = Long.MAX_VALUE;
    for (JsonNode token : tokens) {
      JsonNode position = token == null ? null : token.has("currentToken") ? token.get("currentToken") : token;
      long index = position == null || !position.has("index") ? -1 : position.get("index").asLong();
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
        String.class, passed);
    if (oldest.isEmpty()) {
      return 0;
    }
    return Math.max(0, java.time.Duration.between(java.time.Instant.parse(oldest.getFirst()), now).toMillis() / 1000.0);
  }

  /** Every segment's token has passed the index (each segment reads the whole stream). */
  static boolean covers(List<JsonNode> tokens, long globalIndex) {
    if (tokens.isEmpty()) {
      return false;
    }
    for (JsonNode token : tokens) {
      JsonNode position = token == null ? null : token.has("currentToken") ? token.get("currentToken") : token;
      if (position == null || !position.has("index") || position.get("index").asLong() < globalIndex) {
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
