package io.dispatch.command.web;

/**
 * A rule between a documented record's fields (lat and lng together, a delivery not due before
 * its pickup), which no {@code @Schema} can state. {@link DocumentedBody} calls it on the record
 * it read, right after the record's own fields, so its message comes where the field's would.
 */
public interface CrossFieldRule {

    /**
     * @param prefix the record's key prefix, "" or e.g. "orders[3].pickup."
     * @param clean whether every field of this record passed its own rules (refused ones are null)
     */
    void check(String prefix, boolean clean, FieldErrors errors);
}
