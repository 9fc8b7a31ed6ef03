package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.planning.MethodNameParser;

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

  @Override
  public CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection) {
    return projection == null
        ? CodeBlock.of("return this.support.page($N, $N)", query, method.pageRequest())
        : CodeBlock.of("return this.support.page($N, $N, $N)", query, method.pageRequest(), projection);
  }
}
