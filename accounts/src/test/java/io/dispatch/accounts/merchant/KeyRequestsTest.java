package io.dispatch.accounts.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.accounts.merchant.KeyRequests.IssueKey;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.Scope;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scopes a key is issued with, as the operator's and the dashboard's routes read them. */
class KeyRequestsTest {

    @Test
    void a_key_asked_for_without_scopes_may_read_and_write() {
        assertThat(KeyRequests.scopes(null)).containsExactlyInAnyOrder(Scope.READ, Scope.WRITE);
        assertThat(KeyRequests.scopes(new IssueKey(null))).containsExactlyInAnyOrder(Scope.READ, Scope.WRITE);
    }

    @Test
    void the_scopes_asked_for_are_the_ones_issued() {
        assertThat(KeyRequests.scopes(new IssueKey(List.of("read")))).containsExactly(Scope.READ);
        assertThat(KeyRequests.scopes(new IssueKey(List.of("write", "read", "write"))))
                .containsExactlyInAnyOrder(Scope.READ, Scope.WRITE);
    }

    @Test
    void an_unknown_or_empty_list_of_scopes_is_a_validation_error_on_scopes() {
        for (List<String> asked : List.<List<String>>of(List.of("admin"), List.of(), List.of("read", ""))) {
            assertThatThrownBy(() -> KeyRequests.scopes(new IssueKey(asked)))
                    .as("%s", asked)
                    .isInstanceOfSatisfying(ApiException.class, e -> {
                        assertThat(e.status().value()).isEqualTo(422);
                        assertThat(e.details())
                                .containsEntry(
                                        "fieldErrors",
                                        Map.of("scopes", List.of("must be a non-empty list of 'read' and 'write'")));
                    });
        }
    }

    @Test
    void a_scope_with_a_control_character_is_refused_on_scopes() {
        assertThatThrownBy(() -> KeyRequests.scopes(new IssueKey(Arrays.asList("read\u0000"))))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.details().get("fieldErrors"))
                                .asString()
                                .contains("scopes"));
    }

    @Test
    void the_scopes_are_answered_by_their_wire_names_in_order() {
        assertThat(KeyRequests.wireNames(EnumSet.of(Scope.WRITE, Scope.READ))).containsExactly("read", "write");
    }
}
