package io.dispatch.query.freshness;

import io.dispatch.events.Topic;
import io.dispatch.query.QueryProperties;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Makes a read wait until a projection has applied everything already in the log for the
 * partitions it reads. Writers answer only after their event is in the log, so this gives
 * read-your-writes; a read waits only as long as the projection actually lags, at most
 * {@code dispatch.query.max-staleness-wait}, and then answers what it has.
 */
@Component
public class ReadYourWrites {

    private static final Logger log = LoggerFactory.getLogger(ReadYourWrites.class);
    private static final Duration FIRST_POLL = Duration.ofMillis(2);
    private static final Duration LONGEST_POLL = Duration.ofMillis(50);

    private final Admin admin;
    private final ProjectionPositions positions;
    private final Duration maxWait;

    public ReadYourWrites(Admin queryKafkaAdmin, ProjectionPositions positions, QueryProperties properties) {
        this.admin = queryKafkaAdmin;
        this.positions = positions;
        this.maxWait = properties.maxStalenessWait();
    }

    /** Waits (bounded) for the projection to reach the log of the delivery's partition. */
    public Mono<Void> awaitDispatch(String projection, Topic topic, UUID dispatchId) {
        return freshDispatch(projection, topic, dispatchId).then();
    }

    /** {@link #freshPartition} of the partition the delivery's events are in. */
    public Mono<Boolean> freshDispatch(String projection, Topic topic, UUID dispatchId) {
        return partitionCount(topic)
                .flatMap(count -> freshPartition(projection, topic, Topic.partitionFor(dispatchId, count)));
    }

    /**
     * True once the projection has applied what the partition's log held when the read began; false
     * when it is still behind after {@code max-staleness-wait} (a consumer is down or rebalancing):
     * a read that then finds nothing must not claim the delivery does not exist.
     */
    public Mono<Boolean> freshPartition(String projection, Topic topic, int partition) {
        return await(projection, topic, Set.of(partition));
    }

    public Mono<Void> awaitAll(String projection, Topic topic) {
        return partitionCount(topic)
                .flatMap(count -> await(
                        projection, topic, IntStream.range(0, count).boxed().collect(Collectors.toSet())))
                .then();
    }

    /**
     * The topic's partition count as the broker has it (the producer partitions by it), read once a
     * minute; the registry's default until the broker answers.
     */
    private Mono<Integer> partitionCount(Topic topic) {
        CachedCount cached = counts.get(topic.name());
        if (cached != null && cached.readAt() > System.nanoTime() - java.util.concurrent.TimeUnit.MINUTES.toNanos(1)) {
            return Mono.just(cached.count());
        }
        return Mono.fromFuture(admin.describeTopics(java.util.List.of(topic.name()))
                        .allTopicNames()
                        .toCompletionStage()
                        .toCompletableFuture())
                .map(topics -> topics.get(topic.name()).partitions().size())
                .doOnNext(count -> counts.put(topic.name(), new CachedCount(count, System.nanoTime())))
                .onErrorResume(e -> Mono.just(cached != null ? cached.count() : topic.partitions()));
    }

    private record CachedCount(int count, long readAt) {}

    private final java.util.Map<String, CachedCount> counts = new java.util.concurrent.ConcurrentHashMap<>();

    private Mono<Boolean> await(String projection, Topic topic, Set<Integer> partitions) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        return endOffsets(topic, partitions)
                .flatMap(ends -> caughtUp(projection, topic, ends, deadline, FIRST_POLL))
                .onErrorResume(e -> {
                    log.warn("Could not check {} freshness; answering what the read model has", projection, e);
                    return Mono.just(false);
                });
    }

    private Mono<Boolean> caughtUp(
            String projection, Topic topic, Map<Integer, Long> ends, long deadline, Duration pause) {
        return positions.of(projection, topic.name()).flatMap(applied -> {
            boolean done =
                    ends.entrySet().stream().allMatch(end -> applied.getOrDefault(end.getKey(), 0L) >= end.getValue());
            if (done) {
                return Mono.just(true);
            }
            if (System.nanoTime() > deadline) {
                log.warn("{} still behind the log after {}; answering what it has", projection, maxWait);
                return Mono.just(false);
            }
            Duration next = pause.multipliedBy(2).compareTo(LONGEST_POLL) > 0 ? LONGEST_POLL : pause.multipliedBy(2);
            return Mono.delay(pause).then(caughtUp(projection, topic, ends, deadline, next));
        });
    }

    private Mono<Map<Integer, Long>> endOffsets(Topic topic, Set<Integer> partitions) {
        Map<TopicPartition, OffsetSpec> request = partitions.stream()
                .collect(Collectors.toMap(p -> new TopicPartition(topic.name(), p), p -> OffsetSpec.latest()));
        ListOffsetsResult result = admin.listOffsets(request);
        return Mono.fromFuture(result.all().toCompletionStage().toCompletableFuture())
                .map(offsets -> offsets.entrySet().stream()
                        .collect(Collectors.toMap(
                                e -> e.getKey().partition(), e -> e.getValue().offset())));
    }
}
