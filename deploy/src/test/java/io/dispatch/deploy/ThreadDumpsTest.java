package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
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
        } finally {
            release.countDown();
            waiter.join();
        }
    }

    @Test
    void another_process_of_ours_that_waits_is_named_with_where_it_waits() throws Exception {
        // a JVM of its own, as the fault suite's services are, whose main thread waits in our code
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Waiter.class.getName())
                .redirectErrorStream(true)
                .start();
        try {
            // it prints a line once it waits
            assertThat(new String(child.getInputStream().readNBytes(8))).startsWith("waiting");

            String summary = ThreadDumps.ofProcess(child.pid(), "dump-test");

            assertThat(summary)
                    .contains("threads dumped to ")
                    .contains("WAITING in io.dispatch.deploy.ThreadDumpsTest$Waiter.main");
        } finally {
            child.destroyForcibly().waitFor();
        }
    }

    /** The other process: says so, then waits until it is killed. */
    static final class Waiter {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("waiting");
            System.out.flush();
            new CountDownLatch(1).await();
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
