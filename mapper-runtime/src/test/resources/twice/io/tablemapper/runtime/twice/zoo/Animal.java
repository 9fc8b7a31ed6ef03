package io.tablemapper.runtime.twice.zoo;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Naming;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** The abstract root of a hierarchy compiled with the processor and without it: PascalCase names of its own. */
@Entity(table = "Zoo")
@Naming(NamingStrategy.PASCAL_CASE)
@PartitionKey("{enclosure}")
@RowKey("animal_{id:06}")
public abstract class Animal {
  private String enclosure;
  private int id;
  private String name;
  @ETag private String etag;

  public String getEnclosure() {
    return enclosure;
  }

  public void setEnclosure(String enclosure) {
    this.enclosure = enclosure;
  }

  public int getId() {
    return id;
  }

  public void setId(int id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getEtag() {
    return etag;
  }

  public void setEtag(String etag) {
    this.etag = etag;
  }
}
