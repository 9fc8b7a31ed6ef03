package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Single writes: what each kind of {@link WriteOperation} does, the ETag and Timestamp every write assigns, and
 * the If-Match rules of optimistic concurrency.
 */
abstract class ConditionalWriteTests extends ConformanceGroup {

  @Test
  void an_insert_returns_the_etag_and_timestamp_that_a_read_then_shows() {
    WriteResult written = store().insert(TableRow.builder("p", "r").putString("name", "Ada").build());

    assertThat(written.etag()).isNotEmpty();
    assertThat(written.timestamp()).isNotNull();
    TableRow read = store().get("p", "r");
    assertThat(read.etag()).isEqualTo(written.etag());
    assertThat(read.timestamp()).isEqualTo(written.timestamp());
  }

  @Test
  void every_write_assigns_a_new_etag_and_a_timestamp_no_earlier_than_the_last() {
    List<WriteResult> results = List.of(
        store().insert(version(0)),
        store().write(WriteOperation.replace(version(1), null)),
        store().write(WriteOperation.merge(version(2), "*")),
        store().write(WriteOperation.upsertReplace(version(3))),
        store().write(WriteOperation.upsertMerge(version(4))));

    Set<String> etags = new HashSet<>();
    for (int i = 0; i < results.size(); i++) {
      assertThat(etags.add(results.get(i).etag())).as("ETag of write %d is new", i).isTrue();
      if (i > 0) {
        assertThat(results.get(i).timestamp()).isAfterOrEqualTo(results.get(i - 1).timestamp());
      }
    }
    assertThat(store().get("p", "r").etag()).isEqualTo(results.get(4).etag());
  }

  @Test
  void a_write_ignores_the_etag_and_timestamp_the_row_carries() {
    store().insert(version(0));
    TableRow read = store().get("p", "r");

    WriteResult rewritten = store().write(WriteOperation.upsertReplace(read));

    assertThat(rewritten.etag()).isNotEqualTo(read.etag());
    assertThat(store().get("p", "r").etag()).isEqualTo(rewritten.etag());
  }

  @Test
  void replace_merge_and_delete_with_the_current_etag_succeed() {
    String etag = store().insert(version(0)).etag();
    etag = store().write(WriteOperation.replace(version(1), etag)).etag();
    etag = store().write(WriteOperation.merge(version(2), etag)).etag();
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(2);

    WriteResult deleted = store().write(WriteOperation.delete("p", "r", etag));

    assertThat(store().find("p", "r")).isEmpty();
    assertThat(deleted.etag()).isNull();
    assertThat(deleted.timestamp()).isNull();
  }

  @Test
  void replace_merge_and_delete_with_a_stale_etag_fail_and_change_nothing() {
    String stale = store().insert(version(0)).etag();
    store().write(WriteOperation.replace(version(1), stale));

    assertUnchangedBy(() -> {
      for (WriteOperation operation : List.of(
          WriteOperation.replace(version(2), stale),
          WriteOperation.merge(version(3), stale),
          WriteOperation.delete("p", "r", stale))) {
        assertThatThrownBy(() -> store().write(operation))
            .as("%s", operation)
            .isInstanceOf(ConcurrencyConflictException.class);
      }
    });
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(1);
  }

  @Test
  void a_star_or_null_if_match_matches_any_version() {
    store().insert(version(0));
    store().write(WriteOperation.replace(version(1), "*"));
    store().write(WriteOperation.replace(version(2), null));
    store().write(WriteOperation.merge(version(3), "*"));
    store().write(WriteOperation.merge(version(4), null));
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(4);

    store().write(WriteOperation.delete("p", "r", "*"));
    store().insert(version(5));
    store().write(WriteOperation.delete("p", "r", null));
    assertThat(store().find("p", "r")).isEmpty();
  }

  @Test
  void replace_merge_and_delete_of_a_missing_row_fail_with_entity_not_found_whatever_the_etag() {
    String someEtag = store().insert("p", "other").etag();

    assertUnchangedBy(() -> {
      for (String ifMatch : new String[] {null, "*", someEtag}) {
        for (WriteOperation operation : List.of(
            WriteOperation.replace(version(1), ifMatch),
            WriteOperation.merge(version(1), ifMatch),
            WriteOperation.delete("p", "r", ifMatch))) {
          assertThatThrownBy(() -> store().write(operation))
              .as("%s", operation)
              .isInstanceOf(EntityNotFoundException.class);
        }
      }
    });
  }

  @Test
  void an_insert_of_an_existing_row_fails_with_entity_exists_and_changes_nothing() {
    store().insert(version(0));

    assertUnchangedBy(() ->
        assertThatThrownBy(() -> store().insert(version(1))).isInstanceOf(EntityExistsException.class));
  }

  @Test
  void upserts_insert_a_missing_row_and_overwrite_an_existing_one() {
    store().write(WriteOperation.upsertReplace(version(0)));
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(0);
    store().write(WriteOperation.upsertReplace(version(1)));
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(1);
    store().write(WriteOperation.delete("p", "r", null));

    store().write(WriteOperation.upsertMerge(version(2)));
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(2);
    store().write(WriteOperation.upsertMerge(version(3)));
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(3);
  }

  @Test
  void merge_keeps_stored_properties_the_row_lacks_and_overwrites_the_others_even_with_another_type() {
    store().insert(TableRow.builder("p", "r").putString("a", "old").putInt32("b", 1).putBoolean("c", true).build());

    store().write(WriteOperation.merge(TableRow.builder("p", "r").putInt64("b", 2L).putString("d", "new").build(), "*"));

    TableRow read = store().get("p", "r");
    assertThat(read.properties()).containsOnlyKeys("a", "b", "c", "d");
    assertThat(read.getString("a")).isEqualTo("old");
    assertThat(read.get("b")).isEqualTo(2L);
    assertThat(read.getBoolean("c")).isTrue();
    assertThat(read.getString("d")).isEqualTo("new");
  }

  @Test
  void upsert_merge_keeps_stored_properties_too() {
    store().insert(TableRow.builder("p", "r").putString("a", "old").putInt32("b", 1).build());

    store().write(WriteOperation.upsertMerge(TableRow.builder("p", "r").putInt32("b", 2).build()));

    assertThat(store().get("p", "r").properties()).containsOnlyKeys("a", "b").containsEntry("b", 2);
  }

  @Test
  void replace_and_upsert_replace_drop_stored_properties_the_row_lacks() {
    store().insert(TableRow.builder("p", "r").putString("a", "old").putInt32("b", 1).build());

    store().write(WriteOperation.replace(TableRow.builder("p", "r").putInt32("b", 2).build(), "*"));
    assertThat(store().get("p", "r").properties()).containsOnlyKeys("b");

    store().write(WriteOperation.upsertReplace(TableRow.builder("p", "r").putString("c", "x").build()));
    assertThat(store().get("p", "r").properties()).containsOnlyKeys("c");
  }

  @Test
  void a_deleted_row_can_be_inserted_again_with_a_new_etag_and_its_earlier_etags_stay_stale() {
    String first = store().insert(version(0)).etag();
    String second = store().write(WriteOperation.merge(version(1), first)).etag();
    store().write(WriteOperation.delete("p", "r", second));

    String third = store().insert(version(2)).etag();

    assertThat(third).isNotIn(first, second);
    assertUnchangedBy(() -> {
      for (String stale : List.of(first, second)) {
        for (WriteOperation operation : List.of(
            WriteOperation.replace(version(3), stale),
            WriteOperation.merge(version(3), stale),
            WriteOperation.delete("p", "r", stale))) {
          assertThatThrownBy(() -> store().write(operation))
              .as("%s after the row was deleted and inserted again", operation)
              .isInstanceOf(ConcurrencyConflictException.class);
        }
      }
    });
    assertThat(store().get("p", "r").getInt32("version")).isEqualTo(2);
  }

  @Test
  void writes_to_one_row_leave_its_neighbours_untouched() {
    store().insertAll(List.of(TableRow.keys("p", "a"), version(0), TableRow.keys("p", "z"), TableRow.keys("q", "r")));
    List<TableRow> neighbours = List.of(store().get("p", "a"), store().get("p", "z"), store().get("q", "r"));

    store().write(WriteOperation.replace(version(1), "*"));
    store().write(WriteOperation.delete("p", "r", "*"));

    assertThat(List.of(store().get("p", "a"), store().get("p", "z"), store().get("q", "r"))).isEqualTo(neighbours);
  }

  private static TableRow version(int version) {
    return TableRow.builder("p", "r").putInt32("version", version).build();
  }
}
