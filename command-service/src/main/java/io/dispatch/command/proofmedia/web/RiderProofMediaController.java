package io.dispatch.command.proofmedia.web;

import io.dispatch.command.dispatch.web.DispatchErrors;
import io.dispatch.command.proofmedia.application.ProofMediaUploads;
import io.dispatch.command.proofmedia.application.ProofMediaUploads.Target;
import io.dispatch.command.proofmedia.domain.ImageContent;
import io.dispatch.command.proofmedia.domain.ImageRefused;
import io.dispatch.command.proofmedia.domain.ImageType;
import io.dispatch.command.proofmedia.domain.MediaBoundReached;
import io.dispatch.command.proofmedia.infrastructure.ProofMediaStore;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.error.Sizes;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The rider's upload of a proof photo or signature (decisions.md §16): the raw image as the body,
 * checked by its content ({@link ImageContent}), stored in PostgreSQL ({@link ProofMediaStore}),
 * answered with the URL that {@code photoUrl} or {@code signatureUrl} of the deliver step then
 * carries. Checked in this order: Content-Type (415), declared length (413), the delivery (404,
 * 403, 409 as the rider's other steps, and 409 once it holds its most media), the body as it
 * arrives (413), its content (422).
 */
@Tag(name = "Rider", description = "Riders take offers and drive their deliveries to DELIVERED or FAILED")
@RestController
@RequestMapping(path = "/api/v1/rider", produces = MediaType.APPLICATION_JSON_VALUE)
public class RiderProofMediaController {

    private static final String TOO_LARGE =
            "must be at most " + Sizes.describe(ImageContent.MAX_BYTES) + ", the limit of a proof medium";

    private final ProofMediaUploads uploads;
    private final MediaTransfers transfers;
    private final PublicUrls urls;

    RiderProofMediaController(ProofMediaUploads uploads, MediaTransfers transfers, PublicUrls urls) {
        this.uploads = uploads;
        this.transfers = transfers;
        this.urls = urls;
    }

    /** The stored medium's address, for photoUrl or signatureUrl. */
    @Schema(name = "ProofMediaUploaded", requiredProperties = "url")
    public record Uploaded(
            @Schema(
                    description = "Where the merchant and operators read it; send it as photoUrl or signatureUrl",
                    example = "http://localhost:8080/api/v1/proof-media/Vq3b9Yc1nJx0TgP2hW7sKd4e")
            String url) {}

    @Schema(name = "ProofMediaUploadedResponse", description = "The stored medium's URL in the success envelope")
    public record UploadedResponse(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            boolean success,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            Uploaded data) {}

    @Operation(summary = "Upload a proof photo or signature", description = """
      The body is the image itself, Content-Type image/jpeg or image/png, at most 5 MiB (5,242,880 bytes). \
      It is checked by its content: its magic bytes, its structure to the end marker (JPEG EOI, PNG IEND \
      with every chunk's CRC) and the size its header declares (at most 10,000 pixels a side and 40 \
      megapixels); bytes after the end marker are not stored. Only the rider who holds the delivery while it \
      is ASSIGNED, PICKED_UP or IN_TRANSIT may upload, and a delivery holds at most 5 media. The answer's url \
      is what proof.photoUrl or proof.signatureUrl of the deliver step then carries; the delivery's merchant \
      and operators can read it, nobody else.""")
    @ApiResponse(
            responseCode = "201",
            description = "Stored; Location is the url too",
            content = @Content(schema = @Schema(implementation = UploadedResponse.class)))
    @ApiResponse(
            responseCode = "409",
            description = """
      The delivery has ended (details.currentStatus), or already holds 5 media (details.maxPerDelivery)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "413",
            description = "The body is larger than 5 MiB (VALIDATION_ERROR)",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "415",
            description = "The Content-Type is neither image/jpeg nor image/png (VALIDATION_ERROR)",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "422",
            description = """
      The body is not the image its Content-Type claims: empty, another type, truncated, corrupt, or declaring \
      more pixels than allowed (VALIDATION_ERROR on body)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "503",
            description = "Too many media are being uploaded to this instance at once; see Retry-After",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content = {
                @Content(mediaType = "image/jpeg", schema = @Schema(type = "string", format = "binary")),
                @Content(mediaType = "image/png", schema = @Schema(type = "string", format = "binary"))
            })
    @PostMapping("/dispatches/{id}/proof-media")
    public Mono<ResponseEntity<Envelope>> upload(
            RiderPrincipal rider, @PathVariable String id, ServerWebExchange exchange) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        HttpHeaders headers = exchange.getRequest().getHeaders();
        ImageType claimed = ImageType.ofMediaType(headers.getFirst(HttpHeaders.CONTENT_TYPE))
                .orElseThrow(() -> new ApiException(
                        ErrorCode.VALIDATION_ERROR,
                        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                        "Content-Type must be image/jpeg or image/png",
                        body("Content-Type must be image/jpeg or image/png")));
        if (headers.getContentLength() > ImageContent.MAX_BYTES) {
            throw tooLarge();
        }
        return transfers
                .upload(() -> Blocking.call(() -> uploads.open(dispatchId, rider.riderId()))
                        .flatMap(target -> body(exchange)
                                .flatMap(bytes -> Blocking.call(() -> stored(target, rider, claimed, bytes)))))
                .onErrorMap(RiderProofMediaController::toApi);
    }

    private ResponseEntity<Envelope> stored(Target target, RiderPrincipal rider, ImageType claimed, byte[] bytes) {
        String url = ProofMediaController.url(urls.baseUrl(), uploads.add(target, rider.riderId(), claimed, bytes));
        return ResponseEntity.status(HttpStatus.CREATED)
                .location(URI.create(url))
                .body(Envelope.of(new Uploaded(url)));
    }

    /** The whole body, refused past 5 MiB as soon as it gets there. */
    private static Mono<byte[]> body(ServerWebExchange exchange) {
        return DataBufferUtils.join(exchange.getRequest().getBody(), ImageContent.MAX_BYTES)
                .map(buffer -> {
                    try {
                        byte[] bytes = new byte[buffer.readableByteCount()];
                        buffer.read(bytes);
                        return bytes;
                    } finally {
                        DataBufferUtils.release(buffer);
                    }
                })
                .defaultIfEmpty(new byte[0])
                .onErrorMap(DataBufferLimitException.class, tooBig -> tooLarge());
    }

    private static Throwable toApi(Throwable failure) {
        return switch (failure) {
            case ImageRefused refused ->
                new ApiException(
                        ErrorCode.VALIDATION_ERROR, "The body " + refused.getMessage(), body(refused.getMessage()));
            case MediaBoundReached full ->
                ApiException.conflict(full.getMessage(), Map.of("maxPerDelivery", full.maxPerDelivery()));
            default -> DispatchErrors.toApi(failure);
        };
    }

    private static ApiException tooLarge() {
        return new ApiException(
                ErrorCode.VALIDATION_ERROR,
                HttpStatus.CONTENT_TOO_LARGE,
                "The image is larger than " + Sizes.describe(ImageContent.MAX_BYTES) + ", the limit of a proof medium",
                body(TOO_LARGE));
    }

    private static Map<String, Object> body(String message) {
        return Map.of("fieldErrors", Map.of("body", List.of(message)));
    }
}
