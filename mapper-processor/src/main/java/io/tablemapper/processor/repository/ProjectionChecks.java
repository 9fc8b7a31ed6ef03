package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.internal.model.Suggestions;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Checks a record that a query method returns instead of its entity — a projection: every component must be a
 * property of the entity with the same name and exactly its type (primitive or boxed as the entity declares it),
 * stored or the row's ETag or Timestamp, which every row read carries; the record is no {@code @Entity}, not
 * generic and not empty. (A row written by an older version of the entity is upgraded by the runtime, which reads it
 * whole.) Each problem is an error that starts with the method's signature and names the component at fault; it sits
 * on that component when the record is compiled with the repository, else on the method.
 */
final class ProjectionChecks {
  private ProjectionChecks() {}

  /**
   * Throws when a method returns a record (perhaps in a container) with a component of a type not generated yet:
   * called before anything is reported on the repository, so that its next round reports nothing twice.
   */
  static void deferUnresolvedComponents(TypeMirror returnType) {
    if (!(returnType instanceof DeclaredType declared)) {
      return;
    }
    List<TypeMirror> candidates = new ArrayList<>(declared.getTypeArguments());
    candidates.add(returnType);
    for (TypeMirror candidate : candidates) {
      if (candidate instanceof DeclaredType type && type.asElement().getKind() == ElementKind.RECORD) {
        for (RecordComponentElement component : ((TypeElement) type.asElement()).getRecordComponents()) {
          DeferException.ifUnresolved(component.asType());
        }
      }
    }
  }

  /** Whether a type returned by a query method is a record other than the entity: then it is a projection. */
  static boolean isProjection(TypeMirror type, TypeMirror entityType, Types types) {
    return type instanceof DeclaredType declared && declared.asElement().getKind() == ElementKind.RECORD
        && !types.isSameType(types.erasure(type), types.erasure(entityType));
  }

  /**
   * The projection to a record, or null when an error was reported.
   *
   * @param recordType the record as the method returns it (type arguments resolved)
   */
  static RepositoryModel.Projection check(MethodContext method, DeclaredType recordType, Types types) {
    TypeElement record = (TypeElement) recordType.asElement();
    EntityModel entity = method.entity();
    String what = method.signature() + ": returns " + record.getSimpleName() + " as a projection of "
        + entity.simpleName();
    if (Annotations.has(record, Annotations.ENTITY)) {
      method.error(Rule.QUERY_PROJECTION, what + ", but " + record.getSimpleName() + " is an @Entity of its own;"
          + " return " + entity.simpleName() + ", or a record that is no entity");
      return null;
    }
    if (!record.getTypeParameters().isEmpty()) {
      method.error(Rule.QUERY_PROJECTION, what + ", but " + record.getSimpleName() + " has type parameters; declare"
          + " a record whose components have the properties' types");
      return null;
    }
    List<? extends RecordComponentElement> elements = record.getRecordComponents();
    if (elements.isEmpty()) {
      method.error(Rule.QUERY_PROJECTION, what + ", but " + record.getSimpleName() + " has no components; give it"
          + " components named after the properties to read, or use an exists... or count... method");
      return null;
    }
    List<String> names = new ArrayList<>();
    for (PropertyModel property : entity.properties()) {
      names.add(property.name());
    }
    List<RepositoryModel.Component> components = new ArrayList<>();
    boolean ok = true;
    for (RecordComponentElement component : elements) {
      String name = component.getSimpleName().toString();
      TypeMirror type = ((ExecutableType) types.asMemberOf(recordType, component.getAccessor())).getReturnType();
      Element element = site(record, component);
      String at = what + ", but its component '" + name + "'";
      PropertyModel property = entity.property(name);
      if (property == null) {
        method.diagnostics().error(element, method.element(), Rule.QUERY_PROJECTION,
            at + " is not a property of " + entity.simpleName() + Suggestions.didYouMean(name, names)
                + "; name each component after the property it reads (properties: " + String.join(", ", names) + ")");
        ok = false;
      } else if (property.role() == PropertyRole.TRANSIENT) {
        method.diagnostics().error(element, method.element(), Rule.QUERY_PROJECTION,
            at + " is @Transient in " + entity.simpleName() + ", so the store has no value for it; remove the"
                + " component");
        ok = false;
      } else if (property.stored() && !entity.inHead(name)) {
        method.diagnostics().error(element, method.element(), Rule.QUERY_WIDE_PROPERTY,
            at + " is outside the head row of the @Wide " + entity.simpleName() + ", so a projection cannot select"
                + " it; add '" + name + "' to @Wide(head), or return " + entity.simpleName());
        ok = false;
      } else if (!types.isSameType(type, property.type())) {
        method.diagnostics().error(element, method.element(), Rule.QUERY_PROJECTION,
            at + " is " + type + ", but '" + name + "' of " + entity.simpleName() + " is " + property.type()
                + "; declare the component as " + property.type());
        ok = false;
      } else {
        components.add(new RepositoryModel.Component(name, property));
      }
    }
    return ok ? new RepositoryModel.Projection(record, components) : null;
  }

  /**
   * Where a diagnostic about a component goes: javac (17) gives one on a record component no position, so on the
   * implicit field that has the component's.
   */
  private static Element site(TypeElement record, RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(component.getSimpleName())
          && !field.getModifiers().contains(Modifier.STATIC)) {
        return field;
      }
    }
    return component;
  }
}
