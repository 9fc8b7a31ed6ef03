package io.tablemapper.runtime.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.Javac;

/**
 * Entity types of one table that the processor never compiled together — each from a jar of its own, with the
 * processor or without it — are checked by the mapper that meets them, as the processor checks the types it
 * compiles together: their keys must never take one another's rows; the types it lets share a table keep their rows
 * apart on every store.
 */
class TypeKeySpacesTest {
  private static final String PACKAGE = "io.tablemapper.runtime.spaces";

  private static Javac.Result jar(String name, String annotations, String body, boolean processed) {
    String source = "package " + PACKAGE + ";\nimport io.tablemapper.annotations.*;\n" + annotations + "\n"
        + "public record " + name + "(" + body + ") {}\n";
    Javac.Result result = Javac.compile(Map.of(PACKAGE + "." + name, source), processed);
    assertThat(result.errors).as("a jar of its own compiles").isEmpty();
    return result;
  }

  private static TableMapper mapper(Class<?>... entities) {
    return TableMapper.builder().backend(InMemoryBackend.create()).entities(entities).build();
  }

  @Test
  void typesOfTwoJarsWhoseRowKeysCanBeEqualInOnePartitionAreRefusedNamingBoth() {
    for (boolean processed : new boolean[] {true, false}) {
      Class<?> manager = jar("Manager", "@Entity(table = \"Staff\") @PartitionKey(\"{dept}\") @RowKey(\"emp{id}\")",
          "String dept, String id", processed).load(PACKAGE + ".Manager");
      Class<?> employee = jar("Worker",
          "@Entity(table = \"Staff\") @PartitionKey(\"{dept}\") @RowKey(\"employee_{id}\")",
          "String dept, String id", processed).load(PACKAGE + ".Worker");

      assertThatThrownBy(() -> mapper(manager, employee))
          .isInstanceOf(InvalidEntityException.class)
          .hasMessage("[KeySpaceOverlap] the RowKey 'employee_{id}' of " + PACKAGE + ".Worker can produce the same"
              + " keys as the RowKey 'emp{id}' of " + PACKAGE + ".Manager (literal prefixes 'employee_' and 'emp'),"
              + " and both live in table Staff under PartitionKeys ('{dept}' and '{dept}') that can be equal: one"
              + " could take the other's row; give each entity type of a table a literal RowKey prefix that no other"
              + " type's keys start with, for example \"worker_{id}\"");
    }
  }

  @Test
  void anotherTypesRowsThatCanEqualAnEntitysIndexCopiesAreRefused() {
    Class<?> person = jar("Member", "@Entity(table = \"Club\") @PartitionKey(\"{club}\") @RowKey(\"m_{id}\")"
        + " @Index(name = \"email\", rowKey = \"email_{email}\")", "String club, int id, String email", true)
        .load(PACKAGE + ".Member");
    Class<?> mailing = jar("Mailing", "@Entity(table = \"Club\") @PartitionKey(\"{club}\") @RowKey(\"email_{to}\")",
        "String club, String to", false).load(PACKAGE + ".Mailing");

    assertThatThrownBy(() -> mapper(person, mailing))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[KeySpaceOverlap] the RowKey 'email_{to}' of " + PACKAGE + ".Mailing can produce the"
            + " same keys as the rowKey 'email_{email}' of index 'email' of " + PACKAGE + ".Member");
  }

  /**
   * Types of one table whose literal prefixes or PartitionKeys part them: orders and invoices of a customer (one
   * compiled with the processor, one without), tills under PartitionKeys of their own; and settings, which could take
   * a customer's rows. Compiled once for the tests below.
   */
  private static final class Shop {
    static final Class<?> ORDER = jar("Order", "@Entity(table = \"Shop\") @PartitionKey(\"cust_{customer}\")"
        + " @RowKey(\"order_{id}\")", "String customer, int id", true).load(PACKAGE + ".Order");
    static final Class<?> INVOICE = jar("Invoice", "@Entity(table = \"Shop\") @PartitionKey(\"cust_{customer}\")"
        + " @RowKey(\"invoice_{id}\")", "String customer, int id", false).load(PACKAGE + ".Invoice");
    static final Class<?> SETTING = jar("Setting", "@Entity(table = \"Shop\") @PartitionKey(\"cust_settings\")"
        + " @RowKey(\"{name}\")", "String name, String value", false).load(PACKAGE + ".Setting");
    static final Class<?> TILL = jar("Till", "@Entity(table = \"Shop\") @PartitionKey(\"till_{number:03}\")"
        + " @RowKey(\"{name}\")", "int number, String name", false).load(PACKAGE + ".Till");

    static Object newInstance(Class<?> type, Object... components) throws ReflectiveOperationException {
      Class<?>[] types = Arrays.stream(type.getRecordComponents())
          .map(RecordComponent::getType).toArray(Class<?>[]::new);
      return type.getDeclaredConstructor(types).newInstance(components);
    }
  }

  @Test
  void typesWhosePrefixesOrPartitionKeysPartThemShareATable() {
    try (TableMapper mapper = mapper(Shop.ORDER, Shop.INVOICE, Shop.TILL)) {
      assertThat(mapper).isNotNull();
    }
    // 'settings' can be a customer's PartitionKey, and '{name}' any RowKey: refused.
    assertThatThrownBy(() -> mapper(Shop.ORDER, Shop.SETTING))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("[KeySpaceOverlap] the RowKey '{name}' of " + PACKAGE + ".Setting");
  }

  /** What the check lets share a table keeps apart in the store: each type reads back its own rows, on every store. */
  @ParameterizedTest
  @EnumSource(Stores.class)
  void typesThatShareATableEachReadBackOnlyTheirOwnRows(Stores stores) throws ReflectiveOperationException {
    Object order = Shop.newInstance(Shop.ORDER, "c1", 7);
    Object invoice = Shop.newInstance(Shop.INVOICE, "c1", 7);
    Object till = Shop.newInstance(Shop.TILL, 1, "front");
    try (TableMapper mapper = TableMapper.builder().backend(stores.newStore())
        .entities(Shop.ORDER, Shop.INVOICE, Shop.TILL).build()) {
      mapper.batch("Shop", "cust_c1").insert(order).insert(invoice).commit();
      mapper.batch("Shop", "till_001").insert(till).commit();

      assertThat(mapper.partition("Shop", "cust_c1").all()).containsExactly(invoice, order);
      assertThat(List.<Object>copyOf(mapper.partition("Shop", "cust_c1").all(Shop.ORDER))).containsExactly(order);
      assertThat(List.<Object>copyOf(mapper.partition("Shop", "cust_c1").all(Shop.INVOICE))).containsExactly(invoice);
      assertThat(mapper.partition("Shop", "till_001").all()).containsExactly(till);
    }
  }
}
