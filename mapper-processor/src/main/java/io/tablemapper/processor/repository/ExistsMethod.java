package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.planning.MethodNameParser;

/** {@code exists} methods: return whether any entity matches, as a {@code boolean}; no limit. */
final class ExistsMethod implements QueryMethodKind {

  @Override
  public boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    return action == MethodNameParser.Action.EXISTS && returns == RepositoryModel.Returns.BOOLEAN && limit == 0;
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
    return CodeBlock.of("return this.support.exists($N)", query);
  }

  @Override
  public CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection) {
    return CodeBlock.of("this.support.existsAsync($N)", query);
  }
}
