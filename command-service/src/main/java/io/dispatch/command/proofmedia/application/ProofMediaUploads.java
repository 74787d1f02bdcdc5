package io.dispatch.command.proofmedia.application;

import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.SandboxLine;
import io.dispatch.command.proofmedia.domain.CheckedImage;
import io.dispatch.command.proofmedia.domain.ImageContent;
import io.dispatch.command.proofmedia.domain.ImageType;
import io.dispatch.command.proofmedia.domain.MediaBoundReached;
import io.dispatch.command.proofmedia.domain.UploadRules;
import io.dispatch.command.proofmedia.infrastructure.ProofMediaStore;
import io.dispatch.command.proofmedia.infrastructure.ProofMediaStore.StoredMedia;
import io.dispatch.events.view.DispatchView;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Proof photos and signatures: the holding rider adds them to a delivery under way, its merchant
 * and operators read them back. The delivery is read from the event store, the source of truth.
 * Every method blocks (the event store, JDBC): call it off the event loop.
 */
@Service
public class ProofMediaUploads {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final DispatchHistory history;
    private final SandboxLine line;
    private final ProofMediaStore store;
    private final Clock clock;

    ProofMediaUploads(DispatchHistory history, SandboxLine line, ProofMediaStore store, Clock clock) {
        this.history = history;
        this.line = line;
        this.store = store;
        this.clock = clock;
    }

    /** Where an upload goes: the delivery and its merchant. */
    public record Target(UUID dispatchId, UUID merchantId) {}

    /**
     * The delivery the rider may add a medium to, checked before its body is read: the rider holds
     * it, it is under way, and it has room for one more.
     */
    public Target open(UUID dispatchId, UUID riderId) {
        DispatchView delivery = history.current(dispatchId).orElseThrow(NotFound::new);
        UploadRules.requireHolder(delivery.merchantId(), delivery.riderId(), delivery.status(), riderId, line);
        if (store.count(dispatchId) >= ProofMediaStore.MAX_PER_DELIVERY) {
            throw new MediaBoundReached(ProofMediaStore.MAX_PER_DELIVERY);
        }
        return new Target(dispatchId, delivery.merchantId());
    }

    /** Checks the body's content and stores it; answers the new medium's id. */
    public String add(Target target, UUID riderId, ImageType claimed, byte[] body) {
        CheckedImage image = ImageContent.check(claimed, body);
        String mediaId = newMediaId();
        if (!store.add(mediaId, target.dispatchId(), target.merchantId(), riderId, image, clock.instant())) {
            throw new MediaBoundReached(ProofMediaStore.MAX_PER_DELIVERY);
        }
        return mediaId;
    }

    public Optional<StoredMedia> find(String mediaId) {
        return store.find(mediaId);
    }

    /** 18 random bytes, 24 URL-safe characters: as unguessable as a tracking token. */
    private static String newMediaId() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
