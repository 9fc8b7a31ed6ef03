package io.tablemapper.samples.company.people;

import io.tablemapper.annotations.Entity;
import java.math.BigDecimal;

/** A customer: a person with an account and a credit limit. */
@Entity(type = "Customer")
public class Customer extends Person {
  private String accountNumber;
  private BigDecimal creditLimit;

  public Customer() {}

  public Customer(String city, int personId, String firstName, String lastName, String accountNumber,
      BigDecimal creditLimit) {
    super(city, personId, firstName, lastName);
    this.accountNumber = accountNumber;
    this.creditLimit = creditLimit;
  }

  public String getAccountNumber() {
    return accountNumber;
  }

  public void setAccountNumber(String accountNumber) {
    this.accountNumber = accountNumber;
  }

  public BigDecimal getCreditLimit() {
    return creditLimit;
  }

  public void setCreditLimit(BigDecimal creditLimit) {
    this.creditLimit = creditLimit;
  }

  @Override
  protected String details() {
    return ", account " + accountNumber + ", credit limit " + creditLimit;
  }
}
