package io.dispatch.command.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What {@link DocumentedBody} needs to read a field that its {@code @Schema} cannot say: which
 * characters the text may hold, a condition that makes it required, and the words of a refusal
 * where a pattern or a contract message cannot be derived from the schema. The OpenAPI document
 * never shows it; every limit stays in the {@code @Schema} beside it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.METHOD})
public @interface Reading {

    /** Free text that may span lines: tab, line feed and carriage return are allowed (TextRule.MULTI_LINE). */
    boolean multiLine() default false;

    /** Stripped and lower-cased before the pattern is matched, and read so (the schema's pattern shows that form). */
    boolean lowerCased() default false;

    /** {@code "other=VALUE"}: also required when the earlier field {@code other} was read as VALUE. */
    String requiredWhen() default "";

    /** Said instead of the message derived from the type, length, range, allowed values or format. */
    String refusal() default "";

    /** Said when a text does not match the schema's pattern (a regular expression is no message). */
    String unmatched() default "";

    /** Said instead of "is required". */
    String absent() default "";
}
