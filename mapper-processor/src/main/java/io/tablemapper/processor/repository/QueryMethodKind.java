package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;

/**
 * One kind of derived query method — find, page, count, exists, delete: recognises the methods of its kind by their
 * action, return and limit, checks what only its kind requires, and writes the statement that runs the planned
 * query. {@link QueryMethodAnalyzer} tries the kinds in the order of its list; a new kind of method is one more class
 * there, and what all kinds share (conditions, parameters, the plan and its scan rules, the query itself) stays out
 * of them.
 */
public interface QueryMethodKind {

  /** Whether a method with this action, {@code First}/{@code TopN} limit (0 when none) and return is of this kind. */
  boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit);

  /** Whether the method returns entities, which come in the order of a key (the plan report states it). */
  boolean returnsEntities();

  /**
   * Whether the method only reads (finds, pages, counts, tests), so that copies declared
   * {@code reads = IndexReads.COPIES} may answer it ({@link CopyAnswers}); a delete does not.
   */
  default boolean readsOnly() {
    return true;
  }

  /**
   * Whether the method only counts or tests its matches, in no order: a single read of it may take the rows in the
   * store's order, even on a store that keeps no key order ({@link StoreTarget}).
   */
  default boolean ignoresOrder() {
    return false;
  }

  /**
   * Checks a trailing {@code PageRequest} parameter, reporting on the method: only a page method takes one.
   *
   * @param pageRequest the name of the trailing PageRequest parameter, or null
   * @return whether the method may go on to be planned
   */
  default boolean checkPageRequest(MethodContext method, String pageRequest) {
    if (pageRequest == null) {
      return true;
    }
    method.error(Rule.QUERY_RETURN_TYPE,
        method.signature() + ": takes a PageRequest and so must return Page<" + method.result() + ">");
    return false;
  }

  /**
   * Checks the plan against what the method promises, reporting on the method; by default any plan will do.
   *
   * @return whether the method can be generated
   */
  default boolean checkPlan(MethodContext method, Plan plan) {
    return true;
  }

  /**
   * The statement that runs the query held in the local variable {@code query} and returns the method's result.
   *
   * @param projection the constant holding the {@code Projection} of a method that returns records of some of the
   *     entity's properties ({@link RepositoryModel.QueryMethod#projection()}), or null
   */
  CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection);

  /**
   * The statement that reads the one row a point plan names (of the entity's own table, with no index, filter, limit
   * or projection) straight by its keys and returns the method's result, or null when this kind of method needs
   * the query object ({@link #run}) all the same.
   *
   * @param name the method's name in events and messages ({@code EmployeeRepository.findByDepartmentAndEmployeeId})
   * @param plan the constant holding the plan's text
   * @param partitionKey the expression composing the PartitionKey
   * @param rowKey the expression composing the RowKey
   */
  default CodeBlock runPoint(
      RepositoryModel.QueryMethod method, String name, String plan, CodeBlock partitionKey, CodeBlock rowKey) {
    return null;
  }

  /**
   * The expression that starts the query held in {@code query} on the store's async path and gives the future of the
   * method's result, for a method that returns a {@code CompletableFuture}: every kind has one, so that no async
   * method holds a thread of the mapper's executor.
   *
   * @param projection as for {@link #run}
   */
  CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection);
}
