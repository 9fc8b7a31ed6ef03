package io.tablemapper.spring.boot;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.api.UnknownTypePolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code tablemapper.*} properties of an application: the store, and the {@link TableMapper.Builder} settings.
 */
@ConfigurationProperties(prefix = "tablemapper")
public class TableMapperProperties {

  /** The stores a mapper may be auto-configured on. */
  public enum Backend {
    /** In memory: fast, and gone when the application stops. */
    MEMORY,
    /** An embedded H2 database: the file {@code tablemapper.h2.file}, or in memory without one. */
    H2,
    /**
     * Azure Table Storage or the Cosmos DB Table API: the application's {@code TableServiceClient} bean, or else the
     * account {@code tablemapper.azure.connection-string} names. Needs {@code io.tablemapper:backend-azure}.
     */
    AZURE
  }

  /**
   * The store: memory, h2 or azure. Unset: azure if the application declares a TableServiceClient bean, else h2 if
   * tablemapper.h2.file is set, else azure if tablemapper.azure.connection-string is set, else memory.
   */
  private Backend backend;

  private final H2 h2 = new H2();

  private final Azure azure = new Azure();

  /**
   * Entity classes that partition reads must recognise before any repository or batch has used them (those of the
   * repositories are recognised anyway).
   */
  private List<Class<?>> entities = new ArrayList<>();

  /** When the mapper creates the tables it writes to. */
  private TableCreation tableCreation = TableCreation.CREATE_ON_WRITE;

  /** What partition reads do with rows of types no known entity class declares. */
  private UnknownTypePolicy unknownTypes = UnknownTypePolicy.FAIL;

  /** What writes do with rows written by a newer @Entity(version = ...) of their class. */
  private NewerVersionPolicy newerVersions = NewerVersionPolicy.REFUSE_REPLACE;

  /** What writes do with a time more precise than the store's 100 ns ticks outside a key. */
  private TimePrecisionPolicy timePrecision = TimePrecisionPolicy.TRUNCATE;

  // the defaults below are TableMapper's (a test checks): literals, so that the configuration metadata shows them

  /** The property that holds each row's entity type. */
  private String discriminator = "EntityType";

  /** How many reads of one query (an In on a key component) may run at once; 1 reads them one after another. */
  private int readParallelism = 4;

  /**
   * The naming strategy of entity classes without @Naming; unset, names are stored as declared (and a class the
   * processor compiled keeps the names it was compiled with).
   */
  private NamingStrategy naming;

  private final Repositories repositories = new Repositories();

  private final Metrics metrics = new Metrics();

  private final Observations observations = new Observations();

  /** The H2 backend's settings. */
  public static class H2 {
    /**
     * The H2 database file (H2 adds .mv.db), created with its directories if missing; unset, the database is in
     * memory.
     */
    private Path file;

    public Path getFile() {
      return file;
    }

    public void setFile(Path file) {
      this.file = file;
    }
  }

  /** The Azure backend's settings. */
  public static class Azure {
    /**
     * The storage account's connection string, for example
     * DefaultEndpointsProtocol=https;AccountName=...;AccountKey=...;EndpointSuffix=core.windows.net, or
     * UseDevelopmentStorage=true for a local Azurite. Not used when the application declares a TableServiceClient
     * bean.
     */
    private String connectionString;

    public String getConnectionString() {
      return connectionString;
    }

    public void setConnectionString(String connectionString) {
      this.connectionString = connectionString;
    }
  }

  /** Which repositories become beans. */
  public static class Repositories {
    /**
     * Whether every @Repository interface under the application's packages (those of its @SpringBootApplication)
     * becomes a bean.
     */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** The Micrometer meters. */
  public static class Metrics {
    /** Whether every operation is timed and counted in the application's MeterRegistry, if it has one. */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** The Micrometer Observations (spans and their timers). */
  public static class Observations {
    /**
     * Whether every operation and store request is observed in the application's ObservationRegistry, if it has
     * one.
     */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  public Backend getBackend() {
    return backend;
  }

  public void setBackend(Backend backend) {
    this.backend = backend;
  }

  public H2 getH2() {
    return h2;
  }

  public Azure getAzure() {
    return azure;
  }

  public List<Class<?>> getEntities() {
    return entities;
  }

  public void setEntities(List<Class<?>> entities) {
    this.entities = entities;
  }

  public TableCreation getTableCreation() {
    return tableCreation;
  }

  public void setTableCreation(TableCreation tableCreation) {
    this.tableCreation = tableCreation;
  }

  public UnknownTypePolicy getUnknownTypes() {
    return unknownTypes;
  }

  public void setUnknownTypes(UnknownTypePolicy unknownTypes) {
    this.unknownTypes = unknownTypes;
  }

  public NewerVersionPolicy getNewerVersions() {
    return newerVersions;
  }

  public void setNewerVersions(NewerVersionPolicy newerVersions) {
    this.newerVersions = newerVersions;
  }

  public TimePrecisionPolicy getTimePrecision() {
    return timePrecision;
  }

  public void setTimePrecision(TimePrecisionPolicy timePrecision) {
    this.timePrecision = timePrecision;
  }

  public String getDiscriminator() {
    return discriminator;
  }

  public void setDiscriminator(String discriminator) {
    this.discriminator = discriminator;
  }

  public NamingStrategy getNaming() {
    return naming;
  }

  public void setNaming(NamingStrategy naming) {
    this.naming = naming;
  }

  public int getReadParallelism() {
    return readParallelism;
  }

  public void setReadParallelism(int readParallelism) {
    this.readParallelism = readParallelism;
  }

  public Repositories getRepositories() {
    return repositories;
  }

  public Metrics getMetrics() {
    return metrics;
  }

  public Observations getObservations() {
    return observations;
  }
}
