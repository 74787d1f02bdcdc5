package rebuild;

import java.sql.Connection;
import java.sql.Statement;

/** Baseline: as many narrow rows inserted into the same PostgreSQL in one statement; rows per second. */
final class MultiRowInsert {

    private MultiRowInsert() {}

    static double rate(Connection db, int rows) throws Exception {
        try (Statement statement = db.createStatement()) {
            statement.execute("drop table if exists public.bench_rows");
            statement.execute(
                    "create table public.bench_rows (id uuid primary key, status text, at timestamptz, body jsonb)");
            long start = System.nanoTime();
            statement.execute("insert into public.bench_rows select gen_random_uuid(), 'DELIVERED', now(), "
                    + "jsonb_build_object('n', n, 'customerName', 'Amina Njeri') from generate_series(1, " + rows
                    + ") n");
            double rate = rows / ((System.nanoTime() - start) / 1e9);
            statement.execute("drop table public.bench_rows");
            return rate;
        }
    }
}
