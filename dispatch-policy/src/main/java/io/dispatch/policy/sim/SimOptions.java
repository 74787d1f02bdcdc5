package io.dispatch.policy.sim;

import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of deploy/dispatch-sim.sh. */
record SimOptions(
        Path scenario,
        Mode mode,
        long seed,
        Double acceptShare,
        Integer maxActive,
        List<Mode> compare,
        boolean json,
        boolean generate,
        int orders,
        int riders,
        double hours,
        Path out,
        CoreConfig core) {

    static final String USAGE = """
            usage: dispatch-sim.sh <scenario.json> [--mode M] [--seed N] [--accept-share S] [--max-active N]
                   [--compare M1,M2,... [--json]]   (modes: MANUAL, BROADCAST, RANKED, AUTO_ASSIGN, BATCHED;
                                                     a table, or JSON; a scenario from the log adds the row recorded)
                   [--active-penalty SECONDS] [--age-weight W] [--deadhead-weight W]   (the core's matching weights)
                   dispatch-sim.sh --generate --orders N --riders R [--hours H] [--seed S] --out file.json""";

    static SimOptions parse(String[] args) {
        Path scenario = null;
        Mode mode = null;
        long seed = 1;
        Double acceptShare = null;
        Integer maxActive = null;
        List<Mode> compare = new ArrayList<>();
        boolean json = false;
        boolean generate = false;
        int orders = 0;
        int riders = 0;
        double hours = 8;
        Path out = null;
        CoreConfig core = CoreConfig.defaults();
        for (int index = 0; index < args.length; index++) {
            String arg = args[index];
            switch (arg) {
                case "--mode" -> mode = mode(value(args, ++index, arg));
                case "--seed" -> seed = Long.parseLong(value(args, ++index, arg));
                case "--accept-share" -> acceptShare = share(value(args, ++index, arg));
                case "--max-active" -> maxActive = maxActive(value(args, ++index, arg));
                case "--compare" -> {
                    for (String name : value(args, ++index, arg).split(",")) {
                        compare.add(mode(name.trim()));
                    }
                }
                case "--json" -> json = true;
                case "--generate" -> generate = true;
                case "--orders" -> orders = Integer.parseInt(value(args, ++index, arg));
                case "--riders" -> riders = Integer.parseInt(value(args, ++index, arg));
                case "--hours" -> hours = Double.parseDouble(value(args, ++index, arg));
                case "--out" -> out = Path.of(value(args, ++index, arg));
                case "--active-penalty" ->
                    core = core.withMatching(
                            Double.parseDouble(value(args, ++index, arg)), core.ageWeight(), core.deadheadWeight());
                case "--age-weight" ->
                    core = core.withMatching(
                            core.activeDeliveryPenaltySeconds(),
                            Double.parseDouble(value(args, ++index, arg)),
                            core.deadheadWeight());
                case "--busy-eta" ->
                    core = core.withBusyRiderMaxEtaSeconds(Double.parseDouble(value(args, ++index, arg)));
                case "--deadhead-weight" ->
                    core = core.withMatching(
                            core.activeDeliveryPenaltySeconds(),
                            core.ageWeight(),
                            Double.parseDouble(value(args, ++index, arg)));
                default -> {
                    if (arg.startsWith("--") || scenario != null) {
                        throw new IllegalArgumentException("unknown argument " + arg);
                    }
                    scenario = Path.of(arg);
                }
            }
        }
        if (generate && (orders < 1 || riders < 1 || out == null || hours <= 0)) {
            throw new IllegalArgumentException("--generate needs --orders, --riders (at least 1) and --out");
        }
        if (!generate && scenario == null) {
            throw new IllegalArgumentException("a scenario file is needed");
        }
        if (json && compare.isEmpty()) {
            throw new IllegalArgumentException("--json goes with --compare (a single run always prints JSON)");
        }
        return new SimOptions(
                scenario,
                mode,
                seed,
                acceptShare,
                maxActive,
                compare,
                json,
                generate,
                orders,
                riders,
                hours,
                out,
                core);
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }

    private static Mode mode(String name) {
        try {
            return Mode.valueOf(name);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException(
                    "unknown mode " + name + " (MANUAL, BROADCAST, RANKED, AUTO_ASSIGN, BATCHED)");
        }
    }

    private static int maxActive(String value) {
        int maxActive;
        try {
            maxActive = Integer.parseInt(value);
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("--max-active must be a whole number: " + value);
        }
        if (maxActive < 1 || maxActive > 20) {
            throw new IllegalArgumentException("--max-active must be in 1..20: " + value);
        }
        return maxActive;
    }

    private static double share(String value) {
        double share = Double.parseDouble(value);
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("--accept-share must be in (0, 1]: " + value);
        }
        return share;
    }
}
