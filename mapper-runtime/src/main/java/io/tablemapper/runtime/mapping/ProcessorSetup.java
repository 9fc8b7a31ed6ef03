package io.tablemapper.runtime.mapping;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * How to put {@code io.tablemapper:mapper-processor} on a build's annotation processor path, for the messages of a
 * repository or entity the processor did not see: the Maven and the Gradle snippet, at this runtime's own version
 * (from {@code version.properties}, which Maven fills in when it builds the module), since the processor and the
 * runtime go together.
 */
public final class ProcessorSetup {
  /** The runtime's version, or {@code VERSION} in a build that did not filter its resources. */
  public static final String VERSION = version();

  private ProcessorSetup() {}

  /**
   * The sentence that ends such a message: what to add where, as the two snippets, one per line.
   *
   * @return text starting with a space, after a message's last sentence
   */
  static String snippets() {
    return " Put io.tablemapper:mapper-processor on the annotation processor path and rebuild. Maven, in the"
        + " <configuration> of maven-compiler-plugin:\n"
        + "    <annotationProcessorPaths>\n"
        + "      <path>\n"
        + "        <groupId>io.tablemapper</groupId>\n"
        + "        <artifactId>mapper-processor</artifactId>\n"
        + "        <version>" + VERSION + "</version>\n"
        + "      </path>\n"
        + "    </annotationProcessorPaths>\n"
        + "Gradle, in dependencies { }:\n"
        + "    annotationProcessor(\"io.tablemapper:mapper-processor:" + VERSION + "\")";
  }

  private static String version() {
    Properties properties = new Properties();
    try (InputStream in = ProcessorSetup.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read io/tablemapper/runtime/mapping/version.properties", e);
    }
    String version = properties.getProperty("version", "");
    return version.isEmpty() || version.startsWith("${") ? "VERSION" : version;
  }
}
