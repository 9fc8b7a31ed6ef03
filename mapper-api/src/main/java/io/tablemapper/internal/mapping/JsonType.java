package io.tablemapper.internal.mapping;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * The full generic type of a {@code @Json} property, captured once when generated code declares it:
 * {@code static final JsonType<List<Address>> ADDRESSES = new JsonType<List<Address>>("Customer", "addresses") {};}
 *
 * @param <V> the property type
 */
public abstract class JsonType<V> {
  private final String entity;
  private final String property;
  private final Type type;

  /** Captures the type argument of the anonymous subclass. */
  protected JsonType(String entity, String property) {
    this.entity = entity;
    this.property = property;
    Type superclass = getClass().getGenericSuperclass();
    if (!(superclass instanceof ParameterizedType)) {
      throw new IllegalStateException("JsonType must be created as an anonymous subclass with a type argument");
    }
    this.type = ((ParameterizedType) superclass).getActualTypeArguments()[0];
  }

  /**
   * A JSON type given outright, for mappings built at run time (classes compiled without the processor), which
   * read the property's generic type from the class instead of capturing it.
   */
  protected JsonType(String entity, String property, Type type) {
    this.entity = entity;
    this.property = property;
    this.type = java.util.Objects.requireNonNull(type, "type");
  }

  /** The entity name, for messages. */
  public String entity() {
    return entity;
  }

  /** The property name. */
  public String property() {
    return property;
  }

  /** The property's full generic type. */
  public Type type() {
    return type;
  }

  @Override
  public String toString() {
    return entity + "." + property + " as JSON " + type.getTypeName();
  }
}
