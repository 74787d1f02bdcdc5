package io.dispatch.web.json;

import org.springframework.boot.jackson.autoconfigure.JsonFactoryBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadConstraints;

/**
 * The JSON limits of every body the services read (decisions.md §13: "a failed body costs its
 * request, never another request or a consumer"). A body is at most 4 MiB, but 4 MiB of
 * {@code [} or of {@code {},} becomes millions of tree nodes. The largest valid body, a bulk of
 * 500 orders at every maximum, has about 25,000 values at a depth of 4; a Shopify order some
 * thousands. A body over a limit answers 422 naming it ({@code ApiErrorHandler}).
 */
@Configuration(proxyBeanMethods = false)
public class RequestJsonLimits {

    public static final int MAX_DEPTH = 32;
    public static final long MAX_VALUES = 100_000;
    public static final int MAX_STRING_CHARS = 1024 * 1024;
    /**
     * Jackson's own default. Also what the services read back from PostgreSQL: jsonb prints a
     * double in full, and the smallest one (4.9E-324, a valid latitude) is 326 characters there.
     */
    public static final int MAX_NUMBER_DIGITS = 1000;

    public static final int MAX_NAME_CHARS = 1000;

    public static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH)
            .maxTokenCount(MAX_VALUES)
            .maxStringLength(MAX_STRING_CHARS)
            .maxNumberLength(MAX_NUMBER_DIGITS)
            .maxNameLength(MAX_NAME_CHARS)
            .build();

    @Bean
    JsonFactoryBuilderCustomizer jsonLimitsOfEveryBody() {
        return builder -> builder.streamReadConstraints(CONSTRAINTS);
    }
}
