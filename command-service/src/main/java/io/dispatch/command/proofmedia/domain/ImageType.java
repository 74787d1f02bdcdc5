package io.dispatch.command.proofmedia.domain;

import java.util.Locale;
import java.util.Optional;

/** The kinds of image a proof of delivery may be, by the media type the upload names. */
public enum ImageType {
    JPEG("image/jpeg"),
    PNG("image/png");

    private final String mediaType;

    ImageType(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    /** The type a Content-Type names, its parameters ignored; empty for any other. */
    public static Optional<ImageType> ofMediaType(String contentType) {
        if (contentType == null) {
            return Optional.empty();
        }
        int parameters = contentType.indexOf(';');
        String bare = (parameters < 0 ? contentType : contentType.substring(0, parameters))
                .strip()
                .toLowerCase(Locale.ROOT);
        for (ImageType type : values()) {
            if (type.mediaType.equals(bare)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** What the first bytes say the body is, whatever was claimed; empty when neither. */
    static Optional<ImageType> sniff(byte[] body) {
        if (PngStructure.startsLikePng(body)) {
            return Optional.of(PNG);
        }
        if (JpegStructure.startsLikeJpeg(body)) {
            return Optional.of(JPEG);
        }
        return Optional.empty();
    }
}
