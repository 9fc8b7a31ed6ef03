package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.IndexLists;

/**
 * A wide entity compiled without the processor is mapped at run time by the same entity model: the same head, the
 * same split into rows, each path reading what the other wrote; and its rules refuse the same classes with the same
 * messages as the compiler.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class WideRuntimeMappingTest {
  private static final String READINGS = "io.tablemapper.runtime.wide.Readings";
  private static final String SOURCE = "package io.tablemapper.runtime.wide;\n"
      + "import io.tablemapper.annotations.*;\n"
      + "@Entity(table = \"Meters\") @PartitionKey(\"{meter}\") @RowKey(\"day_{day:05}\")\n"
      + "@Index(name = \"byPeak\", rowKey = \"peak_{peak:06}_{day:05}\", properties = {\"peak\"})\n"
      + "@Wide(head = \"site\")\n"
      + "public class Readings {\n"
      + "  public String meter; public int day; public int peak; public String site;\n"
      + IntStream.range(0, 288).mapToObj(i -> "  public Double r" + i + ";\n").collect(Collectors.joining())
      + "}\n";
  private static final Javac.Result PROCESSED = Javac.compile(Map.of(READINGS, SOURCE), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(READINGS, SOURCE), false);

  private final Stores stores;
  private final List<TableMapper> mappers = new ArrayList<>();

  WideRuntimeMappingTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private TableMapper mapper(TableBackend backend, Class<?> type) {
    TableMapper mapper = TableMapper.builder().backend(backend).entities(type).build();
    mappers.add(mapper);
    return mapper;
  }

  private static Object readings(Class<?> type, int day) {
    Map<String, Object> values = new HashMap<>();
    values.put("meter", "m1");
    values.put("day", day);
    values.put("peak", 900 + day);
    values.put("site", "Oslo");
    for (int i = 0; i < 288; i++) {
      values.put("r" + i, i * 0.5 + day);
    }
    return TwiceCompiled.bean(type, values);
  }

  /** The rows without their write ids, which each write draws anew. */
  private static List<Map<String, Object>> withoutWriteIds(List<TableRow> rows) {
    List<Map<String, Object>> result = new ArrayList<>();
    for (TableRow row : rows) {
      Map<String, Object> properties = new HashMap<>(row.properties());
      properties.remove(WideRows.WRITE_PROPERTY);
      properties.put("RowKey", row.rowKey());
      result.add(properties);
    }
    return result;
  }

  @Test
  void both_paths_split_alike_and_each_reads_what_the_other_wrote() {
    assertThat(PROCESSED.has(GeneratedNames.mapping(READINGS))).isTrue();
    assertThat(UNPROCESSED.has(GeneratedNames.mapping(READINGS))).isFalse();
    List<List<Map<String, Object>>> written = new ArrayList<>();
    for (Javac.Result[] paths : new Javac.Result[][] {{PROCESSED, UNPROCESSED}, {UNPROCESSED, PROCESSED}}) {
      Class<?> writer = paths[0].load(READINGS);
      Class<?> reader = paths[1].load(READINGS);
      TableBackend backend = stores.newStore();
      mapper(backend, writer).batch("Meters", "m1").insert(readings(writer, 7)).commit();
      List<TableRow> rows = RawRows.all(backend, "Meters");
      assertThat(rows).extracting(TableRow::rowKey).containsExactly("day_00007", "day_00007~01", "peak_000907_00007");
      written.add(withoutWriteIds(rows));

      List<Object> read = mapper(backend, reader).partition("Meters", "m1").all();

      assertThat(read).singleElement().isInstanceOf(reader);
      for (int i = 0; i < 288; i++) {
        assertThat(TwiceCompiled.get(read.get(0), "r" + i)).isEqualTo(i * 0.5 + 7);
      }
      assertThat(TwiceCompiled.get(read.get(0), "site")).isEqualTo("Oslo");
    }
    assertThat(written.get(1)).isEqualTo(written.get(0));
  }

  @Test
  void both_paths_keep_a_key_list_of_a_wide_class_alike_in_the_egt_of_its_rows() {
    String listed = SOURCE.replace("@Wide(head", "@Index(name = \"bySite\", rowKey = \"site_{site}_\", unique = false,"
        + " form = IndexForm.KEY_LIST)\n@Wide(head");
    Javac.Result processed = Javac.compile(Map.of(READINGS, listed), true);
    Javac.Result unprocessed = Javac.compile(Map.of(READINGS, listed), false);
    assertThat(processed.errors(READINGS)).isEmpty();
    assertThat(processed.warnings(READINGS)).isEmpty();
    List<List<Map<String, Object>>> written = new ArrayList<>();
    for (Javac.Result[] paths : new Javac.Result[][] {{processed, unprocessed}, {unprocessed, processed}}) {
      Class<?> writer = paths[0].load(READINGS);
      TableBackend backend = stores.newStore();
      mapper(backend, writer).batch("Meters", "m1").insert(readings(writer, 7)).insert(readings(writer, 8)).commit();
      List<TableRow> rows = RawRows.all(backend, "Meters");
      assertThat(rows).extracting(TableRow::rowKey).containsExactly("day_00007", "day_00007~01", "day_00008",
          "day_00008~01", "peak_000907_00007", "peak_000908_00008", "site_Oslo_");
      assertThat(IndexLists.entries(rows.get(6))).containsExactly("m1\tday_00007", "m1\tday_00008");
      written.add(withoutWriteIds(rows));

      List<Object> read = mapper(backend, paths[1].load(READINGS)).partition("Meters", "m1").all();
      assertThat(read).as("the list row is no entity").hasSize(2);
    }
    assertThat(written.get(1)).isEqualTo(written.get(0));
  }

  @Test
  void the_runtime_refuses_a_wide_class_with_the_compilers_message() {
    String broken = SOURCE.replace("@RowKey(\"day_{day:05}\")", "@RowKey(\"day_{site}\")");
    Javac.Result processed = Javac.compile(Map.of(READINGS, broken), true);
    Javac.Result unprocessed = Javac.compile(Map.of(READINGS, broken), false);
    assertThat(processed.errors(READINGS)).singleElement().asString().startsWith("[WideRowKey]");
    String message = processed.errors(READINGS).get(0);

    assertThatThrownBy(() -> mapper(stores.newStore(), unprocessed.load(READINGS)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining(message);
  }
}
