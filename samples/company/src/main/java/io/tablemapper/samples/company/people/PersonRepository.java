package io.tablemapper.samples.company.people;

import io.tablemapper.annotations.AllowScan;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** One repository for every kind of person: each is stored and returned as its own class. */
@Repository
public interface PersonRepository extends TableRepository<Person> {

  Optional<Person> findByCityAndPersonId(String city, int personId);

  @AllowScan
  List<Person> findByCityAndLastName(String city, String lastName);
}
