package io.dispatch.web.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TextRuleTest {

    private static boolean control(char c) {
        return c <= 0x1F || (c >= 0x7F && c <= 0x9F);
    }

    @Test
    void every_control_character_is_refused_in_a_single_line_field_wherever_it_stands() {
        for (char c = 0; c <= 0x9F; c++) {
            for (String text : List.of(String.valueOf(c), "A" + c + "B", "Amina" + c)) {
                int position = text.indexOf(c);
                assertThat(TextRule.SINGLE_LINE.problem(text))
                        .as("U+%04X in %s", (int) c, text)
                        .isEqualTo(
                                control(c)
                                        ? Optional.of(
                                                "must not contain control characters (found U+%04X at position %d)"
                                                        .formatted((int) c, position))
                                        : Optional.empty());
            }
        }
    }

    @Test
    void a_multi_line_field_allows_tab_line_feed_and_carriage_return_and_no_other_control_character() {
        assertThat(TextRule.MULTI_LINE.problem("Gate B\r\n\tring twice\n")).isEmpty();
        assertThat(TextRule.SINGLE_LINE.problem("Gate B\nring twice"))
                .contains("must not contain control characters (found U+000A at position 6)");
        for (char c = 0; c <= 0x9F; c++) {
            boolean refused = control(c) && c != '\t' && c != '\n' && c != '\r';
            assertThat(TextRule.MULTI_LINE.problem("x" + c).isPresent())
                    .as("U+%04X", (int) c)
                    .isEqualTo(refused);
        }
        assertThat(TextRule.MULTI_LINE.problem("line\u000Bnext"))
                .contains("must not contain control characters other than tab, line feed and carriage return"
                        + " (found U+000B at position 4)");
    }

    @Test
    void every_character_outside_the_control_and_surrogate_ranges_is_accepted_by_both_rules() {
        for (int c = 0xA0; c <= 0xFFFF; c++) {
            if (Character.isSurrogate((char) c)) {
                continue;
            }
            String text = "a" + (char) c + "b";
            assertThat(TextRule.SINGLE_LINE.problem(text)).as("U+%04X", c).isEmpty();
            assertThat(TextRule.MULTI_LINE.problem(text)).as("U+%04X", c).isEmpty();
        }
    }

    @Test
    void paired_surrogates_are_accepted_and_unpaired_ones_refused_at_their_position() {
        String emoji = "\uD83D\uDE9A"; // U+1F69A delivery truck
        assertThat(TextRule.SINGLE_LINE.problem("Njeri " + emoji + " " + emoji)).isEmpty();
        Map<String, String> refused = Map.of(
                "\uD800",
                "(found U+D800 at position 0)",
                "ab\uDC00",
                "(found U+DC00 at position 2)",
                "\uD83D" + "x" + emoji,
                "(found U+D83D at position 0)",
                emoji + "\uDE9A",
                "(found U+DE9A at position 2)",
                "\uDE9A\uD83D",
                "(found U+DE9A at position 0)",
                emoji + "\uD83D",
                "(found U+D83D at position 2)");
        refused.forEach((text, where) -> {
            assertThat(TextRule.SINGLE_LINE.problem(text)).contains("must not contain unpaired surrogates " + where);
            assertThat(TextRule.MULTI_LINE.problem(text)).contains("must not contain unpaired surrogates " + where);
        });
    }

    @Test
    void only_the_first_problem_is_named() {
        assertThat(TextRule.SINGLE_LINE.problem("a\uD800b\u0000"))
                .contains("must not contain unpaired surrogates (found U+D800 at position 1)");
        assertThat(TextRule.SINGLE_LINE.problem("a\u0000b\uD800"))
                .contains("must not contain control characters (found U+0000 at position 1)");
    }

    @Test
    void null_and_empty_text_have_no_problem() {
        assertThat(TextRule.SINGLE_LINE.problem(null)).isEmpty();
        assertThat(TextRule.MULTI_LINE.problem("")).isEmpty();
    }

    @Test
    void check_answers_a_validation_error_on_the_field() {
        TextRule.SINGLE_LINE.check("name", "Amina");
        assertThatThrownBy(() -> TextRule.SINGLE_LINE.check("name", "A\u0000B"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
                    assertThat(e.status().value()).isEqualTo(422);
                    assertThat(e.details())
                            .isEqualTo(
                                    Map.of(
                                            "fieldErrors",
                                            Map.of(
                                                    "name",
                                                    List.of(
                                                            "must not contain control characters (found U+0000 at position 1)"))));
                });
    }
}
