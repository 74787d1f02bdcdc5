package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ServiceLevel;
import io.dispatch.command.dispatching.policy.DispatchPolicies;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.Quote;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.Source;
import io.dispatch.idempotency.IdempotentRequest;
import io.dispatch.web.scheduling.Blocking;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Creating deliveries, one or many, from any source (API, CSV, operator, store webhook). Apart
 * from the other writes ({@link DispatchService}) because a creation prices the order, draws the
 * tracking token and PIN, and may claim a key in its transaction so that a retry creates nothing.
 * It answers each delivery from its published event (see {@link WriteAnswers}).
 */
@Service
public class DispatchCreation {

    private static final Logger log = LoggerFactory.getLogger(DispatchCreation.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CommandGateway commands;
    private final Pricing pricing;
    private final DispatchHistory history;
    private final WriteAnswers answers;
    private final TransactionTemplate transactions;
    private final CreationKeys creationKeys;
    private final DispatchPolicies policies;

    DispatchCreation(
            CommandGateway commands,
            Pricing pricing,
            DispatchHistory history,
            WriteAnswers answers,
            PlatformTransactionManager transactionManager,
            CreationKeys creationKeys,
            DispatchPolicies policies) {
        this.commands = commands;
        this.pricing = pricing;
        this.history = history;
        this.answers = answers;
        this.transactions = new TransactionTemplate(transactionManager);
        this.creationKeys = creationKeys;
        this.policies = policies;
    }

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
        return Blocking.call(() -> {
                    List<CreateDispatch> creations = orders.stream()
                            .map(order -> creation(merchantId, order, source, actor))
                            .toList();
                    return submitAll(creations, key);
                })
                .flatMap(outcome -> outcome.created()
                        ? Flux.fromIterable(outcome.ids())
                                .flatMapSequential(id -> answers.afterWrite(id, 0L))
                                .collectList()
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
        CreationKeys.Earlier earlier = creationKeys
                .find(key)
                .orElseThrow(() -> new IllegalStateException(
                        "creation key of merchant " + key.merchantId() + " vanished while read"));
        if (!earlier.sameRequest(key)) {
            throw new KeyReused();
        }
        log.info(
                "Idempotency-Key of merchant {} already created {} deliveries; answering them",
                key.merchantId(),
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
        return Blocking.call(() -> {
                    CreateDispatch creation = creation(merchantId, order, source, actor);
                    return submitClaimed(List.of(creation), ids -> claim.test(ids.get(0)))
                            ? Optional.of(creation.dispatchId())
                            : Optional.<UUID>empty();
                })
                .flatMap(created -> created.isEmpty()
                        ? Mono.just(Optional.<Written>empty())
                        : answers.afterWrite(created.get(), 0L).map(Optional::of));
    }

    private Mono<List<Written>> earlier(List<UUID> ids) {
        // the earlier request may have crashed before its events reached Kafka: wait for them as a write does
        return Flux.fromIterable(ids)
                .flatMapSequential(id -> Blocking.call(() -> history.current(id).orElseThrow())
                        .flatMap(view -> answers.afterWrite(id, view.sequence())))
                .collectList();
    }

    private CreateDispatch creation(UUID merchantId, DispatchOrder order, Source source, Actor actor) {
        Quote quote = pricing.quote(order.pickup(), order.dropoff(), order.currency());
        return new CreateDispatch(
                UUID.randomUUID(),
                merchantId,
                actor,
                order,
                quote.feeCents(),
                quote.zoneId(),
                source,
                trackingToken(),
                deliveryPin(),
                new ServiceLevel(quote.targetPickupSeconds(), quote.targetDeliverySeconds()),
                policies.forZone(quote.zoneId()).reference());
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
