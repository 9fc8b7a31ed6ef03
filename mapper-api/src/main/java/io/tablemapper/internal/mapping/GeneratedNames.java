package io.tablemapper.internal.mapping;

/**
 * The names of generated classes, decided in one place for the processor that writes them and the runtime that
 * loads them. A generated class sits in the package of its source type; its simple name is the source's binary
 * name within the package with {@code $} replaced by {@code _}, plus a suffix:
 *
 * <ul>
 *   <li>{@code Employee_}: the metamodel users may reference (table, type, property names, key composition);
 *   <li>{@code Employee__Mapping}: the {@link EntityMapping}, with a {@code public static final INSTANCE};
 *   <li>{@code EmployeeRepository__Impl}: the repository, with a public constructor taking a
 *       {@link RepositoryContext}.
 * </ul>
 *
 * <p>An {@code @Entity} class that extends another is listed, by binary name one per line, in the resource
 * {@link #subtypesResource(String) META-INF/tablemapper/subtypes/<binary name of each @Entity ancestor>} of the
 * compilation that generated it. The runtime reads every such resource of the class loader
 * ({@code ClassLoader.getResources}), so a hierarchy may span jars without any classpath scanning.
 */
public final class GeneratedNames {
  /** Suffix of the metamodel class. */
  public static final String METAMODEL_SUFFIX = "_";
  /** Suffix of the mapping class. */
  public static final String MAPPING_SUFFIX = "__Mapping";
  /** Suffix of the repository implementation. */
  public static final String REPOSITORY_SUFFIX = "__Impl";
  /** The field holding a mapping's single instance. */
  public static final String MAPPING_INSTANCE_FIELD = "INSTANCE";

  /** Where the lists of each entity class's {@code @Entity} subtypes are. */
  public static final String SUBTYPES_DIRECTORY = "META-INF/tablemapper/subtypes/";

  private GeneratedNames() {}

  /** {@code com.acme.Outer$Employee} → {@code com.acme.Outer_Employee_}. */
  public static String metamodel(String binaryName) {
    return flatten(binaryName).concat(METAMODEL_SUFFIX);
  }

  /** {@code com.acme.Employee} → {@code com.acme.Employee__Mapping}. */
  public static String mapping(String binaryName) {
    return flatten(binaryName).concat(MAPPING_SUFFIX);
  }

  /** {@code com.acme.EmployeeRepository} → {@code com.acme.EmployeeRepository__Impl}. */
  public static String repository(String binaryName) {
    return flatten(binaryName).concat(REPOSITORY_SUFFIX);
  }

  /** {@code com.acme.Person} → {@code META-INF/tablemapper/subtypes/com.acme.Person}: lists its subtypes. */
  public static String subtypesResource(String binaryName) {
    return SUBTYPES_DIRECTORY.concat(binaryName);
  }

  /** The simple name of a generated class from its qualified name. */
  public static String simpleName(String qualifiedName) {
    return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
  }

  /** The package of a qualified name ({@code ""} for the unnamed package). */
  public static String packageName(String qualifiedName) {
    int dot = qualifiedName.lastIndexOf('.');
    return dot < 0 ? "" : qualifiedName.substring(0, dot);
  }

  // String.concat rather than +: these run at the first use of each class, and each new shape of an indy
  // concatenation spins classes at start-up
  private static String flatten(String binaryName) {
    int dot = binaryName.lastIndexOf('.');
    return binaryName.substring(0, dot + 1).concat(binaryName.substring(dot + 1).replace('$', '_'));
  }
}
