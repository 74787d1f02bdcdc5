package io.dispatch.command.proofmedia.web;

import io.dispatch.command.proofmedia.application.ProofMediaUploads;
import io.dispatch.command.proofmedia.infrastructure.ProofMediaStore.StoredMedia;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.identity.PrincipalArguments;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.openapi.ApiSchemas;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * A proof photo or signature, read back by the delivery's merchant (an API key with the read scope,
 * or the dashboard's session) or by an operator (the operator token or an operator's session), and
 * by nobody else (docs/security.md). Another merchant gets 404, as for a medium that does not
 * exist. The bytes are served as the stored type with headers that keep a browser from reading
 * them as anything but an image.
 */
@Tag(name = "Proof media", description = "Photos and signatures riders took as proof of delivery")
@RestController
public class ProofMediaController {

    static final String PATH = "/api/v1/proof-media/";
    private static final Pattern MEDIA_ID = Pattern.compile("[A-Za-z0-9_-]{24}");
    /** An hour in the reader's own cache: a medium never changes, but access to it can end. */
    private static final CacheControl CACHE =
            CacheControl.maxAge(java.time.Duration.ofHours(1)).cachePrivate();

    private final ProofMediaUploads media;
    private final MediaTransfers transfers;

    ProofMediaController(ProofMediaUploads media, MediaTransfers transfers) {
        this.media = media;
        this.transfers = transfers;
    }

    static String url(String publicBaseUrl, String mediaId) {
        String base =
                publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
        return base + PATH + mediaId;
    }

    @Operation(summary = "Read a proof photo or signature", description = """
      The url a rider's upload answered, as proofOfDelivery.photoUrl or .signatureUrl carries it. Readable by \
      the delivery's merchant (X-API-Key with the read scope, or the dashboard's session) and by operators \
      (X-Admin-Token, or an operator's session); any other merchant gets 404. Served as the stored type with \
      X-Content-Type-Options: nosniff, Content-Security-Policy: default-src 'none', Content-Disposition: inline \
      and Cache-Control: private, max-age=3600.""")
    @ApiResponse(
            responseCode = "200",
            description = "The image as it was uploaded (up to its end marker)",
            headers = {
                @Header(name = "X-Content-Type-Options", schema = @Schema(type = "string", example = "nosniff")),
                @Header(
                        name = "Content-Security-Policy",
                        schema = @Schema(type = "string", example = "default-src 'none'")),
                @Header(name = "Cache-Control", schema = @Schema(type = "string", example = "private, max-age=3600"))
            },
            content = {
                @Content(mediaType = "image/jpeg", schema = @Schema(type = "string", format = "binary")),
                @Content(mediaType = "image/png", schema = @Schema(type = "string", format = "binary"))
            })
    @ApiResponse(
            responseCode = "503",
            description = "Too many media are being read from this instance at once; see Retry-After",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    // every operator role reads proof media: the chain lets any operator GET them, and this grants the rest (HEAD)
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping("/api/v1/proof-media/{mediaId}")
    public Mono<ResponseEntity<byte[]>> read(@PathVariable String mediaId, ServerWebExchange exchange) {
        Optional<MerchantPrincipal> merchant = PrincipalArguments.find(exchange, MerchantPrincipal.class);
        boolean operator =
                PrincipalArguments.find(exchange, OperatorPrincipal.class).isPresent();
        if (!operator && merchant.isEmpty()) {
            if (PrincipalArguments.find(exchange, RiderPrincipal.class).isPresent()) {
                throw new ApiException(
                        ErrorCode.FORBIDDEN, "Proof media are for the delivery's merchant and operators");
            }
            throw new ApiException(
                    ErrorCode.UNAUTHORIZED,
                    "This route needs an API key (X-API-Key), a dashboard session or the operator token (X-Admin-Token)");
        }
        if (!operator && !merchant.get().scopes().contains(Scope.READ)) {
            throw new ApiException(ErrorCode.FORBIDDEN, "This API key lacks the read scope");
        }
        if (!MEDIA_ID.matcher(mediaId).matches()) {
            throw ApiException.notFound("Proof medium");
        }
        return transfers.read(() -> Blocking.call(() -> media.find(mediaId))
                .map(found -> found.filter(stored -> operator
                                || stored.merchantId().equals(merchant.get().merchantId()))
                        .map(ProofMediaController::served)
                        .orElseThrow(() -> ApiException.notFound("Proof medium"))));
    }

    private static ResponseEntity<byte[]> served(StoredMedia stored) {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(stored.type().mediaType()))
                .contentLength(stored.bytes().length)
                .cacheControl(CACHE)
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'")
                .header("Cross-Origin-Resource-Policy", "same-origin")
                .header(
                        "Content-Disposition",
                        ContentDisposition.inline().build().toString())
                .body(stored.bytes());
    }
}
