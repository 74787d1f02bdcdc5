package io.dispatch.policy.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AssignmentSolverTest {

    @Test
    void the_solver_finds_the_least_total_cost_where_taking_each_row_s_cheapest_would_not() {
        // row 0 greedily takes column 0 (1), leaving row 1 column 1 (10): 11; the optimum is 2 + 2 = 4
        double[][] cost = {{1, 2}, {2, 10}};

        assertThat(AssignmentSolver.solve(cost)).containsExactly(1, 0);
    }

    @Test
    void with_more_rows_than_columns_the_cheapest_rows_are_served_and_the_rest_get_none() {
        double[][] cost = {{5}, {1}, {3}};

        assertThat(AssignmentSolver.solve(cost)).containsExactly(-1, 0, -1);
    }

    @Test
    void a_forbidden_pair_is_never_returned() {
        double[][] cost = {{AssignmentSolver.FORBIDDEN, 1}, {AssignmentSolver.FORBIDDEN, 2}};

        int[] assignment = AssignmentSolver.solve(cost);

        assertThat(assignment).containsExactlyInAnyOrder(1, -1);
        assertThat(assignment[0]).isEqualTo(1);
    }
}
