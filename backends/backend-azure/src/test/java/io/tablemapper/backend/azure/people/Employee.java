package io.tablemapper.backend.azure.people;

import io.tablemapper.annotations.Entity;

/** Another subtype with a property of its own. */
@Entity(type = "Employee")
public class Employee extends Person {
  private int salary;

  public Employee() {}

  public Employee(String city, int personId, String lastName, int salary) {
    super(city, personId, lastName);
    this.salary = salary;
  }

  public int getSalary() {
    return salary;
  }

  public void setSalary(int salary) {
    this.salary = salary;
  }
}
