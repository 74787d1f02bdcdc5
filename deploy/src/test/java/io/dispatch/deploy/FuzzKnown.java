package io.dispatch.deploy;

import io.dispatch.deploy.FuzzTransport.Answer;

/**
 * Findings already reported and being fixed by others (issue 15). They are still findings: the
 * test fails on them until they are fixed; the report only marks them so a reader sees at once
 * which ones are new.
 */
final class FuzzKnown {

    private FuzzKnown() {}

    /** The known issue a finding is an instance of, or null. */
    static String known(String kind, FuzzRequest request, Answer answer) {
        String text = answer.body() == null ? "" : answer.text();
        if (answer.status() == 413 && text.contains("\"message\":\"null\"")) {
            return "known: a body over 262,144 bytes answers 413 with message \"null\"";
        }
        if (kind.equals("valid refused") && request.label().matches(".*[Pp]hone=(rule '\\+?[0-9]{6,7}'|length 7)")) {
            return "known: customerPhone \"+254700\" (7 characters in all) refused";
        }
        if (kind.equals("valid refused") && answer.status() == 413) {
            return "known: a body over 262,144 bytes is refused although the limit is 4 MiB";
        }
        if (kind.equals("bare refusal") && answer.status() == 431) {
            return "known: oversized headers get a bare 431";
        }
        boolean controlInHeader = request.bend() == FuzzRawBend.C0_IN_HEADER
                || request.bend() == FuzzRawBend.NUL_IN_HEADER_NAME
                || request.headers().stream()
                        .anyMatch(h -> (h.getKey() + h.getValue()).chars().anyMatch(c -> c < 0x20 && c != '\t'));
        if (kind.equals("bare refusal") && answer.status() == 400 && controlInHeader) {
            return "known: a C0 control in a header gets a bare 400";
        }
        return null;
    }
}
