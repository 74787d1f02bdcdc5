package io.dispatch.command.dispatch.web;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A CSV text (RFC 4180, as {@link CsvOrders} reads it) that stops being read at the first record
 * with more than {@code max} cells, before the parser holds them: a row of four million commas
 * would otherwise become four million strings. It follows the parser's reading of quotes: a quote
 * opens a quoted cell only at the start of a cell (after spaces), a doubled quote inside one is a
 * quote, and delimiters and line breaks inside one are text.
 */
final class CellLimit extends FilterReader {

    private enum State {
        CELL_START,
        UNQUOTED,
        QUOTED,
        QUOTE_IN_QUOTED
    }

    private final int max;
    private State state = State.CELL_START;
    private boolean header = true;
    private boolean content;
    private int cells = 1;

    CellLimit(Reader in, int max) {
        super(in);
        this.max = max;
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            see((char) c);
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        for (int i = 0; i < n; i++) {
            see(buffer[offset + i]);
        }
        return n;
    }

    private void see(char c) {
        switch (state) {
            case QUOTED -> {
                if (c == '"') {
                    state = State.QUOTE_IN_QUOTED;
                }
            }
            case QUOTE_IN_QUOTED -> {
                if (c == '"') {
                    state = State.QUOTED; // a doubled quote: a quote in the cell's text
                } else {
                    state = State.UNQUOTED;
                    unquoted(c);
                }
            }
            case CELL_START -> {
                if (c == '"') {
                    state = State.QUOTED;
                    content = true;
                } else if (c == '\n' || c == '\r' || !Character.isWhitespace(c)) {
                    unquoted(c);
                }
            }
            case UNQUOTED -> unquoted(c);
        }
    }

    private void unquoted(char c) {
        if (c == ',') {
            if (++cells > max) {
                throw new TooManyCells(
                        header
                                ? "the header row names more than " + max + " columns; at most " + max + " are read"
                                : "a row holds more than " + max + " cells; at most " + max + " are read");
            }
            content = true;
            state = State.CELL_START;
        } else if (c == '\n' || c == '\r') {
            if (content) {
                header = false;
            }
            cells = 1;
            state = State.CELL_START;
        } else {
            content = true;
            state = State.UNQUOTED;
        }
    }

    /** A record with too many cells: the file is refused on {@code body} with this message. */
    static final class TooManyCells extends RuntimeException {
        TooManyCells(String message) {
            super(message, null, false, false);
        }
    }
}
