package io.tablemapper.annotations;

/** How the Java names of an entity's properties become stored property names; chosen with {@link Naming}. */
public enum NamingStrategy {

  /** The Java name as declared: {@code firstName} is stored as {@code firstName}. The default. */
  AS_DECLARED,

  /**
   * The Java name with its first letter upper-cased: {@code firstName} is stored as {@code FirstName}, the
   * convention of .NET entities, so Java and .NET applications can share a table.
   */
  PASCAL_CASE
}
