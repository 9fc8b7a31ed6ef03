package io.tablemapper.internal.model;

/**
 * Where the entity rules put what they find wrong. The processor reports each problem as a diagnostic of its rule's
 * severity on the most specific element it can (the attribute of the annotation it gave as {@code site}); the
 * runtime collects the errors into one exception and leaves warnings to the processor.
 */
public interface Problems {

  /**
   * A broken rule.
   *
   * @param site what the front end gave the rules as the source of the checked text (for the processor, an element
   *     or an annotation), or null for the class itself
   * @param attribute the annotation attribute at fault, or null for the whole annotation
   */
  void report(Object site, String attribute, Problem problem);
}
