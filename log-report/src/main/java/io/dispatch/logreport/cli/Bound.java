package io.dispatch.logreport.cli;

import java.time.Instant;
import java.util.Map;

/**
 * One end of the range: a time, offsets, or nothing (the start of the log, or its end as of the
 * start of the run). Offsets are a global index for the event store, and for Kafka either one
 * offset for every partition ({@code allPartitions}) or one per listed partition.
 */
public sealed interface Bound {

    record None() implements Bound {}

    record Time(Instant instant) implements Bound {}

    /** @param allPartitions the offset of every partition (or the global index), when not per partition */
    record Offsets(Long allPartitions, Map<Integer, Long> byPartition) implements Bound {

        public long forPartition(int partition, long otherwise) {
            if (allPartitions != null) {
                return allPartitions;
            }
            return byPartition.getOrDefault(partition, otherwise);
        }
    }

    None NONE = new None();
}
