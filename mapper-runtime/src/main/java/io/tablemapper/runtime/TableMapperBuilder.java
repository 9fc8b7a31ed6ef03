package io.tablemapper.runtime;

import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.spi.TableBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The runtime's {@link TableMapper.Builder}, registered in {@code META-INF/services}: applications do not name it
 * but call {@link TableMapper#builder()}, which creates one per call through {@link java.util.ServiceLoader}.
 */
public final class TableMapperBuilder implements TableMapper.Builder {
  private TableBackend backend;
  private final List<Class<?>> entities = new ArrayList<>();
  private QueryListener queryListener;
  private final List<OperationListener> operationListeners = new ArrayList<>();
  private NewerVersionPolicy newerVersions = NewerVersionPolicy.REFUSE_REPLACE;
  private UnknownTypePolicy unknownTypes = UnknownTypePolicy.FAIL;
  private MalformedRowPolicy malformedRows = MalformedRowPolicy.FAIL;
  private MalformedRowListener malformedRowListener;
  private String discriminator = MapperSettings.DEFAULT_DISCRIMINATOR;
  private TableCreation tableCreation = TableCreation.CREATE_ON_WRITE;
  private TimePrecisionPolicy timePrecision = TimePrecisionPolicy.TRUNCATE;
  private int readParallelism = TableMapper.DEFAULT_READ_PARALLELISM;

  /** Called by {@link java.util.ServiceLoader}. */
  public TableMapperBuilder() {}

  @Override
  public TableMapper.Builder backend(TableBackend backend) {
    this.backend = Objects.requireNonNull(backend, "backend");
    return this;
  }

  @Override
  public TableMapper.Builder entities(Class<?>... entityClasses) {
    for (Class<?> type : entityClasses) {
      entities.add(Objects.requireNonNull(type, "entity class"));
    }
    return this;
  }

  @Override
  public TableMapper.Builder queryListener(QueryListener listener) {
    this.queryListener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  @Override
  public TableMapper.Builder operationListener(OperationListener listener) {
    operationListeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  @Override
  public TableMapper.Builder newerVersions(NewerVersionPolicy policy) {
    this.newerVersions = Objects.requireNonNull(policy, "policy");
    return this;
  }

  @Override
  public TableMapper.Builder unknownTypes(UnknownTypePolicy policy) {
    this.unknownTypes = Objects.requireNonNull(policy, "policy");
    return this;
  }

  @Override
  public TableMapper.Builder malformedRows(MalformedRowPolicy policy) {
    this.malformedRows = Objects.requireNonNull(policy, "policy");
    return this;
  }

  @Override
  public TableMapper.Builder malformedRowListener(MalformedRowListener listener) {
    this.malformedRowListener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  @Override
  public TableMapper.Builder timePrecision(TimePrecisionPolicy policy) {
    this.timePrecision = Objects.requireNonNull(policy, "policy");
    return this;
  }

  @Override
  public TableMapper.Builder discriminator(String propertyName) {
    this.discriminator = MapperSettings.checkDiscriminator(propertyName);
    return this;
  }

  @Override
  public TableMapper.Builder tableCreation(TableCreation policy) {
    this.tableCreation = Objects.requireNonNull(policy, "policy");
    return this;
  }

  @Override
  public TableMapper.Builder readParallelism(int parallelism) {
    this.readParallelism = MapperSettings.checkReadParallelism(parallelism);
    return this;
  }

  @Override
  public TableMapper build() {
    if (backend == null) {
      throw new IllegalStateException(
          "TableMapper.builder() needs a backend: call .backend(...) with, for example, InMemoryBackend.create()");
    }
    return new DefaultTableMapper(new MapperSettings(
        backend, List.copyOf(entities), queryListener, operationListeners, newerVersions, unknownTypes, malformedRows,
        malformedRowListener, discriminator, tableCreation, timePrecision, readParallelism));
  }
}
