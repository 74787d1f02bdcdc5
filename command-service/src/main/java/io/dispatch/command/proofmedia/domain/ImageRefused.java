package io.dispatch.command.proofmedia.domain;

/** The body is not the image its Content-Type claims, or is one beyond the bounds (422 on body). */
public final class ImageRefused extends RuntimeException {

    public ImageRefused(String message) {
        super(message, null, false, false);
    }
}
