package io.dispatch.logreport.output;

import io.dispatch.logreport.report.Report;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/** The report as text for a person: sections, aligned columns, durations as 12m 05s. */
public final class TextFormat {

    private TextFormat() {}

    public static void write(Report report, PrintWriter out) {
        out.println("dispatch log report");
        out.println("  source    " + report.source());
        out.println("  merchant  " + (report.merchant() == null ? "all" : report.merchant()));
        out.printf(
                "  entries   %,d read; %,d events counted; %,d unreadable%n",
                report.entries(), report.events(), report.unreadableTotal());
        out.println();
        counts(out, "events per type", report.eventsByType());
        counts(out, "events per merchant", report.eventsByMerchant());
        out.printf("deliveries: %,d (%,d created in the range)%n", report.deliveries(), report.deliveriesCreated());
        counts(out, "deliveries per final status (at the end of the range)", report.deliveriesByFinalStatus());
        out.println("time from create to each status (deliveries created in the range)");
        out.printf("  %-12s %8s %10s %10s %10s%n", "status", "count", "p50", "p90", "p99");
        report.timeFromCreate()
                .forEach((status, p) -> out.printf(
                        "  %-12s %,8d %10s %10s %10s%n",
                        status, p.count(), duration(p.p50()), duration(p.p90()), duration(p.p99())));
        out.println();
        out.println("service-level misses (targets fixed at creation, deliveries created in the range)");
        serviceLevel(out, "picked up after targetPickupAt", report.pickup());
        serviceLevel(out, "delivered after targetDeliveryAt", report.delivery());
        out.println();
        long anomalies = report.anomalies().values().stream()
                .mapToLong(Report.Section::count)
                .sum();
        out.printf("anomalies: %,d%n", anomalies);
        report.anomalies().forEach((kind, section) -> {
            out.printf("  %-22s %,8d%n", kind, section.count());
            section.listed()
                    .forEach(a -> out.printf(
                            "    %s seq %d at %s: %s%n", a.dispatchId(), a.sequence(), a.position(), a.detail()));
            more(out, section);
        });
        out.println();
        out.printf("unreadable entries: %,d (counted, not applied)%n", report.unreadableTotal());
        report.unreadable().forEach((reason, section) -> {
            out.printf("  %-22s %,8d%n", reason, section.count());
            section.listed()
                    .forEach(u -> out.printf(
                            "    at %s type %s delivery %s seq %s: %s%n",
                            u.position(), u.type(), u.dispatchId(), u.sequence(), u.detail()));
            more(out, section);
        });
        out.flush();
    }

    private static void counts(PrintWriter out, String title, Map<String, Long> counts) {
        out.println(title);
        if (counts.isEmpty()) {
            out.println("  (none)");
        }
        counts.forEach((key, count) -> out.printf("  %-38s %,10d%n", key, count));
        out.println();
    }

    private static void serviceLevel(PrintWriter out, String title, Report.ServiceLevel level) {
        out.printf("  %s: %,d of %,d (%.2f %%)%n", title, level.missed(), level.measured(), level.missedPercent());
        level.listed()
                .forEach(m -> out.printf(
                        "    %s seq %d at %s: target %s, actual %s, late by %s%n",
                        m.dispatchId(), m.sequence(), m.position(), m.target(), m.actual(), duration(m.lateBy())));
        if (level.missed() > level.listed().size()) {
            out.printf("    ... and %,d more%n", level.missed() - level.listed().size());
        }
    }

    private static void more(PrintWriter out, Report.Section<?> section) {
        List<?> listed = section.listed();
        if (section.count() > listed.size()) {
            out.printf("    ... and %,d more%n", section.count() - listed.size());
        }
    }

    /** 850 ms, 42.5 s, 12m 05s, 3h 02m; "-" when there is none. */
    static String duration(Long millis) {
        if (millis == null) {
            return "-";
        }
        long ms = Math.abs(millis);
        String sign = millis < 0 ? "-" : "";
        if (ms < 1000) {
            return sign + ms + " ms";
        }
        if (ms < 60_000) {
            return String.format("%s%.1f s", sign, ms / 1000.0);
        }
        long seconds = ms / 1000;
        if (seconds < 3600) {
            return String.format("%s%dm %02ds", sign, seconds / 60, seconds % 60);
        }
        return String.format("%s%dh %02dm", sign, seconds / 3600, seconds % 3600 / 60);
    }
}
