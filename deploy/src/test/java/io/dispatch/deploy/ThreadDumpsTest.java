package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The summary a hung test puts in its message names where our threads wait, in this JVM and in another process. */
class ThreadDumpsTest {

    @Test
    void a_thread_of_ours_that_waits_is_named_with_where_it_waits() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().name("dump-test-waiter").start(() -> waitFor(release));
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> waiter.getState() == Thread.State.WAITING);

            assertThat(ThreadDumps.ofThisJvm("dump-test"))
                    .contains("threads dumped to ")
                    .contains("WAITING in ThreadDumpsTest.waitFor");
            assertThat(ThreadDumps.ofProcess(ProcessHandle.current().pid(), "dump-test"))
                    .contains("threads dumped to ")
                    .contains("WAITING in io.dispatch.deploy.ThreadDumpsTest.waitFor");
        } finally {
            release.countDown();
            waiter.join();
        }
    }

    private static void waitFor(CountDownLatch release) {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
