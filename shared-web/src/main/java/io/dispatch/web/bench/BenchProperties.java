package io.dispatch.web.bench;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param allowLayerBypass honour {@link LayerBypass#HEADER} (benchmarks only, never in production)
 */
@ConfigurationProperties("dispatch.bench")
public record BenchProperties(@DefaultValue("false") boolean allowLayerBypass) {}
