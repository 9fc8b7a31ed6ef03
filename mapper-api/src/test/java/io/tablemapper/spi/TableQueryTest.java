package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Key bounds and queries: ranges, filters, projections and page limits. */
class TableQueryTest {

  @Test
  void anInclusiveBoundAdmitsItsKeyAndAnExclusiveOneDoesNot() {
    KeyBound inclusive = KeyBound.inclusive("m");
    KeyBound exclusive = KeyBound.exclusive("m");
    assertThat(inclusive.admitsFromBelow("m")).isTrue();
    assertThat(inclusive.admitsFromAbove("m")).isTrue();
    assertThat(exclusive.admitsFromBelow("m")).isFalse();
    assertThat(exclusive.admitsFromAbove("m")).isFalse();
    assertThat(exclusive.admitsFromBelow("ma")).isTrue();
    assertThat(exclusive.admitsFromAbove("l\uffff")).isTrue();
    assertThat(inclusive.admitsFromBelow("l")).isFalse();
    assertThat(inclusive.admitsFromAbove("n")).isFalse();
    assertThatThrownBy(() -> KeyBound.inclusive(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aQueryWithoutBoundsReadsTheWholeTableAPageAtATime() {
    TableQuery query = TableQuery.builder("Company").build();
    assertThat(query.table()).isEqualTo("Company");
    assertThat(query.partitionFrom()).isNull();
    assertThat(query.singlePartition()).isNull();
    assertThat(query.filter()).isNull();
    assertThat(query.select()).isNull();
    assertThat(query.limit()).isEqualTo(1000);
    assertThat(query.continuation()).isNull();
    assertThat(query.matchesKeys("", "")).isTrue();
    assertThat(query).hasToString("TableQuery[Company, limit 1000]");
  }

  @Test
  void theRowRangeAppliesWithinEveryPartitionOfThePartitionRange() {
    TableQuery query = TableQuery.builder("Company")
        .partitionFrom(KeyBound.inclusive("B"))
        .partitionTo(KeyBound.exclusive("D"))
        .rowFrom(KeyBound.exclusive("empid_00000100"))
        .rowTo(KeyBound.inclusive("empid_00000200"))
        .build();
    assertThat(query.singlePartition()).isNull();
    assertThat(query.matchesKeys("B", "empid_00000150")).isTrue();
    assertThat(query.matchesKeys("C", "empid_00000200")).isTrue();
    assertThat(query.matchesKeys("C", "empid_00000100")).isFalse();
    assertThat(query.matchesKeys("D", "empid_00000150")).isFalse();
    assertThat(query.matchesKeys("A", "empid_00000150")).isFalse();
    assertThat(query).hasToString("TableQuery[Company, PartitionKey ge 'B', PartitionKey lt 'D',"
        + " RowKey gt 'empid_00000100', RowKey le 'empid_00000200', limit 1000]");
  }

  @Test
  void aSinglePartitionAndRowKeyMakeAPointQuery() {
    TableQuery query = TableQuery.builder("Company").partitionKey("Sales").rowKey("empid_00000123").build();
    assertThat(query.singlePartition()).isEqualTo("Sales");
    assertThat(query.matchesKeys("Sales", "empid_00000123")).isTrue();
    assertThat(query.matchesKeys("Sales", "empid_00000124")).isFalse();
    assertThat(TableQuery.builder("T").partitionFrom(KeyBound.inclusive("a")).partitionTo(KeyBound.exclusive("a"))
        .build().singlePartition()).isNull();
  }

  @Test
  void aRowMatchesWhenItsKeysAreInRangeAndTheFilterAcceptsIt() {
    TableQuery query = TableQuery.builder("Company").partitionKey("Sales").filter(Filter.ge("age", 30)).build();
    assertThat(query.matches(TableRow.builder("Sales", "1").putInt32("age", 30).build())).isTrue();
    assertThat(query.matches(TableRow.builder("Sales", "1").putInt32("age", 29).build())).isFalse();
    assertThat(query.matches(TableRow.builder("Staff", "1").putInt32("age", 30).build())).isFalse();
  }

  @Test
  void aProjectionKeepsKeysSystemPropertiesAndOnlyTheSelectedProperties() {
    TableRow row = TableRow.builder("Sales", "1").putString("name", "Smith").putInt32("age", 40)
        .etag("e1").timestamp(Instant.EPOCH).build();
    TableRow projected = TableQuery.builder("Company").select(List.of("age", "missing")).build().project(row);
    assertThat(projected.properties()).containsOnlyKeys("age");
    assertThat(projected.etag()).isEqualTo("e1");
    assertThat(projected.timestamp()).isEqualTo(Instant.EPOCH);
    assertThat(TableQuery.builder("Company").select(List.of()).build().project(row).properties()).isEmpty();
    assertThat(TableQuery.builder("Company").build().project(row)).isSameAs(row);
  }

  @Test
  void aPageHoldsOneTo1000Rows() {
    assertThat(TableQuery.builder("T").limit(1).build().limit()).isEqualTo(1);
    assertThat(TableQuery.builder("T").limit(1000).build().limit()).isEqualTo(1000);
    assertThatThrownBy(() -> TableQuery.builder("T").limit(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("query limit must be between 1 and 1000, was 0");
    assertThatThrownBy(() -> TableQuery.builder("T").limit(1001)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void continuingOrResizingKeepsEverythingElse() {
    TableQuery query = TableQuery.builder("Company").partitionKey("Sales").filter(Filter.eq("a", 1))
        .select(List.of("a")).limit(10).build();
    TableQuery next = query.withContinuation("token").withLimit(20);
    assertThat(next.continuation()).isEqualTo("token");
    assertThat(next.limit()).isEqualTo(20);
    assertThat(next.singlePartition()).isEqualTo("Sales");
    assertThat(next.filter()).isEqualTo(query.filter());
    assertThat(next.select()).containsExactly("a");
    assertThat(query.continuation()).isNull();
    assertThat(next).hasToString("TableQuery[Company, PartitionKey = 'Sales', filter a eq 1, select [a], limit 20,"
        + " continued]");
  }
}
