package io.dispatch.planner;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The adaptive part of ALNS for one family of operators (removal or insertion): an operator is drawn in proportion
 * to its weight; it earns a reward for each iteration it takes part in, and every segment the weights move towards
 * the operators' average reward.
 */
final class OperatorWeights {

    private static final double REACTION = 0.1;
    private static final double FLOOR = 0.05;
    private static final double NEW_BEST = 33;
    private static final double IMPROVED = 9;
    private static final double ACCEPTED = 13;

    private final double[] weight;
    private final double[] score;
    private final int[] uses;

    OperatorWeights(int operators) {
        this.weight = new double[operators];
        this.score = new double[operators];
        this.uses = new int[operators];
        Arrays.fill(weight, 1);
    }

    /** What an iteration earns its operators: a new best, a better current, or a worse one the annealing kept. */
    static double reward(double value, double currentValue, double bestValue, boolean accepted) {
        if (value < bestValue - 1e-9) {
            return NEW_BEST;
        }
        if (value < currentValue - 1e-9) {
            return IMPROVED;
        }
        return accepted ? ACCEPTED : 0;
    }

    int pick(SplittableRandom random) {
        double sum = 0;
        for (double w : weight) {
            sum += w;
        }
        double r = random.nextDouble() * sum;
        for (int k = 0; k < weight.length; k++) {
            r -= weight[k];
            if (r < 0) {
                return k;
            }
        }
        return weight.length - 1;
    }

    void credit(int operator, double reward) {
        score[operator] += reward;
        uses[operator]++;
    }

    /** Ends a segment: each used operator's weight moves towards its average reward; the scores start again. */
    void adapt() {
        for (int k = 0; k < weight.length; k++) {
            if (uses[k] > 0) {
                weight[k] = weight[k] * (1 - REACTION) + REACTION * score[k] / uses[k];
            }
            weight[k] = Math.max(weight[k], FLOOR);
            score[k] = 0;
            uses[k] = 0;
        }
    }
}
