package io.tablemapper.tck.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Staffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The invariant the pending work keeps for the remote indexes of the fixture {@code Staffer} once it is complete:
 * every remote copy is the copy of a stored staffer's current value, every such copy is there, no email is held twice,
 * and the registry of pending work is empty.
 */
public final class StafferCopies {
  private StafferCopies() {}

  /**
   * Checks the store's remote copies against the staffers stored ({@code stored}: the oracle's view), and that the
   * registry of pending work, {@code registryTable} (named by the caller: the runtime's tests take the runtime's
   * constant, the kit its own statement of the promise), holds nothing.
   */
  public static void assertInStep(TableBackend store, String registryTable, Collection<Staffer> stored,
      String where) {
    TreeSet<String> emails = new TreeSet<>();
    TreeSet<String> expectedEmail = new TreeSet<>();
    TreeSet<String> expectedLastName = new TreeSet<>();
    TreeSet<String> expectedGrade = new TreeSet<>();
    for (Staffer staffer : stored) {
      assertThat(emails.add(staffer.email())).as("%s: email %s held twice", where, staffer.email()).isTrue();
      expectedEmail.add("email_" + staffer.email() + "|employee|" + key(staffer));
      expectedLastName.add(staffer.lastName() + "|" + staffer.department() + String.format("_%08d",
          staffer.employeeId()) + "|" + key(staffer));
      if (staffer.grade() != null) {
        expectedGrade.add(staffer.department() + "|" + String.format("grade_%03d_%08d", staffer.grade(),
            staffer.employeeId()) + "|" + key(staffer));
      }
    }
    assertThat(copies(store, "Staff", "Staffer#email")).as("email copies, %s", where).isEqualTo(expectedEmail);
    assertThat(copies(store, "StaffByLastName", "Staffer#byLastName")).as("last name copies, %s", where)
        .isEqualTo(expectedLastName);
    assertThat(copies(store, "StaffByGrade", "Staffer#byGrade")).as("grade copies, %s", where)
        .isEqualTo(expectedGrade);
    if (store.tableExists(registryTable)) {
      assertThat(store.query(TableQuery.builder(registryTable).limit(1000).build()).rows())
          .as("registry, %s", where).isEmpty();
    }
  }

  /** A staffer's keys as the checks write them: "department/id". */
  public static String key(Staffer staffer) {
    return staffer.department() + "/" + staffer.employeeId();
  }

  /** The copies of one index: "PartitionKey|RowKey|entity's department/id", from the rows of their type. */
  private static TreeSet<String> copies(TableBackend store, String table, String type) {
    TreeSet<String> copies = new TreeSet<>();
    if (!store.tableExists(table)) {
      return copies;
    }
    List<TableRow> rows = new ArrayList<>();
    String token = null;
    do {
      var page = store.query(TableQuery.builder(table).limit(1000).continuation(token).build());
      rows.addAll(page.rows());
      token = page.continuation();
    } while (token != null);
    for (TableRow row : rows) {
      if (type.equals(row.getString(TableMapper.DEFAULT_DISCRIMINATOR))) {
        String rowKey = row.getString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
        copies.add(row.partitionKey() + "|" + row.rowKey() + "|"
            + row.getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY) + "/"
            + Integer.parseInt(rowKey.substring("empid_".length())));
      }
    }
    return copies;
  }
}
