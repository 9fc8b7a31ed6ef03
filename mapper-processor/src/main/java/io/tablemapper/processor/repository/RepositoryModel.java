package io.tablemapper.processor.repository;

import com.palantir.javapoet.ClassName;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;
import java.util.List;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;

/**
 * A {@code @Repository} interface, its entity and its planned methods.
 *
 * @param element the interface
 * @param entity the entity it stores
 * @param methods the derived query methods
 * @param asyncWrites whether it extends {@code AsyncTableRepository}, whose writes return futures
 * @param merges the partial merge methods ({@code mergeH07BySensorAndDay})
 * @param jakarta what a Jakarta Data repository has beside its queries (its key type, lifecycle and inherited
 *     methods), or null for a tablemapper {@code @Repository}
 */
public record RepositoryModel(TypeElement element, EntityModel entity, List<QueryMethod> methods,
    boolean asyncWrites, List<MergeMethod> merges, JakartaModel jakarta) {

  /** A tablemapper {@code @Repository}. */
  public RepositoryModel(TypeElement element, EntityModel entity, List<QueryMethod> methods, boolean asyncWrites,
      List<MergeMethod> merges) {
    this(element, entity, methods, asyncWrites, merges, null);
  }

  /**
   * One partial merge method: writes the named properties of the entity its key values name, without reading it
   * (where it has no index), through {@code RepositorySupport.merge(entity, properties)}.
   *
   * @param element the method
   * @param type the method as a member of the repository
   * @param upsert whether it is an {@code upsertMerge} (inserts the entity when none is stored)
   * @param properties the Java names of the merged properties, in the name's order
   * @param values the merged properties, each with its parameter
   * @param keys the properties of the keys, each with its parameter
   * @param etag the name of the {@code @ETag} parameter the merge is conditional on, or null
   * @param returnsEntity whether it returns the entity (else nothing)
   * @param async whether it returns a {@code CompletableFuture}: the write on the store's async path, its result handed
   *     over on the mapper's executor
   */
  public record MergeMethod(ExecutableElement element, ExecutableType type, boolean upsert, List<String> properties,
      List<Bound> values, List<Bound> keys, String etag, boolean returnsEntity, boolean async) {}

  /**
   * A property bound to a parameter of a merge method.
   *
   * @param property the property
   * @param parameter the parameter's name
   */
  public record Bound(PropertyModel property, String parameter) {}

  /** What a query method returns. */
  public enum Returns {
    ENTITY,
    OPTIONAL,
    LIST,
    STREAM,
    PAGE,
    LONG,
    BOOLEAN,
    VOID
  }

  /**
   * One derived query method.
   *
   * @param element the method
   * @param type the method as a member of the repository (type arguments resolved)
   * @param kind what kind of method it is
   * @param returns what it returns
   * @param limit its {@code First}/{@code TopN} limit, or 0
   * @param conditions its conditions, bound to parameters
   * @param ordering its {@code OrderBy} properties, empty when it has none (results come in key order)
   * @param pageRequest the name of its trailing PageRequest parameter, or null
   * @param plan how it reaches the store
   * @param projection the record of some of the entity's properties it returns instead of entities, or null
   * @param async whether it returns a {@code CompletableFuture} of what {@code returns} says: the query on the
   *     store's async path, its result handed over on the mapper's executor
   * @param client for a Jakarta Data method whose query the client completes, what it does to the list of matches
   *     the query reads (sort, skip, limit, page, the one result); else null
   */
  public record QueryMethod(
      ExecutableElement element,
      ExecutableType type,
      QueryMethodKind kind,
      Returns returns,
      int limit,
      List<Condition> conditions,
      List<MethodNameParser.Order> ordering,
      String pageRequest,
      Plan plan,
      Projection projection,
      boolean async,
      Client client) {

    /** This method with client steps over its query's list of matches. */
    public QueryMethod withClient(Client steps) {
      return new QueryMethod(element, type, kind, returns, limit, conditions, ordering, pageRequest, plan, projection,
          async, steps);
    }
  }

  /** What a Jakarta Data method with client steps returns, from the list its query reads. */
  public enum ClientResult {
    LIST,
    STREAM,
    ARRAY,
    /** The one entity, or {@code EmptyResultException}; {@code NonUniqueResultException} for several. */
    ENTITY,
    /** The one entity or none; {@code NonUniqueResultException} for several. */
    OPTIONAL,
    /** An offset {@code Page}, of the parameter {@link Client#pageRequest}. */
    PAGE,
    /** A {@code CursoredPage} whose cursor is the values of its order, after the parameter {@link Client#pageRequest}. */
    CURSORED_PAGE,
    /** The number of matches, of a JDQL {@code SELECT COUNT(THIS)}. */
    COUNT
  }

  /**
   * The steps the client takes over the matches of a Jakarta Data method's query, in order: sort (by {@code order},
   * then by each of {@code sorts} as the caller gives them), skip and limit ({@code limit}, then {@code first}), then
   * shape the result; each reads the whole list of matches, the cost the {@code [JakartaClientQuery]} warning states.
   *
   * @param order the order the method declares ({@code OrderBy}, {@code @OrderBy}), sorted in the client
   * @param sorts the parameters of type {@code Sort}, {@code Sort[]} or {@code Order}, in order
   * @param limit the {@code Limit} parameter, or null
   * @param first the {@code First}/{@code FirstN} of its name, or 0
   * @param pageRequest the {@code PageRequest} parameter of a page, or null
   * @param result what it returns
   * @param filters the conditions the client evaluates, as branches joined by {@code Or} of conditions joined by
   *     {@code And}; empty when the store evaluates them all
   * @param select the attribute a JDQL {@code SELECT} returns instead of the entities, or null
   * @param write what a JDQL {@code UPDATE} or {@code DELETE} writes to each match, or null for a query
   */
  public record Client(List<MethodNameParser.Order> order, List<String> sorts, String limit, int first,
      String pageRequest, ClientResult result, List<List<ClientCondition>> filters, String select,
      JdqlWrite write) {}

  /** What a JDQL {@code UPDATE} or {@code DELETE} method returns: the number of entities it wrote, or not. */
  public enum WriteResult {
    VOID,
    INT,
    LONG,
    /** Whether it wrote any. */
    BOOLEAN
  }

  /**
   * A JDQL {@code UPDATE <Entity> SET ...} or {@code DELETE FROM <Entity>}: the matches its query reads (and its
   * client filters keep), each rewritten or deleted by one conditional write.
   *
   * @param delete whether it deletes (else it updates)
   * @param assignments the {@code SET} assignments, in order; empty for a delete
   * @param result what the method returns
   * @param reread the POINT plan of one entity by its keys, by which an update reads an entity again when it changed
   *     between the query and its write
   * @param where every condition of its {@code WHERE} (those the store evaluates too), as groups joined by
   *     {@code Or} of conditions joined by {@code And}: the test of an entity read again; empty when it has none
   */
  public record JdqlWrite(boolean delete, List<Assignment> assignments, WriteResult result, Plan reread,
      List<List<ClientCondition>> where) {}

  /**
   * One assignment of a JDQL {@code SET}.
   *
   * @param property the attribute set
   * @param value its new value as Java source over {@code each_}, the entity as read (so every assignment sees the
   *     values before the update), and the method's parameters
   */
  public record Assignment(PropertyModel property, String value) {}

  /**
   * A condition the client evaluates over each match of a query.
   *
   * @param property the property it compares
   * @param term its operator and whether it ignores case
   * @param parameters what it compares with, as Java source (a parameter's name, or a JDQL literal), as many as its
   *     operator takes
   */
  public record ClientCondition(PropertyModel property, MethodNameParser.Term term, List<String> parameters) {}

  /**
   * A record returned by query methods instead of the entity, each of its components a property of the entity with
   * its name and type: only those properties are read.
   *
   * @param element the record
   * @param components its components in order, each with the entity's property of its name
   */
  public record Projection(TypeElement element, List<Component> components) {

    /** The record's name for generated code. */
    public ClassName className() {
      return ClassName.get(element);
    }
  }

  /**
   * One component of a projection.
   *
   * @param name the component's name, the property's Java name
   * @param property the entity's property
   */
  public record Component(String name, PropertyModel property) {}

  /** The generated implementation. */
  public ClassName implementationName() {
    ClassName interfaceName = ClassName.get(element);
    String packageName = interfaceName.packageName();
    String nested = String.join("$", interfaceName.simpleNames());
    String generated = GeneratedNames.repository(packageName.isEmpty() ? nested : packageName + "." + nested);
    return ClassName.get(GeneratedNames.packageName(generated), GeneratedNames.simpleName(generated));
  }

  /**
   * What a Jakarta Data repository has beside its query methods (which are {@link #methods}, planned as tablemapper's
   * derived ones).
   *
   * @param keyType the key type {@code K} of its {@code DataRepository<T, K>}, or null when it extends none
   * @param keyProperties the properties {@code K} stands for: the one key property, or the components of a key record
   *     in the record's order
   * @param keyRecord whether {@code K} is a record of the key properties (else the one key property's type)
   * @param lifecycles its {@code @Insert}, {@code @Update}, {@code @Delete}, {@code @Save} methods and the inherited
   *     ones of {@code BasicRepository} and {@code CrudRepository}
   * @param byId its inherited {@code findById} and {@code deleteById}, and {@code findAll(PageRequest, Order)}
   * @param refused its methods the processor refused, compiled under {@code -Atablemapper.jakarta.refused=throw} to
   *     methods that throw
   * @param parts for a repository with no primary entity type whose methods name several entities, one model per
   *     entity with that entity's methods (the implementation dispatches each method to its entity's part); else
   *     empty
   */
  public record JakartaModel(TypeMirror keyType, List<PropertyModel> keyProperties, boolean keyRecord,
      List<Lifecycle> lifecycles, List<ById> byId, List<Refused> refused, List<RepositoryModel> parts) {

    /** The Jakarta side of a repository of one entity. */
    public JakartaModel(TypeMirror keyType, List<PropertyModel> keyProperties, boolean keyRecord,
        List<Lifecycle> lifecycles, List<ById> byId, List<Refused> refused) {
      this(keyType, keyProperties, keyRecord, lifecycles, byId, refused, List.of());
    }
  }

  /**
   * A Jakarta Data method the processor refused ({@link JakartaOptions}): it throws
   * {@code UnsupportedOperationException} with why.
   *
   * @param element the method
   * @param type the method as a member of the repository
   * @param why the refusals, each with its id, as the compile errors would have said them
   */
  public record Refused(ExecutableElement element, ExecutableType type, String why) {}

  /** What a lifecycle method does: each is one of {@code JakartaSupport}'s writes. */
  public enum Operation {
    INSERT,
    UPDATE,
    SAVE,
    DELETE;

    /** The {@code JakartaSupport} method of one entity, or of a list with {@code All} appended. */
    public String supportMethod() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * One lifecycle method.
   *
   * @param element the method
   * @param type the method as a member of the repository
   * @param operation what it does
   * @param list whether it takes a {@code List} of entities, or an array (else one entity)
   * @param returnsValue whether it returns what it wrote (else nothing)
   * @param array whether it takes an array of entities (varargs too) and returns one
   */
  public record Lifecycle(ExecutableElement element, ExecutableType type, Operation operation, boolean list,
      boolean returnsValue, boolean array) {

    /** A lifecycle method of one entity or of a {@code List} of them. */
    public Lifecycle(ExecutableElement element, ExecutableType type, Operation operation, boolean list,
        boolean returnsValue) {
      this(element, type, operation, list, returnsValue, false);
    }
  }

  /** Which of BasicRepository's methods by key a {@link ById} is. */
  public enum ByIdKind {
    FIND_BY_ID,
    DELETE_BY_ID,
    /** {@code findAll(PageRequest, Order)}: an offset page, refused at run time with why. */
    FIND_ALL_PAGE
  }

  /**
   * One of BasicRepository's methods by key, or its offset page of every entity.
   *
   * @param element the inherited method
   * @param type the method as a member of the repository
   * @param kind which it is
   * @param plan how it reaches the store
   */
  public record ById(ExecutableElement element, ExecutableType type, ByIdKind kind, Plan plan) {}
}
