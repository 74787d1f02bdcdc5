package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The wire format is a contract: these files change only with a version bump and an upcaster. */
class GoldenFileTest {

    private static final Pattern GOLDEN_NAME = Pattern.compile("(.+)\\.v(\\d+)(\\.[a-z-]+)?\\.json");
    private static final String OPTIONAL_NULLS = "dispatch.created.v3.optional-nulls.json";
    private static final String CREATED_V2 = "dispatch.created.v2.json";
    private static final String OPTIONAL_NULLS_V2 = "dispatch.created.v2.optional-nulls.json";
    private static final String CREATED_V1 = "dispatch.created.v1.json";
    private static final String OPTIONAL_NULLS_V1 = "dispatch.created.v1.optional-nulls.json";

    private final EventCodec codec = EventCodec.standard();
    private final ObjectMapper plainJson = new ObjectMapper();

    @Test
    void every_event_type_has_a_golden_file_for_its_current_version() {
        List<String> files = goldenFileNames();

        for (EventType type : EventType.values()) {
            assertThat(files).as("golden file of %s", type).contains(GoldenSamples.fileName(type));
        }
    }

    @Test
    void every_golden_file_names_a_known_type_at_or_below_its_current_version() {
        for (String file : goldenFileNames()) {
            Matcher name = GOLDEN_NAME.matcher(file);
            assertThat(name.matches()).as("file name %s", file).isTrue();
            EventType type = EventType.fromWireName(name.group(1))
                    .orElseThrow(() -> new AssertionError("unknown type in " + file));
            assertThat(Integer.parseInt(name.group(2)))
                    .as("version in %s", file)
                    .isLessThanOrEqualTo(type.version());
        }
    }

    @Test
    void every_golden_file_including_older_versions_decodes_with_the_standard_codec() {
        for (String file : goldenFileNames()) {
            EventEnvelope decoded = codec.decode(golden(file));

            assertThat(decoded.type()).as("type of %s", file).isEqualTo(file.substring(0, file.indexOf(".v")));
        }
    }

    @ParameterizedTest
    @EnumSource(EventType.class)
    void encoding_the_sample_gives_the_golden_json(EventType type) {
        assertThat(tree(codec.encode(GoldenSamples.of(type)))).isEqualTo(tree(golden(GoldenSamples.fileName(type))));
    }

    @ParameterizedTest
    @EnumSource(EventType.class)
    void decoding_the_golden_json_gives_the_sample(EventType type) {
        assertThat(codec.decode(golden(GoldenSamples.fileName(type)))).isEqualTo(GoldenSamples.of(type));
    }

    /**
     * Byte for byte, field order included: the tree comparison above would not see a field move,
     * but the bytes on the wire are the contract (the golden file compacted keeps its order).
     */
    @ParameterizedTest
    @EnumSource(EventType.class)
    void encoding_the_sample_gives_the_golden_bytes_in_their_order(EventType type) throws IOException {
        assertThat(new String(codec.encode(GoldenSamples.of(type)), StandardCharsets.UTF_8))
                .isEqualTo(compact(golden(GoldenSamples.fileName(type))));
    }

    @Test
    void a_creation_with_every_optional_field_null_writes_the_golden_bytes_in_their_order() throws IOException {
        assertThat(new String(codec.encode(GoldenSamples.createdWithOptionalsNull()), StandardCharsets.UTF_8))
                .isEqualTo(compact(golden(OPTIONAL_NULLS)));
    }

    @Test
    void a_creation_with_every_optional_field_null_writes_the_nulls_explicitly() {
        assertThat(tree(codec.encode(GoldenSamples.createdWithOptionalsNull())))
                .isEqualTo(tree(golden(OPTIONAL_NULLS)));
    }

    @Test
    void the_golden_creation_with_nulls_decodes_to_the_sample() {
        assertThat(codec.decode(golden(OPTIONAL_NULLS))).isEqualTo(GoldenSamples.createdWithOptionalsNull());
    }

    @Test
    void a_v1_creation_decodes_to_the_same_event_as_its_v2_golden() {
        assertThat(codec.decode(golden(CREATED_V1))).isEqualTo(codec.decode(golden(CREATED_V2)));
        assertThat(codec.decode(golden(OPTIONAL_NULLS_V1))).isEqualTo(codec.decode(golden(OPTIONAL_NULLS_V2)));
    }

    @Test
    void a_v2_creation_decodes_to_the_sample_without_a_dispatching_policy() {
        assertThat(codec.decode(golden(CREATED_V2))).isEqualTo(GoldenSamples.createdBeforePolicies());
        assertThat(codec.decode(golden(OPTIONAL_NULLS_V2))).isEqualTo(GoldenSamples.createdWithOptionalsNull());
    }

    @Test
    void a_v1_creation_reencodes_as_its_v2_golden_does() {
        assertThat(tree(codec.encode(codec.decode(golden(CREATED_V1)))))
                .isEqualTo(tree(codec.encode(codec.decode(golden(CREATED_V2)))));
        assertThat(tree(codec.encode(codec.decode(golden(OPTIONAL_NULLS_V1))))).isEqualTo(tree(golden(OPTIONAL_NULLS)));
    }

    @Test
    void a_creation_of_a_future_version_is_refused() {
        ObjectNode v3 = (ObjectNode) tree(golden(fileName(EventType.DISPATCH_CREATED)));
        v3.put("version", EventType.DISPATCH_CREATED.version() + 1);

        assertThatThrownBy(() -> codec.decode(plainJson.writeValueAsBytes(v3)))
                .isExactlyInstanceOf(EventDecodingException.class)
                .hasMessageContaining("newer");
    }

    private static String fileName(EventType type) {
        return GoldenSamples.fileName(type);
    }

    private String compact(byte[] json) throws IOException {
        return plainJson.writeValueAsString(plainJson.readTree(json));
    }

    private JsonNode tree(byte[] json) {
        try {
            return plainJson.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] golden(String file) {
        try (InputStream in = GoldenFileTest.class.getResourceAsStream("/golden/" + file)) {
            assertThat(in).as("golden file %s", file).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> goldenFileNames() {
        try (Stream<Path> files =
                Files.list(Path.of(GoldenFileTest.class.getResource("/golden").toURI()))) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
