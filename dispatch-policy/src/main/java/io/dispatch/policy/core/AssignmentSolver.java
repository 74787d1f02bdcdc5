package io.dispatch.policy.core;

import java.util.Arrays;

/**
 * The assignment problem (Hungarian method with potentials, O(rows² × columns)): pairs rows with distinct columns so
 * the sum of costs is least. Rectangular matrices are solved on their shorter side.
 */
final class AssignmentSolver {

    /** A pair no solution should use; finite so the potentials stay finite. */
    static final double FORBIDDEN = 1e9;

    private AssignmentSolver() {}

    /** @return for each row the column it got, or -1 (more rows than columns, or only forbidden pairs left) */
    static int[] solve(double[][] cost) {
        int rows = cost.length;
        if (rows == 0) {
            return new int[0];
        }
        int columns = cost[0].length;
        int[] assignment;
        if (rows <= columns) {
            assignment = solveWide(cost, rows, columns);
        } else {
            double[][] transposed = new double[columns][rows];
            for (int row = 0; row < rows; row++) {
                for (int column = 0; column < columns; column++) {
                    transposed[column][row] = cost[row][column];
                }
            }
            int[] byColumn = solveWide(transposed, columns, rows);
            assignment = new int[rows];
            Arrays.fill(assignment, -1);
            for (int column = 0; column < columns; column++) {
                if (byColumn[column] >= 0) {
                    assignment[byColumn[column]] = column;
                }
            }
        }
        for (int row = 0; row < rows; row++) {
            if (assignment[row] >= 0 && cost[row][assignment[row]] >= FORBIDDEN) {
                assignment[row] = -1;
            }
        }
        return assignment;
    }

    private static int[] solveWide(double[][] cost, int rows, int columns) {
        double[] rowPotential = new double[rows + 1];
        double[] columnPotential = new double[columns + 1];
        int[] rowOfColumn = new int[columns + 1];
        int[] previousColumn = new int[columns + 1];
        double[] slack = new double[columns + 1];
        boolean[] used = new boolean[columns + 1];
        for (int row = 1; row <= rows; row++) {
            rowOfColumn[0] = row;
            int column = 0;
            Arrays.fill(slack, Double.MAX_VALUE);
            Arrays.fill(used, false);
            do {
                used[column] = true;
                int currentRow = rowOfColumn[column];
                double delta = Double.MAX_VALUE;
                int nextColumn = 0;
                for (int candidate = 1; candidate <= columns; candidate++) {
                    if (used[candidate]) {
                        continue;
                    }
                    double reduced =
                            cost[currentRow - 1][candidate - 1] - rowPotential[currentRow] - columnPotential[candidate];
                    if (reduced < slack[candidate]) {
                        slack[candidate] = reduced;
                        previousColumn[candidate] = column;
                    }
                    if (slack[candidate] < delta) {
                        delta = slack[candidate];
                        nextColumn = candidate;
                    }
                }
                for (int candidate = 0; candidate <= columns; candidate++) {
                    if (used[candidate]) {
                        rowPotential[rowOfColumn[candidate]] += delta;
                        columnPotential[candidate] -= delta;
                    } else {
                        slack[candidate] -= delta;
                    }
                }
                column = nextColumn;
            } while (rowOfColumn[column] != 0);
            do {
                int previous = previousColumn[column];
                rowOfColumn[column] = rowOfColumn[previous];
                column = previous;
            } while (column != 0);
        }
        int[] assignment = new int[rows];
        Arrays.fill(assignment, -1);
        for (int column = 1; column <= columns; column++) {
            if (rowOfColumn[column] != 0) {
                assignment[rowOfColumn[column] - 1] = column - 1;
            }
        }
        return assignment;
    }
}
