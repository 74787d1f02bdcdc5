package io.dispatch.command.proofmedia.domain;

import io.dispatch.command.proofmedia.domain.ImageContent.Structure;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * A PNG's chunks (ISO/IEC 15948), walked without inflating its pixels: the signature, IHDR first
 * with a valid depth and colour type, every chunk whole and its CRC right, a palette before the
 * data of a paletted image, at least one IDAT, and IEND, where the image ends.
 */
final class PngStructure {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int IHDR_LENGTH = 13;

    private PngStructure() {}

    static boolean startsLikePng(byte[] body) {
        if (body.length < SIGNATURE.length) {
            return false;
        }
        for (int i = 0; i < SIGNATURE.length; i++) {
            if (body[i] != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    static Structure read(byte[] body) {
        int at = SIGNATURE.length;
        long width = 0;
        long height = 0;
        int colourType = -1;
        boolean palette = false;
        boolean data = false;
        boolean first = true;
        while (true) {
            if (at + 8 > body.length) {
                throw truncated();
            }
            long length = Bytes.u32(body, at);
            String type = new String(body, at + 4, 4, StandardCharsets.ISO_8859_1);
            if (!type.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
                throw new ImageRefused("is not a valid PNG image: a chunk has no valid type");
            }
            if (length > Integer.MAX_VALUE || at + 12 + length > body.length) {
                throw truncated();
            }
            int dataAt = at + 8;
            int end = dataAt + (int) length + 4;
            requireCrc(body, at + 4, (int) length + 4, type);
            if (first != type.equals("IHDR")) {
                throw new ImageRefused("is not a valid PNG image: IHDR must come first, and only once");
            }
            first = false;
            switch (type) {
                case "IHDR" -> {
                    if (length != IHDR_LENGTH) {
                        throw new ImageRefused("is not a valid PNG image: its IHDR chunk is " + length + " bytes");
                    }
                    width = Bytes.u32(body, dataAt);
                    height = Bytes.u32(body, dataAt + 4);
                    colourType = body[dataAt + 9] & 0xFF;
                    requireHeader(body[dataAt + 8] & 0xFF, colourType, body, dataAt);
                }
                case "PLTE" -> palette = true;
                case "IDAT" -> {
                    if (colourType == 3 && !palette) {
                        throw new ImageRefused("is not a valid PNG image: a paletted image without its palette");
                    }
                    data = true;
                }
                case "IEND" -> {
                    if (!data) {
                        throw new ImageRefused("is not a valid PNG image: it has no image data (IDAT)");
                    }
                    return new Structure(width, height, end);
                }
                default -> {
                    // ancillary chunks (text, colour profile, physical size) are kept as they are
                }
            }
            at = end;
        }
    }

    private static void requireHeader(int depth, int colourType, byte[] body, int dataAt) {
        boolean valid = switch (colourType) {
            case 0 -> depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
            case 3 -> depth == 1 || depth == 2 || depth == 4 || depth == 8;
            case 2, 4, 6 -> depth == 8 || depth == 16;
            default -> false;
        };
        int compression = body[dataAt + 10];
        int filter = body[dataAt + 11];
        int interlace = body[dataAt + 12];
        if (!valid || compression != 0 || filter != 0 || (interlace != 0 && interlace != 1)) {
            throw new ImageRefused("is not a valid PNG image: its IHDR chunk declares an impossible format");
        }
    }

    private static void requireCrc(byte[] body, int from, int length, String type) {
        CRC32 crc = new CRC32();
        crc.update(body, from, length);
        if (crc.getValue() != Bytes.u32(body, from + length)) {
            throw new ImageRefused("is not a valid PNG image: its " + type + " chunk is corrupt (CRC)");
        }
    }

    private static ImageRefused truncated() {
        return new ImageRefused("is not a complete PNG image: it ends before its IEND chunk");
    }
}
