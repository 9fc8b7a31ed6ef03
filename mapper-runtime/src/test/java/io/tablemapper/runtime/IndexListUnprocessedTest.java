package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.IndexFullException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.IndexLists;

/**
 * Key-list indexes of a class compiled without the annotation processor, mapped by the runtime from its annotations
 * (the one entity model): its writes keep the same list rows, entry for entry, as those of the same source compiled
 * with the processor, on every backend — in another table (eventually consistent) and in the entity's partition
 * (in its EGT).
 */
@ParameterizedClass
@EnumSource(Stores.class)
class IndexListUnprocessedTest {
  private static final String TELLER = "io.tablemapper.runtime.lists.Teller";
  private static final String SOURCE = "package io.tablemapper.runtime.lists;\n"
      + "import io.tablemapper.annotations.*;\n"
      + "@Entity(table = \"Tellers\") @PartitionKey(\"{branch}\") @RowKey(\"t_{id:04}\")\n"
      + "@Index(name = \"byLastName\", table = \"TellerIDs\", partitionKey = \"{lastName}\", rowKey = \"ids\","
      + " unique = false, form = IndexForm.KEY_LIST)\n"
      + "@Index(name = \"byName\", rowKey = \"name_{lastName}\", unique = false, form = IndexForm.KEY_LIST)\n"
      + "public record Teller(String branch, int id, String lastName) {}\n";

  /** Without the processor: the runtime introspects the class. */
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(TELLER, SOURCE), false);
  /** With it: the class has a generated mapping. */
  private static final Javac.Result PROCESSED = Javac.compile(Map.of(TELLER, SOURCE), true);

  private final Stores stores;

  IndexListUnprocessedTest(Stores stores) {
    this.stores = stores;
  }

  @Test
  void theRuntimeMappingKeepsTheSameListsAsTheGeneratedOne() {
    Javac.Result unprocessed = UNPROCESSED;
    Javac.Result processed = PROCESSED;
    assertThat(unprocessed.errors).isEmpty();
    assertThat(processed.errors).isEmpty();
    assertThat(unprocessed.has(TELLER + "__Mapping")).as("introspected at run time").isFalse();
    assertThat(processed.has(TELLER + "__Mapping")).as("generated").isTrue();

    assertThat(lists(unprocessed)).isEqualTo(lists(processed))
        .containsExactly("Jones: North\tt_0001 / South\tt_0003", "Smith: North\tt_0002",
            "North name_Jones: North\tt_0001", "North name_Smith: North\tt_0002", "South name_Jones: South\tt_0003");
  }

  @Test
  void aValueWhoseListWouldSitOnAnotherValuesPartIsWarnedOfAtCompileTimeAndRefusedAlikeAtRunTime() {
    assertThat(PROCESSED.warnings(TELLER)).as("the processor's warning").singleElement().asString()
        .startsWith("[IndexListRowKey] index 'byName' of Teller").contains("through its component {lastName}");
    assertThat(UNPROCESSED.warnings(TELLER)).as("no processor ran").isEmpty();

    String unprocessed = refusal(UNPROCESSED);
    String processed = refusal(PROCESSED);
    assertThat(unprocessed).as("the same rule, written once, at run time").isEqualTo(processed)
        .contains("North", "name_Jones~0001", "a part row of the list of another value",
            "can end in '~' and four digits through its component {lastName} ([IndexListRowKey])",
            "rowKey = \"name_{lastName}_\"");
  }

  /**
   * Jones's list in the North given a part row (as a list outgrowing its head has), then a teller whose last name is
   * "Jones~0001" inserted in one batch: refused whole, the part untouched; the refusal's message.
   */
  private String refusal(Javac.Result compiled) {
    Class<?> teller = compiled.load(TELLER);
    TableBackend store = stores.newStore();
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(compiled.loader);
    try (TableMapper mapper = ManualCompletion.builder(store).build()) {
      mapper.batch("Tellers", "North").insert(teller(teller, "North", 1, "Jones")).commit();
      TableRow head = store.get("Tellers", "North", "name_Jones").orElseThrow();
      TableRow part = TableRow.builder("North", "name_Jones~0001", 4)
          .putString(TableMapper.DEFAULT_DISCRIMINATOR, "Teller#byName")
          .putInt32("KeyPart", 1)
          .putString("Keys", IndexLists.entry("North", "t_0009"))
          .build();
      store.batch("Tellers", List.of(
          WriteOperation.merge(TableRow.builder("North", "name_Jones", 1).putInt32("KeyParts", 1).build(),
              head.etag()),
          WriteOperation.insert(part)));
      String partETag = store.get("Tellers", "North", "name_Jones~0001").orElseThrow().etag();

      Object late = teller(teller, "North", 2, "Jones~0001");
      Throwable refused = catchThrowable(() -> mapper.batch("Tellers", "North").insert(late).commit());

      assertThat(refused).isInstanceOf(BatchException.class).hasCauseInstanceOf(IndexFullException.class);
      assertThat(store.get("Tellers", "North", "t_0002")).as("nothing written").isEmpty();
      assertThat(store.get("Tellers", "North", "name_Jones~0001").orElseThrow().etag()).isEqualTo(partETag);
      return refused.getCause().getMessage();
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  /** Three tellers written, one renamed, through a mapper over a new store; then the lists as stored. */
  private List<String> lists(Javac.Result compiled) {
    Class<?> teller = compiled.load(TELLER);
    TableBackend store = stores.newStore();
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(compiled.loader); // the pending work loads the class by name
    try (TableMapper mapper = ManualCompletion.builder(store).build()) {
      mapper.eventually().insert(teller(teller, "North", 1, "Jones")).commit();
      mapper.eventually().insert(teller(teller, "North", 2, "Jones")).commit();
      mapper.eventually().insert(teller(teller, "South", 3, "Jones")).commit();
      mapper.eventually().update(teller(teller, "North", 2, "Smith")).commit();
      assertThat(mapper.completePending()).isZero();
      List<String> lists = new ArrayList<>();
      for (TableRow row : RawRows.all(store, "TellerIDs")) {
        assertThat(row.getString(TableMapper.DEFAULT_DISCRIMINATOR)).isEqualTo("Teller#byLastName");
        lists.add(row.partitionKey() + ": " + String.join(" / ", IndexLists.entries(row)));
      }
      for (TableRow row : RawRows.all(store, "Tellers")) { // the lists in the tellers' partitions
        if ("Teller#byName".equals(row.getString(TableMapper.DEFAULT_DISCRIMINATOR))) {
          lists.add(row.partitionKey() + " " + row.rowKey() + ": " + String.join(" / ", IndexLists.entries(row)));
        }
      }
      return lists;
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  private static Object teller(Class<?> type, String branch, int id, String lastName) {
    return TwiceCompiled.record(type, Map.of("branch", branch, "id", id, "lastName", lastName));
  }
}
