package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.LargeReferences;

/**
 * One {@code @Large} entity compiled with the processor and without it: both mappings name the same large properties
 * ({@code EntityDescriptor.large}), so each reads what the other wrote; an {@code @Encrypted @Large} value is
 * encrypted first, and the store of values holds only its ciphertext.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class LargeRuntimeMappingTest {
  private static final String NAME = "io.tablemapper.runtime.albums.Album";
  private static final String SOURCE = "package io.tablemapper.runtime.albums;\n"
      + "import io.tablemapper.annotations.*;\n"
      + "@Entity(table = \"Albums\") @PartitionKey(\"{owner}\") @RowKey(\"a_{id}\")\n"
      + "public record Album(String owner, String id, @Large byte[] cover, @Large @Encrypted String notes) {}\n";
  private static final Javac.Result PROCESSED = Javac.compile(Map.of(NAME, SOURCE), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(NAME, SOURCE), false);
  private static final SecretKey KEY = new SecretKeySpec(new byte[32], "AES");
  private static final byte[] COVER = new byte[100_000];
  private static final String NOTES = "private notes, ".repeat(10_000);

  static {
    Arrays.fill(COVER, (byte) 7);
  }

  private final TableBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  LargeRuntimeMappingTest(Stores stores) {
    this.store = stores.newStore();
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private TableMapper mapper() {
    TableMapper mapper = TableMapper.builder().backend(store).encryptionKey("main", KEY).build();
    mappers.add(mapper);
    return mapper;
  }

  private static Object album(Javac.Result compiled, String id) {
    Map<String, Object> values = new HashMap<>();
    values.put("owner", "ann");
    values.put("id", id);
    values.put("cover", COVER);
    values.put("notes", NOTES + id);
    return TwiceCompiled.record(compiled.load(NAME), values);
  }

  @Test
  void eachPathReadsWhatTheOtherStoredOutOfRowAndEncryptedValuesLeaveOnlyCiphertext() {
    assertThat(PROCESSED.errors).isEmpty();
    assertThat(UNPROCESSED.errors).isEmpty();
    mapper().batch("Albums", "ann").insert(album(PROCESSED, "1")).commit();
    mapper().batch("Albums", "ann").insert(album(UNPROCESSED, "2")).commit();

    OutOfRowValues values = store.outOfRowValues().orElseThrow();
    for (TableRow row : RawRows.all(store, "Albums")) {
      assertThat(LargeReferences.referenced(row.get("cover"))).isNotNull();
      String notes = LargeReferences.referenced(row.get("notes"));
      assertThat(notes).isNotNull();
      byte[] stored = values.get("Albums", notes).orElseThrow();
      assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("private notes");
      assertThat(stored.length).isGreaterThan(NOTES.length());
    }
    assertThat(values.list("Albums")).hasSize(4);
    for (Javac.Result compiled : List.of(PROCESSED, UNPROCESSED)) {
      List<?> read = mapper().partition("Albums", "ann").all(compiled.load(NAME));
      assertThat(read).extracting(album -> TwiceCompiled.get(album, "notes")).containsExactly(NOTES + "1", NOTES + "2");
      assertThat(read).extracting(album -> TwiceCompiled.get(album, "cover")).containsExactly(COVER, COVER);
    }
  }
}
