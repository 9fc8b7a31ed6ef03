package io.tablemapper.readmetest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What can be checked of the README's Gradle snippet without Gradle: every {@code io.tablemapper} coordinate names an
 * artifact the BOM manages, the BOM is taken as a platform at the build's version (for {@code annotationProcessor}
 * too, which does not inherit it from {@code implementation}), the other coordinates carry no version, and the
 * processor is on {@code annotationProcessor}.
 */
final class GradleSnippet {
  private static final Pattern COORDINATE = Pattern.compile("\"io\\.tablemapper:([^:\"]+)(?::([^\"]*))?\"");

  private static final Pattern PLATFORM_VARIABLE =
      Pattern.compile("val\\s+(\\w+)\\s*=\\s*platform\\(\"io\\.tablemapper:tablemapper-bom:");

  private GradleSnippet() {}

  /** The problems found, empty when there are none. */
  static List<String> problems(String gradle, Set<String> managed, String version) {
    List<String> problems = new ArrayList<>();
    Matcher coordinate = COORDINATE.matcher(gradle);
    boolean platform = false;
    while (coordinate.find()) {
      String artifact = coordinate.group(1);
      String artifactVersion = coordinate.group(2);
      if (artifact.equals("tablemapper-bom")) {
        platform = true;
        if (!version.equals(artifactVersion)) {
          problems.add("the platform io.tablemapper:tablemapper-bom is at version " + artifactVersion
              + ", the build's is " + version);
        }
      } else if (!managed.contains(artifact)) {
        problems.add("io.tablemapper:" + artifact + " is not an artifact the BOM manages " + managed);
      } else if (artifactVersion != null) {
        problems.add("io.tablemapper:" + artifact + " names a version (" + artifactVersion
            + "); the BOM gives it");
      }
    }
    if (!platform) {
      problems.add("no platform(\"io.tablemapper:tablemapper-bom:" + version + "\")");
    } else {
      // the platform itself, or a variable holding it (val bom = platform(...))
      Matcher variable = PLATFORM_VARIABLE.matcher(gradle);
      String bom = variable.find() ? variable.group(1) : "platform(\"io.tablemapper:tablemapper-bom:" + version + "\")";
      for (String configuration : List.of("implementation", "annotationProcessor")) {
        if (!gradle.contains(configuration + "(" + bom + ")")) {
          problems.add(configuration + " does not take the BOM as a platform: no " + configuration + "(" + bom + ")");
        }
      }
    }
    if (!gradle.contains("annotationProcessor(\"io.tablemapper:mapper-processor\")")) {
      problems.add("the processor, io.tablemapper:mapper-processor, is not on annotationProcessor");
    }
    return problems;
  }
}
