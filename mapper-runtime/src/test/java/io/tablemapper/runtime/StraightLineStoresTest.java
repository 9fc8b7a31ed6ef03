package io.tablemapper.runtime;

import static io.tablemapper.runtime.TwiceCompiled.LEDGER;
import static io.tablemapper.runtime.TwiceCompiled.LEDGER_REPOSITORY;
import static io.tablemapper.runtime.TwiceCompiled.PROCESSED;
import static io.tablemapper.runtime.TwiceCompiled.TILL;
import static io.tablemapper.runtime.TwiceCompiled.UNPROCESSED;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.io.ByteArrayOutputStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The straight-line Byte Buddy code of defaults, JSON values and index copies against the generated mapping of the
 * same source on every store: entities written through a repository with one path (with copies in the entity's
 * partition and in other tables, partial, full and keys-only, and key lists, moved by an update) are the same rows,
 * byte for byte, as those the other path writes; each path reads what the other wrote to the same entities; and
 * rows of older versions take the same defaults, through whichever path reads them.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class StraightLineStoresTest {
  private static final List<String> TABLES = List.of("Ledgers", "LedgersByClerk", "LedgersByTicket", "LedgersByDay",
      "LedgerTags", "Tills", "TillsByCashier");

  private final Stores stores;
  /** Open until the test ends: a mapper closes its store. */
  private final List<TableMapper> mappers = new ArrayList<>();

  StraightLineStoresTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private TableMapper mapper(TableBackend store, Class<?>... entities) {
    TableMapper mapper = ManualCompletion.builder(store).entities(entities).build();
    mappers.add(mapper);
    return mapper;
  }

  @Test
  void eachPathReadsWhatTheOtherWroteAndBothWriteTheSameRowsAndCopies() {
    List<byte[]> written = new ArrayList<>();
    for (Javac.Result[] paths : new Javac.Result[][] {{PROCESSED, UNPROCESSED}, {UNPROCESSED, PROCESSED}}) {
      TableBackend store = stores.newStore();
      write(paths[0], store);
      written.add(bytes(store));

      List<Map<String, String>> byWriter = read(paths[0], store);
      List<Map<String, String>> byReader = read(paths[1], store);
      assertThat(byReader).as("read by the other path").isEqualTo(byWriter).hasSize(4);
      assertThat(byReader.get(0)).containsEntry("clerk", "String:Cy")
          .containsEntry("address", "Address:Address[street=Main, number=5]")
          .containsEntry("history", "ArrayList:[Address[street=Old, number=1], Address[street=Older, number=2]]")
          .containsEntry("previous", "null").containsEntry("dBytes", "[5, 6]");
      assertThat(byReader.get(1)).containsEntry("address", "null").containsEntry("dInteger", "null");
      assertThat(byReader.get(3)).containsEntry("coins", "LinkedHashMap:{1=3, 2=4}");

      // what the reading path read, written by it to a new store: the same rows again
      TableBackend again = stores.newStore();
      rewrite(paths[1], store, again);
      assertThat(bytes(again)).as("rewritten by the other path").isEqualTo(written.get(written.size() - 1));
    }
    assertThat(written.get(1)).as("the rows and copies the Byte Buddy path writes").isEqualTo(written.get(0));
    assertThat(new String(written.get(0), java.nio.charset.StandardCharsets.ISO_8859_1))
        .as("every form of copy was written").contains("Ledger#byFlag", "Ledger#byTag", "ticket_", "Cy", "Bo");
  }

  @Test
  void rowsOfOlderVersionsTakeTheSameDefaultsThroughEitherPath() {
    TableBackend store = stores.newStore();
    store.createTableIfNotExists("Ledgers");
    store.createTableIfNotExists("Tills");
    store.write("Ledgers", WriteOperation.insert(TableRow.builder("North", "entry_00000001")
        .putString(EntityMapping.TYPE_PROPERTY, "Ledger").putInt32(EntityMapping.VERSION_PROPERTY, 1)
        .putString("memo", "v1").putInt32("dInt", 5).build()));
    store.write("Ledgers", WriteOperation.insert(TableRow.builder("North", "entry_00000002")
        .putString(EntityMapping.TYPE_PROPERTY, "Ledger").putInt32(EntityMapping.VERSION_PROPERTY, 2)
        .putString("address", "{\"street\":\"Elm\",\"number\":9}").putString("dKind", "DEBIT").build()));
    store.write("Ledgers", WriteOperation.insert(TableRow.builder("North", "entry_00000003")
        .putString(EntityMapping.TYPE_PROPERTY, "Ledger").putInt32(EntityMapping.VERSION_PROPERTY, 3).build()));
    store.write("Tills", WriteOperation.insert(TableRow.builder("North", "till_0003")
        .putString(EntityMapping.TYPE_PROPERTY, "Till").putString("cashier", "Bo").build()));

    List<Map<String, String>> generated = read(PROCESSED, store);
    List<Map<String, String>> byteBuddy = read(UNPROCESSED, store);

    assertThat(byteBuddy).isEqualTo(generated).hasSize(4);
    assertThat(byteBuddy.get(0)).containsEntry("dInt", "Integer:5").containsEntry("dLong", "Long:-9000000000")
        .containsEntry("dKind", "Kind:CREDIT").containsEntry("dBytes", "[1, 2, 3, -1]")
        .containsEntry("dInstant", "Instant:2024-01-02T03:04:05.123456700Z");
    assertThat(byteBuddy.get(1)).containsEntry("dKind", "Kind:DEBIT").containsEntry("dInt", "Integer:42")
        .containsEntry("address", "Address:Address[street=Elm, number=9]");
    assertThat(byteBuddy.get(2)).as("version 3 rows take no default").containsEntry("dInt", "Integer:0")
        .containsEntry("dKind", "null").containsEntry("dBytes", "null");
    assertThat(byteBuddy.get(3)).containsEntry("drawers", "Long:3").containsEntry("change", "BigDecimal:9.99")
        .containsEntry("seal", "[1, 2]").containsEntry("mode", "Kind:DEBIT").containsEntry("coins", "null");
  }

  /**
   * Through a repository of the compilation: three Ledgers inserted (one sparse), one of them updated so its copies
   * move; a Till inserted; the pending index work done.
   */
  private void write(Javac.Result compiled, TableBackend store) {
    withLoader(compiled, () -> {
      TableMapper mapper = mapper(store);
      {
        TableRepository<Object> ledgers = repository(mapper, compiled.load(LEDGER_REPOSITORY));
        Object first = ledgers.insert(LedgerValues.instance(compiled, LedgerValues.full()));
        ledgers.insert(LedgerValues.instance(compiled, LedgerValues.sparse()));
        Map<String, Object> third = new HashMap<>(LedgerValues.full());
        third.put("entryId", 3);
        third.put("clerk", "Bo");
        third.put("ticket", UUID.fromString("00000000-0000-0000-0000-0000000000cc"));
        third.put("flagged", false);
        third.put("code", 999);
        ledgers.insert(LedgerValues.instance(compiled, third));
        Map<String, Object> moved = new HashMap<>(LedgerValues.full());
        moved.put("clerk", "Cy");
        moved.put("tag", "food");
        moved.put("day", LocalDate.of(2024, 4, 1));
        moved.put("level", 8);
        moved.put("code", 4321);
        moved.put("account", "acc-8");
        moved.put("etag", TwiceCompiled.get(first, "etag"));
        ledgers.update(LedgerValues.instance(compiled, moved));
        mapper.batch("Tills", "North").insert(TwiceCompiled.bean(compiled.load(TILL), LedgerValues.till())).commit();
        mapper.completePending();
      }
      return null;
    });
  }

  /** The Ledgers and Tills of the store as a compilation reads them, in key order, field by field. */
  private List<Map<String, String>> read(Javac.Result compiled, TableBackend store) {
    return withLoader(compiled, () -> {
      TableMapper mapper = mapper(store, compiled.load(LEDGER), compiled.load(TILL));
      List<Map<String, String>> read = new ArrayList<>();
      for (Object entity : entities(mapper)) {
        read.add(StraightLineMappingTest.fields(entity));
      }
      return read;
    });
  }

  /** What a compilation reads from one store, inserted by it into another, its pending work done. */
  private void rewrite(Javac.Result compiled, TableBackend from, TableBackend to) {
    withLoader(compiled, () -> {
      TableMapper reader = mapper(from, compiled.load(LEDGER), compiled.load(TILL));
      TableMapper writer = mapper(to);
      {
        TableRepository<Object> ledgers = repository(writer, compiled.load(LEDGER_REPOSITORY));
        for (Object entity : entities(reader)) {
          if (entity.getClass().getName().equals(LEDGER)) {
            ledgers.insert(entity);
          } else {
            writer.batch("Tills", "North").insert(entity).commit();
          }
        }
        writer.completePending();
      }
      return null;
    });
  }

  private static List<Object> entities(TableMapper mapper) {
    List<Object> entities = new ArrayList<>(mapper.partition("Ledgers", "North").all());
    entities.addAll(mapper.partition("Tills", "North").all());
    return entities;
  }

  @SuppressWarnings("unchecked")
  private static TableRepository<Object> repository(TableMapper mapper, Class<?> type) {
    return mapper.repository((Class<TableRepository<Object>>) type);
  }

  /** The rows of every table the entities and their copies live in, as bytes (ETags and Timestamps apart). */
  private static byte[] bytes(TableBackend store) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (String table : TABLES) {
      bytes.writeBytes(table.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      bytes.writeBytes(TwiceCompiled.bytes(RawRows.all(store, table)));
    }
    return bytes.toByteArray();
  }

  /** Runs with the compilation's class loader as the context loader: the pending work loads classes by name. */
  private static <R> R withLoader(Javac.Result compiled, java.util.function.Supplier<R> action) {
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(compiled.loader);
    try {
      return action.get();
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }
}
