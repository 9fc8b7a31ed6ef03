package io.tablemapper.backend.azure.people;

import io.tablemapper.annotations.AllowScan;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;

/** A repository over the abstract root. */
@Repository
public interface PersonRepository extends TableRepository<Person> {

  @AllowScan
  List<Person> findByCityAndLastName(String city, String lastName);
}
