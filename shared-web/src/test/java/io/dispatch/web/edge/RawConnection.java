package io.dispatch.web.edge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * One client connection written byte by byte, as a slow or hostile client would: what the
 * JDK's HTTP client cannot be made to do. Text is ISO-8859-1, one byte a character.
 */
final class RawConnection implements AutoCloseable {

    private final Socket socket;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private boolean ended;
    private boolean reset;

    RawConnection(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
    }

    void send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** Sends quietly: false when the server has already closed the connection. */
    boolean trySend(String text) {
        try {
            send(text);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /**
     * Reads until the server ends the connection or {@code patience} passes without it; answers
     * whether it ended. A reset counts as an end (see {@link #wasReset}).
     */
    boolean awaitEnd(Duration patience) throws IOException {
        return readUntil(() -> ended, patience);
    }

    /** Reads until {@code text} has arrived or {@code patience} passes; answers whether it did. */
    boolean awaitText(String text, Duration patience) throws IOException {
        return readUntil(() -> received().contains(text), patience);
    }

    /** Reads until {@code done} holds or {@code patience} passes; answers whether it did. */
    private boolean readUntil(BooleanSupplier done, Duration patience) throws IOException {
        long until = System.nanoTime() + patience.toNanos();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (!done.getAsBoolean()) {
            long left = until - System.nanoTime();
            if (left <= 0 || ended) {
                return false;
            }
            socket.setSoTimeout((int) Math.max(1, left / 1_000_000));
            try {
                int read = in.read(buffer);
                if (read < 0) {
                    ended = true;
                } else {
                    received.write(buffer, 0, read);
                }
            } catch (SocketTimeoutException notYet) {
                return false;
            } catch (SocketException e) {
                ended = true;
                reset = true;
            }
        }
        return true;
    }

    String received() {
        return received.toString(StandardCharsets.UTF_8);
    }

    boolean wasReset() {
        return reset;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
