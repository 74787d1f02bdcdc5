package io.dispatch.logreport.read;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.codec.EventDecodingException;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.logreport.cli.Bound;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The riders' fixes on Kafka (topic rider-positions, {@link RiderPositionReported} as {@link RiderPositionCodec}
 * writes it, keyed by rider): every fix of the range, in offset order per partition, so each rider's fixes come in
 * the order they were published. A record that is not a fix is counted, not fatal.
 */
public final class KafkaPositionSource implements AutoCloseable {

    private final KafkaTopicRange range;
    private final RiderPositionCodec.Reader reader = new RiderPositionCodec.Reader();
    private long unreadable;

    public KafkaPositionSource(String servers, String topic, Bound from, Bound to, Duration timeout) {
        this.range = new KafkaTopicRange(servers, topic, from, to, timeout);
    }

    /** See {@link KafkaTopicRange#open()}. */
    public long open() {
        return range.open();
    }

    public String describe() {
        return range.describe();
    }

    public void read(Consumer<RiderPositionReported> sink) {
        range.read(batch -> Batches.decodeInOrder(batch, record -> decode(record.value()), fix -> {
            if (fix.isPresent()) {
                sink.accept(fix.get());
            } else {
                unreadable++;
            }
        }));
    }

    private Optional<RiderPositionReported> decode(byte[] value) {
        try {
            RiderPositionReported fix = reader.deserialize(null, value);
            return fix == null || fix.riderId() == null ? Optional.empty() : Optional.of(fix);
        } catch (EventDecodingException e) {
            return Optional.empty();
        }
    }

    /** Records of the range that were not a rider's fix. */
    public long unreadable() {
        return unreadable;
    }

    @Override
    public void close() {
        range.close();
    }
}
