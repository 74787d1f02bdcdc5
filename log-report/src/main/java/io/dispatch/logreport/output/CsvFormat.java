package io.dispatch.logreport.output;

import io.dispatch.logreport.report.Report;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The report as one CSV table in long form (RFC 4180 quoting), one figure or listed finding a row:
 * {@code section,key,metric,value,dispatch_id,sequence,position,detail}. Durations are ms.
 */
public final class CsvFormat {

    public static final String HEADER = "section,key,metric,value,dispatch_id,sequence,position,detail";

    private CsvFormat() {}

    public static void write(Report report, PrintWriter out) {
        out.println(HEADER);
        row(out, "summary", "source", "text", "", null, null, null, report.source());
        row(
                out,
                "summary",
                "merchant",
                "id",
                report.merchant() == null ? "all" : report.merchant().toString(),
                null,
                null,
                null,
                null);
        row(out, "summary", "entries", "count", report.entries(), null, null, null, null);
        row(out, "summary", "events", "count", report.events(), null, null, null, null);
        row(out, "summary", "deliveries", "count", report.deliveries(), null, null, null, null);
        row(out, "summary", "deliveries_created", "count", report.deliveriesCreated(), null, null, null, null);
        row(out, "summary", "unreadable", "count", report.unreadableTotal(), null, null, null, null);
        counts(out, "events_by_type", report.eventsByType());
        counts(out, "events_by_merchant", report.eventsByMerchant());
        counts(out, "final_status", report.deliveriesByFinalStatus());
        report.timeFromCreate().forEach((status, p) -> {
            row(out, "time_from_create", status, "count", p.count(), null, null, null, null);
            row(out, "time_from_create", status, "p50_ms", p.p50(), null, null, null, null);
            row(out, "time_from_create", status, "p90_ms", p.p90(), null, null, null, null);
            row(out, "time_from_create", status, "p99_ms", p.p99(), null, null, null, null);
        });
        serviceLevel(out, "pickup", report.pickup());
        serviceLevel(out, "delivery", report.delivery());
        report.anomalies().forEach((kind, section) -> {
            row(out, "anomaly", kind, "count", section.count(), null, null, null, null);
            section.listed()
                    .forEach(a -> row(
                            out,
                            "anomaly",
                            kind,
                            "listed",
                            "",
                            a.dispatchId(),
                            a.sequence(),
                            a.position(),
                            a.detail()));
        });
        report.unreadable().forEach((reason, section) -> {
            row(out, "unreadable", reason, "count", section.count(), null, null, null, null);
            section.listed()
                    .forEach(u -> row(
                            out,
                            "unreadable",
                            reason,
                            "listed",
                            u.type() == null ? "" : u.type(),
                            u.dispatchId(),
                            u.sequence(),
                            u.position(),
                            u.detail()));
        });
        out.flush();
    }

    private static void counts(PrintWriter out, String section, Map<String, Long> counts) {
        counts.forEach((key, count) -> row(out, section, key, "count", count, null, null, null, null));
    }

    private static void serviceLevel(PrintWriter out, String key, Report.ServiceLevel level) {
        row(out, "service_level", key, "measured", level.measured(), null, null, null, null);
        row(out, "service_level", key, "missed", level.missed(), null, null, null, null);
        row(out, "service_level", key, "missed_percent", level.missedPercent(), null, null, null, null);
        level.listed()
                .forEach(m -> row(
                        out,
                        "service_level",
                        key,
                        "late_by_ms",
                        m.lateBy(),
                        m.dispatchId(),
                        m.sequence(),
                        m.position(),
                        "target " + m.target() + ", actual " + m.actual()));
    }

    private static void row(
            PrintWriter out,
            String section,
            String key,
            String metric,
            Object value,
            Object dispatchId,
            Object sequence,
            String position,
            String detail) {
        out.println(String.join(
                ",",
                quote(section),
                quote(key),
                quote(metric),
                quote(value),
                quote(dispatchId),
                quote(sequence),
                quote(position),
                quote(detail)));
    }

    static String quote(Object value) {
        if (value == null) {
            return "";
        }
        String text = value.toString();
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
