package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.Quote;
import io.dispatch.command.publication.PublicationTracker;
import io.dispatch.command.publication.PublicationTracker.Published;
import io.dispatch.events.Actor;
import io.dispatch.events.Source;
import io.dispatch.events.view.DispatchView;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The write use cases. Each sends a command to the Dispatch aggregate, then waits (bounded)
 * until the resulting event is on Kafka so that a read sent after the answer sees the write,
 * and answers the delivery as the event store now folds it.
 */
@Service
public class DispatchService {

  private static final Logger log = LoggerFactory.getLogger(DispatchService.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final CommandGateway commands;
  private final Pricing pricing;
  private final DispatchHistory history;
  private final PublicationTracker publication;
  private final Duration publicationWait;

  public DispatchService(
      CommandGateway commands,
      Pricing pricing,
      DispatchHistory history,
      PublicationTracker publication,
      @Value("${dispatch.publication.max-wait:PT5S}") Duration publicationWait) {
    this.commands = commands;
    this.pricing = pricing;
    this.history = history;
    this.publication = publication;
    this.publicationWait = publicationWait;
  }

  /** The state after a write and, when it arrived in time, where its last event sits in the log. */
  public record Written(DispatchView view, Published published) {}

  public Mono<Written> create(UUID merchantId, DispatchOrder order, Source source, Actor actor) {
    return Mono.fromCallable(() -> {
          Quote quote = pricing.quote(order.pickup(), order.dropoff(), order.currency());
          UUID dispatchId = UUID.randomUUID();
          commands.sendAndWait(new CreateDispatch(
              dispatchId, merchantId, actor, order.externalId(), order.customerName(), order.customerPhone(),
              order.pickup(), order.dropoff(), order.paymentType(), order.amountCents(), quote.feeCents(),
              order.currency(), order.targetPickupAt(), order.targetDeliveryAt(), quote.zoneId(), source,
              trackingToken(), deliveryPin()));
          return dispatchId;
        })
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(dispatchId -> afterWrite(dispatchId, 0L));
  }

  public Mono<Written> cancel(UUID merchantId, UUID dispatchId, String reason) {
    return execute(dispatchId, new CancelDispatch(dispatchId, merchantId, reason));
  }

  /** Sends any command that answers the sequence of its last event, then returns the new state. */
  public Mono<Written> execute(UUID dispatchId, Object command) {
    return Mono.fromCallable(() -> (Long) commands.sendAndWait(command))
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(sequence -> afterWrite(dispatchId, sequence));
  }

  private Mono<Written> afterWrite(UUID dispatchId, long sequence) {
    return publication.awaitPublished(dispatchId, sequence, publicationWait)
        .map(java.util.Optional::of)
        .switchIfEmpty(Mono.fromSupplier(() -> {
          log.warn("Event {}#{} not on Kafka after {}; answering without the read-your-writes promise",
              dispatchId, sequence, publicationWait);
          return java.util.Optional.empty();
        }))
        .flatMap(published -> Mono.fromCallable(() -> new Written(
                history.current(dispatchId).orElseThrow(), published.orElse(null)))
            .subscribeOn(Schedulers.boundedElastic()));
  }

  private static String trackingToken() {
    byte[] bytes = new byte[18];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static String deliveryPin() {
    return String.format("%04d", RANDOM.nextInt(10_000));
  }
}
