package io.dispatch.command.proofmedia.domain;

/**
 * An image that passed {@link ImageContent#check}: its type, its size in pixels, and its bytes up
 * to and including its end marker (JPEG's EOI, PNG's IEND chunk), which is what is stored.
 */
public record CheckedImage(ImageType type, int width, int height, byte[] bytes) {}
