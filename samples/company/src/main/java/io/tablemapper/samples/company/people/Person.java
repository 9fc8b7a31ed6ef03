package io.tablemapper.samples.company.people;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A person of the guide's inheritance section: abstract, so only its subtypes have rows. They inherit the table
 * and both key templates: one partition per city, one id space for everybody in it.
 */
@Entity(table = "Person")
@PartitionKey("{city}")
@RowKey("person_{personId:06}")
public abstract class Person {
  private String city;
  private int personId;
  private String firstName;
  private String lastName;
  @ETag private String etag;

  protected Person() {}

  protected Person(String city, int personId, String firstName, String lastName) {
    this.city = city;
    this.personId = personId;
    this.firstName = firstName;
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

  public String getFirstName() {
    return firstName;
  }

  public void setFirstName(String firstName) {
    this.firstName = firstName;
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

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + city + " #" + personId + ": " + firstName + " " + lastName + details()
        + "]";
  }

  /** What the subtype adds, for {@link #toString()}. */
  protected abstract String details();
}
