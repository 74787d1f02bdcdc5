package io.dispatch.deploy;

import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Requests bent below what an HTTP client library lets a caller write, sent on a raw socket:
 * the request line, header syntax and body framing. {@code mayReset} names the bends the HTTP
 * codec refuses before any handler runs; it closes the connection with request bytes still
 * unread, so the kernel may answer with a reset instead of (or before) the bare refusal. For
 * those, and only those, a reset is an accepted outcome: it is the TCP stack's, not the service's.
 */
enum FuzzRawBend {
    /** Not bent: what an HTTP client library would not send (a header value it refuses), written as is. */
    PLAIN("written as is", false),
    LOWER_CASE_METHOD("method in lower case", false),
    UNKNOWN_METHOD("method FUZZ", false),
    HTTP_1_0("HTTP/1.0 without Host", false),
    HTTP_2_TEXT("HTTP/2.0 on an HTTP/1 request line", true),
    NO_VERSION("request line without a version", true),
    ABSOLUTE_FORM("absolute-form target", false),
    ASTERISK_TARGET("* as the target", false),
    EXTRA_SPACE("two spaces in the request line", true),
    RAW_UTF8_PATH("raw UTF-8 bytes in the path", false),
    LONG_TARGET("target of 5,000 characters", true),
    HUGE_TARGET("target of 70,000 characters", true),
    FRAGMENT("#fragment in the target", false),
    NO_HOST("HTTP/1.1 without Host", false),
    TWO_HOSTS("two Host headers", false),
    HEADER_WITHOUT_COLON("a header line without a colon", true),
    SPACE_BEFORE_COLON("space between a header name and its colon", true),
    OBS_FOLD("a folded header line", true),
    C0_IN_HEADER("a C0 control in a header value", true),
    NUL_IN_HEADER_NAME("NUL in a header name", true),
    LATIN1_IN_HEADER("bytes 0x80-0xFF in a header value", false),
    UTF8_IDEMPOTENCY_KEY("UTF-8 bytes in the Idempotency-Key", false),
    BIG_HEADER("one header of 9,000 bytes", true),
    CL_AND_CHUNKED("Content-Length and Transfer-Encoding: chunked", true),
    CHUNKED("a chunked body", false),
    BAD_CHUNK_SIZE("a chunk size that is not hex", true),
    NEGATIVE_LENGTH("Content-Length: -1", true),
    ALPHA_LENGTH("Content-Length: abc", true),
    TWO_LENGTHS("two different Content-Lengths", true),
    SHORT_LENGTH("Content-Length shorter than the body", true),
    UNKNOWN_ENCODING("Transfer-Encoding: gzip", true),
    EXPECT_CONTINUE("Expect: 100-continue", false);

    private final String description;
    private final boolean mayReset;

    FuzzRawBend(String description, boolean mayReset) {
        this.description = description;
        this.mayReset = mayReset;
    }

    String describe() {
        return description;
    }

    /** A reset before the answer is read is accepted for this bend (see the class comment). */
    boolean mayReset() {
        return mayReset;
    }

    /**
     * A body framed by an encoding the server cannot read has no end it can find: the sender
     * half-closes, so the server sees the end instead of waiting for bytes that never come.
     */
    boolean halfClose() {
        return this == UNKNOWN_ENCODING;
    }

    Expect expect(Expect baseline, Route route) {
        return switch (this) {
            // control characters in header values: refused with 400 (docs/security.md)
            case C0_IN_HEADER, NUL_IN_HEADER_NAME -> Expect.INVALID;
            case UTF8_IDEMPOTENCY_KEY -> route.idempotent() ? Expect.INVALID : Expect.ANY;
            case UNKNOWN_METHOD -> Expect.INVALID;
            default -> baseline == Expect.INVALID ? Expect.INVALID : Expect.ANY;
        };
    }

    /** The request's bytes, bent. Every bent request asks the server to close after its answer. */
    byte[] build(String method, String target, List<Map.Entry<String, String>> headers, byte[] body, String host) {
        byte[] content = body == null ? new byte[0] : body;
        String version = " HTTP/1.1";
        String requestLine = switch (this) {
            case LOWER_CASE_METHOD -> method.toLowerCase() + " " + target + version;
            case UNKNOWN_METHOD -> "FUZZ " + target + version;
            case HTTP_1_0 -> method + " " + target + " HTTP/1.0";
            case HTTP_2_TEXT -> method + " " + target + " HTTP/2.0";
            case NO_VERSION -> method + " " + target;
            case ABSOLUTE_FORM -> method + " http://" + host + target + version;
            case ASTERISK_TARGET -> method + " *" + version;
            case EXTRA_SPACE -> method + "  " + target + version;
            case LONG_TARGET ->
                method + " " + target + (target.contains("?") ? "&" : "?") + "z=" + "z".repeat(5_000) + version;
            case HUGE_TARGET ->
                method + " " + target + (target.contains("?") ? "&" : "?") + "z=" + "z".repeat(70_000) + version;
            case FRAGMENT -> method + " " + target + "#fragment" + version;
            default -> method + " " + target + version;
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, requestLine + "\r\n");
        if (this != HTTP_1_0 && this != NO_HOST) {
            write(out, "Host: " + host + "\r\n");
        }
        if (this == TWO_HOSTS) {
            write(out, "Host: evil.example\r\n");
        }
        for (var header : headers) {
            if (this == UTF8_IDEMPOTENCY_KEY && header.getKey().equalsIgnoreCase("Idempotency-Key")) {
                out.writeBytes(
                        ("Idempotency-Key: ключ-" + header.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            } else {
                write(out, header.getKey() + ": " + header.getValue() + "\r\n");
            }
        }
        switch (this) {
            case HEADER_WITHOUT_COLON -> write(out, "X-Fuzz without a colon\r\n");
            case SPACE_BEFORE_COLON -> write(out, "X-Fuzz : value\r\n");
            case OBS_FOLD -> write(out, "X-Fuzz: first\r\n  folded\r\n");
            case C0_IN_HEADER -> write(out, "X-Fuzz: a\u0001b\r\n");
            case NUL_IN_HEADER_NAME -> write(out, "X-Fu\u0000zz: value\r\n");
            case LATIN1_IN_HEADER -> write(out, "X-Fuzz: caf\u00e9 \u00ff\r\n");
            case BIG_HEADER -> write(out, "X-Fuzz: " + "b".repeat(9_000) + "\r\n");
            case EXPECT_CONTINUE -> write(out, "Expect: 100-continue\r\n");
            default -> {}
        }
        write(out, "Connection: close\r\n");
        byte[] framed = frame(out, content);
        write(out, "\r\n");
        out.writeBytes(framed);
        return out.toByteArray();
    }

    /** Writes the framing headers and answers the body bytes as framed. */
    private byte[] frame(ByteArrayOutputStream out, byte[] content) {
        switch (this) {
            case CL_AND_CHUNKED -> {
                write(out, "Content-Length: " + content.length + "\r\nTransfer-Encoding: chunked\r\n");
                return chunked(content);
            }
            case CHUNKED -> {
                write(out, "Transfer-Encoding: chunked\r\n");
                return chunked(content);
            }
            case BAD_CHUNK_SIZE -> {
                write(out, "Transfer-Encoding: chunked\r\n");
                return FuzzBodies.concat(FuzzBodies.utf8("zz\r\n"), content, FuzzBodies.utf8("\r\n0\r\n\r\n"));
            }
            case NEGATIVE_LENGTH -> write(out, "Content-Length: -1\r\n");
            case ALPHA_LENGTH -> write(out, "Content-Length: abc\r\n");
            case TWO_LENGTHS ->
                write(
                        out,
                        "Content-Length: " + content.length + "\r\nContent-Length: "
                                + (content.length == 0 ? "00" : Integer.toString(content.length / 2)) + "\r\n");
            case SHORT_LENGTH -> write(out, "Content-Length: " + Math.max(0, content.length / 2) + "\r\n");
            case UNKNOWN_ENCODING -> write(out, "Transfer-Encoding: gzip\r\n");
            default -> write(out, "Content-Length: " + content.length + "\r\n");
        }
        return content;
    }

    private static byte[] chunked(byte[] content) {
        if (content.length == 0) {
            return FuzzBodies.utf8("0\r\n\r\n");
        }
        return FuzzBodies.concat(
                FuzzBodies.utf8(Integer.toHexString(content.length) + "\r\n"),
                content,
                FuzzBodies.utf8("\r\n0\r\n\r\n"));
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
