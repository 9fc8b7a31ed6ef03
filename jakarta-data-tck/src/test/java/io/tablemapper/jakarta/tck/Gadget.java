package io.tablemapper.jakarta.tck;

import jakarta.nosql.Column;
import jakarta.nosql.Entity;
import jakarta.nosql.Id;

/**
 * A Jakarta NoSQL entity, as the TCK's are: one {@code @Id}, {@code @Column} fields, an unannotated field that is
 * not persistent, a {@code boolean isX} field with JavaBeans accessors. tablemapper maps it with the default key
 * layout: table {@code Gadget}, PartitionKey {@code Gadget}, RowKey {@code {id}}.
 */
@Entity
public class Gadget {
  @Id
  private long id;
  @Column
  private String name;
  @Column
  private boolean isSpare;
  /** Not a {@code @Column}: not stored. */
  private String note;

  /** For the mapper. */
  public Gadget() {}

  static Gadget of(long id, String name, boolean spare, String note) {
    Gadget gadget = new Gadget();
    gadget.id = id;
    gadget.name = name;
    gadget.isSpare = spare;
    gadget.note = note;
    return gadget;
  }

  public long getId() {
    return id;
  }

  public void setId(long id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public boolean isSpare() {
    return isSpare;
  }

  public void setSpare(boolean spare) {
    this.isSpare = spare;
  }

  public String getNote() {
    return note;
  }

  public void setNote(String note) {
    this.note = note;
  }
}
