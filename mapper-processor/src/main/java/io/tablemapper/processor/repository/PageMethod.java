package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;

/**
 * {@code find} and {@code get} methods that return one {@code Page<T>} of the matching entities, asked for by a
 * trailing {@code PageRequest} parameter, or a page of records of some of their properties (a projection).
 */
final class PageMethod implements QueryMethodKind {

  @Override
  public boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    return (action == MethodNameParser.Action.FIND || action == MethodNameParser.Action.GET)
        && returns == RepositoryModel.Returns.PAGE;
  }

  @Override
  public boolean returnsEntities() {
    return true;
  }

  @Override
  public boolean checkPageRequest(MethodContext method, String pageRequest) {
    if (pageRequest != null) {
      return true;
    }
    method.error(Rule.QUERY_RETURN_TYPE, method.signature() + ": returns Page<" + method.result()
        + "> and so needs a trailing PageRequest parameter");
    return false;
  }

  /**
   * Refuses a plan of several reads ({@code In} on a key component, the union of an {@code Or}'s branches): a page
   * of their merge would need a continuation token per read, which a page token does not hold.
   */
  @Override
  public boolean checkPlan(MethodContext method, Plan plan) {
    if (plan.union()) {
      method.error(Rule.QUERY_RETURN_TYPE, method.signature() + ": returns Page<" + method.result() + ">, but its"
          + " plan (" + plan.description() + ") is one read per branch of its Or, and a page token cannot resume"
          + " several reads at once; return List<" + method.result() + "> or Stream<" + method.result()
          + ">, or declare one paged method per branch");
      return false;
    }
    if (plan.fanOut() == null) {
      return true;
    }
    method.error(Rule.QUERY_RETURN_TYPE, method.signature() + ": returns Page<" + method.result() + ">, but its plan ("
        + plan.description() + ") is one read per element of '" + plan.fanOut() + "', and a page token cannot"
        + " resume several reads at once; return List<" + method.result() + "> or Stream<" + method.result()
        + ">, or page one element at a time with an equality condition");
    return false;
  }

  @Override
  public CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection) {
    return projection == null
        ? CodeBlock.of("return this.support.page($N, $N)", query, method.pageRequest())
        : CodeBlock.of("return this.support.page($N, $N, $N)", query, method.pageRequest(), projection);
  }

  @Override
  public CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection) {
    return projection == null
        ? CodeBlock.of("this.support.pageAsync($N, $N)", query, method.pageRequest())
        : CodeBlock.of("this.support.pageAsync($N, $N, $N)", query, method.pageRequest(), projection);
  }
}
