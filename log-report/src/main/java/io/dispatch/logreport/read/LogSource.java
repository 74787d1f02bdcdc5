package io.dispatch.logreport.read;

import java.util.function.Consumer;

/** A range of the event log, read once from its start to its end. */
public interface LogSource extends AutoCloseable {

    /**
     * Connects, resolves the range and answers how many entries it holds (on Kafka the offsets it
     * spans, an upper bound when a compacted or transactional topic skips some).
     *
     * @throws SourceUnavailableException when the source cannot be reached within the timeout
     */
    long open();

    /** What was read, for the report's heading: the source and the resolved range. */
    String describe();

    /** Hands every entry of the range to {@code sink}, in log order (per partition on Kafka). */
    void read(Consumer<LogRecord> sink);

    @Override
    void close();
}
