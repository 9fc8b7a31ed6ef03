package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One {@code @Encrypted} entity compiled with the processor and without it: the generated mapping and the one the
 * runtime builds encrypt at the same one point ({@code EntityMapping.toStoredRow}), so each reads what the other
 * wrote, and both store only ciphertext.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class EncryptedRuntimeMappingTest {
  private static final String NAME = "io.tablemapper.runtime.secrets.Secret";
  private static final String SOURCE = "package io.tablemapper.runtime.secrets;\n"
      + "import io.tablemapper.annotations.*;\n"
      + "@Entity(table = \"Secrets\") @PartitionKey(\"{owner}\") @RowKey(\"s_{id}\")\n"
      + "public record Secret(String owner, String id, @Encrypted String note, @Encrypted byte[] blob,"
      + " @Encrypted Level level) {\n"
      + "  public enum Level { LOW, HIGH }\n"
      + "}\n";
  private static final Javac.Result PROCESSED = Javac.compile(Map.of(NAME, SOURCE), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(NAME, SOURCE), false);
  private static final SecretKey KEY = new SecretKeySpec(new byte[32], "AES");

  private final TableBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  EncryptedRuntimeMappingTest(Stores stores) {
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

  private static Object secret(Javac.Result compiled, String id, String note) {
    Map<String, Object> values = new HashMap<>();
    values.put("owner", "ann");
    values.put("id", id);
    values.put("note", note);
    values.put("blob", new byte[] {4, 2});
    values.put("level", "HIGH");
    return TwiceCompiled.record(compiled.load(NAME), values);
  }

  @Test
  void eachPathReadsWhatTheOtherEncrypted() {
    assertThat(PROCESSED.errors).isEmpty();
    assertThat(UNPROCESSED.errors).isEmpty();
    mapper().batch("Secrets", "ann").insert(secret(PROCESSED, "1", "generated")).commit();
    mapper().batch("Secrets", "ann").insert(secret(UNPROCESSED, "2", "introspected")).commit();

    for (TableRow row : RawRows.all(store, "Secrets")) {
      assertThat(row.get("note")).isInstanceOf(byte[].class);
      assertThat(row.get("blob")).isInstanceOf(byte[].class);
      assertThat(row.get("level")).isInstanceOf(byte[].class);
    }
    for (Javac.Result compiled : List.of(PROCESSED, UNPROCESSED)) {
      List<?> read = mapper().partition("Secrets", "ann").all(compiled.load(NAME));
      assertThat(read).extracting(secret -> TwiceCompiled.get(secret, "note"))
          .containsExactly("generated", "introspected");
      assertThat(read).extracting(secret -> TwiceCompiled.get(secret, "blob"))
          .containsExactly(new byte[] {4, 2}, new byte[] {4, 2});
      assertThat(read).extracting(secret -> String.valueOf(TwiceCompiled.get(secret, "level")))
          .containsExactly("HIGH", "HIGH");
    }
  }
}
