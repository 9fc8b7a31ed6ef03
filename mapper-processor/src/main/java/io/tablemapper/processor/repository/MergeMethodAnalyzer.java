package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.MergeRules;
import io.tablemapper.internal.model.Problem;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Reads a partial merge method: {@code merge} or {@code upsertMerge}, the properties to merge joined by {@code And},
 * {@code By}, and every property of the entity's keys joined by {@code And}; its parameters are the merged values,
 * then the key values, each of its property's type, then optionally an {@code @ETag String} the merge is conditional
 * on. It returns {@code void} or the entity (the one built from its arguments, with its new ETag), or either in a
 * {@code CompletableFuture}:
 *
 * <pre>{@code
 * void mergeH07BySensorAndDay(double h07, String sensor, LocalDate day);
 * DailyReadings mergeH07AndH08BySensorAndDay(double h07, double h08, String sensor, LocalDate day, @ETag String etag);
 * CompletableFuture<Void> upsertMergeH07BySensorAndDay(double h07, String sensor, LocalDate day);
 * }</pre>
 *
 * <p>Which properties may be merged is decided by the shared {@link MergeRules}, as for the run-time
 * {@code merge(entity, "h07")}; everything about the method itself is {@code [MergeMethod]}.
 */
final class MergeMethodAnalyzer {
  /** The prefixes of a merge method, longest first. */
  private static final List<String> PREFIXES = List.of("upsertMerge", "merge");

  private final Types types;

  MergeMethodAnalyzer(Types types) {
    this.types = types;
  }

  /** Whether a method's name makes it a merge method: a prefix, then an upper-case letter. */
  static boolean isMerge(ExecutableElement method) {
    return prefix(method.getSimpleName().toString()) != null;
  }

  private static String prefix(String name) {
    for (String prefix : PREFIXES) {
      if (name.startsWith(prefix) && name.length() > prefix.length()
          && Character.isUpperCase(name.charAt(prefix.length()))) {
        return prefix;
      }
    }
    return null;
  }

  /**
   * Analyzes a merge method.
   *
   * @param type the method as a member of the repository (type arguments resolved)
   * @return the method, or null when an error was reported
   */
  RepositoryModel.MergeMethod analyze(TypeElement repository, EntityModel entity, TypeMirror entityType,
      ExecutableElement method, ExecutableType type, Diagnostics diagnostics) {
    String signature = QueryMethodAnalyzer.signature(repository, method);
    String name = method.getSimpleName().toString();
    String prefix = prefix(name);
    boolean upsert = prefix.equals("upsertMerge");
    String what = "merge method " + name;
    MergeRules.Subject subject = subject(entity);
    if (!method.getTypeParameters().isEmpty()) {
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": a merge method has no type parameters");
      return null;
    }
    Problem target = MergeRules.target(subject, what);
    if (target != null) {
      diagnostics.error(method, target.rule(), signature + ": " + target.message());
      return null;
    }
    List<String> names = new ArrayList<>();
    for (PropertyModel property : entity.properties()) {
      names.add(property.name());
    }
    String rest = name.substring(prefix.length());
    List<String> merged = null;
    List<String> keys = null;
    for (int by = rest.indexOf("By"); by >= 0 && merged == null; by = rest.indexOf("By", by + 1)) {
      List<String> left = split(rest.substring(0, by), names);
      List<String> right = split(rest.substring(by + 2), names);
      if (left != null && right != null) {
        merged = left;
        keys = right;
      }
    }
    if (merged == null) {
      reportUnparsed(signature, what, prefix, rest, subject, names, method, diagnostics);
      return null;
    }
    boolean ok = true;
    for (Problem problem : MergeRules.check(subject, what, merged)) {
      diagnostics.error(method, problem.rule(), signature + ": " + problem.message());
      ok = false;
    }
    if (!ok || !keysBound(signature, entity, keys, method, diagnostics)) {
      return null;
    }
    List<? extends VariableElement> parameters = method.getParameters();
    int expected = merged.size() + keys.size();
    VariableElement last = parameters.isEmpty() ? null : parameters.get(parameters.size() - 1);
    String etag = null;
    if (last != null && Annotations.has(last, Annotations.ETAG)) {
      if (!etagAllowed(signature, entity, upsert, last, diagnostics)) {
        return null;
      }
      etag = last.getSimpleName().toString();
    }
    int given = parameters.size() - (etag == null ? 0 : 1);
    if (given != expected) {
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": takes " + given + " value"
          + (given == 1 ? "" : "s") + " but its name needs " + expected + ": the merged " + String.join(", ", merged)
          + ", then the keys' " + String.join(", ", keys) + " (and optionally a last @ETag String the merge is"
          + " conditional on)");
      return null;
    }
    List<RepositoryModel.Bound> values = new ArrayList<>();
    List<String> order = new ArrayList<>(merged);
    order.addAll(keys);
    for (int i = 0; i < order.size(); i++) {
      PropertyModel property = entity.property(order.get(i));
      VariableElement parameter = parameters.get(i);
      TypeMirror parameterType = type.getParameterTypes().get(i);
      if (!types.isSameType(parameterType, property.type())) {
        diagnostics.error(parameter, Rule.MERGE_METHOD, signature + ": parameter " + parameter.getSimpleName()
            + " is " + parameterType + " but stands for " + property.name() + " of " + entity.simpleName()
            + ", which is " + property.type() + "; declare it as " + property.type());
        return null;
      }
      values.add(new RepositoryModel.Bound(property, parameter.getSimpleName().toString()));
    }
    TypeMirror returnType = type.getReturnType();
    boolean async = AsyncReturns.isFuture(returnType);
    TypeMirror result = returnType;
    if (async) {
      List<? extends TypeMirror> arguments = ((DeclaredType) returnType).getTypeArguments();
      result = arguments.size() == 1 ? arguments.get(0) : null;
    }
    boolean returnsEntity = result != null && types.isSameType(result, entityType);
    boolean returnsNothing = result != null && (async ? PropertyModel.isDeclared(result, "java.lang.Void")
        : result.getKind() == TypeKind.VOID);
    if (!returnsEntity && !returnsNothing) {
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": a merge method returns void or "
          + entity.simpleName() + " (the entity built from its arguments, with its new ETag), or"
          + " CompletableFuture<Void> or CompletableFuture<" + entity.simpleName() + ">, not " + returnType);
      return null;
    }
    List<String> refused = nullsRefused(entity, order, etag != null);
    if (!refused.isEmpty()) {
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": builds the " + entity.simpleName() + " it writes"
          + " from its arguments, null for each other property, but the constructor of " + entity.simpleName()
          + " refuses null for " + String.join(", ", refused) + " (@NotNull: a Kotlin type without '?'); make "
          + (refused.size() == 1 ? "it" : "them") + " nullable, or merge a whole entity with merge(entity, \""
          + merged.get(0) + "\")");
      return null;
    }
    return new RepositoryModel.MergeMethod(method, type, upsert, merged, values.subList(0, merged.size()),
        values.subList(merged.size(), values.size()), etag, returnsEntity, async);
  }

  private static MergeRules.Subject subject(EntityModel entity) {
    String remote = null;
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (index.remote() && remote == null) {
        remote = index.name();
      }
    }
    return new MergeRules.Subject(entity.simpleName(), entity.abstractType(), entity.properties(),
        entity.partitionKey().template().source(), names(entity.partitionKey().properties()),
        entity.rowKey() == null ? null : entity.rowKey().template().source(),
        entity.rowKey() == null ? List.of() : names(entity.rowKey().properties()), remote);
  }

  private static List<String> names(List<PropertyModel> properties) {
    List<String> names = new ArrayList<>();
    properties.forEach(property -> names.add(property.name()));
    return names;
  }

  /**
   * The property names of a segment of a method name ({@code H07AndH08}), each capitalized and joined by
   * {@code And}, matched longest first with backtracking; null when it is no such list.
   */
  static List<String> split(String text, List<String> names) {
    if (text.isEmpty()) {
      return null;
    }
    List<String> candidates = new ArrayList<>(names);
    candidates.sort((a, b) -> b.length() - a.length());
    for (String candidate : candidates) {
      String capitalized = MethodNameParser.capitalize(candidate);
      if (!text.startsWith(capitalized)) {
        continue;
      }
      String rest = text.substring(capitalized.length());
      if (rest.isEmpty()) {
        List<String> one = new ArrayList<>();
        one.add(candidate);
        return one;
      }
      if (rest.startsWith("And")) {
        List<String> more = split(rest.substring(3), names);
        if (more != null) {
          more.add(0, candidate);
          return more;
        }
      }
    }
    return null;
  }

  /** Reports a name that does not parse: no {@code By}, or a segment that is no property. */
  private static void reportUnparsed(String signature, String what, String prefix, String rest,
      MergeRules.Subject subject, List<String> names, ExecutableElement method, Diagnostics diagnostics) {
    int by = rest.indexOf("By");
    if (by <= 0 || by + 2 == rest.length()) {
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": a merge method is named " + prefix
          + "<Properties>By<KeyProperties>, the properties to merge and then every property of the keys, each"
          + " capitalized and joined by And, for example " + prefix + "H07BySensorAndDay");
      return;
    }
    for (String segment : (rest.substring(0, by) + "And" + rest.substring(by + 2)).split("And")) {
      String property = segment.isEmpty() ? segment
          : segment.substring(0, 1).toLowerCase(Locale.ROOT) + segment.substring(1);
      if (!names.contains(property)) {
        Problem problem = MergeRules.property(subject, what, property);
        diagnostics.error(method, problem.rule(), signature + ": " + problem.message());
        return;
      }
    }
    diagnostics.error(method, Rule.MERGE_METHOD, signature + ": the name does not split into properties to merge"
        + " By the keys' properties; name each property once, capitalized, joined by And");
  }

  /**
   * For an immutable class (created through its constructor, not a record): the properties, in quotes, that a merge
   * method naming {@code bound} (and its ETag, when it has one) leaves null although the constructor's parameter is
   * annotated {@code @NotNull} or {@code @NonNull}, as kapt's stub of a Kotlin type without {@code ?} is.
   */
  private static List<String> nullsRefused(EntityModel entity, List<String> bound, boolean etag) {
    List<String> refused = new ArrayList<>();
    if (!entity.constructed() || entity.element().getKind() == ElementKind.RECORD) {
      return refused;
    }
    List<String> names = new ArrayList<>();
    entity.constructorArguments().forEach(p -> names.add(p.name()));
    for (ExecutableElement constructor : ElementFilter.constructorsIn(entity.element().getEnclosedElements())) {
      List<String> parameters = new ArrayList<>();
      constructor.getParameters().forEach(p -> parameters.add(p.getSimpleName().toString()));
      if (!parameters.equals(names)) {
        continue;
      }
      for (VariableElement parameter : constructor.getParameters()) {
        String name = parameter.getSimpleName().toString();
        PropertyModel property = entity.property(name);
        boolean given = bound.contains(name) || etag && property == entity.etag();
        if (!given && !parameter.asType().getKind().isPrimitive() && nonNull(parameter)) {
          refused.add("'" + name + "'");
        }
      }
    }
    return refused;
  }

  private static boolean nonNull(VariableElement parameter) {
    for (AnnotationMirror annotation : parameter.getAnnotationMirrors()) {
      String name = annotation.getAnnotationType().asElement().getSimpleName().toString();
      if (name.equals("NotNull") || name.equals("NonNull") || name.equals("Nonnull")) {
        return true;
      }
    }
    return false;
  }

  /** Whether the properties after {@code By} are exactly those of the keys, each once; reports why not. */
  private static boolean keysBound(String signature, EntityModel entity, List<String> keys, ExecutableElement method,
      Diagnostics diagnostics) {
    Set<String> needed = new LinkedHashSet<>(names(entity.partitionKey().properties()));
    needed.addAll(names(entity.rowKey().properties()));
    Set<String> seen = new LinkedHashSet<>();
    for (String key : keys) {
      if (!needed.contains(key)) {
        diagnostics.error(method, Rule.MERGE_METHOD, signature + ": '" + key + "' after By is no property of the"
            + " keys of " + entity.simpleName() + " (PartitionKey '" + entity.partitionKey().template().source()
            + "', RowKey '" + entity.rowKey().template().source() + "'); a merge names its entity by its keys alone: "
            + String.join(", ", needed));
        return false;
      }
      if (!seen.add(key)) {
        diagnostics.error(method, Rule.MERGE_METHOD, signature + ": names the key property '" + key + "' twice");
        return false;
      }
    }
    if (!seen.containsAll(needed)) {
      Set<String> missing = new LinkedHashSet<>(needed);
      missing.removeAll(seen);
      diagnostics.error(method, Rule.MERGE_METHOD, signature + ": a merge names its entity by every property of its"
          + " keys, and By lacks " + String.join(", ", missing) + " (PartitionKey '"
          + entity.partitionKey().template().source() + "', RowKey '" + entity.rowKey().template().source() + "')");
      return false;
    }
    return true;
  }

  /** Whether a trailing {@code @ETag} parameter is allowed; reports why not. */
  private static boolean etagAllowed(String signature, EntityModel entity, boolean upsert, VariableElement parameter,
      Diagnostics diagnostics) {
    if (upsert) {
      diagnostics.error(parameter, Rule.MERGE_METHOD, signature + ": an upsertMerge inserts the entity when none is"
          + " stored, so it has no ETag condition; use a merge method for a conditional merge");
      return false;
    }
    if (!PropertyModel.isDeclared(parameter.asType(), "java.lang.String")) {
      diagnostics.error(parameter, Rule.MERGE_METHOD, signature + ": the @ETag parameter is "
          + parameter.asType() + "; an ETag is a String");
      return false;
    }
    if (entity.etag() == null) {
      diagnostics.error(parameter, Rule.MERGE_METHOD, signature + ": " + entity.simpleName() + " has no @ETag"
          + " property to carry the condition; add an @ETag String property to it, or drop the parameter");
      return false;
    }
    return true;
  }
}
