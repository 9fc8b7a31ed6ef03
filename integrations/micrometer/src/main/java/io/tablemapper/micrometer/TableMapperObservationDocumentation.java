package io.tablemapper.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations {@link TableMapperObservations} makes, their names and keys: one per operation of a mapper
 * ({@link #OPERATION}) and one per store request it sends ({@link #STORE_REQUEST}, its child). Keys follow
 * OpenTelemetry's database semantic conventions (v1.45.0, whose database spans are stable) where they name
 * the thing, and are tablemapper's own ({@code tablemapper.*}, {@code db.tablemapper.*}) where they do not. The store's
 * {@code db.namespace}, {@code server.address} and {@code server.port} are high-cardinality keys (on spans only): the
 * same for every observation of one mapper, and absent for an embedded store, they would split no timer, but give the
 * timers of two stores different sets of tags.
 */
public enum TableMapperObservationDocumentation implements ObservationDocumentation {

  /**
   * One operation the application asked for: a repository method, a write, a batch, a partition read, a dynamic
   * table's read or write, a dropped table. Span name: the repository method
   * ({@code EmployeeRepository.findByDepartment}), else {@code "<db.operation.name> <db.collection.name>"}.
   */
  OPERATION {
    @Override
    public String getName() {
      return DefaultOperationObservationConvention.NAME;
    }

    @Override
    public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
      return DefaultOperationObservationConvention.class;
    }

    @Override
    public KeyName[] getLowCardinalityKeyNames() {
      return OperationLowCardinalityKeys.values();
    }

    @Override
    public KeyName[] getHighCardinalityKeyNames() {
      return OperationHighCardinalityKeys.values();
    }
  },

  /**
   * One request an operation sent to the store (a point read, a page of a query, a write, an entity group
   * transaction, a table request), or one step of pending work it applied; a child of its operation's observation
   * (a request of a pending step is the step's child). Span kind CLIENT. Span name:
   * {@code "<db.operation.name> <db.collection.name>"}, such as {@code "get Company"} or {@code "batch Company"}.
   */
  STORE_REQUEST {
    @Override
    public String getName() {
      return DefaultStoreRequestObservationConvention.NAME;
    }

    @Override
    public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
      return DefaultStoreRequestObservationConvention.class;
    }

    @Override
    public KeyName[] getLowCardinalityKeyNames() {
      return RequestLowCardinalityKeys.values();
    }

    @Override
    public KeyName[] getHighCardinalityKeyNames() {
      return RequestHighCardinalityKeys.values();
    }
  };

  /** The low-cardinality keys of {@link #OPERATION}: on its span, and tags of its timer. */
  public enum OperationLowCardinalityKeys implements KeyName {
    /**
     * The store, as its backend describes it ({@code StoreDescription.system()}): {@code azure.tables},
     * {@code azure.cosmosdb}, {@code h2database}, {@code tablemapper.memory}, or a third-party backend's own.
     */
    DB_SYSTEM_NAME {
      @Override
      public String asString() {
        return "db.system.name";
      }
    },
    /** The table, or {@code none}. */
    DB_COLLECTION_NAME {
      @Override
      public String asString() {
        return "db.collection.name";
      }
    },
    /** The operation, lower case: {@code query}, {@code insert}, {@code batch}, {@code partition_read}, ... */
    DB_OPERATION_NAME {
      @Override
      public String asString() {
        return "db.operation.name";
      }
    },
    /** The simple name of the entity class, or {@code none}. */
    ENTITY {
      @Override
      public String asString() {
        return "tablemapper.entity";
      }
    },
    /** The repository method, such as {@code EmployeeRepository.findByEmail}, or {@code none}. */
    METHOD {
      @Override
      public String asString() {
        return "tablemapper.method";
      }
    },
    /** The plan's kind of a query: {@code point}, {@code range}, {@code partition_scan}, {@code table_scan}; or
     * {@code none}. */
    QUERY_KIND {
      @Override
      public String asString() {
        return "tablemapper.query.kind";
      }
    },
    /**
     * {@code success} or {@code failure} ({@code unknown} while it runs); for the background completer's look for
     * pending work ({@code poll_pending}), {@code found} or {@code none} in place of {@code success}.
     */
    OUTCOME {
      @Override
      public String asString() {
        return "tablemapper.outcome";
      }
    },
    /** The class name of the exception it failed with, or {@code none}. */
    ERROR_TYPE {
      @Override
      public String asString() {
        return "error.type";
      }
    }
  }

  /** The high-cardinality keys of {@link #OPERATION}: on its span only. */
  public enum OperationHighCardinalityKeys implements KeyName {
    /** The account or database the store keeps its tables in ({@code StoreDescription.namespace()}); absent where
     * there is none (an in-memory store). */
    DB_NAMESPACE {
      @Override
      public String asString() {
        return "db.namespace";
      }
    },
    /** The host of the server the requests go to; absent for an embedded store. */
    SERVER_ADDRESS {
      @Override
      public String asString() {
        return "server.address";
      }
    },
    /** The port of that server; absent where {@code server.address} is, or the port is not known. */
    SERVER_PORT {
      @Override
      public String asString() {
        return "server.port";
      }
    },
    /** The one PartitionKey its requests to its table addressed; absent where they addressed several or none. */
    PARTITION_KEY {
      @Override
      public String asString() {
        return "db.tablemapper.partition_key";
      }
    },
    /** The plan of a query, as in the repository method's generated Javadoc; absent for other operations. */
    DB_QUERY_TEXT {
      @Override
      public String asString() {
        return "db.query.text";
      }
    },
    /** The rows the store returned to it. */
    ROWS_READ {
      @Override
      public String asString() {
        return "tablemapper.rows.read";
      }
    },
    /** The rows the store applied for it. */
    ROWS_WRITTEN {
      @Override
      public String asString() {
        return "tablemapper.rows.written";
      }
    },
    /** The requests it sent to the store. */
    REQUESTS {
      @Override
      public String asString() {
        return "tablemapper.requests";
      }
    }
  }

  /** The low-cardinality keys of {@link #STORE_REQUEST}: on its span, and tags of its timer. */
  public enum RequestLowCardinalityKeys implements KeyName {
    /** The store, as the operation's {@link OperationLowCardinalityKeys#DB_SYSTEM_NAME}. */
    DB_SYSTEM_NAME {
      @Override
      public String asString() {
        return "db.system.name";
      }
    },
    /** The table, or {@code none} (a listing of tables). */
    DB_COLLECTION_NAME {
      @Override
      public String asString() {
        return "db.collection.name";
      }
    },
    /**
     * The request: {@code get}; {@code query}; a write's {@code insert}, {@code replace}, {@code merge},
     * {@code upsert_replace}, {@code upsert_merge} or {@code delete}; {@code batch}; {@code table}; or
     * {@code pending_step}.
     */
    DB_OPERATION_NAME {
      @Override
      public String asString() {
        return "db.operation.name";
      }
    },
    /** {@code success} or {@code failure} ({@code unknown} while it runs). */
    OUTCOME {
      @Override
      public String asString() {
        return "tablemapper.outcome";
      }
    },
    /** The class name of the exception it failed with, or {@code none}. */
    ERROR_TYPE {
      @Override
      public String asString() {
        return "error.type";
      }
    }
  }

  /** The high-cardinality keys of {@link #STORE_REQUEST}: on its span only. */
  public enum RequestHighCardinalityKeys implements KeyName {
    /** The account or database the store keeps its tables in ({@code StoreDescription.namespace()}); absent where
     * there is none (an in-memory store). */
    DB_NAMESPACE {
      @Override
      public String asString() {
        return "db.namespace";
      }
    },
    /** The host of the server the requests go to; absent for an embedded store. */
    SERVER_ADDRESS {
      @Override
      public String asString() {
        return "server.address";
      }
    },
    /** The port of that server; absent where {@code server.address} is, or the port is not known. */
    SERVER_PORT {
      @Override
      public String asString() {
        return "server.port";
      }
    },
    /** The one PartitionKey it addressed; absent where it addressed several or none. */
    PARTITION_KEY {
      @Override
      public String asString() {
        return "db.tablemapper.partition_key";
      }
    },
    /** The operations of an entity group transaction; absent for other requests. */
    DB_OPERATION_BATCH_SIZE {
      @Override
      public String asString() {
        return "db.operation.batch.size";
      }
    }
  }
}
