package io.dispatch.deploy;

import java.util.List;
import java.util.Random;

/**
 * The hostile values the generator draws from: strings (controls, surrogates, emoji, injection
 * text, very long), numbers as typed (past a double, past a long, negative zero, exponents),
 * path ids and header values. Each catalogue is a fixed list so a seed picks the same value on
 * every machine.
 */
final class FuzzValues {

    static final List<String> STRINGS = List.of(
            "",
            " ",
            "   ",
            "\u0000",
            "a\u0000b",
            "\u0001",
            "\u001f",
            "\u007f",
            "\u0085",
            "\u009f",
            "\t",
            "\n",
            "\r\n",
            "line\nbreak",
            "tab\there",
            "\ud800",
            "\udc00",
            "x\ud83d",
            "\udc00\ud800",
            "\ud83d\ude9a",
            "🚚📦",
            "\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67",
            "\u202eevil",
            "\ufeffbom",
            "\uffff",
            "\ufffe",
            "\u2028",
            "e\u0301",
            "Ω≈ç√∫",
            "配送サービス",
            "مرحبا",
            "'; DROP TABLE dispatches;--",
            "\" OR \"1\"=\"1",
            "${jndi:ldap://127.0.0.1:1/a}",
            "<script>alert(1)</script>",
            "%00",
            "%s%s%s%n",
            "../../etc/passwd",
            "\\",
            "\"",
            "null",
            "NaN",
            "Infinity",
            "-0",
            "0x10",
            "1e309",
            "{{7*7}}",
            "=cmd|' /C calc'!A0",
            "true",
            "0",
            "-1",
            "\u00a0",
            "\u3000",
            "ＫＥＳ",
            "kes",
            "KES ",
            "COD\u0000",
            "cod",
            "CANCELLED ",
            "2030-13-01T00:00:00Z");

    /** Numbers exactly as typed; some are not JSON at all. */
    static final List<String> NUMBERS = List.of(
            "0",
            "-0",
            "-1",
            "1",
            "0.5",
            "1.0",
            "1e2",
            "1E-2",
            "-0.0",
            "90",
            "90.0000001",
            "-90.0000001",
            "180",
            "180.0000001",
            "1e308",
            "1e309",
            "-1e400",
            "1e-400",
            "2147483647",
            "2147483648",
            "-2147483649",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "0.1234567890123456789012345678901234567890",
            "1" + "0".repeat(400),
            "NaN",
            "Infinity",
            "-Infinity",
            "+1",
            "01",
            ".5",
            "5.",
            "0x10",
            "1_000",
            "1e",
            "--1",
            "1.2.3");

    /** Path segments that cannot be an id; most are percent-encoded as a client would send them. */
    static final List<String> PATH_IDS = List.of(
            "not-a-uuid",
            "0",
            "-1",
            "99999999999999999999",
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "1-1-1-1-1",
            "%7B00000000-0000-0000-0000-000000000000%7D",
            "00000000000000000000000000000000",
            "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
            "%00",
            "%0a",
            "%F0%9F%9A%9A",
            "%ED%A0%80",
            "%FF%FE",
            "%C0%AF",
            "%",
            "%zz",
            "%2e%2e",
            "%2F",
            "..",
            ".",
            "%20",
            "+",
            "'%20OR%201=1--",
            "%24%7Bjndi%3Aldap%3A%2F%2Fx%7D",
            "%3Cscript%3E",
            "null",
            "undefined",
            "true",
            "a".repeat(300),
            "a".repeat(5000),
            "%C3%A9t%C3%A9");

    /** Idempotency-Key values the documents refuse (1 to 255 printable ASCII characters is the rule). */
    static final List<String> BAD_IDEMPOTENCY_KEYS = List.of("k".repeat(256), "k".repeat(4000), "a\tb");

    /** Media types a JSON route refuses (415) and some it may take or refuse. */
    static final List<String> REFUSED_TYPES = List.of(
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "text/csv",
            "application/octet-stream",
            "image/png",
            "text/html");

    static final List<String> ODD_JSON_TYPES = List.of(
            "application/json; charset=utf-8",
            "application/json;charset=ISO-8859-1",
            "application/json; charset=utf-16",
            "application/json; charset=bogus",
            "APPLICATION/JSON",
            "application/json; boundary=x; q=1",
            "application/problem+json",
            "application/vnd.api+json",
            "application/json-patch+json",
            "application/*",
            "*/*",
            "application/",
            "json",
            ";",
            "application/json, text/plain");
    static final List<String> ACCEPTS = List.of(
            "application/json",
            "*/*",
            "text/html",
            "application/xml",
            "text/event-stream",
            "application/json;q=0",
            "garbage",
            "",
            "text/*, application/xml;q=0.9",
            "application/json; charset=utf-16");

    private FuzzValues() {}

    static <T> T pick(List<T> values, Random random) {
        return values.get(random.nextInt(values.size()));
    }
}
