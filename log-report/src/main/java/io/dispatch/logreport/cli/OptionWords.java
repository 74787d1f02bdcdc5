package io.dispatch.logreport.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The command line read as words, before any value is checked: each known option once, with its value
 * ({@code --name value} or {@code --name=value}), and the two flags that take none.
 */
record OptionWords(Map<String, String> values, boolean help, boolean scenario) {

    /** The report's options, then those only {@code --scenario} takes. */
    private static final List<String> KNOWN = Stream.concat(
                    Stream.of(
                            "--kafka",
                            "--topic",
                            "--db",
                            "--db-user",
                            "--db-password",
                            "--from",
                            "--from-offset",
                            "--to",
                            "--to-offset",
                            "--merchant",
                            "--format",
                            "--out",
                            "--list-limit",
                            "--timeout"),
                    ScenarioOptionParser.SCENARIO_ONLY.stream())
            .toList();

    static OptionWords read(List<String> args) throws UsageException {
        Deque<String> rest = new ArrayDeque<>(args);
        Map<String, String> values = new LinkedHashMap<>();
        boolean help = false;
        boolean scenario = false;
        while (!rest.isEmpty()) {
            String name = rest.pop();
            if (name.equals("--help") || name.equals("-h")) {
                help = true;
                continue;
            }
            if (name.equals("--scenario")) {
                if (scenario) {
                    throw new UsageException("--scenario is given twice");
                }
                scenario = true;
                continue;
            }
            String value = null;
            int equals = name.indexOf('=');
            if (name.startsWith("--") && equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (!KNOWN.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
            if (value == null) {
                if (rest.isEmpty()) {
                    throw new UsageException(name + " needs a value");
                }
                value = rest.pop();
            }
            if (values.put(name, value) != null) {
                throw new UsageException(name + " is given twice");
            }
        }
        return new OptionWords(values, help, scenario);
    }
}
