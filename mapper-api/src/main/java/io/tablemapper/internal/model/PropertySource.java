package io.tablemapper.internal.model;

import java.util.List;

/** A property of an entity class as a front end reads it, before any rule is applied ({@link EntitySource}). */
public interface PropertySource {

  /** The Java property name. */
  String name();

  /** The record component or field, the site of problems with the property. */
  Object site();

  /** Its type as Java source writes it, for messages: {@code int}, {@code java.util.List<java.lang.String>}. */
  String typeText();

  /** Its type without type arguments, as source writes it: {@code int}, {@code byte[]}, {@code java.lang.String}. */
  String canonicalName();

  /** Whether its type is an enum. */
  boolean isEnum();

  /** Whether its type is primitive. */
  boolean isPrimitive();

  /** The names of an enum type's constants in declaration order; else empty. */
  List<String> enumConstants();

  /** Whether it carries {@code @Transient}. */
  boolean isTransient();

  /** Whether it carries {@code @Json}. */
  boolean isJson();

  /** Whether it carries {@code @Encrypted}. */
  boolean isEncrypted();

  /** Whether it carries {@code @Large}. */
  boolean isLarge();

  /** Whether it carries {@code @ETag}. */
  boolean isETag();

  /** Whether it carries {@code @Timestamp}. */
  boolean isTimestamp();

  /** Its {@code @Property} name, or null. */
  String explicitName();

  /** The site of its {@code @Property} (the name is the attribute {@code value}). */
  Object explicitNameSite();

  /** Its {@code @DefaultValue} text, or null. */
  String defaultText();

  /** The site of its {@code @DefaultValue} (the text is the attribute {@code value}). */
  Object defaultSite();

  /**
   * The naming strategy of the {@code @Entity} superclass that declares it, or null when the entity itself (or a
   * class that is no entity) declares it: such a property keeps the name its class gives it.
   */
  String declaringStrategy();

  /** Whether generated code can read it: a record component, a getter, or a field it can reach. */
  boolean readable();

  /** Whether generated code can write it: a record component, a setter, or a non-final field it can reach. */
  boolean writable();

  /** Whether its field is final (for the message when it is not writable). */
  boolean finalField();
}
