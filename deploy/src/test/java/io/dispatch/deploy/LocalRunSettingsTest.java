package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The local run reads its own settings before Spring starts, in every form Spring Boot accepts. */
class LocalRunSettingsTest {

    private static final String[] NO_ARGUMENTS = {};

    @Test
    void the_canonical_environment_variable_DISPATCH_DATADIR_names_the_data_dir() {
        var settings = LocalRunSettings.read(NO_ARGUMENTS, Map.of("DISPATCH_DATADIR", "/srv/dispatch-canonical"));

        assertThat(settings.dataDir()).isEqualTo(Path.of("/srv/dispatch-canonical"));
    }

    @Test
    void the_underscored_environment_variables_DISPATCH_DATA_DIR_and_DISPATCH_ADMIN_TOKEN_still_work() {
        var settings = LocalRunSettings.read(
                NO_ARGUMENTS,
                Map.of("DISPATCH_DATA_DIR", "/srv/dispatch-underscored", "DISPATCH_ADMIN_TOKEN", "from-a-script"));

        assertThat(settings.dataDir()).isEqualTo(Path.of("/srv/dispatch-underscored"));
        assertThat(settings.adminToken()).contains("from-a-script");
    }

    @Test
    void a_command_line_argument_outranks_the_environment_and_relative_paths_become_absolute() {
        var settings = LocalRunSettings.read(
                new String[] {"--dispatch.data-dir=run/data"}, Map.of("DISPATCH_DATADIR", "/srv/dispatch-canonical"));

        assertThat(settings.dataDir()).isEqualTo(Path.of("run/data").toAbsolutePath());
    }

    @Test
    void without_a_setting_the_data_lives_in_dot_dispatch_data() {
        var settings = LocalRunSettings.read(NO_ARGUMENTS, Map.of());

        assertThat(settings.dataDir()).isEqualTo(Path.of(".dispatch", "data").toAbsolutePath());
        assertThat(settings.infrastructureKind()).isNull();
        assertThat(settings.infrastructureOnly()).isFalse();
        assertThat(settings.adminToken()).isEmpty();
    }

    @Test
    void the_admin_token_and_the_infrastructure_are_read_in_their_canonical_environment_form() {
        var settings = LocalRunSettings.read(
                NO_ARGUMENTS,
                Map.of(
                        "DISPATCH_ADMINTOKEN", "from-the-environment",
                        "DISPATCH_INFRASTRUCTURE", "embedded",
                        "DISPATCH_LOCAL_INFRASTRUCTUREONLY", "true"));

        assertThat(settings.adminToken()).contains("from-the-environment");
        assertThat(settings.infrastructureKind()).isEqualTo("embedded");
        assertThat(settings.infrastructureOnly()).isTrue();
    }

    @Test
    void the_infrastructure_kind_can_be_a_command_line_argument() {
        var settings = LocalRunSettings.read(new String[] {"--dispatch.infrastructure=embedded"}, Map.of());

        assertThat(settings.infrastructureKind()).isEqualTo("embedded");
    }
}
