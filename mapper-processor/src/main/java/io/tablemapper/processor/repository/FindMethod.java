package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;

/**
 * {@code find}, {@code get} and {@code stream} methods that return the matching entities: {@code T} (get only, which
 * fails when none matches), {@code Optional<T>}, {@code List<T>} or {@code Stream<T>} ({@code stream} returns only
 * that). A method that returns one entity must have a plan that matches one at most, or take the first. Each may
 * return a record of some of the entity's properties (a projection) in place of the entity.
 */
final class FindMethod implements QueryMethodKind {

  @Override
  public boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    switch (action) {
      case FIND:
        return returns == RepositoryModel.Returns.OPTIONAL || returns == RepositoryModel.Returns.LIST
            || returns == RepositoryModel.Returns.STREAM;
      case GET:
        return returns == RepositoryModel.Returns.ENTITY || returns == RepositoryModel.Returns.OPTIONAL
            || returns == RepositoryModel.Returns.LIST || returns == RepositoryModel.Returns.STREAM;
      case STREAM:
        return returns == RepositoryModel.Returns.STREAM;
      default:
        return false;
    }
  }

  @Override
  public boolean returnsEntities() {
    return true;
  }

  @Override
  public boolean checkPlan(MethodContext method, Plan plan) {
    boolean single = method.returns() == RepositoryModel.Returns.OPTIONAL
        || method.returns() == RepositoryModel.Returns.ENTITY;
    int limit = method.parsed().limit();
    boolean oneRow = plan.kind() == QueryKind.POINT && !plan.severalReads()
        && (plan.index() == null || !plan.index().keyList()); // a key list's one row lists many entities
    if (!single || oneRow || limit == 1) {
      return true;
    }
    String result = method.result();
    method.error(Rule.QUERY_NOT_UNIQUE,
        method.signature() + ": returns one " + result + " but its plan (" + plan.description() + ") can"
            + " match several; return List<" + result + ">"
            + (plan.kind() == QueryKind.TABLE_SCAN ? "" : ", or name it " + method.parsed().action().prefix()
                + "FirstBy... to take the first in key order") + ", or add conditions that bind every key"
            + " component");
    return false;
  }

  @Override
  public CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection) {
    return projection == null
        ? CodeBlock.of("return this.support.$N($N)", supportMethod(method.returns()), query)
        : CodeBlock.of("return this.support.$N($N, $N)", supportMethod(method.returns()), query, projection);
  }

  @Override
  public CodeBlock runPoint(
      RepositoryModel.QueryMethod method, String name, String plan, CodeBlock partitionKey, CodeBlock rowKey) {
    switch (method.returns()) {
      case OPTIONAL:
        return CodeBlock.of("return this.support.findByKeys($S,$W$N,$W$L,$W$L)", name, plan, partitionKey, rowKey);
      case ENTITY:
        return CodeBlock.of("return this.support.getByKeys($S,$W$N,$W$L,$W$L)", name, plan, partitionKey, rowKey);
      default:
        return null; // a List or Stream of at most one entity keeps the query's shape
    }
  }

  /** A stream has no async form of its own: its pages are read as it is consumed (and prefetched). */
  @Override
  public CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection) {
    if (method.returns() == RepositoryModel.Returns.STREAM) {
      throw new AssertionError("[QueryAsyncReturn] refuses a future of a stream before code is generated: " + method);
    }
    String async = supportMethod(method.returns()) + "Async";
    return projection == null
        ? CodeBlock.of("this.support.$N($N)", async, query)
        : CodeBlock.of("this.support.$N($N, $N)", async, query, projection);
  }

  private static String supportMethod(RepositoryModel.Returns returns) {
    switch (returns) {
      case ENTITY:
        return "getOne";
      case OPTIONAL:
        return "findOne";
      case LIST:
        return "list";
      case STREAM:
        return "stream";
      default:
        throw new AssertionError(returns);
    }
  }
}
