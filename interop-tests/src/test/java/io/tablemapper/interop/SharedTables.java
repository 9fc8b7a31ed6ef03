package io.tablemapper.interop;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableItem;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stage of every interop test: one Azurite account emptied of its tables, the other application's client (the
 * official SDK, as a .NET service's {@code TableClient} writes) on table {@code Orders}, and tablemapper mappers over
 * the same account, closed after the test.
 */
@ExtendWith(Azurite.class)
abstract class SharedTables {
  /** {@code DateTime.MaxValue.Ticks} of .NET. */
  static final long MAX_TICKS = 3_155_378_975_999_999_999L;
  /** .NET ticks (100 ns since 0001-01-01) at the Unix epoch. */
  static final long EPOCH_TICKS = 621_355_968_000_000_000L;

  String connectionString;
  TableServiceClient sdk;
  TableClient orders;
  private final List<TableMapper> mappers = new ArrayList<>();

  @BeforeEach
  void emptyAccount() {
    connectionString = Azurite.connectionString();
    sdk = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    for (TableItem table : sdk.listTables()) {
      sdk.deleteTable(table.getName());
    }
    sdk.createTable("Orders");
    orders = sdk.getTableClient("Orders");
  }

  @AfterEach
  void closeMappers() {
    mappers.forEach(TableMapper::close);
  }

  /** A builder of a mapper over the same account, closed after the test. */
  TableMapper.Builder mapperBuilder() {
    return TableMapper.builder().backend(AzureTablesBackend.fromConnectionString(connectionString));
  }

  TableMapper mapper(TableMapper.Builder builder) {
    TableMapper mapper = builder.build();
    mappers.add(mapper);
    return mapper;
  }

  /** A time's .NET ticks, as {@code DateTime.Ticks}. */
  static long ticks(Instant time) {
    return EPOCH_TICKS + time.getEpochSecond() * 10_000_000L + time.getNano() / 100;
  }

  /** The guide's log-tail RowKey as .NET writes it: {@code (DateTime.MaxValue.Ticks - ticks).ToString("D19")}. */
  static String invertedTicks(Instant time) {
    return String.format("%019d", MAX_TICKS - ticks(time));
  }
}
