package io.dispatch.command.proofmedia.domain;

/** Big-endian integers at an offset, as both PNG and JPEG write them. */
final class Bytes {

    private Bytes() {}

    static int u16(byte[] body, int at) {
        return ((body[at] & 0xFF) << 8) | (body[at + 1] & 0xFF);
    }

    static long u32(byte[] body, int at) {
        return ((long) (body[at] & 0xFF) << 24)
                | ((body[at + 1] & 0xFF) << 16)
                | ((body[at + 2] & 0xFF) << 8)
                | (body[at + 3] & 0xFF);
    }
}
