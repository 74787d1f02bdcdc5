package io.dispatch.deploy.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md draws every module and every compile dependency between them; this test
 * reads the root pom's module list and each module's pom, so the picture cannot drift from the
 * build.
 */
class ModuleMapTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
    private static final Pattern OURS =
            Pattern.compile("<groupId>io\\.dispatch</groupId>\\s*<artifactId>([^<]+)</artifactId>");
    private static final Pattern EDGE = Pattern.compile("^\\s*([a-z-]+) --> ([a-z-]+)\\s*$", Pattern.MULTILINE);
    private static final Pattern NODE = Pattern.compile("^\\s{4}([a-z-]+)\\s*$", Pattern.MULTILINE);

    @Test
    void the_picture_has_every_module_and_every_compile_dependency_of_the_poms() throws IOException {
        Set<String> modules = new TreeSet<>();
        Matcher module = MODULE.matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (module.find()) {
            modules.add(module.group(1));
        }
        Set<String> edgesInPoms = new TreeSet<>();
        for (String name : modules) {
            Matcher dependency =
                    DEPENDENCY.matcher(Files.readString(ROOT.resolve(name).resolve("pom.xml")));
            while (dependency.find()) {
                String body = dependency.group(1);
                Matcher ours = OURS.matcher(body);
                if (ours.find() && !body.contains("<scope>test</scope>")) {
                    edgesInPoms.add(name + " --> " + ours.group(1));
                }
            }
        }

        String picture = mermaid(Files.readString(ROOT.resolve("docs/architecture.md")));
        Set<String> nodes = new TreeSet<>();
        Matcher node = NODE.matcher(picture);
        while (node.find()) {
            nodes.add(node.group(1));
        }
        Set<String> edgesInPicture = new TreeSet<>();
        Matcher edge = EDGE.matcher(picture);
        while (edge.find()) {
            edgesInPicture.add(edge.group(1) + " --> " + edge.group(2));
        }

        assertThat(modules).as("the root pom's modules").hasSizeGreaterThan(10);
        assertThat(nodes).as("the modules drawn in docs/architecture.md").isEqualTo(modules);
        assertThat(edgesInPicture)
                .as("the arrows of docs/architecture.md against the poms' compile dependencies")
                .isEqualTo(edgesInPoms);
    }

    private static String mermaid(String markdown) {
        int start = markdown.indexOf("```mermaid");
        assertThat(start).as("docs/architecture.md has a mermaid picture").isNotNegative();
        return markdown.substring(start, markdown.indexOf("```", start + 3));
    }
}
