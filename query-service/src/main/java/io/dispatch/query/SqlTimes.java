package io.dispatch.query;

/**
 * Times read out of a delivery's JSON body in SQL. A cast of the text to {@code timestamptz} fails the whole statement
 * on one value PostgreSQL cannot read, such as a year of more than four digits that command-service accepted before it
 * refused them (the log keeps such events, and a rebuild brings their rows back). So the readers cast only a value
 * with a year of four digits from 0001 on, and read any other as no time at all.
 */
public final class SqlTimes {

    private SqlTimes() {}

    /** {@code text} (an SQL expression giving the JSON text, e.g. {@code body ->> 'targetDeliveryAt'}) as timestamptz. */
    public static String timestamptz(String text) {
        return "(case when " + text + " ~ '^[0-9]{4}-' and " + text + " not like '0000-%' then (" + text
                + ")::timestamptz end)";
    }
}
