package throughput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The run's charts: line charts as SVG files beside its Markdown, with no library. */
final class SvgChart {

    /** One line of a chart: its legend and its points (NaN where there is none). */
    record Series(String name, double[] x, double[] y) {}

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#7f7f7f", "#9467bd"};

    /** Writes a line chart of {@code series} to {@code file}, the y axis logarithmic when {@code logY}. */
    static void write(String file, String title, String xLabel, String yLabel, boolean logY, List<Series> series)
            throws IOException {
        int w = 720, h = 400, left = 70, right = 160, top = 40, bottom = 50;
        double xMin = Double.MAX_VALUE, xMax = -Double.MAX_VALUE, yMin = Double.MAX_VALUE, yMax = -Double.MAX_VALUE;
        for (Series s : series) {
            for (int k = 0; k < s.x().length; k++) {
                double y = s.y()[k];
                if (Double.isNaN(y) || (logY && y <= 0)) continue;
                xMin = Math.min(xMin, s.x()[k]);
                xMax = Math.max(xMax, s.x()[k]);
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
            }
        }
        if (xMin > xMax) {
            xMin = 0;
            xMax = 1;
            yMin = 0;
            yMax = 1;
        }
        if (xMax == xMin) xMax = xMin + 1;
        if (logY) {
            yMin = Math.pow(10, Math.floor(Math.log10(Math.max(yMin, 0.01))));
            yMax = Math.pow(10, Math.ceil(Math.log10(Math.max(yMax, yMin * 10))));
        } else {
            yMin = 0;
            yMax = niceCeil(Math.max(yMax, 1) * 1.05);
        }
        final double x0 = xMin, x1 = xMax, y0 = yMin, y1 = yMax;
        java.util.function.DoubleUnaryOperator px = v -> left + (v - x0) / (x1 - x0) * (w - left - right);
        java.util.function.DoubleUnaryOperator py = v -> logY
                ? top + (1 - (Math.log10(v) - Math.log10(y0)) / (Math.log10(y1) - Math.log10(y0))) * (h - top - bottom)
                : top + (1 - (v - y0) / (y1 - y0)) * (h - top - bottom);
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
                        + "font-size=\"11\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
                w, h));
        b.append(String.format(
                "<text x=\"%d\" y=\"20\" font-size=\"13\" font-weight=\"bold\">%s</text>%n", left, esc(title)));
        List<Double> yTicks = new ArrayList<>();
        if (logY) {
            for (double v = y0; v <= y1 * 1.001; v *= 10) yTicks.add(v);
        } else {
            for (int k = 0; k <= 5; k++) yTicks.add(y0 + (y1 - y0) * k / 5);
        }
        for (double v : yTicks) {
            double y = py.applyAsDouble(v);
            b.append(String.format(
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    left, w - right, y, y, left - 5, y + 4, num(v)));
        }
        double xStep = niceCeil((x1 - x0) / 6);
        for (double v = Math.ceil(x0 / xStep) * xStep; v <= x1 + 1e-9; v += xStep) {
            double x = px.applyAsDouble(v);
            b.append(String.format(
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                            + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, x, top, h - bottom, x, h - bottom + 15, num(v)));
        }
        b.append(String.format(
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>%n",
                left, top, w - left - right, h - top - bottom));
        b.append(String.format(
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                left + (w - left - right) / 2, h - 12, esc(xLabel)));
        b.append(String.format(
                "<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n",
                top + (h - top - bottom) / 2, esc(yLabel)));
        for (int si = 0; si < series.size(); si++) {
            Series s = series.get(si);
            String color = COLORS[si % COLORS.length];
            StringBuilder points = new StringBuilder();
            for (int k = 0; k < s.x().length; k++) {
                double y = s.y()[k];
                if (Double.isNaN(y) || (logY && y <= 0)) continue;
                points.append(String.format("%.1f,%.1f ", px.applyAsDouble(s.x()[k]), py.applyAsDouble(y)));
            }
            b.append(String.format(
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"%s\"/>%n", color, points));
            if (s.x().length <= 30) {
                for (String p : points.toString().trim().split(" ")) {
                    if (p.isEmpty()) continue;
                    String[] xy = p.split(",");
                    b.append(String.format("<circle cx=\"%s\" cy=\"%s\" r=\"3\" fill=\"%s\"/>", xy[0], xy[1], color));
                }
                b.append('\n');
            }
            int ly = top + 10 + si * 18;
            b.append(String.format(
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
                            + "<text x=\"%d\" y=\"%d\">%s</text>%n",
                    w - right + 10, w - right + 30, ly, ly, color, w - right + 35, ly + 4, esc(s.name())));
        }
        b.append("</svg>\n");
        Files.createDirectories(Path.of(file).toAbsolutePath().getParent());
        Files.writeString(Path.of(file), b.toString());
    }

    private static double niceCeil(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) if (m * magnitude >= v) return m * magnitude;
        return 10 * magnitude;
    }

    private static String num(double v) {
        if (v >= 1000 && v == Math.rint(v)) return String.format("%,.0f", v);
        if (v == Math.rint(v)) return String.format("%.0f", v);
        return String.format(v < 1 ? "%.2f" : "%.1f", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** The file name of a chart, as the Markdown beside it links it. */
    static String fileName(String path) {
        return Path.of(path).getFileName().toString();
    }

    private SvgChart() {}
}
