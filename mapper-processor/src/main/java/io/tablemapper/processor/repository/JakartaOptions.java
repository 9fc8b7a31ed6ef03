package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.util.Diagnostics;
import java.util.Map;

/**
 * The processor options of Jakarta Data repositories.
 *
 * <p>{@value #ALLOW_SCAN}{@code =true} lets a Jakarta Data {@code find} read more than its result, as Jakarta Data's
 * API asks and a key-sorted store cannot answer by a key range: client steps over the list of matches its plan reads
 * ({@link JakartaClientQueries}) for a {@code Sort}, {@code Order} or {@code Limit} parameter, an {@code OrderBy} no
 * key gives, an offset {@code Page} (the pages before it read and skipped), a {@code CursoredPage} in such an order,
 * one result of a query that can match several, an array, a condition only the client evaluates, and a scan of the
 * table (whose {@code [QueryTableScan]} error a Jakarta Data interface cannot always answer with {@code @AllowScan}).
 * Each is the warning {@code [JakartaClientQuery]}, which names the plan whose every match is read. Off by default:
 * then each is the compile error it is for a tablemapper repository; a count, exists or delete is never completed in
 * the client.
 *
 * <p>{@value #REFUSED}: what becomes of a Jakarta Data method the
 * processor refuses (a JDQL {@code @Query}, an offset {@code Page}, an operator the store cannot evaluate, …).
 * {@code error}, the default, makes it the compile error it is for a tablemapper repository. {@code throw} makes
 * that error a warning, with the same id and message, and compiles the method to one that throws
 * {@code UnsupportedOperationException} with that message (Jakarta Data's {@code MappingException} where the method
 * names what is no attribute of the entity, {@code [QueryUnknownProperty]}), so the rest of the repository can be generated: for code
 * written against Jakarta Data's whole API (its TCK), whose every method need not run on a key-sorted store. The
 * verdict stays visible at compile time.
 *
 * @param allowScan whether Jakarta Data methods may scan and take client steps
 * @param throwRefused whether refused methods compile to methods that throw
 */
public record JakartaOptions(boolean allowScan, boolean throwRefused) {
  /** The name of the option that allows scans and client steps. */
  public static final String ALLOW_SCAN = "tablemapper.jakarta.allowScan";
  /** The name of the option that says what becomes of a refused method. */
  public static final String REFUSED = "tablemapper.jakarta.refused";

  /** The options the processor was given, reporting a value it does not know (the default is then used). */
  public static JakartaOptions of(Map<String, String> options, Diagnostics diagnostics) {
    return new JakartaOptions(
        choice(options, ALLOW_SCAN, "false", "true", diagnostics, " to let Jakarta Data methods scan and sort, skip"
            + " or filter in the client"),
        choice(options, REFUSED, "error", "throw", diagnostics, " to compile a refused Jakarta Data method to one"
            + " that throws UnsupportedOperationException saying why"));
  }

  /** Whether the option says {@code on}; its absence or {@code off} is false, anything else reported. */
  private static boolean choice(Map<String, String> options, String name, String off, String on,
      Diagnostics diagnostics, String what) {
    String value = options.get(name);
    if (value == null || value.trim().equals(off)) {
      return false;
    }
    if (value.trim().equals(on)) {
      return true;
    }
    diagnostics.error(null, Rule.JAKARTA_OPTION, "-A" + name + "=" + value + " is neither " + off + " nor " + on
        + "; use -A" + name + "=" + on + what + ", or leave the option out");
    return false;
  }
}
