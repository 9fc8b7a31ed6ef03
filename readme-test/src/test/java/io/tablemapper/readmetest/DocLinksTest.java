package io.tablemapper.readmetest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ leads somewhere: to a file of the repository, and to a heading of the
 * Markdown page it names (its anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens).
 */
class DocLinksTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  static String anchor(String heading) {
    return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
  }

  private static Set<String> anchors(Path page) throws Exception {
    Set<String> anchors = new HashSet<>();
    boolean fence = false;
    for (String line : Files.readAllLines(page)) {
      if (line.stripLeading().startsWith("```")) {
        fence = !fence;
      } else if (!fence && line.matches("#{1,6} .*")) {
        anchors.add(anchor(line.replaceFirst("^#+ ", "")));
      }
    }
    return anchors;
  }

  @Test
  void everyRelativeLinkOfTheReadmeAndTheDocsLeadsToAFileAndHeadingThatExist() throws Exception {
    List<String> broken = new ArrayList<>();
    for (Path page : MarkdownSnippets.files(ROOT)) {
      List<String> lines = Files.readAllLines(page);
      boolean fence = false;
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).stripLeading().startsWith("```")) {
          fence = !fence;
          continue;
        }
        Matcher link = LINK.matcher(lines.get(i));
        while (!fence && link.find()) {
          String target = link.group(1);
          if (target.matches("[a-z]+:.*")) {
            continue;
          }
          String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
          String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
          Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
          String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
          if (!Files.exists(file)) {
            broken.add(where + " (no such file)");
          } else if (fragment != null && file.toString().endsWith(".md") && !anchors(file).contains(fragment)) {
            broken.add(where + " (no such heading in " + ROOT.relativize(file) + ")");
          }
        }
      }
    }
    assertThat(broken).as("broken links").isEmpty();
  }
}
