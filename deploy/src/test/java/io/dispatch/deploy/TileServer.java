package io.dispatch.deploy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * A tile server on 127.0.0.1 for the map pages' tests: a 256-pixel PNG for any
 * {@code /{z}/{x}/{y}.png} (streets drawn from the tile's numbers, so the map has something to
 * show), 404 for anything else. It records the tiles it served.
 */
final class TileServer implements AutoCloseable {

    private static final Pattern TILE = Pattern.compile("^/(\\d+)/(\\d+)/(\\d+)\\.png$");

    private final HttpServer server;
    private final List<String> served = new CopyOnWriteArrayList<>();

    private TileServer(HttpServer server) {
        this.server = server;
    }

    static TileServer start() throws IOException {
        TileServer tiles =
                new TileServer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50));
        tiles.server.createContext("/", tiles::handle);
        tiles.server.start();
        return tiles;
    }

    /** The Leaflet URL template of this server, for {@code dispatch.maps.tile-url}. */
    String urlTemplate() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/{z}/{x}/{y}.png";
    }

    /** The paths of the tiles served so far. */
    List<String> served() {
        return List.copyOf(served);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Matcher tile = TILE.matcher(exchange.getRequestURI().getPath());
            if (!tile.matches()) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] png = png(Integer.parseInt(tile.group(2)), Integer.parseInt(tile.group(3)));
            exchange.getResponseHeaders().set("Content-Type", "image/png");
            exchange.sendResponseHeaders(200, png.length);
            exchange.getResponseBody().write(png);
            served.add(exchange.getRequestURI().getPath());
        }
    }

    private static byte[] png(int x, int y) {
        BufferedImage image = new BufferedImage(256, 256, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xf2efe9));
        g.fillRect(0, 0, 256, 256);
        g.setColor(new Color(0xd8e8c8));
        g.fillRect(20 + Math.floorMod(x * 37, 120), 24 + Math.floorMod(y * 53, 120), 90, 70);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(9));
        g.drawLine(0, 64 + Math.floorMod(y * 29, 128), 256, 96 + Math.floorMod(y * 29, 128));
        g.drawLine(80 + Math.floorMod(x * 41, 96), 0, 60 + Math.floorMod(x * 41, 96), 256);
        g.setColor(new Color(0xcfc8bd));
        g.setStroke(new BasicStroke(1));
        g.drawRect(0, 0, 255, 255);
        g.dispose();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
