package io.tablemapper.api;

/**
 * A write would destroy data of a row written by a newer {@code @Entity(version = ...)} of the entity's class:
 * an {@code update} or {@code upsert} replaces the whole row, dropping the properties this (older) class does not
 * know. Nothing was written. Use {@link TableRepository#merge merge}, which keeps them, or deploy the newer class;
 * a mapper built with {@link NewerVersionPolicy#ALLOW_REPLACE} allows the replace. Also thrown when an
 * {@code @Upgrade} method fails on a row.
 */
public class SchemaVersionException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and both versions. */
  public SchemaVersionException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public SchemaVersionException(String message, Throwable cause) {
    super(message, cause);
  }
}
