package logreport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.infrastructure.RunningInfrastructure;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import logreport.Lifecycles.Seeded;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.postgresql.PGConnection;

/** The same log seeded into both sources the report reads: Kafka and the event store. */
final class Seeding {

    static final ObjectMapper AXON_JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    static final DateTimeFormatter AXON_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Seeding() {}

    /** Into topic dispatch-events (6 partitions), encoded as the services encode them; returns the bytes written. */
    static long kafka(String servers, List<Seeded> log) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
            admin.createTopics(List.of(
                            new NewTopic(LogReportBench.TOPIC, 6, (short) 1).configs(Map.of("retention.ms", "-1"))))
                    .all()
                    .get();
        }
        Properties p = new Properties();
        p.put("bootstrap.servers", servers);
        p.put("acks", "all");
        p.put("linger.ms", "20");
        p.put("batch.size", "262144");
        long bytes = 0;
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (Seeded s : log) {
                byte[] value =
                        EventCodec.standard().encode(EventEnvelope.of(UUID.randomUUID(), s.sequence(), s.event()));
                bytes += value.length;
                producer.send(new ProducerRecord<>(
                        LogReportBench.TOPIC,
                        null,
                        s.at().toEpochMilli(),
                        s.event().dispatchId().toString(),
                        value));
            }
            producer.flush();
        }
        return bytes;
    }

    /** Into command.domain_event_entry (command-service's DDL), rows as Axon writes them, by COPY. */
    static void eventStore(String url, RunningInfrastructure infrastructure, List<Seeded> log) throws Exception {
        try (Connection c = DriverManager.getConnection(url, infrastructure.username(), infrastructure.password())) {
            try (Statement ddl = c.createStatement()) {
                ddl.execute("create schema command; set search_path to command");
                ddl.execute(
                        Files.readString(Path.of("command-service/src/main/resources/db/command/V1__event_store.sql")));
            }
            StringBuilder csv = new StringBuilder();
            HexFormat hex = HexFormat.of();
            for (Seeded s : log) {
                csv.append(s.event().dispatchId())
                        .append(',')
                        .append(s.sequence())
                        .append(",Dispatch,")
                        .append(UUID.randomUUID())
                        .append(",\\x")
                        .append(hex.formatHex(AXON_JSON.writeValueAsBytes(s.event())))
                        .append(',')
                        .append(s.event().getClass().getName())
                        .append(',')
                        .append(AXON_TIME.format(s.at()))
                        .append('\n');
            }
            c.unwrap(PGConnection.class)
                    .getCopyAPI()
                    .copyIn(
                            "copy command.domain_event_entry (aggregateIdentifier, sequenceNumber, type,"
                                    + " eventIdentifier, payload, payloadType, timeStamp) from stdin (format csv)",
                            new StringReader(csv.toString()));
            try (Statement analyze = c.createStatement()) {
                analyze.execute("vacuum analyze command.domain_event_entry");
            }
        }
    }
}
