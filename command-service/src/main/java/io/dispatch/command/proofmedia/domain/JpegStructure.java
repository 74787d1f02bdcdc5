package io.dispatch.command.proofmedia.domain;

import io.dispatch.command.proofmedia.domain.ImageContent.Structure;

/**
 * A JPEG's segments (ITU T.81), walked without decoding a block: SOI, then marker segments each
 * whole by its length, one frame header (SOF) with its size and 1 to 4 components before the first
 * scan, the entropy-coded data of each scan up to its next marker, and EOI, where the image ends.
 * A thumbnail inside EXIF lies within its segment's length, so its own EOI is never mistaken for
 * the image's.
 */
final class JpegStructure {

    private static final int SOI = 0xD8;
    private static final int EOI = 0xD9;
    private static final int SOS = 0xDA;
    private static final int TEM = 0x01;

    private JpegStructure() {}

    static boolean startsLikeJpeg(byte[] body) {
        return body.length >= 3 && (body[0] & 0xFF) == 0xFF && (body[1] & 0xFF) == SOI && (body[2] & 0xFF) == 0xFF;
    }

    static Structure read(byte[] body) {
        int at = 2;
        long width = -1;
        long height = -1;
        boolean scanned = false;
        while (true) {
            if (at >= body.length) {
                throw truncated();
            }
            if ((body[at] & 0xFF) != 0xFF) {
                throw new ImageRefused("is not a valid JPEG image: bytes where a marker should be");
            }
            while (at < body.length && (body[at] & 0xFF) == 0xFF) {
                at++; // fill bytes before a marker
            }
            if (at >= body.length) {
                throw truncated();
            }
            int marker = body[at++] & 0xFF;
            if (marker == EOI) {
                if (!scanned) {
                    throw new ImageRefused("is not a valid JPEG image: it has no image data (no scan)");
                }
                return new Structure(width, height, at);
            }
            if (marker == TEM || (marker >= 0xD0 && marker <= 0xD7)) {
                continue; // markers without a segment
            }
            if (marker == SOI || marker == 0x00) {
                throw new ImageRefused("is not a valid JPEG image: an unexpected marker");
            }
            if (at + 2 > body.length) {
                throw truncated();
            }
            int length = Bytes.u16(body, at);
            if (length < 2) {
                throw new ImageRefused("is not a valid JPEG image: a segment shorter than its own length");
            }
            if (at + length > body.length) {
                throw truncated();
            }
            if (isFrame(marker)) {
                if (width >= 0) {
                    throw new ImageRefused("is not a valid JPEG image: more than one frame header");
                }
                int components = length >= 8 ? body[at + 7] & 0xFF : 0;
                if (components < 1 || components > 4 || length != 8 + 3 * components) {
                    throw new ImageRefused("is not a valid JPEG image: its frame header is malformed");
                }
                height = Bytes.u16(body, at + 3);
                width = Bytes.u16(body, at + 5);
            }
            at += length;
            if (marker == SOS) {
                if (width < 0) {
                    throw new ImageRefused("is not a valid JPEG image: image data before its frame header");
                }
                at = endOfScan(body, at);
                scanned = true;
            }
        }
    }

    /** SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
    private static boolean isFrame(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    /**
     * Where the entropy-coded data after a scan header ends: at the first 0xFF that is neither a
     * stuffed zero (FF 00) nor a restart marker (FF D0 to FF D7) nor a fill byte.
     */
    private static int endOfScan(byte[] body, int from) {
        int at = from;
        while (true) {
            while (at < body.length && (body[at] & 0xFF) != 0xFF) {
                at++;
            }
            if (at + 1 >= body.length) {
                throw truncated();
            }
            int next = body[at + 1] & 0xFF;
            if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) {
                at += 2;
            } else if (next == 0xFF) {
                at++;
            } else {
                return at;
            }
        }
    }

    private static ImageRefused truncated() {
        return new ImageRefused("is not a complete JPEG image: it ends before its end marker (EOI)");
    }
}
