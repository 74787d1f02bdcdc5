package io.dispatch.command.proofmedia.domain;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether an uploaded body is the image its Content-Type claims, judged by its content and never
 * by its name or header alone: the magic bytes, then the structure read without decoding a pixel
 * (JPEG's segments up to its end marker, PNG's chunks with their CRCs up to IEND), and the size
 * its header declares against sane bounds. Nothing here allocates by what a header declares, so
 * a header claiming 100000x100000 pixels costs as little as any other. Bytes after the end marker
 * (a phone's appended video, a polyglot's second file) are not part of the image and are dropped.
 */
public final class ImageContent {

    /** 5 MiB: the largest body an upload may send. */
    public static final int MAX_BYTES = 5 * 1024 * 1024;
    /** The longest side an image may declare: a phone's 12-megapixel photo is 4032 pixels wide. */
    public static final int MAX_SIDE = 10_000;
    /** 40 megapixels: what a browser decodes to show it stays below about 160 MB. */
    public static final long MAX_PIXELS = 40_000_000L;

    private ImageContent() {}

    /** The checked image, or {@link ImageRefused} naming what is wrong with the body. */
    public static CheckedImage check(ImageType claimed, byte[] body) {
        if (body.length == 0) {
            throw new ImageRefused("is empty: send the image's bytes as the body");
        }
        if (body.length > MAX_BYTES) {
            throw new ImageRefused("is larger than " + MAX_BYTES + " bytes");
        }
        ImageType actual = ImageType.sniff(body)
                .orElseThrow(() ->
                        new ImageRefused("is not a JPEG or PNG image (Content-Type says " + claimed.mediaType() + ")"));
        if (actual != claimed) {
            throw new ImageRefused("is a " + actual + " image, not the " + claimed + " its Content-Type ("
                    + claimed.mediaType() + ") claims");
        }
        Structure structure = switch (actual) {
            case JPEG -> JpegStructure.read(body);
            case PNG -> PngStructure.read(body);
        };
        requireSaneSize(structure.width(), structure.height());
        byte[] image = structure.end() == body.length ? body : Arrays.copyOf(body, structure.end());
        return new CheckedImage(actual, (int) structure.width(), (int) structure.height(), image);
    }

    private static void requireSaneSize(long width, long height) {
        if (width < 1 || height < 1) {
            throw new ImageRefused("declares no pixels (" + width + "x" + height + ")");
        }
        if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
            throw new ImageRefused(String.format(
                    Locale.ROOT,
                    "declares %dx%d pixels; an image may have at most %,d pixels a side and %,d in all",
                    width,
                    height,
                    MAX_SIDE,
                    MAX_PIXELS));
        }
    }

    /** What reading an image's structure found: its declared size and where the image ends. */
    record Structure(long width, long height, int end) {}
}
