package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityAnalyzer;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The entities the methods of a Jakarta Data repository with no primary entity type name, and such a repository
 * over several of them read into one part per entity ({@code RepositoryModel.JakartaModel#parts}), as Jakarta Data
 * has it: a lifecycle method's entity is its parameter's type, a query's what it returns or what its JDQL names.
 */
final class JakartaParts {
  private final Types types;

  JakartaParts(Types types) {
    this.types = types;
  }

  /**
   * A repository with no primary entity type whose methods name several entities: one part per entity, each
   * analyzed as a repository of that entity with the methods that name it (a lifecycle method by its parameter, a
   * query by the entity a JDQL query names or by what it returns); a method that names none of them is
   * {@code [JakartaMethod]}.
   */
  RepositoryModel analyze(TypeElement repository, List<ExecutableElement> methods, Map<String, TypeMirror> named,
      Diagnostics diagnostics, BiFunction<TypeMirror, List<ExecutableElement>, RepositoryModel> analyzeOne) {
    Map<String, List<ExecutableElement>> byEntity = new LinkedHashMap<>();
    named.keySet().forEach(name -> byEntity.put(name, new ArrayList<>()));
    boolean ok = true;
    for (ExecutableElement method : methods) {
      TypeMirror entity = null;
      if (Annotations.has(method, Annotations.JAKARTA_QUERY)) {
        String name = JakartaQueries.entityName(JakartaClientQueries.text(method));
        for (TypeMirror candidate : named.values()) {
          if (types.asElement(candidate).getSimpleName().contentEquals(String.valueOf(name))) {
            entity = candidate;
          }
        }
      }
      if (entity == null) {
        entity = entityOf(method);
      }
      String key = entity == null ? null : ((TypeElement) types.asElement(entity)).getQualifiedName().toString();
      if (key == null || !byEntity.containsKey(key)) {
        List<String> simple = new ArrayList<>();
        named.values().forEach(type -> simple.add(types.asElement(type).getSimpleName().toString()));
        diagnostics.error(method, Rule.JAKARTA_METHOD, QueryMethodAnalyzer.signature(repository, method) + ": "
            + repository.getSimpleName() + " has no primary entity type and its methods store "
            + String.join(" and ", simple) + ", but this method names none of them: a lifecycle method takes one,"
            + " a query returns one (or names it in its JDQL FROM); declare it in a repository of its entity");
        ok = false;
        continue;
      }
      byEntity.get(key).add(method);
    }
    if (!ok) {
      return null;
    }
    List<RepositoryModel> parts = new ArrayList<>();
    for (Map.Entry<String, List<ExecutableElement>> entry : byEntity.entrySet()) {
      RepositoryModel part = analyzeOne.apply(named.get(entry.getKey()), entry.getValue());
      if (part == null) {
        ok = false;
      } else {
        parts.add(part);
      }
    }
    if (!ok) {
      return null;
    }
    RepositoryModel first = parts.get(0);
    return new RepositoryModel(repository, first.entity(), List.of(), false, List.of(),
        new RepositoryModel.JakartaModel(null, first.jakarta().keyProperties(), false, List.of(), List.of(),
            List.of(), parts));
  }

  /**
   * The entities a repository's methods name, by qualified name in the order they first appear: the parameters of
   * its lifecycle methods and what its queries return, when that is an entity.
   */
  Map<String, TypeMirror> namedEntities(List<ExecutableElement> methods) {
    Map<String, TypeMirror> named = new LinkedHashMap<>();
    for (ExecutableElement method : methods) {
      TypeMirror entity = entityOf(method);
      if (entity != null) {
        named.putIfAbsent(((TypeElement) types.asElement(entity)).getQualifiedName().toString(), entity);
      }
    }
    return named;
  }

  /**
   * The entity one method names: a lifecycle method's parameter (one, or the element of its List or array), else
   * the entity its result holds (itself, or the element of an array, a List, an Optional, a Stream or a page); null
   * when that is no entity.
   */
  private TypeMirror entityOf(ExecutableElement method) {
    TypeMirror candidate;
    if (JakartaRepositoryAnalyzer.operation(method) != null && method.getParameters().size() == 1) {
      candidate = elementOf(method.getParameters().get(0).asType());
    } else {
      candidate = elementOf(method.getReturnType());
    }
    return candidate != null && candidate.getKind() == TypeKind.DECLARED
        && EntityAnalyzer.isEntity((TypeElement) types.asElement(candidate)) ? candidate : null;
  }

  /** A type, the element of an array, or the one type argument of a List, Optional, Stream or page. */
  private static TypeMirror elementOf(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY) {
      return ((javax.lang.model.type.ArrayType) type).getComponentType();
    }
    if (type.getKind() == TypeKind.DECLARED && ((DeclaredType) type).getTypeArguments().size() == 1) {
      TypeMirror element = ((DeclaredType) type).getTypeArguments().get(0);
      return element.getKind() == TypeKind.WILDCARD
          ? ((javax.lang.model.type.WildcardType) element).getExtendsBound() : element;
    }
    return type;
  }
}
