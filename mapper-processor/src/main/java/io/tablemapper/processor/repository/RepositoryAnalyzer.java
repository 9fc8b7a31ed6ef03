package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @Repository} interface: checks that it is an interface over an {@code @Entity}, and has each of its
 * derived query methods read by {@link QueryMethodAnalyzer}, and each partial merge method by
 * {@link MergeMethodAnalyzer}; a Jakarta Data {@code @Repository} is read by {@link JakartaRepositoryAnalyzer} into the
 * same model. Every problem is reported on the repository, or on the
 * method or parameter at fault.
 */
public final class RepositoryAnalyzer {
  private final Elements elements;
  private final Types types;
  private final QueryMethodAnalyzer queryMethods;
  private final MergeMethodAnalyzer mergeMethods;
  private final JakartaRepositoryAnalyzer jakarta;

  /**
   * An analyzer whose plans are checked against the costs of {@code target}, the store the application declares, and
   * whose Jakarta Data repositories follow {@code jakartaOptions}.
   */
  public RepositoryAnalyzer(ProcessingEnvironment environment, StoreTarget target, JakartaOptions jakartaOptions) {
    this.elements = environment.getElementUtils();
    this.types = environment.getTypeUtils();
    this.queryMethods = new QueryMethodAnalyzer(types, target);
    this.mergeMethods = new MergeMethodAnalyzer(types);
    this.jakarta = new JakartaRepositoryAnalyzer(elements, types, queryMethods, jakartaOptions);
  }

  /**
   * Analyzes a repository.
   *
   * @param entities resolves an entity class to its model, or null when it has errors (already reported)
   * @return the model, or null when an error was reported
   */
  public RepositoryModel analyze(
      TypeElement repository, Function<TypeElement, EntityModel> entities, Diagnostics diagnostics) {
    if (JakartaRepositoryAnalyzer.isJakarta(repository)) {
      return jakarta.analyze(repository, entities, diagnostics);
    }
    String name = repository.getSimpleName().toString();
    if (repository.getKind() != ElementKind.INTERFACE) {
      diagnostics.error(repository, Rule.REPOSITORY_KIND,
          "@Repository " + name + " is not an interface; declare it as an interface extending TableRepository<T>");
      return null;
    }
    if (!repository.getTypeParameters().isEmpty()) {
      diagnostics.error(repository, Rule.REPOSITORY_KIND,
          "@Repository " + name + " has type parameters; a repository interface names its entity type");
      return null;
    }
    for (Element e = repository; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(repository, Rule.REPOSITORY_KIND,
            "@Repository " + name + " is private or inside a private type; generated code must reach it");
        return null;
      }
    }
    TypeMirror entityType = entityType(repository.asType());
    if (entityType == null) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY,
          "@Repository " + name + " must extend TableRepository<T> (or AsyncTableRepository<T>) with T an"
              + " @Entity class, for example interface " + name + " extends TableRepository<Employee>");
      return null;
    }
    if (entityType.getKind() == TypeKind.ERROR) {
      throw new DeferException(entityType.toString());
    }
    if (entityType.getKind() != TypeKind.DECLARED
        || !Annotations.has(types.asElement(entityType), Annotations.ENTITY)) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY,
          "@Repository " + name + " stores " + entityType + ", which is not annotated @Entity");
      return null;
    }
    EntityModel entity = entities.apply((TypeElement) types.asElement(entityType));
    if (entity == null) {
      return null;
    }
    int errorsBefore = diagnostics.errorCount();
    List<RepositoryModel.QueryMethod> methods = new ArrayList<>();
    DeclaredType repositoryType = (DeclaredType) repository.asType();
    List<ExecutableElement> queries = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      if (!method.getModifiers().contains(Modifier.ABSTRACT)) {
        continue;
      }
      TypeElement declaring = (TypeElement) method.getEnclosingElement();
      if (isBase(declaring)
          || declaring.getQualifiedName().contentEquals("java.lang.Object")
          || redeclaresWrite(method, repository)) {
        continue;
      }
      // Before anything is reported: a method over a type not generated yet is retried next round as a whole.
      DeferException.ifUnresolved(method.getReturnType());
      ProjectionChecks.deferUnresolvedComponents(method.getReturnType());
      for (VariableElement parameter : method.getParameters()) {
        DeferException.ifUnresolved(parameter.asType());
      }
      queries.add(method);
    }
    List<RepositoryModel.MergeMethod> merges = new ArrayList<>();
    for (ExecutableElement method : queries) {
      ExecutableType methodType = (ExecutableType) types.asMemberOf(repositoryType, method);
      if (MergeMethodAnalyzer.isMerge(method)) {
        RepositoryModel.MergeMethod merge =
            mergeMethods.analyze(repository, entity, entityType, method, methodType, diagnostics);
        if (merge != null) {
          merges.add(merge);
        }
        continue;
      }
      RepositoryModel.QueryMethod query =
          queryMethods.analyze(repository, entity, entityType, method, methodType, diagnostics);
      if (query != null) {
        methods.add(query);
      }
    }
    return diagnostics.errorCount() > errorsBefore ? null
        : new RepositoryModel(repository, entity, methods, asyncWrites(repository.asType()), merges);
  }

  /**
   * Whether the method re-declares one of TableRepository's writes (for example to document it); it is generated
   * anyway.
   */
  private boolean redeclaresWrite(ExecutableElement method, TypeElement repository) {
    for (String name : List.of(Annotations.TABLE_REPOSITORY, Annotations.ASYNC_TABLE_REPOSITORY)) {
      TypeElement base = elements.getTypeElement(name);
      for (ExecutableElement write : ElementFilter.methodsIn(base.getEnclosedElements())) {
        if (elements.overrides(method, write, repository)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a type is one of the bases of a repository: TableRepository or AsyncTableRepository. */
  private static boolean isBase(TypeElement type) {
    return type.getQualifiedName().contentEquals(Annotations.TABLE_REPOSITORY)
        || type.getQualifiedName().contentEquals(Annotations.ASYNC_TABLE_REPOSITORY);
  }

  /** Whether the repository extends AsyncTableRepository, whose writes return futures. */
  private boolean asyncWrites(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      Element element = types.asElement(supertype);
      if (element instanceof TypeElement
          && ((TypeElement) element).getQualifiedName().contentEquals(Annotations.ASYNC_TABLE_REPOSITORY)
          || asyncWrites(supertype)) {
        return true;
      }
    }
    return false;
  }

  private TypeMirror entityType(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      Element element = types.asElement(supertype);
      if (element instanceof TypeElement && isBase((TypeElement) element)) {
        List<? extends TypeMirror> arguments = ((DeclaredType) supertype).getTypeArguments();
        return arguments.size() == 1 && (arguments.get(0).getKind() == TypeKind.DECLARED
            || arguments.get(0).getKind() == TypeKind.ERROR) ? arguments.get(0) : null;
      }
      TypeMirror found = entityType(supertype);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
