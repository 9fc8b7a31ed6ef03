package io.tablemapper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The runnable jar bundles third-party code: META-INF/THIRD-PARTY.txt (written by license-maven-plugin from the
 * dependencies' POMs) lists each bundled artifact under its licence, and META-INF/licenses holds the text of every
 * licence it names. A new dependency under a licence without a text here fails this test, naming it.
 */
class ThirdPartyNoticesTest {
  private static final Pattern LICENCE = Pattern.compile("^    (\\S.*):$");
  private static final Pattern ARTIFACT = Pattern.compile("^        \\* .* \\(([^:]+):([^:]+):([^ ]+) - .*\\)$");

  /** The text of each licence other than Apache's, by the group (or group:artifact) it covers. */
  private static final Map<String, String> TEXTS = Map.of(
      "com.azure", "MIT-azure-sdk-for-java.txt",
      "org.slf4j", "MIT-slf4j.txt",
      "org.reactivestreams", "MIT-0-reactive-streams.txt",
      "org.codehaus.woodstox:stax2-api", "BSD-2-Clause-stax2.txt",
      // dual-licensed MPL 2.0 or EPL 1.0: distributed under MPL 2.0
      "com.h2database:h2", "MPL-2.0.txt");

  @Test
  void everyBundledArtifactIsListedUnderALicenceWhoseTextIsBundled() throws IOException {
    Map<String, List<String>> byLicence = thirdParty();
    assertThat(byLicence.values().stream().flatMap(List::stream))
        .as("the runnable jar's third-party artifacts")
        .contains("com.azure:azure-data-tables", "com.h2database:h2", "info.picocli:picocli",
            "com.fasterxml.jackson.core:jackson-databind", "net.bytebuddy:byte-buddy");
    List<String> missing = new ArrayList<>();
    byLicence.forEach((licence, artifacts) -> {
      for (String artifact : artifacts) {
        String text = licence.contains("Apache") ? "Apache-2.0.txt" : textOf(artifact);
        if (text == null) {
          missing.add(artifact + " (" + licence + "): add its licence's text to src/main/resources/META-INF/licenses"
              + " and to TEXTS here");
        } else if (ThirdPartyNoticesTest.class.getResource("/META-INF/licenses/" + text) == null) {
          missing.add(artifact + " (" + licence + "): META-INF/licenses/" + text + " is missing");
        }
      }
    });
    assertThat(missing).isEmpty();
  }

  private static String textOf(String artifact) {
    String text = TEXTS.get(artifact);
    return text != null ? text : TEXTS.get(artifact.substring(0, artifact.indexOf(':')));
  }

  /** groupId:artifactId of each listed artifact, by the licence it is listed under. */
  private static Map<String, List<String>> thirdParty() throws IOException {
    Map<String, List<String>> byLicence = new LinkedHashMap<>();
    try (InputStream in = ThirdPartyNoticesTest.class.getResourceAsStream("/META-INF/THIRD-PARTY.txt")) {
      assertThat(in).as("META-INF/THIRD-PARTY.txt, which license-maven-plugin writes").isNotNull();
      String licence = null;
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
        Matcher header = LICENCE.matcher(line);
        Matcher artifact = ARTIFACT.matcher(line);
        if (header.matches()) {
          licence = header.group(1);
        } else if (artifact.matches()) {
          byLicence.computeIfAbsent(licence, any -> new ArrayList<>())
              .add(artifact.group(1) + ":" + artifact.group(2));
        }
      }
    }
    return byLicence;
  }
}
