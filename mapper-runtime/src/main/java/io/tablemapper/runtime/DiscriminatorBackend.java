package io.tablemapper.runtime;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stores the discriminator under another property name ({@code TableMapper.builder().discriminator("Kind")}), so
 * that the rest of the runtime keeps using {@link EntityMapping#TYPE_PROPERTY}: rows written get
 * {@code EntityType} renamed, rows read get the configured property renamed back, and filters and projections
 * name the configured property. In a table shared this way, a stored property that happens to be called
 * {@code EntityType} is not the discriminator, so reads leave it out; a row that would be written with both
 * {@code EntityType} and the configured property is refused.
 */
final class DiscriminatorBackend implements TableBackend {
  private final TableBackend backend;
  private final String name;

  DiscriminatorBackend(TableBackend backend, String name) {
    this.backend = backend;
    this.name = name;
  }

  /** The backend to use for a discriminator name: the backend itself for the default name. */
  static TableBackend wrap(TableBackend backend, String name) {
    return name.equals(EntityMapping.TYPE_PROPERTY) ? backend : new DiscriminatorBackend(backend, name);
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    return backend.createTableIfNotExists(table);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    return backend.deleteTableIfExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    return backend.tableExists(table);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return backend.get(table, partitionKey, rowKey).map(this::read);
  }

  @Override
  public QueryResult query(TableQuery query) {
    QueryResult result = backend.query(query.toBuilder()
        .filter(stored(query.filter()))
        .select(stored(query.select()))
        .build());
    List<TableRow> rows = new ArrayList<>(result.rows().size());
    for (TableRow row : result.rows()) {
      rows.add(read(row));
    }
    return new QueryResult(rows, result.continuation());
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    return backend.write(table, stored(operation));
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    List<WriteOperation> stored = new ArrayList<>(operations.size());
    for (WriteOperation operation : operations) {
      stored.add(stored(operation));
    }
    return backend.batch(table, stored);
  }

  @Override
  public String name() {
    return backend.name();
  }

  @Override
  public void close() {
    backend.close();
  }

  private TableRow read(TableRow row) {
    if (!row.has(name) && !row.has(EntityMapping.TYPE_PROPERTY)) {
      return row;
    }
    TableRow.Builder builder = row.toBuilder().remove(EntityMapping.TYPE_PROPERTY).remove(name);
    Object type = row.get(name);
    if (type != null) {
      builder.put(EntityMapping.TYPE_PROPERTY, type);
    }
    return builder.build();
  }

  private WriteOperation stored(WriteOperation operation) {
    TableRow row = operation.row();
    if (!row.has(EntityMapping.TYPE_PROPERTY)) {
      return operation;
    }
    if (row.has(name)) {
      throw new InvalidEntityException("row " + row.describeKeys() + " has a property '" + name + "' besides its "
          + EntityMapping.TYPE_PROPERTY + " '" + row.get(EntityMapping.TYPE_PROPERTY) + "', but this mapper stores"
          + " the entity type in '" + name + "' (TableMapper.builder().discriminator(\"" + name + "\")); rename"
          + " the property with @Property(\"...\")");
    }
    TableRow renamed = row.toBuilder()
        .remove(EntityMapping.TYPE_PROPERTY)
        .put(name, row.get(EntityMapping.TYPE_PROPERTY))
        .build();
    return new WriteOperation(operation.kind(), renamed, operation.ifMatch());
  }

  private List<String> stored(List<String> select) {
    if (select == null || !select.contains(EntityMapping.TYPE_PROPERTY)) {
      return select;
    }
    List<String> renamed = new ArrayList<>(select.size());
    for (String property : select) {
      renamed.add(property.equals(EntityMapping.TYPE_PROPERTY) ? name : property);
    }
    return renamed;
  }

  private Filter stored(Filter filter) {
    if (filter == null) {
      return null;
    }
    if (filter instanceof Filter.Comparison) {
      Filter.Comparison comparison = (Filter.Comparison) filter;
      return comparison.property().equals(EntityMapping.TYPE_PROPERTY)
          ? new Filter.Comparison(name, comparison.op(), comparison.value())
          : comparison;
    }
    List<Filter> operands = filter instanceof Filter.And ? ((Filter.And) filter).operands()
        : ((Filter.Or) filter).operands();
    List<Filter> renamed = new ArrayList<>(operands.size());
    for (Filter operand : operands) {
      renamed.add(stored(operand));
    }
    return filter instanceof Filter.And ? new Filter.And(renamed) : new Filter.Or(renamed);
  }

  @Override
  public String toString() {
    return backend + " (entity types in '" + name + "')";
  }
}
