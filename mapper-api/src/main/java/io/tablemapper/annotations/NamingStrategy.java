package io.tablemapper.annotations;

/** How the Java names of an entity's properties become stored property names; chosen with {@link Naming}. */
public enum NamingStrategy {

  /** The Java name as declared: {@code firstName} is stored as {@code firstName}. The default. */
  AS_DECLARED {
    @Override
    public String storedName(String javaName) {
      return javaName;
    }
  },

  /**
   * The Java name with its first letter upper-cased: {@code firstName} is stored as {@code FirstName}, the
   * convention of .NET entities, so Java and .NET applications can share a table.
   */
  PASCAL_CASE {
    @Override
    public String storedName(String javaName) {
      return javaName.isEmpty() ? javaName : Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
    }
  };

  /** The name a property with this Java name is stored under. */
  public abstract String storedName(String javaName);
}
