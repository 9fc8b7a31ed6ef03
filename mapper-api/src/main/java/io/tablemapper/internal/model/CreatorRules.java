package io.tablemapper.internal.model;

import java.util.ArrayList;
import java.util.List;

/**
 * How an entity is created when a row is read, for {@link EntityChecker}. A record is created through its canonical
 * constructor. A class whose every property (but the {@code @Transient} ones) has a setter or a field generated code
 * can write, and that has a constructor without parameters, is a JavaBean: created empty, then set property by
 * property. Any other class (an immutable one: final fields and getters, a Kotlin {@code val} data class) is created
 * through the one constructor whose parameters are its properties: each parameter has the name and the type of a
 * property, and each property but the {@code @Transient} ones is a parameter, in any order; a {@code @Transient}
 * parameter receives its type's zero or null, as a record's component does. Such a class is written through its
 * getters. No constructor that fits, or several, is an error that names them.
 */
final class CreatorRules {
  private CreatorRules() {}

  /**
   * What the rules decided.
   *
   * @param parameters the Java names of the properties the constructor takes, in its order; null for a JavaBean or
   *     a class that is neither (reported)
   * @param bean whether it is a JavaBean, whose properties need setters
   */
  record Creator(List<String> parameters, boolean bean) {
    static final Creator BEAN = new Creator(null, true);
    static final Creator NONE = new Creator(null, false);
  }

  /** How the entity is created; a class that cannot be is reported. */
  static <P extends PropertySource> Creator decide(EntitySource<P> source, List<P> properties, Problems problems) {
    if (source.isRecord()) {
      List<String> names = new ArrayList<>();
      properties.forEach(p -> names.add(p.name()));
      return new Creator(List.copyOf(names), false);
    }
    if (source.isAbstract()) {
      return Creator.BEAN; // created as its concrete subtypes are; its own properties are set as a JavaBean's
    }
    boolean settable = true;
    for (P property : properties) {
      settable &= property.isTransient() || property.writable();
    }
    boolean noArgument = source.hasNoArgumentConstructor();
    if (noArgument && settable) {
      return Creator.BEAN;
    }
    List<EntitySource.ConstructorSource> fitting = new ArrayList<>();
    for (EntitySource.ConstructorSource constructor : source.constructors()) {
      if (mismatches(constructor, properties).isEmpty()) {
        fitting.add(constructor);
      }
    }
    String entity = source.simpleName();
    if (fitting.size() == 1) {
      List<String> names = new ArrayList<>();
      fitting.get(0).parameters().forEach(p -> names.add(p.name()));
      return new Creator(List.copyOf(names), false);
    }
    if (fitting.size() > 1) {
      List<String> signatures = new ArrayList<>();
      fitting.forEach(c -> signatures.add(signature(entity, c)));
      problems.report(null, null, EntityRules.constructorAmbiguous(entity, signatures));
      return Creator.NONE;
    }
    if (noArgument || source.constructors().isEmpty()) {
      if (!noArgument) {
        problems.report(null, null, EntityRules.constructor(entity));
      }
      return Creator.BEAN; // the properties without setters are reported
    }
    EntitySource.ConstructorSource closest = null;
    int closestFit = Integer.MIN_VALUE;
    for (EntitySource.ConstructorSource constructor : source.constructors()) {
      int fit = constructor.parameters().size() - mismatches(constructor, properties).size();
      if (fit > closestFit) {
        closest = constructor;
        closestFit = fit;
      }
    }
    problems.report(closest.site(), null, EntityRules.constructorParameters(entity, signature(entity, closest),
        mismatches(closest, properties)));
    return Creator.NONE;
  }

  /** Why a constructor's parameters are not the properties, one reason a parameter or a property; empty if they are. */
  private static <P extends PropertySource> List<String> mismatches(EntitySource.ConstructorSource constructor,
      List<P> properties) {
    List<String> reasons = new ArrayList<>();
    List<String> names = new ArrayList<>();
    properties.forEach(p -> names.add(p.name()));
    List<String> taken = new ArrayList<>();
    for (EntitySource.ParameterSource parameter : constructor.parameters()) {
      if (parameter.name() == null) {
        reasons.add("its parameters' names are not in the class file (compile it with -parameters)");
        return reasons;
      }
      P property = null;
      for (P p : properties) {
        if (p.name().equals(parameter.name())) {
          property = p;
        }
      }
      if (property == null) {
        reasons.add("parameter '" + parameter.name() + "' is no property" + Suggestions.didYouMean(parameter.name(),
            names));
      } else if (!property.typeText().equals(parameter.typeText())) {
        reasons.add("parameter '" + parameter.name() + "' is " + parameter.typeText() + " but the property is "
            + property.typeText());
      } else {
        taken.add(parameter.name());
      }
    }
    for (P property : properties) {
      if (!property.isTransient() && !taken.contains(property.name())
          && constructor.parameters().stream().noneMatch(p -> property.name().equals(p.name()))) {
        reasons.add("property '" + property.name() + "' is no parameter");
      }
    }
    return reasons;
  }

  /** A constructor as messages name it: {@code Book(java.lang.String author, int number)}. */
  private static String signature(String entity, EntitySource.ConstructorSource constructor) {
    List<String> parameters = new ArrayList<>();
    for (EntitySource.ParameterSource parameter : constructor.parameters()) {
      parameters.add(parameter.typeText() + (parameter.name() == null ? "" : " " + parameter.name()));
    }
    return entity + "(" + String.join(", ", parameters) + ")";
  }
}
