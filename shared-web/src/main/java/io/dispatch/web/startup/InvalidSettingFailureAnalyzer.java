package io.dispatch.web.startup;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns {@link InvalidSetting} into Boot's short start-failure report instead of a stack trace. */
public final class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSetting> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidSetting cause) {
        return new FailureAnalysis(
                "The setting " + cause.getMessage() + ".",
                "Set " + cause.setting() + " (environment variable " + cause.environmentVariable()
                        + ") and start again. README, 'Settings', lists every setting.",
                cause);
    }
}
