package io.dispatch.query.rebuild;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.EventDecodingException;
import io.dispatch.events.codec.UnknownEventTypeException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The envelopes of a batch of event-topic records, in record order; what cannot be read is
 * counted and left out. Decoding is most of a rebuild's CPU, so a batch is decoded on every core.
 */
final class Decoded {

    private Decoded() {}

    private record Outcome(EventEnvelope envelope, String reason, String detail) {}

    static List<EventEnvelope> envelopes(List<ConsumerRecord<byte[], byte[]>> records, Skips skips) {
        EventCodec codec = EventCodec.standard();
        Outcome[] outcomes = new Outcome[records.size()];
        IntStream.range(0, records.size()).parallel().forEach(i -> outcomes[i] = decode(codec, records.get(i)));
        List<EventEnvelope> envelopes = new ArrayList<>(records.size());
        for (int i = 0; i < outcomes.length; i++) {
            if (outcomes[i].envelope() != null) {
                envelopes.add(outcomes[i].envelope());
            } else {
                skips.skipped(outcomes[i].reason(), where(records.get(i)), outcomes[i].detail());
            }
        }
        return envelopes;
    }

    private static Outcome decode(EventCodec codec, ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            return new Outcome(null, "empty record", "no value");
        }
        try {
            return new Outcome(codec.decode(record.value()), null, null);
        } catch (UnknownEventTypeException e) {
            return new Outcome(null, "unknown event type", e.getMessage());
        } catch (EventDecodingException e) {
            return new Outcome(null, "unreadable or future version", e.getMessage());
        } catch (RuntimeException e) {
            return new Outcome(null, "undecodable", e.toString());
        }
    }

    static String where(ConsumerRecord<?, ?> record) {
        return record.topic() + "-" + record.partition() + "@" + record.offset();
    }
}
