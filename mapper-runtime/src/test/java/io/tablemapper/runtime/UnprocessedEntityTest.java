package io.tablemapper.runtime;

import static io.tablemapper.runtime.TwiceCompiled.PARCEL;
import static io.tablemapper.runtime.TwiceCompiled.PARCEL_REPOSITORY;
import static io.tablemapper.runtime.TwiceCompiled.PROCESSED;
import static io.tablemapper.runtime.TwiceCompiled.SHIPMENT;
import static io.tablemapper.runtime.TwiceCompiled.SHIPMENT_REPOSITORY;
import static io.tablemapper.runtime.TwiceCompiled.UNPROCESSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableRepository;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
 * One source, compiled twice — with the annotation processor and without it — and used through both paths: the
 * generated mapping and the one the runtime builds from the annotations. The rows each writes are the same byte
 * for byte (entity rows and index copies), and each reads what the other wrote, older versions included.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class UnprocessedEntityTest {
  private static final UUID TRACKING = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final UUID PARCEL_ID = UUID.fromString("00000000-0000-0000-0000-00000000002a");

  private final Stores stores;
  private final List<TableMapper> mappers = new ArrayList<>();

  UnprocessedEntityTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private TableMapper mapper(TableBackend backend) {
    TableMapper mapper = TableMapper.builder().backend(backend).build();
    mappers.add(mapper);
    return mapper;
  }

  /** A Shipment with every property set, by name (shared with {@link StraightLineMappingTest}). */
  static Map<String, Object> shipmentValues() {
    Map<String, Object> values = new HashMap<>();
    values.put("carrier", "POST");
    values.put("region", "north");
    values.put("number", 42L);
    values.put("day", LocalDate.of(2024, 3, 1));
    values.put("tracking", TRACKING);
    values.put("weight", 12.5d);
    values.put("declared", 99.99d);
    values.put("ratio", 0.25f);
    values.put("discount", 1.5f);
    values.put("pieces", 3);
    values.put("boxes", 2);
    values.put("lane", (short) 7);
    values.put("dock", (short) -3);
    values.put("priority", (byte) 1);
    values.put("urgency", (byte) -1);
    values.put("fragile", true);
    values.put("insured", false);
    values.put("grade", 'A');
    values.put("mark", 'z');
    values.put("label", new byte[] {1, 2, 3, -1});
    values.put("sent", Instant.parse("2024-03-01T10:15:30.123Z"));
    values.put("promised", OffsetDateTime.of(2024, 3, 4, 12, 0, 0, 0, ZoneOffset.ofHours(2)));
    values.put("packed", LocalDateTime.of(2024, 2, 29, 23, 59, 58));
    values.put("price", new BigDecimal("1234.5600"));
    values.put("serial", new BigInteger("123456789012345678901234567890"));
    values.put("status", "ON_THE_WAY");
    values.put("notes", List.of("fragile", "left at the door"));
    values.put("counts", Map.of("boxes", 2));
    values.put("currency", "CHF");
    values.put("handlingDays", 3);
    values.put("scratch", "not stored");
    return values;
  }

  /** A Parcel with every property set, by name (shared with {@link StraightLineMappingTest}). */
  static Map<String, Object> parcelValues() {
    Map<String, Object> values = new HashMap<>();
    values.put("depot", "Leeds");
    values.put("id", PARCEL_ID);
    values.put("heavy", true);
    values.put("weightGrams", 1250);
    values.put("volume", 3L);
    values.put("owner", "Ann");
    values.put("destination", "York");
    values.put("note", "not stored");
    return values;
  }

  /** Writes an entity through a mapper of its own store and returns the store's rows. */
  private List<TableRow> written(Object entity, String table, String partitionKey) {
    TableBackend backend = stores.newStore();
    mapper(backend).batch(table, partitionKey).insert(entity).commit();
    return RawRows.all(backend, table);
  }

  @Test
  void timesFinerThanATickAreTruncatedAlikeThroughBothPathsAndRefusedAlikeUnderRefuse() {
    Map<String, Object> values = shipmentValues();
    values.put("sent", Instant.parse("2024-03-01T10:15:30.123456789Z"));
    values.put("promised", OffsetDateTime.of(2024, 3, 4, 12, 0, 0, 987_654_321, ZoneOffset.ofHours(2)));
    values.put("packed", LocalDateTime.of(2024, 2, 29, 23, 59, 58, 55));
    List<TableRow> generated = written(TwiceCompiled.record(PROCESSED.load(SHIPMENT), values), "Shipments",
        "POST_north");
    List<TableRow> introspected = written(TwiceCompiled.record(UNPROCESSED.load(SHIPMENT), values), "Shipments",
        "POST_north");

    TableRow row = generated.stream().filter(r -> r.rowKey().startsWith("ship_")).findFirst().orElseThrow();
    assertThat(row.get("sent")).isEqualTo(Instant.parse("2024-03-01T10:15:30.1234567Z"));
    assertThat(row.get("promised")).isEqualTo(Instant.parse("2024-03-04T10:00:00.9876543Z"));
    assertThat(row.get("packed")).isEqualTo(Instant.parse("2024-02-29T23:59:58Z"));
    assertThat(TwiceCompiled.bytes(introspected)).isEqualTo(TwiceCompiled.bytes(generated));
    for (Javac.Result compiled : List.of(PROCESSED, UNPROCESSED)) {
      TableBackend backend = stores.newStore();
      TableMapper refusing =
          TableMapper.builder().backend(backend).timePrecision(TimePrecisionPolicy.REFUSE).build();
      mappers.add(refusing);
      Object shipment = TwiceCompiled.record(compiled.load(SHIPMENT), values);
      assertThatThrownBy(() -> refusing.batch("Shipments", "POST_north").insert(shipment).commit())
          .isInstanceOf(BatchException.class)
          .hasCauseInstanceOf(InvalidEntityException.class)
          .hasMessageContaining("Shipment.sent = 2024-03-01T10:15:30.123456789Z is more precise than the store's"
              + " 100 ns ticks, and this mapper refuses such times");
    }
  }

  @Test
  void bothPathsTakeKeyPropertiesFromTheKeysAndRefuseADisagreeingColumnWithTheSameMessage() {
    List<String> messages = new ArrayList<>();
    for (Javac.Result compiled : List.of(PROCESSED, UNPROCESSED)) {
      TableBackend backend = stores.newStore();
      TableMapper mapper = mapper(backend);
      Class<?> type = compiled.load(SHIPMENT);
      mapper.batch("Shipments", "POST_north").insert(TwiceCompiled.record(type, shipmentValues())).commit();
      TableRow stored = RawRows.all(backend, "Shipments").stream()
          .filter(row -> row.rowKey().startsWith("ship_")).findFirst().orElseThrow();

      backend.batch("Shipments", List.of(WriteOperation.merge(
          TableRow.builder(stored.partitionKey(), stored.rowKey()).putInt32("number", 42).build(), "*")));
      Object read = mapper.partition("Shipments", "POST_north").all(type).get(0);
      assertThat(TwiceCompiled.get(read, "number")).as("an Int32 equal to the key agrees").isEqualTo(42L);

      backend.batch("Shipments", List.of(WriteOperation.merge(
          TableRow.builder(stored.partitionKey(), stored.rowKey()).putString("region", "south").build(), "*")));
      Throwable refused = catchThrowable(() -> mapper.partition("Shipments", "POST_north").all(type));
      assertThat(refused).isInstanceOf(InvalidEntityException.class)
          .hasMessageContaining("of table Shipments: property 'region' holds south (Edm.String), but the row's keys"
              + " say region = north");
      messages.add(refused.getMessage());
    }
    assertThat(messages.get(1)).isEqualTo(messages.get(0));
  }

  @Test
  void onlyTheProcessedCompilationHasAGeneratedMapping() {
    assertThat(PROCESSED.has(GeneratedNames.mapping(SHIPMENT))).isTrue();
    assertThat(UNPROCESSED.has(GeneratedNames.mapping(SHIPMENT))).isFalse();
    assertThat(UNPROCESSED.has(GeneratedNames.mapping(PARCEL))).isFalse();
  }

  @Test
  void aRecordWritesTheSameBytesThroughBothPaths() {
    List<TableRow> generated =
        written(TwiceCompiled.record(PROCESSED.load(SHIPMENT), shipmentValues()), "Shipments", "POST_north");
    List<TableRow> introspected =
        written(TwiceCompiled.record(UNPROCESSED.load(SHIPMENT), shipmentValues()), "Shipments", "POST_north");

    assertThat(generated).hasSize(2); // the entity and its index copy
    assertThat(introspected).hasToString(generated.toString());
    assertThat(TwiceCompiled.bytes(introspected)).isEqualTo(TwiceCompiled.bytes(generated));
  }

  @Test
  void aJavaBeanWritesTheSameBytesThroughBothPaths() {
    List<TableRow> generated =
        written(TwiceCompiled.bean(PROCESSED.load(PARCEL), parcelValues()), "Parcels", "Leeds");
    List<TableRow> introspected =
        written(TwiceCompiled.bean(UNPROCESSED.load(PARCEL), parcelValues()), "Parcels", "Leeds");

    assertThat(introspected.get(0).properties().keySet())
        .containsExactlyInAnyOrder(
            EntityMapping.TYPE_PROPERTY, "Depot", "Id", "Heavy", "WeightGrams", "Volume", "Owner", "Dest");
    assertThat(introspected).hasToString(generated.toString());
    assertThat(TwiceCompiled.bytes(introspected)).isEqualTo(TwiceCompiled.bytes(generated));
  }

  @Test
  void eachPathReadsWhatTheOtherWroteAndWritesItBackUnchanged() {
    for (String entity : List.of(SHIPMENT, PARCEL)) {
      boolean record = entity.equals(SHIPMENT);
      String table = record ? "Shipments" : "Parcels";
      String partitionKey = record ? "POST_north" : "Leeds";
      for (Javac.Result[] paths : new Javac.Result[][] {{PROCESSED, UNPROCESSED}, {UNPROCESSED, PROCESSED}}) {
        Class<?> writer = paths[0].load(entity);
        Class<?> reader = paths[1].load(entity);
        TableBackend backend = stores.newStore();
        Object original = record ? TwiceCompiled.record(writer, shipmentValues())
            : TwiceCompiled.bean(writer, parcelValues());
        mapper(backend).batch(table, partitionKey).insert(original).commit();

        TableMapper readingMapper = TableMapper.builder().backend(backend).entities(reader).build();
        mappers.add(readingMapper);
        List<Object> read = readingMapper.partition(table, partitionKey).all();

        assertThat(read).singleElement().isInstanceOf(reader);
        Object copy = read.get(0);
        assertThat(TwiceCompiled.get(copy, record ? "etag" : "version")).isNotNull();
        assertThat(TwiceCompiled.get(copy, record ? "stored" : "written")).isNotNull();
        assertThat(TwiceCompiled.get(copy, record ? "scratch" : "note")).isNull();
        assertThat(TwiceCompiled.bytes(written(copy, table, partitionKey)))
            .isEqualTo(TwiceCompiled.bytes(RawRows.all(backend, table)));
      }
    }
  }

  @Test
  void aRowOfAnOlderVersionIsUpgradedAndTakesTheDefaultsOnBothPaths() {
    TableBackend backend = stores.newStore();
    backend.createTableIfNotExists("Shipments");
    TableRow v1 = TableRow.builder("POST_north", "ship_0000000042_2024-03-01")
        .putString(EntityMapping.TYPE_PROPERTY, "Shipment")
        .putString("region", "north")
        .putInt64("number", 42L)
        .putDouble("Wt", 1.5d)
        .putString("note", "old style note")
        .build();
    backend.write("Shipments", WriteOperation.insert(v1));

    List<byte[]> rewritten = new ArrayList<>();
    for (Javac.Result path : List.of(PROCESSED, UNPROCESSED)) {
      Class<?> type = path.load(SHIPMENT);
      TableMapper mapper = TableMapper.builder().backend(backend).entities(type).build();
      mappers.add(mapper);
      Object shipment = mapper.partition("Shipments", "POST_north").all().get(0);

      assertThat(shipment).isInstanceOf(type);
      assertThat(TwiceCompiled.get(shipment, "currency")).isEqualTo("EUR");
      assertThat(TwiceCompiled.get(shipment, "handlingDays")).isEqualTo(7);
      assertThat(TwiceCompiled.get(shipment, "notes")).isEqualTo(List.of("old style note"));
      assertThat(TwiceCompiled.get(shipment, "day")).isEqualTo(LocalDate.of(2024, 3, 1));
      assertThat(TwiceCompiled.get(shipment, "carrier")).hasToString("POST");
      rewritten.add(TwiceCompiled.bytes(written(shipment, "Shipments", "POST_north")));
    }
    assertThat(rewritten.get(1)).isEqualTo(rewritten.get(0));
  }

  @SuppressWarnings("unchecked")
  private static TableRepository<Object> repository(TableMapper mapper, Class<?> type) {
    return mapper.repository((Class<TableRepository<Object>>) type);
  }

  @Test
  void aRepositoryWithoutQueriesServesTheWritesOfAnUnprocessedEntity() {
    TableBackend backend = stores.newStore();
    TableRepository<Object> parcels = repository(mapper(backend), UNPROCESSED.load(PARCEL_REPOSITORY));
    Object parcel = TwiceCompiled.bean(UNPROCESSED.load(PARCEL), parcelValues());

    Object stored = parcels.insert(parcel);
    String firstVersion = (String) TwiceCompiled.get(stored, "version");
    TwiceCompiled.set(stored, "weightGrams", 900);
    parcels.update(stored);

    assertThat(firstVersion).isNotNull();
    assertThat(TwiceCompiled.get(stored, "version")).isNotEqualTo(firstVersion);
    assertThat(RawRows.all(backend, "Parcels")).singleElement()
        .satisfies(row -> assertThat(row.get("WeightGrams")).isEqualTo(900));
    parcels.delete(stored);
    assertThat(RawRows.all(backend, "Parcels")).isEmpty();
  }

  @Test
  void aRepositoryWithDerivedQueriesNeedsTheProcessor() {
    TableMapper mapper = mapper(stores.newStore());

    assertThat(repository(mapper, PROCESSED.load(SHIPMENT_REPOSITORY))).isNotNull();
    assertThatThrownBy(() -> repository(mapper, UNPROCESSED.load(SHIPMENT_REPOSITORY)))
        .isInstanceOf(TableMapperException.class)
        .hasMessage("[RuntimeMappingUnsupported] ShipmentRepository declares findByCarrierAndRegion, but its entity"
            + " Shipment was compiled without the annotation processor, so the runtime maps Shipment itself and can"
            + " serve only the writes of TableRepository: derived queries are planned and generated at compile"
            + " time. Run the processor on both (or keep only the methods of TableRepository and read with"
            + " mapper.partition(table, partitionKey).all(Shipment.class)). Put io.tablemapper:mapper-processor on"
            + " the annotation processor path and rebuild." + MapperLifecycleTest.SNIPPETS);
  }
}
