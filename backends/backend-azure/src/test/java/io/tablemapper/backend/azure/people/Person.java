package io.tablemapper.backend.azure.people;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** The abstract root of a hierarchy stored on Azurite. */
@Entity(table = "People")
@PartitionKey("{city}")
@RowKey("person_{personId:06}")
public abstract class Person {
  private String city;
  private int personId;
  private String lastName;
  @ETag private String etag;

  protected Person() {}

  protected Person(String city, int personId, String lastName) {
    this.city = city;
    this.personId = personId;
    this.lastName = lastName;
  }

  public String getCity() {
    return city;
  }

  public void setCity(String city) {
    this.city = city;
  }

  public int getPersonId() {
    return personId;
  }

  public void setPersonId(int personId) {
    this.personId = personId;
  }

  public String getLastName() {
    return lastName;
  }

  public void setLastName(String lastName) {
    this.lastName = lastName;
  }

  public String getEtag() {
    return etag;
  }

  public void setEtag(String etag) {
    this.etag = etag;
  }
}
