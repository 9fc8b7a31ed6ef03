package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.planning.MethodNameParser;

/** {@code count} methods: return the number of matching entities as a {@code long}; no limit. */
final class CountMethod implements QueryMethodKind {

  @Override
  public boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    return action == MethodNameParser.Action.COUNT && returns == RepositoryModel.Returns.LONG && limit == 0;
  }

  @Override
  public boolean returnsEntities() {
    return false;
  }

  @Override
  public boolean ignoresOrder() {
    return true;
  }

  @Override
  public CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection) {
    return CodeBlock.of("return this.support.count($N)", query);
  }

  @Override
  public CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection) {
    return CodeBlock.of("this.support.countAsync($N)", query);
  }
}
