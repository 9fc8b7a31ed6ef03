package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The split of a wide entity's logical row: deterministic, in the row's order, the head's properties first, every
 * row within the store's 252 properties and 1 MiB; joined back to the same row; parts of another write refused.
 */
class WideRowsTest {
  private static final String TYPE = "EntityType";

  private static TableRow logical(int properties, int length) {
    TableRow.Builder row = TableRow.builder("p", "r_0001", properties + 2).put(TYPE, "Stats");
    for (int i = 0; i < properties; i++) {
      row.put("p" + i, length == 0 ? (Object) i : "x".repeat(length));
    }
    return row.put("total", 42).build();
  }

  private static TableRow withoutMarks(TableRow row) {
    return row.toBuilder().remove(WideRows.PARTS_PROPERTY).remove(WideRows.WRITE_PROPERTY).build();
  }

  @Test
  void the_head_holds_its_properties_first_and_the_rest_follow_in_order_within_each_rows_limits() {
    TableRow row = logical(600, 0);

    List<TableRow> rows = WideRows.split(row, Set.of("total"), TYPE, "w1", "Stats");

    assertThat(rows).extracting(TableRow::rowKey).containsExactly("r_0001", "r_0001~01", "r_0001~02");
    TableRow head = rows.get(0);
    assertThat(new ArrayList<>(head.properties().keySet()).subList(0, 3)).containsExactly(TYPE, "total", "p0");
    assertThat(head.get(WideRows.PARTS_PROPERTY)).isEqualTo(2);
    assertThat(rows.get(1).get(TYPE)).isEqualTo("Stats#~part");
    for (TableRow each : rows) {
      assertThat(each.properties()).hasSizeLessThanOrEqualTo(StoreLimits.MAX_PROPERTIES);
      assertThat(each.get(WideRows.WRITE_PROPERTY)).isEqualTo("w1");
      StoreLimits.checkRow(each, "Stats");
    }
    assertThat(WideRows.split(row, Set.of("total"), TYPE, "w1", "Stats")).isEqualTo(rows);
    assertThat(withoutMarks(WideRows.join(head, rows.subList(1, 3), TYPE, "T", "Stats")).properties())
        .isEqualTo(row.properties());
  }

  @Test
  void rows_are_cut_at_1_MiB_in_the_stores_estimate() {
    TableRow row = logical(40, StoreLimits.MAX_STRING_LENGTH);

    List<TableRow> rows = WideRows.split(row, Set.of(), TYPE, "w1", "Stats");

    assertThat(rows).hasSize(3);
    rows.forEach(each -> assertThat(StoreLimits.entitySize(each)).isLessThanOrEqualTo(StoreLimits.MAX_ENTITY_SIZE));
    assertThat(StoreLimits.entitySize(rows.get(0)) + StoreLimits.propertySize("p15", "x".repeat(32768)))
        .isGreaterThan(StoreLimits.MAX_ENTITY_SIZE);
  }

  @Test
  void more_than_99_parts_are_refused_with_the_limit() {
    assertThatThrownBy(() -> WideRows.split(logical(25_000, 0), Set.of(), TYPE, "w1", "Stats"))
        .isInstanceOf(InvalidEntityException.class).hasMessageContaining("99 part rows");
  }

  @Test
  void parts_of_another_write_or_missing_parts_are_malformed() {
    List<TableRow> rows = WideRows.split(logical(600, 0), Set.of(), TYPE, "w1", "Stats");
    TableRow stale = rows.get(2).toBuilder().put(WideRows.WRITE_PROPERTY, "w0").build();

    assertThatThrownBy(() -> WideRows.join(rows.get(0), List.of(rows.get(1), stale), TYPE, "T", "Stats"))
        .isInstanceOf(MalformedRowException.class).hasMessageContaining("r_0001~02");
    assertThatThrownBy(() -> WideRows.join(rows.get(0), List.of(rows.get(1)), TYPE, "T", "Stats"))
        .isInstanceOf(MalformedRowException.class).hasMessageContaining("names 2 part rows, 1 were found");
  }
}
