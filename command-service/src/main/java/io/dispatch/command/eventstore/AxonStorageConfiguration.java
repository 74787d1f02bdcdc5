package io.dispatch.command.eventstore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dispatch.command.publication.KafkaEventPublisher;
import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcSQLErrorCodesResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon's JDBC event store in PostgreSQL (schema {@code command}, BYTEA payloads, JSON by
 * Jackson 2, older shapes upcast on read), its token store beside it, and the error policy of
 * the Kafka publisher: a failed send stops the processor and is retried, so the token never
 * passes an unsent event.
 */
@Configuration(proxyBeanMethods = false)
public class AxonStorageConfiguration {

    /** The Jackson 2 mapper Axon's Jackson serializers pick up by this name (events are records with Instants). */
    @Bean
    ObjectMapper defaultAxonObjectMapper() {
        return new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    }

    @Bean
    ConnectionProvider axonConnectionProvider(DataSource dataSource) {
        return new SpringDataSourceConnectionProvider(dataSource);
    }

    @Bean
    EventStorageEngine eventStorageEngine(
            @Qualifier("serializer") Serializer serializer,
            @Qualifier("eventSerializer") Serializer eventSerializer,
            ConnectionProvider connections,
            TransactionManager transactions) {
        return JdbcEventStorageEngine.builder()
                .snapshotSerializer(serializer)
                .eventSerializer(eventSerializer)
                .connectionProvider(connections)
                .transactionManager(transactions)
                .persistenceExceptionResolver(new JdbcSQLErrorCodesResolver())
                .upcasterChain(new StoredDispatchCreatedUpcaster())
                .dataType(byte[].class)
                .schema(EventSchema.builder()
                        .eventTable("command.domain_event_entry")
                        .snapshotTable("command.snapshot_event_entry")
                        .build())
                .build();
    }

    /**
     * The event store. Its reader thread (shared by the tracking processors) re-reads the
     * table every {@code dispatch.event-store.fetch-delay} ({@link EventStoreProperties}).
     */
    @Bean
    EmbeddedEventStore eventStore(EventStorageEngine storageEngine, EventStoreProperties properties) {
        return EmbeddedEventStore.builder()
                .storageEngine(storageEngine)
                .fetchDelay(properties.fetchDelay().toMillis())
                .build();
    }

    @Bean
    TokenStore tokenStore(@Qualifier("serializer") Serializer serializer, ConnectionProvider connections) {
        return JdbcTokenStore.builder()
                .connectionProvider(connections)
                .serializer(serializer)
                .schema(TokenSchema.builder()
                        .setTokenTable("command.token_entry")
                        .build())
                .contentType(byte[].class)
                .build();
    }

    @Bean
    ConfigurerModule publisherErrorPolicy() {
        return configurer -> configurer
                .eventProcessing()
                .registerListenerInvocationErrorHandler(
                        KafkaEventPublisher.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance());
    }
}
