package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DeliveryAttempt;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ResetPinGuesses;
import io.dispatch.command.dispatch.domain.DispatchCommands.ServiceLevel;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.WrongPin;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.Quote;
import io.dispatch.command.publication.PublicationProperties;
import io.dispatch.command.publication.PublicationTracker;
import io.dispatch.command.publication.PublicationWatermark;
import io.dispatch.command.publication.PublicationTracker.Published;
import io.dispatch.events.Actor;
import io.dispatch.events.Source;
import io.dispatch.events.view.DispatchView;
import io.dispatch.web.idempotency.IdempotentRequest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.util.retry.Retry;

/**
 * The write use cases. Each sends a command to the Dispatch aggregate, then waits (bounded)
 * until the resulting event is on Kafka so that a read sent after the answer sees the write,
 * and answers the delivery as it now stands: a creation from its published event, any other
 * write as the event store folds it.
 */
@Service
public class DispatchService {

  private static final Logger log = LoggerFactory.getLogger(DispatchService.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final CommandGateway commands;
  private final Pricing pricing;
  private final DispatchHistory history;
  private final PublicationTracker publication;
  private final PublicationWatermark watermark;
  private final Duration publicationWait;
  private final TransactionTemplate transactions;
  private final PinGuessMetrics pinGuesses;
  private final CreationKeys creationKeys;

  public DispatchService(
      CommandGateway commands,
      Pricing pricing,
      DispatchHistory history,
      PublicationTracker publication,
      PublicationWatermark watermark,
      PlatformTransactionManager transactionManager,
      PinGuessMetrics pinGuesses,
      CreationKeys creationKeys,
      PublicationProperties publicationSettings) {
    this.commands = commands;
    this.pinGuesses = pinGuesses;
    this.creationKeys = creationKeys;
    this.transactions = new TransactionTemplate(transactionManager);
    this.pricing = pricing;
    this.history = history;
    this.publication = publication;
    this.watermark = watermark;
    this.publicationWait = publicationSettings.maxWait();
  }

  /** The state after a write and, when it arrived in time, where its last event sits in the log. */
  public record Written(DispatchView view, Published published) {}

  public Mono<Written> create(UUID merchantId, DispatchOrder order, Source source, Actor actor) {
    return create(merchantId, order, source, actor, null);
  }

  /** One creation; with {@code key}, a retry of the key answers the delivery it already made. */
  public Mono<Written> create(
      UUID merchantId, DispatchOrder order, Source source, Actor actor, IdempotentRequest key) {
    return createAll(merchantId, List.of(order), source, actor, key).map(written -> written.get(0));
  }

  public Mono<List<Written>> createAll(UUID merchantId, List<DispatchOrder> orders, Source source, Actor actor) {
    return createAll(merchantId, orders, source, actor, null);
  }

  /**
   * Creates every order or none: the creations share one database transaction, so the
   * events of all of them are stored together or not at all. Answers in request order.
   *
   * <p>With an Idempotency-Key, the key is stored in that same transaction. When it is already
   * there (an earlier request with it committed, and its answer was lost to a crash, a failed
   * store or a disconnect), nothing is created and the answer is the deliveries the key made, as
   * they stand now; a different request under the key is {@link KeyReused}.
   */
  public Mono<List<Written>> createAll(
      UUID merchantId, List<DispatchOrder> orders, Source source, Actor actor, IdempotentRequest key) {
    return Mono.fromCallable(() -> {
          List<CreateDispatch> creations = orders.stream()
              .map(order -> creation(merchantId, order, source, actor))
              .toList();
          return submitAll(creations, key);
        })
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(outcome -> outcome.created()
            ? Flux.fromIterable(outcome.ids()).flatMapSequential(id -> afterWrite(id, 0L)).collectList()
            : earlier(outcome.ids()));
  }

  /** The deliveries of a transaction, and whether this request created them. */
  record Submitted(boolean created, List<UUID> ids) {}

  /** The key was first used with a different request; nothing was created. */
  public static final class KeyReused extends RuntimeException {
    KeyReused() {
      super("This Idempotency-Key was already used with a different request; use a new key for a new request");
    }
  }

  /** Sends the creations in one transaction, with the key's record when there is one. */
  Submitted submitAll(List<CreateDispatch> creations, IdempotentRequest key) {
    List<UUID> ids = creations.stream().map(CreateDispatch::dispatchId).toList();
    if (key == null && creations.size() == 1) {
      commands.sendAndWait(creations.get(0));
      return new Submitted(true, ids);
    }
    if (submitClaimed(creations, key == null ? claimed -> true : claimed -> creationKeys.record(key, claimed))) {
      return new Submitted(true, ids);
    }
    CreationKeys.Earlier earlier = creationKeys.find(key).orElseThrow(() ->
        new IllegalStateException("creation key of merchant " + key.merchantId() + " vanished while read"));
    if (!earlier.sameRequest(key)) {
      throw new KeyReused();
    }
    log.info("Idempotency-Key of merchant {} already created {} deliveries; answering them", key.merchantId(),
        earlier.dispatchIds().size());
    return new Submitted(false, earlier.dispatchIds());
  }

  /**
   * Sends the creations in one transaction that first runs {@code claim} on their ids (an
   * Idempotency-Key's record, a store webhook's first receipt); when the claim is already taken it
   * answers false and the transaction writes nothing. A claim that waits on a concurrent
   * transaction holding the same unique key (PostgreSQL does) makes two racing requests create once.
   */
  private boolean submitClaimed(List<CreateDispatch> creations, Predicate<List<UUID>> claim) {
    List<UUID> ids = creations.stream().map(CreateDispatch::dispatchId).toList();
    return Boolean.TRUE.equals(transactions.execute(status -> {
      if (!claim.test(ids)) {
        return false;
      }
      creations.forEach(commands::sendAndWait);
      return true;
    }));
  }

  /**
   * One creation made only when {@code claim} takes its key inside the creation's transaction
   * (see {@link #submitClaimed}); empty, with nothing created, when the key was already taken.
   */
  public Mono<Optional<Written>> createClaimed(
      UUID merchantId, DispatchOrder order, Source source, Actor actor, Predicate<UUID> claim) {
    return Mono.fromCallable(() -> {
          CreateDispatch creation = creation(merchantId, order, source, actor);
          return submitClaimed(List.of(creation), ids -> claim.test(ids.get(0)))
              ? Optional.of(creation.dispatchId()) : Optional.<UUID>empty();
        })
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(created -> created.isEmpty()
            ? Mono.just(Optional.<Written>empty())
            : afterWrite(created.get(), 0L).map(Optional::of));
  }

  private Mono<List<Written>> earlier(List<UUID> ids) {
    // the earlier request may have crashed before its events reached Kafka: wait for them as a write does
    return Flux.fromIterable(ids)
        .flatMapSequential(id -> Mono.fromCallable(() -> history.current(id).orElseThrow())
            .subscribeOn(Schedulers.boundedElastic())
            .flatMap(view -> afterWrite(id, view.sequence())))
        .collectList();
  }

  private CreateDispatch creation(UUID merchantId, DispatchOrder order, Source source, Actor actor) {
    Quote quote = pricing.quote(order.pickup(), order.dropoff(), order.currency());
    return new CreateDispatch(
        UUID.randomUUID(), merchantId, actor, order.externalId(), order.customerName(), order.customerPhone(),
        order.pickup(), order.dropoff(), order.paymentType(), order.amountCents(), quote.feeCents(),
        order.currency(), order.targetPickupAt(), order.targetDeliveryAt(), quote.zoneId(), source,
        trackingToken(), deliveryPin(), new ServiceLevel(quote.targetPickupSeconds(), quote.targetDeliverySeconds()));
  }

  public Mono<Written> cancel(UUID merchantId, UUID dispatchId, String reason) {
    return execute(dispatchId, new CancelDispatch(dispatchId, merchantId, reason));
  }

  /**
   * Sends any command that answers the sequence of its last event, then returns the new state.
   * When another instance appended to the same delivery first (the event store's unique
   * sequence refused this append), the command is decided again against the new state, so
   * racing writers get the answer the rules give, e.g. 409 for the rider who lost a race.
   */
  public Mono<Written> execute(UUID dispatchId, Object command) {
    return send(command, Long.class).flatMap(sequence -> afterWrite(dispatchId, sequence));
  }

  /**
   * Hands a delivery over. A wrong PIN ends in {@link WrongPin} only once its guess is stored and
   * on its way to the log, so the operator's read that follows sees the count (and any lock).
   */
  public Mono<Written> deliver(ConfirmDelivery command) {
    UUID dispatchId = command.dispatchId();
    return send(command, DeliveryAttempt.class)
        .doOnError(PinProofsLocked.class, locked -> pinGuesses.refusedWhileLocked(dispatchId, command.riderId()))
        .flatMap(attempt -> switch (attempt) {
          case DeliveryAttempt.Delivered delivered -> afterWrite(dispatchId, delivered.sequence());
          case DeliveryAttempt.PinRejected rejected -> {
            pinGuesses.wrongGuess(dispatchId, command.riderId(), rejected);
            yield afterWrite(dispatchId, rejected.sequence())
                .then(Mono.error(new WrongPin(rejected.guessesLeft())));
          }
        });
  }

  /** An operator clears the wrong PIN guesses (and so the lock) of a delivery still under way. */
  public Mono<Written> resetPinGuesses(UUID dispatchId, Actor operator) {
    return execute(dispatchId, new ResetPinGuesses(dispatchId, operator))
        .doOnNext(written -> pinGuesses.reset(dispatchId, operator.id()));
  }

  private <T> Mono<T> send(Object command, Class<T> answer) {
    return Mono.fromCallable(() -> answer.cast(commands.sendAndWait(command)))
        .subscribeOn(Schedulers.boundedElastic())
        .retryWhen(Retry.max(3).filter(DispatchService::lostRace));
  }

  private static boolean lostRace(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConcurrencyException) {
        return true;
      }
    }
    return false;
  }

  private Mono<Written> afterWrite(UUID dispatchId, long sequence) {
    Mono<java.util.Optional<PublicationTracker.Published>> here =
        publication.awaitPublished(dispatchId, sequence, publicationWait).map(java.util.Optional::of);
    // another instance may run the publisher: then its token in the database tells when the event is on Kafka
    Mono<java.util.Optional<PublicationTracker.Published>> anywhere = watermark.publishesHere()
        ? here
        : Mono.firstWithValue(here, watermark.awaitPublished(dispatchId, sequence, publicationWait)
            .map(published -> java.util.Optional.<PublicationTracker.Published>empty()))
            .onErrorResume(java.util.NoSuchElementException.class, e -> Mono.empty());
    return anywhere
        .switchIfEmpty(Mono.fromSupplier(() -> {
          log.warn("Event {}#{} not on Kafka after {}; answering without the read-your-writes promise",
              dispatchId, sequence, publicationWait);
          return java.util.Optional.empty();
        }))
        .flatMap(published -> {
          // A creation's published event is the whole history: no need to read the store back.
          if (sequence == 0 && published.isPresent() && published.get().envelope().sequence() == 0) {
            return Mono.just(new Written(DispatchView.created(published.get().envelope()), published.get()));
          }
          return Mono.fromCallable(() -> new Written(history.current(dispatchId).orElseThrow(), published.orElse(null)))
              .subscribeOn(Schedulers.boundedElastic());
        });
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
