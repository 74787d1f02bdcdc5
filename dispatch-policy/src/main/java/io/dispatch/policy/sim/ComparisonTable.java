package io.dispatch.policy.sim;

import java.io.PrintStream;
import java.util.Locale;

/** dispatch-sim --compare's table: the travel model, then one line per row (decisions.md section 17). */
final class ComparisonTable {

    private static final String LINE = "%-12s %7s %9s %6s %13s %13s %11s %6s %9s %9s %17s%n";

    private ComparisonTable() {}

    static void print(Comparison comparison, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%s: travel %s (speedKmh %.1f, detourFactor %.2f)%n",
                comparison.scenario(),
                comparison.travel().model(),
                comparison.travel().speedKmh(),
                comparison.travel().detourFactor());
        out.printf(
                Locale.ROOT,
                LINE,
                "mode",
                "orders",
                "delivered",
                "never",
                "c2d mean/p90",
                "r2p mean/p90",
                "tta p50/p90",
                "late",
                "ord/rh",
                "m/order",
                "offers m/d/e");
        for (Comparison.Row row : comparison.rows()) {
            SimReport figures = row.figures();
            out.printf(
                    Locale.ROOT,
                    LINE,
                    row.mode(),
                    figures.orders(),
                    figures.delivered(),
                    figures.neverAssigned(),
                    pair(
                            figures.clickToDoorSeconds().mean(),
                            figures.clickToDoorSeconds().p90()),
                    pair(
                            figures.readyToPickupSeconds().mean(),
                            figures.readyToPickupSeconds().p90()),
                    pair(
                            figures.timeToAssignSeconds().p50(),
                            figures.timeToAssignSeconds().p90()),
                    String.format(Locale.ROOT, "%.1f%%", figures.lateShare() * 100),
                    String.format(Locale.ROOT, "%.2f", figures.ordersPerRiderHour()),
                    String.format(Locale.ROOT, "%.0f", figures.metersPerOrder()),
                    figures.offers().made() + "/" + figures.offers().declined() + "/"
                            + figures.offers().expired());
        }
        out.println("seconds: c2d click-to-door, r2p ready-to-pickup, tta time to assign; late: click-to-door over "
                + "the target; ord/rh: orders per rider-hour; offers made/declined/expired");
    }

    private static String pair(double first, double second) {
        return String.format(Locale.ROOT, "%.0f/%.0f", first, second);
    }
}
