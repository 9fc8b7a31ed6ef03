package io.tablemapper.samples.company.people;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.function.Consumer;

/**
 * The guide's inheritance example, run: customers and employees of one city in one partition of the Person table,
 * stored through one repository of the abstract {@link Person}, read back as a polymorphic partition, as property
 * bags ({@link DynamicEntity}), and beside a row of a type no class here declares (the mapper it runs on returns
 * those as {@link DynamicEntity}: {@code TableMapper.builder().unknownTypes(UnknownTypePolicy.DYNAMIC)}).
 */
public final class PeopleDirectory {
  private static final String CITY = "Seattle";

  private final TableMapper mapper;
  private final PrintStream out;
  private final PersonRepository people;

  /** A directory over a mapper, printing to {@code out}. */
  public PeopleDirectory(TableMapper mapper, PrintStream out) {
    this.mapper = mapper;
    this.out = out;
    this.people = mapper.repository(PersonRepository.class);
  }

  /** Stores the people (unless an earlier run did) and reads them back every way. */
  public void run(Consumer<String> section) {
    section.accept("Inheritance: customers and employees of " + CITY + " in one partition of table Person");
    if (people.findByCityAndPersonId(CITY, 1).isPresent()) {
      out.println("  stored by an earlier run, so not inserted again: the people of " + CITY);
    } else {
      stored(people.insert(new Customer(CITY, 1, "Jane", "Jones", "C-1001", new BigDecimal("5000.00"))));
      stored(people.insert(new Employee(CITY, 2, "Ken", "Smith", "Sales", 34)));
      stored(people.insert(new Customer(CITY, 3, "Lee", "Smith", "C-1002", new BigDecimal("750.00"))));
      stored(people.insert(new Employee(CITY, 4, "Mia", "Wong", "Marketing", 29)));
      mapper.dynamic("Person").upsert(DynamicEntity.builder(CITY, "supplier_0001")
          .putString("EntityType", "Supplier").putString("Name", "Fabrikam").build());
      out.println("  stored a Supplier row as another application would: no class here declares its type");
    }

    out.println("  the partition as Person (every subtype, in RowKey order):");
    for (Person person : mapper.partition("Person", CITY).all(Person.class)) {
      out.println("      " + person.getClass().getSimpleName() + ": " + person);
    }
    out.println("  only the customers:");
    mapper.partition("Person", CITY).all(Customer.class).forEach(customer -> out.println("      " + customer));
    out.println("  everybody named Smith, through the repository of the abstract Person:");
    people.findByCityAndLastName(CITY, "Smith").forEach(person -> out.println("      " + person));

    out.println("  the whole partition: the mapper returns rows of unknown types as DynamicEntity"
        + " (builder().unknownTypes(DYNAMIC))");
    for (Object entity : mapper.partition("Person", CITY).all()) {
      out.println("      " + entity.getClass().getSimpleName() + ": " + entity);
    }
    out.println("  the same rows as property bags, with their EntityType:");
    for (DynamicEntity row : mapper.dynamic("Person").query(DynamicQuery.partition(CITY))) {
      out.println("      " + row.rowKey() + " EntityType=" + row.entityType() + " " + row.properties().keySet());
    }
  }

  private void stored(Object entity) {
    out.println("  stored " + entity);
  }
}
