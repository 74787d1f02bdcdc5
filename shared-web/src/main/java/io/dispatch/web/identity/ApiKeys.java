package io.dispatch.web.identity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** The format of API keys, {@code <key_id>.<secret>}, and the one-way hash of their secret. */
public final class ApiKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {}

    public record Parsed(String keyId, String secret) {}

    public static String newKeyId() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return "key_" + HexFormat.of().formatHex(bytes);
    }

    public static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Null for anything not shaped like an issued key. */
    public static Parsed parse(String header) {
        if (header == null) {
            return null;
        }
        int dot = header.indexOf('.');
        if (dot <= 0 || dot == header.length() - 1 || header.indexOf('.', dot + 1) >= 0 || header.length() > 200) {
            return null;
        }
        return new Parsed(header.substring(0, dot), header.substring(dot + 1));
    }

    public static byte[] hash(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static boolean matches(String secret, byte[] storedHash) {
        return MessageDigest.isEqual(hash(secret), storedHash);
    }
}
