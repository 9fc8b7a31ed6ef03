package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.fixtures.Associate;
import io.tablemapper.runtime.fixtures.Associate__Mapping;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.Staffer__Mapping;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Indexes beyond the entity's partition, as the generated mapping and the run-time mapping describe them alike:
 * where each copy lives (its table and PartitionKey), its RowKey, what it copies, and which indexes stay in the
 * entity's group transaction.
 */
class RemoteIndexMappingTest {
  private static final Staffer KEN = new Staffer("Sales", 123, "Ken", "Kwok", "kenk@contoso.com", 7);
  private static final Staffer NO_GRADE = new Staffer("Sales", 124, "Ann", "Kwok", "ann@contoso.com", null);

  @Test
  void theGeneratedMappingPlacesEachCopyWhereItsIndexSays() {
    describesTheIndexes(Staffer__Mapping.INSTANCE);
  }

  @Test
  void theRunTimeMappingPlacesEachCopyAsTheGeneratedOneDoes() {
    describesTheIndexes(RuntimeMappings.introspect(Staffer.class));
  }

  private static void describesTheIndexes(EntityMapping<Staffer> mapping) {
    assertThat(mapping.indexes()).extracting(IndexMapping::name).containsExactly("byFirstName");
    assertThat(mapping.remoteIndexes()).extracting(IndexMapping::name)
        .containsExactly("email", "byLastName", "byGrade");
    // what a delete by query reads to find every copy: the index key properties that are no own key component
    assertThat(mapping.indexedProperties()).containsExactly("firstName", "lastName", "email", "grade");

    IndexMapping<Staffer> email = mapping.remoteIndexes().get(0);
    assertThat(email.table()).isEqualTo("Staff");
    assertThat(email.partitionKey(KEN)).isEqualTo("email_kenk@contoso.com");
    assertThat(email.rowKey(KEN)).isEqualTo("employee");
    assertThat(email.fullCopy()).isTrue();

    IndexMapping<Staffer> byLastName = mapping.remoteIndexes().get(1);
    assertThat(byLastName.table()).isEqualTo("StaffByLastName");
    assertThat(byLastName.partitionKey(KEN)).isEqualTo("Kwok");
    assertThat(byLastName.rowKey(KEN)).isEqualTo("Sales_00000123");
    assertThat(byLastName.properties()).containsExactly("firstName");

    IndexMapping<Staffer> byGrade = mapping.remoteIndexes().get(2);
    assertThat(byGrade.table()).isEqualTo("StaffByGrade");
    assertThat(byGrade.partitionKeySpec().template().source()).isEqualTo("{department}");
    assertThat(byGrade.partitionKey(KEN)).isEqualTo("Sales");
    assertThat(byGrade.rowKey(KEN)).isEqualTo("grade_007_00000123");
    assertThat(byGrade.rowKey(NO_GRADE)).isNull();

    IndexMapping<Staffer> byFirstName = mapping.index("byFirstName");
    assertThat(byFirstName.remote()).isFalse();
    assertThat(byFirstName.table()).isEqualTo("Staff");
    assertThat(byFirstName.partitionKey(KEN)).isNull();
    assertThat(mapping.allIndexes()).hasSize(4);
    assertThat(List.of(mapping.partitionKey(KEN), mapping.rowKey(KEN))).containsExactly("Sales", "empid_00000123");
  }

  @Test
  void theGeneratedMappingTellsWhatEachFormOfCopyHolds() {
    describesTheForms(Associate__Mapping.INSTANCE);
  }

  @Test
  void theRunTimeMappingTellsWhatEachFormOfCopyHoldsAsTheGeneratedOneDoes() {
    describesTheForms(RuntimeMappings.introspect(Associate.class));
  }

  private static void describesTheForms(EntityMapping<Associate> mapping) {
    IndexMapping<Associate> names = mapping.indexNamed("names");
    assertThat(names.remote()).isTrue();
    assertThat(names.table()).isEqualTo("AssociateNames");
    assertThat(names.keysOnly()).isTrue();
    assertThat(names.form()).isEqualTo(IndexForm.KEYS);
    assertThat(names.fullCopy()).isFalse();
    assertThat(names.properties()).isEmpty();
    assertThat(names.holds("firstName")).as("a keys-only copy holds no property").isFalse();

    IndexMapping<Associate> emails = mapping.index("emails");
    assertThat(emails.remote()).isFalse();
    assertThat(emails.keysOnly()).isTrue();

    IndexMapping<Associate> email = mapping.indexNamed("email");
    assertThat(email.form()).isEqualTo(IndexForm.COPY);
    assertThat(email.holds("firstName")).as("a full copy holds every property").isTrue();
    IndexMapping<Associate> byLastName = mapping.indexNamed("byLastName");
    assertThat(byLastName.holds("firstName")).isTrue();
    assertThat(byLastName.holds("lastName")).as("a partial copy holds its properties alone").isFalse();
    assertThat(mapping.indexNamed("nothing")).isNull();
  }
}
