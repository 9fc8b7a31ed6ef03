package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.util.Diagnostics;
import java.util.Map;

/**
 * The processor option of Jakarta Data repositories, {@value #REFUSED}: what becomes of a Jakarta Data method the
 * processor refuses (a JDQL {@code @Query}, an offset {@code Page}, an operator the store cannot evaluate, …).
 * {@code error}, the default, makes it the compile error it is for a tablemapper repository. {@code throw} makes
 * that error a warning, with the same id and message, and compiles the method to one that throws
 * {@code UnsupportedOperationException} with that message, so the rest of the repository can be generated: for code
 * written against Jakarta Data's whole API (its TCK), whose every method need not run on a key-sorted store. The
 * verdict stays visible at compile time.
 *
 * @param throwRefused whether refused methods compile to methods that throw
 */
public record JakartaOptions(boolean throwRefused) {
  /** The option's name. */
  public static final String REFUSED = "tablemapper.jakarta.refused";

  /** The options the processor was given, reporting a value it does not know (the default is then used). */
  public static JakartaOptions of(Map<String, String> options, Diagnostics diagnostics) {
    String value = options.get(REFUSED);
    if (value == null || value.trim().equals("error")) {
      return new JakartaOptions(false);
    }
    if (value.trim().equals("throw")) {
      return new JakartaOptions(true);
    }
    diagnostics.error(null, Rule.JAKARTA_OPTION, "-A" + REFUSED + "=" + value + " is neither error nor throw; use"
        + " -A" + REFUSED + "=throw to compile a refused Jakarta Data method to one that throws"
        + " UnsupportedOperationException saying why, or leave the option out to make it a compile error");
    return new JakartaOptions(false);
  }
}
