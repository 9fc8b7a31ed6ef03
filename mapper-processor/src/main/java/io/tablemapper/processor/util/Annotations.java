package io.tablemapper.processor.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Reads annotation mirrors by name, without loading annotation classes. */
public final class Annotations {
  public static final String ENTITY = "io.tablemapper.annotations.Entity";
  public static final String PARTITION_KEY = "io.tablemapper.annotations.PartitionKey";
  public static final String ROW_KEY = "io.tablemapper.annotations.RowKey";
  static final String INDEX = "io.tablemapper.annotations.Index";
  static final String INDEXES = "io.tablemapper.annotations.Indexes";
  public static final String ETAG = "io.tablemapper.annotations.ETag";
  public static final String TIMESTAMP = "io.tablemapper.annotations.Timestamp";
  public static final String TRANSIENT = "io.tablemapper.annotations.Transient";
  public static final String JSON = "io.tablemapper.annotations.Json";
  public static final String ENCRYPTED = "io.tablemapper.annotations.Encrypted";
  public static final String LARGE = "io.tablemapper.annotations.Large";
  public static final String REPOSITORY = "io.tablemapper.annotations.Repository";
  public static final String DEFAULT_VALUE = "io.tablemapper.annotations.DefaultValue";
  public static final String UPGRADE = "io.tablemapper.annotations.Upgrade";
  public static final String PROPERTY = "io.tablemapper.annotations.Property";
  public static final String NAMING = "io.tablemapper.annotations.Naming";
  public static final String CACHED = "io.tablemapper.annotations.Cached";
  public static final String WIDE = "io.tablemapper.annotations.Wide";
  public static final String ALLOW_SCAN = "io.tablemapper.annotations.AllowScan";
  public static final String TABLE_REPOSITORY = "io.tablemapper.api.TableRepository";
  public static final String ASYNC_TABLE_REPOSITORY = "io.tablemapper.api.AsyncTableRepository";
  // Jakarta Data 1.0, by name only: the processor loads and runs without it on the path
  public static final String JAKARTA_REPOSITORY = "jakarta.data.repository.Repository";
  public static final String JAKARTA_DATA_REPOSITORY = "jakarta.data.repository.DataRepository";
  public static final String JAKARTA_BASIC_REPOSITORY = "jakarta.data.repository.BasicRepository";
  public static final String JAKARTA_CRUD_REPOSITORY = "jakarta.data.repository.CrudRepository";
  public static final String JAKARTA_FIND = "jakarta.data.repository.Find";
  public static final String JAKARTA_BY = "jakarta.data.repository.By";
  public static final String JAKARTA_ORDER_BY = "jakarta.data.repository.OrderBy";
  public static final String JAKARTA_ORDER_BY_LIST = "jakarta.data.repository.OrderBy.List";
  public static final String JAKARTA_INSERT = "jakarta.data.repository.Insert";
  public static final String JAKARTA_UPDATE = "jakarta.data.repository.Update";
  public static final String JAKARTA_DELETE = "jakarta.data.repository.Delete";
  public static final String JAKARTA_SAVE = "jakarta.data.repository.Save";
  public static final String JAKARTA_QUERY = "jakarta.data.repository.Query";
  public static final String JAKARTA_PAGE_REQUEST = "jakarta.data.page.PageRequest";
  public static final String JAKARTA_PAGE = "jakarta.data.page.Page";
  public static final String JAKARTA_CURSORED_PAGE = "jakarta.data.page.CursoredPage";
  public static final String JAKARTA_SORT = "jakarta.data.Sort";
  public static final String JAKARTA_ORDER = "jakarta.data.Order";
  public static final String JAKARTA_LIMIT = "jakarta.data.Limit";
  public static final String NOSQL_ENTITY = "jakarta.nosql.Entity";
  public static final String NOSQL_ID = "jakarta.nosql.Id";
  public static final String NOSQL_COLUMN = "jakarta.nosql.Column";
  public static final String PERSISTENCE_ENTITY = "jakarta.persistence.Entity";
  public static final String PERSISTENCE_ID = "jakarta.persistence.Id";
  public static final String PERSISTENCE_TRANSIENT = "jakarta.persistence.Transient";

  private final Elements elements;

  public Annotations(Elements elements) {
    this.elements = elements;
  }

  /** The annotation of this type on the element, or null. */
  public static AnnotationMirror find(Element element, String annotationType) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(annotationType)) {
        return mirror;
      }
    }
    return null;
  }

  public static boolean has(Element element, String annotationType) {
    return find(element, annotationType) != null;
  }

  /** Every {@code @Index} on the element, whether written repeatedly or inside {@code @Indexes}. */
  public List<AnnotationMirror> indexes(Element element) {
    List<AnnotationMirror> found = new ArrayList<>();
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
      if (name.equals(INDEX)) {
        found.add(mirror);
      } else if (name.equals(INDEXES)) {
        Object value = explicitOrDefault(mirror, "value").getValue();
        for (Object item : (List<?>) value) {
          found.add((AnnotationMirror) ((AnnotationValue) item).getValue());
        }
      }
    }
    return found;
  }

  /** The value of an attribute, with its default when not written. */
  public AnnotationValue explicitOrDefault(AnnotationMirror mirror, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    throw new IllegalArgumentException("no attribute " + attribute + " on " + mirror);
  }

  /** The attribute's value as written, or null when it takes its default (for positioning diagnostics). */
  public static AnnotationValue explicit(AnnotationMirror mirror, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /** The simple name of an enum constant an attribute holds ({@code KEYS} for {@code form = IndexForm.KEYS}). */
  public String enumName(AnnotationMirror mirror, String attribute) {
    return ((javax.lang.model.element.VariableElement) explicitOrDefault(mirror, attribute).getValue())
        .getSimpleName().toString();
  }

  public String string(AnnotationMirror mirror, String attribute) {
    return (String) explicitOrDefault(mirror, attribute).getValue();
  }

  public boolean bool(AnnotationMirror mirror, String attribute) {
    return (Boolean) explicitOrDefault(mirror, attribute).getValue();
  }

  public int integer(AnnotationMirror mirror, String attribute) {
    return (Integer) explicitOrDefault(mirror, attribute).getValue();
  }

  public long longValue(AnnotationMirror mirror, String attribute) {
    return ((Number) explicitOrDefault(mirror, attribute).getValue()).longValue();
  }

  public List<String> strings(AnnotationMirror mirror, String attribute) {
    List<String> values = new ArrayList<>();
    for (Object item : (List<?>) explicitOrDefault(mirror, attribute).getValue()) {
      values.add((String) ((AnnotationValue) item).getValue());
    }
    return values;
  }
}
