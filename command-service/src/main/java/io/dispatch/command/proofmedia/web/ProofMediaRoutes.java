package io.dispatch.command.proofmedia.web;

import io.dispatch.web.security.ServedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The reads of proof photos and signatures: the delivery's merchant (key or dashboard session) or
 * an operator, for the security chain (docs/adr/0056); the handler then serves only the delivery's
 * own merchant. The rider's upload is a rider route.
 */
@Configuration(proxyBeanMethods = false)
public class ProofMediaRoutes {

    @Bean
    ServedRoutes proofMediaServedRoutes() {
        return ServedRoutes.of("proof media").merchantOrOperator("/api/v1/proof-media/**");
    }
}
