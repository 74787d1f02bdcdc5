package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

/**
 * The README's settings table and the code agree (docs/adr/0029). The code's settings are the
 * components of the {@code @ConfigurationProperties} records (nested records included, in kebab
 * case) with the defaults a binding with nothing set gives them; a few are read elsewhere, listed
 * here with where. Each README row names a setting and its siblings ({@code `a.b.c` / `.d`}), and
 * where its default cell is one backticked value per setting ({@code `PT5S` / `2`}), those values.
 */
class SettingsInReadmeTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern ROW =
            Pattern.compile("^\\| `(dispatch\\.[a-z0-9.-]+)`((?: / `\\.[a-z0-9.-]+`)*) \\| ([^|]*) \\|");
    private static final Pattern SIBLING = Pattern.compile("`\\.([a-z0-9.-]+)`");
    private static final Pattern DEFAULTS = Pattern.compile("`([^`<]*)`(?: / `([^`<]*)`)*");
    private static final Pattern DEFAULT = Pattern.compile("`([^`]*)`");
    /** A settings placeholder in a service's source: {@code "${dispatch.…"}, or one built from a constant. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\"\\$\\{(dispatch\\.|\" *\\+)");

    /** Settings read outside the records, with where. */
    private static final Map<String, String> READ_ELSEWHERE = Map.of(
            "dispatch.data-dir", "LocalRun (the local run's data directory)",
            "dispatch.infrastructure", "Infrastructure.KIND_PROPERTY, bound by LocalRunSettings",
            "dispatch.startup.wait-for-dependencies", "DependencyGate, before the context exists",
            "dispatch.maps.tile-url", "MapSettings, read from the Environment on each page",
            "dispatch.maps.attribution", "MapSettings, read from the Environment on each page");

    /** Settings a record cannot be bound without; their values here are examples, not defaults. */
    private static final Map<String, String> REQUIRED = Map.of("dispatch.r2dbc.url", "r2dbc:postgresql://db/dispatch");

    private static Map<String, Object> code;
    private static Map<String, String> readme;

    @BeforeAll
    static void read() throws Exception {
        code = recordSettings();
        readme = readmeSettings();
    }

    @Test
    void the_readme_lists_every_setting_the_code_reads_and_no_other() {
        Set<String> missing = new TreeSet<>(code.keySet());
        missing.removeAll(readme.keySet());
        assertThat(missing)
                .as("settings the code reads that the README's settings table does not list")
                .isEmpty();

        Set<String> stale = new TreeSet<>(readme.keySet());
        stale.removeAll(code.keySet());
        stale.removeAll(READ_ELSEWHERE.keySet());
        assertThat(stale).as("README settings no code reads").isEmpty();
        assertThat(code)
                .as("the scan found the settings")
                .containsKeys(
                        "dispatch.webhook.retry.first-wait",
                        "dispatch.rate-limit.per-minute",
                        "dispatch.admin-token",
                        "dispatch.query.max-staleness-wait",
                        "dispatch.webhook.feed.cursor-secret");
    }

    @Test
    void the_readme_gives_the_defaults_the_records_have() {
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (var row : readme.entrySet()) {
            if (row.getValue() == null || !code.containsKey(row.getKey()) || REQUIRED.containsKey(row.getKey())) {
                continue;
            }
            compared++;
            Object actual = code.get(row.getKey());
            if (!same(row.getValue(), actual)) {
                differences.add(row.getKey() + ": README `" + row.getValue() + "`, code " + actual);
            }
        }
        assertThat(differences)
                .as("defaults the README states otherwise than the code")
                .isEmpty();
        assertThat(compared).as("README defaults compared").isGreaterThan(40);
    }

    @Test
    void the_services_read_their_settings_through_records_only() throws IOException {
        List<String> placeholders = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path sources : modules.map(m -> m.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .toList()) {
                try (Stream<Path> files = Files.walk(sources)) {
                    for (Path file :
                            files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        Matcher matcher = PLACEHOLDER.matcher(Files.readString(file));
                        while (matcher.find()) {
                            placeholders.add(ROOT.relativize(file) + ": " + matcher.group());
                        }
                    }
                }
            }
        }
        assertThat(placeholders)
                .as("dispatch.* placeholders (@Value, @Scheduled): make them record components")
                .isEmpty();
    }

    /** Every setting of every record under io.dispatch, with the value a binding with nothing set gives it. */
    private static Map<String, Object> recordSettings() throws ClassNotFoundException {
        var scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
        Binder nothingSet = new Binder(new MapConfigurationPropertySource(REQUIRED));
        Map<String, Object> settings = new TreeMap<>();
        for (var candidate : scanner.findCandidateComponents("io.dispatch")) {
            Class<?> type = Class.forName(candidate.getBeanClassName());
            String prefix = type.getAnnotation(ConfigurationProperties.class).value();
            if (prefix.startsWith("dispatch")) {
                components(prefix, nothingSet.bindOrCreate(prefix, Bindable.of(type)), settings);
            }
        }
        assertThat(settings).as("@ConfigurationProperties records found").hasSizeGreaterThan(20);
        return settings;
    }

    private static void components(String prefix, Object record, Map<String, Object> settings) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            String key = prefix + "." + kebab(component.getName());
            Object value;
            try {
                value = component.getAccessor().invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(key, e);
            }
            if (component.getType().isRecord() && component.getType().getName().startsWith("io.dispatch")) {
                components(key, value, settings);
            } else {
                settings.put(key, value);
            }
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Each row's settings, with its default where the default cell is exactly one backticked value
     * per setting and none is a stand-in such as {@code <port>} (otherwise null: prose is not compared).
     */
    private static Map<String, String> readmeSettings() throws IOException {
        Map<String, String> settings = new TreeMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
            Matcher row = ROW.matcher(line);
            if (!row.find()) {
                continue;
            }
            List<String> keys = new ArrayList<>(List.of(row.group(1)));
            String parent = row.group(1).substring(0, row.group(1).lastIndexOf('.'));
            Matcher sibling = SIBLING.matcher(row.group(2));
            while (sibling.find()) {
                keys.add(parent + "." + sibling.group(1));
            }
            List<String> defaults = new ArrayList<>();
            String cell = row.group(3).strip();
            if (DEFAULTS.matcher(cell).matches()) {
                Matcher value = DEFAULT.matcher(cell);
                while (value.find()) {
                    defaults.add(value.group(1));
                }
            }
            for (int i = 0; i < keys.size(); i++) {
                settings.put(keys.get(i), defaults.size() == keys.size() ? defaults.get(i) : null);
            }
        }
        return settings;
    }

    /** The README's text and the bound value mean the same: equal text, number or duration. */
    private static boolean same(String written, Object actual) {
        if (written.equals(String.valueOf(actual))) {
            return true;
        }
        if (actual instanceof Duration duration) {
            try {
                return DurationStyle.detectAndParse(written).equals(duration);
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        if (actual instanceof Number number) {
            try {
                return new BigDecimal(written).compareTo(new BigDecimal(number.toString())) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }
}
