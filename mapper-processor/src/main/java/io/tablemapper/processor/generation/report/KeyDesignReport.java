package io.tablemapper.processor.generation.report;

import java.util.Map;

/**
 * Where the key-design report of a compilation goes, and the processor option that turns it off: an HTML page,
 * {@value #HTML}, and its Markdown twin, {@value #MARKDOWN}, in the compiled output beside the plan reports. Both
 * are written once, when processing is over, from every entity and repository of the compilation.
 */
public final class KeyDesignReport {
  /** The processor option: {@code -Atablemapper.keyDesignReport=false} writes no key-design report. */
  public static final String OPTION = "tablemapper.keyDesignReport";
  /** The page. */
  public static final String HTML = "META-INF/tablemapper/key-design.html";
  /** Its Markdown twin. */
  public static final String MARKDOWN = "META-INF/tablemapper/key-design.md";

  private KeyDesignReport() {}

  /** Whether the options ask for the report: unless the option is {@code false}. */
  public static boolean enabled(Map<String, String> options) {
    return !"false".equalsIgnoreCase(options.getOrDefault(OPTION, "true").trim());
  }
}
