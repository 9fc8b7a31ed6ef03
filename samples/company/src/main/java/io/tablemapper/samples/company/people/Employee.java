package io.tablemapper.samples.company.people;

import io.tablemapper.annotations.Entity;

/** An employee: a person with a department and an age. */
@Entity(type = "Employee")
public class Employee extends Person {
  private String department;
  private int age;

  public Employee() {}

  public Employee(String city, int personId, String firstName, String lastName, String department, int age) {
    super(city, personId, firstName, lastName);
    this.department = department;
    this.age = age;
  }

  public String getDepartment() {
    return department;
  }

  public void setDepartment(String department) {
    this.department = department;
  }

  public int getAge() {
    return age;
  }

  public void setAge(int age) {
    this.age = age;
  }

  @Override
  protected String details() {
    return ", " + department + ", age " + age;
  }
}
