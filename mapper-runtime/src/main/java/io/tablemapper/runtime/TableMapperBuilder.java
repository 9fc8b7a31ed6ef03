package io.tablemapper.runtime;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.EncryptionKeyResolver;
import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.spi.TableBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import javax.crypto.SecretKey;
import io.tablemapper.runtime.values.KeyRing;
import io.tablemapper.runtime.config.MapperSettings;

/**
 * The runtime's {@link TableMapper.Builder}, registered in {@code META-INF/services}: applications do not name it
 * but call {@link TableMapper#builder()}, which creates one per call through {@link java.util.ServiceLoader}.
 */
public final class TableMapperBuilder implements TableMapper.Builder {
  private TableBackend backend;
  private final List<Class<?>> entities = new ArrayList<>();
  private QueryListener queryListener;
  private final List<OperationListener> operationListeners = new ArrayList<>();
  private OperationTracer operationTracer;
  private NewerVersionPolicy newerVersions = NewerVersionPolicy.REFUSE_REPLACE;
  private UnknownTypePolicy unknownTypes = UnknownTypePolicy.FAIL;
  private MalformedRowPolicy malformedRows = MalformedRowPolicy.FAIL;
  private MalformedRowListener malformedRowListener;
  private String discriminator = MapperSettings.DEFAULT_DISCRIMINATOR;
  private TableCreation tableCreation = TableCreation.CREATE_ON_WRITE;
  private TimePrecisionPolicy timePrecision = TimePrecisionPolicy.TRUNCATE;
  private int readParallelism = TableMapper.DEFAULT_READ_PARALLELISM;
  /** The keys given one by one, in order: the last one encrypts. */
  private final LinkedHashMap<String, SecretKey> keyRing = new LinkedHashMap<>();
  private String currentKeyId;
  private EncryptionKeyResolver encryptionKeys;
  private MapperSettings.Pending pending = MapperSettings.Pending.DEFAULT;
  private Executor asyncExecutor;
  private MapperSettings.Large large = MapperSettings.Large.DEFAULT;
  private NamingStrategy naming;

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
  public TableMapper.Builder operationTracer(OperationTracer tracer) {
    this.operationTracer = Objects.requireNonNull(tracer, "tracer");
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
  public TableMapper.Builder encryptionKey(String keyId, SecretKey key) {
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(key, "key");
    if (encryptionKeys != null) {
      throw new IllegalArgumentException("encryptionKey(...) cannot be combined with encryptionKeys(resolver): add the"
          + " key to the resolver instead");
    }
    KeyRing.add(keyRing, keyId, key);
    currentKeyId = keyId;
    return this;
  }

  @Override
  public TableMapper.Builder pendingCompleters(int threads) {
    pending = pending.withCompleters(threads);
    return this;
  }

  @Override
  public TableMapper.Builder encryptionKeys(EncryptionKeyResolver resolver) {
    Objects.requireNonNull(resolver, "resolver");
    if (!keyRing.isEmpty()) {
      throw new IllegalArgumentException("encryptionKeys(resolver) cannot be combined with encryptionKey(...): add"
          + " the keys " + keyRing.keySet() + " to the resolver instead");
    }
    this.encryptionKeys = resolver;
    return this;
  }

  @Override
  public TableMapper.Builder pendingPollInterval(Duration interval) {
    pending = pending.withPollInterval(interval);
    return this;
  }

  @Override
  public TableMapper.Builder pendingMaxPollInterval(Duration interval) {
    pending = pending.withMaxPollInterval(interval);
    return this;
  }

  @Override
  public TableMapper.Builder pendingShards(int shards) {
    pending = pending.withShards(shards);
    return this;
  }

  /**
   * For tests: how old a registry entry without its work record must be before it is retired (a minute by default).
   */
  TableMapperBuilder pendingGrace(Duration grace) {
    pending = pending.withGrace(grace);
    return this;
  }

  @Override
  public TableMapper.Builder asyncExecutor(Executor executor) {
    this.asyncExecutor = Objects.requireNonNull(executor, "executor");
    return this;
  }

  @Override
  public TableMapper.Builder maxLargeValueSize(long bytes) {
    large = new MapperSettings.Large(bytes, large.grace());
    return this;
  }

  @Override
  public TableMapper.Builder largeValueGrace(Duration grace) {
    large = new MapperSettings.Large(large.maxValueSize(), Objects.requireNonNull(grace, "grace"));
    return this;
  }

  @Override
  public TableMapper.Builder naming(NamingStrategy strategy) {
    this.naming = Objects.requireNonNull(strategy, "strategy");
    return this;
  }

  @Override
  public TableMapper build() {
    if (backend == null) {
      throw new IllegalStateException(
          "TableMapper.builder() needs a backend: call .backend(...) with, for example, InMemoryBackend.create()");
    }
    return new DefaultTableMapper(new MapperSettings(
        backend, List.copyOf(entities), queryListener, operationListeners, operationTracer, newerVersions,
        unknownTypes, malformedRows, malformedRowListener, discriminator, tableCreation, timePrecision, readParallelism,
        keyRing.isEmpty() ? encryptionKeys : KeyRing.of(keyRing, currentKeyId), pending, asyncExecutor,
        large, naming));
  }
}
