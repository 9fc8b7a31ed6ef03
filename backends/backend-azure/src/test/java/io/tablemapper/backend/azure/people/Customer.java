package io.tablemapper.backend.azure.people;

import io.tablemapper.annotations.Entity;

/** A subtype with a property of its own. */
@Entity(type = "Customer")
public class Customer extends Person {
  private String accountNumber;

  public Customer() {}

  public Customer(String city, int personId, String lastName, String accountNumber) {
    super(city, personId, lastName);
    this.accountNumber = accountNumber;
  }

  public String getAccountNumber() {
    return accountNumber;
  }

  public void setAccountNumber(String accountNumber) {
    this.accountNumber = accountNumber;
  }
}
