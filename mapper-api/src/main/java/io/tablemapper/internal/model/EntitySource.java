package io.tablemapper.internal.model;

import java.util.List;

/**
 * An entity class as a front end reads it, before any rule is applied: what it is, what its annotations say, its
 * properties and its upgrade methods. The processor reads it from {@code javax.lang.model} elements, the runtime
 * from a class compiled without the processor; {@link EntityChecker} decides every rule over it, so both say the
 * same. A site is whatever the front end reports problems on ({@link Problems}); null means the class.
 *
 * @param <P> the front end's property
 */
public interface EntitySource<P extends PropertySource> {

  /** The class's simple name, in messages. */
  String simpleName();

  /** What kind of type it is and what encloses it, for the rule that it can be an entity at all. */
  Shape shape();

  /** Whether it is a record (read through its canonical constructor) rather than a class. */
  boolean isRecord();

  /** Whether it is abstract: only its {@code @Entity} subtypes have rows. */
  boolean isAbstract();

  /** For a JavaBean: whether it has a no-argument constructor generated code can call. */
  boolean hasNoArgumentConstructor();

  /**
   * For a class that is no record: its constructors with parameters that generated code can call (not private; a
   * synthetic one never), in declaration order. A class that cannot be a JavaBean is created through the one whose
   * parameters are its properties ({@link CreatorRules}).
   */
  default List<ConstructorSource> constructors() {
    return List.of();
  }

  /** Its {@code @Entity} annotation, the site of problems with the table, type and version. */
  Object entitySite();

  /** {@code @Entity(table)}; empty for the default. */
  String declaredTable();

  /** {@code @Entity(type)}; empty for the default. */
  String declaredType();

  /** {@code @Entity(version)}. */
  int version();

  /** Its {@code @Cached}, or null. */
  Cache cache();

  /** The template of its own {@code @PartitionKey}, or null. */
  String partitionKey();

  /** The site of its own {@code @PartitionKey} (its template is the attribute {@code value}). */
  Object partitionKeySite();

  /** The template of its own {@code @RowKey}, or null. */
  String rowKey();

  /** The site of its own {@code @RowKey}. */
  Object rowKeySite();

  /** Its own {@code @Index} annotations, in declaration order. */
  List<IndexRules.Declaration> indexes();

  /** Its {@code @Entity} superclasses, nearest first; only their class facts are read, never their properties. */
  List<? extends EntitySource<?>> ancestors();

  /**
   * The name of its naming strategy ({@code AS_DECLARED}, {@code PASCAL_CASE}): the nearest {@code @Naming} on it, an
   * enclosing class or its package, else the front end's default.
   */
  String namingStrategy();

  /** Its properties in declaration order (a JavaBean's superclasses' first), stored or not. */
  List<P> properties();

  /** Its methods annotated {@code @Upgrade}, in declaration order. */
  List<UpgradeMethod> upgradeMethods();

  /** Its {@code @Wide}, or null when it is not wide. */
  default Wide wide() {
    return null;
  }

  /**
   * What kind of type a class is.
   *
   * @param notAClass how messages name a type that is no class or record ("an interface", "an enum"), else null
   * @param generic whether it has type parameters
   * @param enclosing the class itself, then each class that encloses it, outward
   */
  record Shape(String notAClass, boolean generic, List<Enclosing> enclosing) {}

  /**
   * The class or one that encloses it.
   *
   * @param inner whether it is a non-static member class (not a record, interface or enum)
   * @param local whether it is a local or anonymous class
   */
  record Enclosing(String simpleName, boolean isPrivate, boolean inner, boolean local) {}

  /**
   * {@code @Wide}.
   *
   * @param head the Java names it lists in {@code head}, in order
   * @param site the annotation, the site of problems with it (its list is the attribute {@code head})
   */
  record Wide(List<String> head, Object site) {}

  /**
   * A constructor of the class that takes parameters.
   *
   * @param parameters its parameters, in order
   * @param site where problems with it are reported
   */
  record ConstructorSource(List<ParameterSource> parameters, Object site) {}

  /**
   * A constructor's parameter.
   *
   * @param name its name in the source, or null when the class file keeps none (compiled without {@code -parameters})
   * @param typeText its type as a property's {@link PropertySource#typeText()} writes it
   */
  record ParameterSource(String name, String typeText) {}

  /** {@code @Cached}. */
  record Cache(long maximumSize, long expireAfterWriteSeconds, Object site) {}

  /**
   * A method annotated {@code @Upgrade}, as its signature reads.
   *
   * @param returnType the return type as source writes it, or null for {@code void}
   * @param parameterTypes the parameter types as source writes them
   * @param parametersFit whether they are exactly {@code (int, Map<String, Object>)}
   * @param checkedException the first checked exception it declares, as source writes it, or null
   */
  record UpgradeMethod(String name, Object site, boolean isStatic, boolean isPrivate, String returnType,
      boolean generic, List<String> parameterTypes, boolean parametersFit, String checkedException) {}
}
