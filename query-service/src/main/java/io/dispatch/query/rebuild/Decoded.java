package io.dispatch.query.rebuild;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.EventDecodingException;
import io.dispatch.events.codec.UnknownEventTypeException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** The envelopes of a batch of event-topic records; what cannot be read is counted and left out. */
final class Decoded {

  private Decoded() {}

  static List<EventEnvelope> envelopes(List<ConsumerRecord<byte[], byte[]>> records, Skips skips) {
    EventCodec codec = EventCodec.standard();
    List<EventEnvelope> envelopes = new ArrayList<>(records.size());
    for (ConsumerRecord<byte[], byte[]> record : records) {
      if (record.value() == null) {
        skips.skipped("empty record", where(record), "no value");
        continue;
      }
      try {
        envelopes.add(codec.decode(record.value()));
      } catch (UnknownEventTypeException e) {
        skips.skipped("unknown event type", where(record), e.getMessage());
      } catch (EventDecodingException e) {
        skips.skipped("unreadable or future version", where(record),
            e.getMessage());
      } catch (RuntimeException e) {
        skips.skipped("undecodable", where(record), e.toString());
      }
    }
    return envelopes;
  }

  static String where(ConsumerRecord<?, ?> record) {
    return record.topic() + "-" + record.partition() + "@" + record.offset();
  }
}
