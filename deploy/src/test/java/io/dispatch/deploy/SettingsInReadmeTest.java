package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

/**
 * Every {@code dispatch.*} setting the code reads is in the README's settings table, and every
 * {@code dispatch.*} row there is read by the code: the settings of the {@code
 * @ConfigurationProperties} records (their components, nested records included, in kebab case)
 * and the {@code "${dispatch.…}"} placeholders of the services' sources ({@code @Value},
 * {@code @Scheduled}).
 */
class SettingsInReadmeTest {

  private static final Path ROOT = Path.of("..");
  /** A placeholder in an annotation's string: {@code @Value}, {@code @Scheduled(fixedDelayString = …)}. */
  private static final Pattern VALUE = Pattern.compile("\"\\$\\{(dispatch\\.[a-z0-9.-]+)");
  private static final Pattern ROW = Pattern.compile("^\\| `(dispatch\\.[a-z0-9.-]+)`((?: / `\\.[a-z0-9.-]+`)*) \\|");
  private static final Pattern SIBLING = Pattern.compile("`\\.([a-z0-9.-]+)`");

  /** Settings read outside both forms, with where. */
  private static final Map<String, String> READ_ELSEWHERE = Map.of(
      "dispatch.data-dir", "LocalRun (the local run's data directory)",
      "dispatch.infrastructure", "Infrastructure.KIND_PROPERTY, bound by LocalRunSettings",
      "dispatch.bench.allow-layer-bypass", "LayerBypass.PROPERTY, read from the Environment",
      "dispatch.maps.tile-url", "MapSettings, read from the Environment on each page",
      "dispatch.maps.attribution", "MapSettings, read from the Environment on each page",
      "dispatch.integrations.secret-encryption-key", "SecretCipher, by its setting name");

  @Test
  void the_readme_lists_every_setting_the_code_reads_and_no_other() throws Exception {
    Set<String> read = new TreeSet<>();
    read.addAll(propertiesRecords());
    read.addAll(valueKeys());
    Set<String> listed = readmeSettings();

    Set<String> missing = new TreeSet<>(read);
    missing.removeAll(listed);
    assertThat(missing).as("settings the code reads that the README's settings table does not list").isEmpty();

    Set<String> stale = new TreeSet<>(listed);
    stale.removeAll(read);
    stale.removeAll(READ_ELSEWHERE.keySet());
    assertThat(stale).as("README settings no code reads").isEmpty();
    assertThat(read).as("the scan found the settings").contains("dispatch.webhook.retry.first-wait",
        "dispatch.rate-limit.per-minute", "dispatch.admin-token", "dispatch.query.max-staleness-wait");
  }

  private static Set<String> propertiesRecords() throws ClassNotFoundException {
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
    Set<String> keys = new TreeSet<>();
    for (var candidate : scanner.findCandidateComponents("io.dispatch")) {
      Class<?> type = Class.forName(candidate.getBeanClassName());
      String prefix = type.getAnnotation(ConfigurationProperties.class).value();
      if (prefix.startsWith("dispatch")) {
        components(prefix, type, keys);
      }
    }
    assertThat(keys).as("@ConfigurationProperties records found").hasSizeGreaterThan(20);
    return keys;
  }

  private static void components(String prefix, Class<?> type, Set<String> keys) {
    for (RecordComponent component : type.getRecordComponents()) {
      String key = prefix + "." + kebab(component.getName());
      if (component.getType().isRecord() && component.getType().getName().startsWith("io.dispatch")) {
        components(key, component.getType(), keys);
      } else {
        keys.add(key);
      }
    }
  }

  private static String kebab(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }

  private static Set<String> valueKeys() throws IOException {
    Set<String> keys = new TreeSet<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path sources : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
        try (Stream<Path> files = Files.walk(sources)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            Matcher matcher = VALUE.matcher(Files.readString(file));
            while (matcher.find()) {
              keys.add(matcher.group(1));
            }
          }
        }
      }
    }
    assertThat(keys).as("@Value keys found").hasSizeGreaterThan(10);
    return keys;
  }

  /** The first cell of each settings row: `a.b.c` and its siblings written `.d` (a.b.d). */
  private static Set<String> readmeSettings() throws IOException {
    Set<String> keys = new TreeSet<>();
    for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
      Matcher row = ROW.matcher(line);
      if (!row.find()) {
        continue;
      }
      String first = row.group(1);
      keys.add(first);
      String parent = first.substring(0, first.lastIndexOf('.'));
      Matcher sibling = SIBLING.matcher(row.group(2));
      while (sibling.find()) {
        keys.add(parent + "." + sibling.group(1));
      }
    }
    return keys;
  }
}
