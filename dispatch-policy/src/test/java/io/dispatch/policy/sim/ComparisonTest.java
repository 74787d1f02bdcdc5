package io.dispatch.policy.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

    @TempDir
    Path dir;

    @Test
    void a_scenario_made_from_the_log_is_compared_with_its_recorded_row_first_under_the_stated_travel_model()
            throws Exception {
        Scenario day = ScenarioGenerator.generate(60, 12, 2, 5);
        SimReport real = DispatchSim.simulate(day, 3);
        Recorded recorded = new Recorded(
                "kafka 127.0.0.1:9092 dispatch-events",
                real,
                List.of(new HourFigures(Instant.parse("2026-11-27T10:00:00Z"), 60, 58, 1500.5, 2400)));
        Path file = dir.resolve("day.json");
        ScenarioJson.write(day, recorded, file);

        assertThat(ScenarioJson.readRecorded(file)).contains(recorded);
        assertThat(ScenarioJson.read(file).orders()).isEqualTo(day.orders());

        JsonNode json = run(file.toString(), "--compare", "RANKED,AUTO_ASSIGN", "--json");
        assertThat(json.path("travel").path("speedKmh").asDouble()).isEqualTo(day.speedKmh());
        assertThat(json.path("travel").path("model").asText()).contains("straight line");
        assertThat(json.path("rows"))
                .extracting(row -> row.path("mode").asText())
                .containsExactly("recorded", "RANKED", "AUTO_ASSIGN");
        assertThat(json.path("rows").get(0).path("figures").path("delivered").asInt())
                .isEqualTo(real.delivered());
        JsonNode ranked = json.path("rows").get(1);
        int placed = 0;
        for (JsonNode hour : ranked.path("clickToDoorByHour")) {
            placed += hour.path("orders").asInt();
        }
        assertThat(placed).as("every order falls in one hour").isEqualTo(60);
        assertThat(ranked.path("figures").path("orders").asInt()).isEqualTo(60);

        String table = text(file.toString(), "--compare", "RANKED");
        assertThat(table.lines().toList())
                .anySatisfy(line -> assertThat(line).startsWith("recorded "))
                .anySatisfy(line -> assertThat(line).startsWith("RANKED "))
                .anySatisfy(line -> assertThat(line).contains("straight line x detourFactor"));
    }

    @Test
    void a_generated_scenario_has_no_recorded_row_and_the_hours_cover_the_day() throws Exception {
        Scenario day = ScenarioGenerator.generate(40, 10, 3, 9);
        Path file = dir.resolve("generated.json");
        ScenarioJson.write(day, file);

        JsonNode json = run(file.toString(), "--compare", "RANKED", "--json");

        assertThat(json.path("rows")).hasSize(1);
        JsonNode hours = json.path("rows").get(0).path("clickToDoorByHour");
        assertThat(hours.size()).isBetween(1, 4);
        for (int i = 1; i < hours.size(); i++) {
            assertThat(Instant.parse(hours.get(i).path("hour").asText()))
                    .isEqualTo(Instant.parse(hours.get(i - 1).path("hour").asText())
                            .plusSeconds(3600));
        }
    }

    @Test
    void json_without_compare_is_refused() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = DispatchSim.run(
                new String[] {"day.json", "--json"},
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--json goes with --compare");
    }

    private static JsonNode run(String... args) throws Exception {
        return new ObjectMapper().readTree(text(args));
    }

    private static String text(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = DispatchSim.run(
                args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertThat(status).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }
}
