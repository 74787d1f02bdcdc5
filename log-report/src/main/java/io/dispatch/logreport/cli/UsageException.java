package io.dispatch.logreport.cli;

/** The command line is wrong; the message says what, the tool prints it with the usage and exits 2. */
public final class UsageException extends Exception {

    public UsageException(String message) {
        super(message);
    }
}
