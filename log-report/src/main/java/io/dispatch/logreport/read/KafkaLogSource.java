package io.dispatch.logreport.read;

import io.dispatch.logreport.cli.Bound;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The event log on Kafka: every partition of the topic over the range ({@link KafkaTopicRange}), each record decoded
 * by {@link WireDecoder} on every core and handed on in log order.
 */
public final class KafkaLogSource implements LogSource {

    private final KafkaTopicRange range;
    private final WireDecoder decoder = new WireDecoder();

    public KafkaLogSource(String servers, String topic, Bound from, Bound to, Duration timeout) {
        this.range = new KafkaTopicRange(servers, topic, from, to, timeout);
    }

    @Override
    public long open() {
        return range.open();
    }

    @Override
    public String describe() {
        return range.describe();
    }

    @Override
    public void read(Consumer<LogRecord> sink) {
        range.read(batch -> Batches.decodeInOrder(
                batch, record -> decoder.decode(record.partition() + ":" + record.offset(), record.value()), sink));
    }

    @Override
    public void close() {
        range.close();
    }
}
