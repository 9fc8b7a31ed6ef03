package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.planning.MethodNameParser;

/**
 * {@code delete} methods: delete every matching entity with its index copies, returning {@code void} or the number
 * deleted as a {@code long}; no limit.
 */
final class DeleteMethod implements QueryMethodKind {

  @Override
  public boolean matches(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    return action == MethodNameParser.Action.DELETE
        && (returns == RepositoryModel.Returns.VOID || returns == RepositoryModel.Returns.LONG) && limit == 0;
  }

  @Override
  public boolean returnsEntities() {
    return false;
  }

  /** {@inheritDoc} A delete reads the entities it deletes, never copies that may be stale. */
  @Override
  public boolean readsOnly() {
    return false;
  }

  @Override
  public CodeBlock run(RepositoryModel.QueryMethod method, String query, String projection) {
    return method.returns() == RepositoryModel.Returns.VOID
        ? CodeBlock.of("this.support.delete($N)", query)
        : CodeBlock.of("return this.support.delete($N)", query);
  }

  @Override
  public CodeBlock runAsync(RepositoryModel.QueryMethod method, String query, String projection) {
    return method.returns() == RepositoryModel.Returns.VOID
        ? CodeBlock.of("this.support.deleteAsync($N).thenRun(() -> { })", query)
        : CodeBlock.of("this.support.deleteAsync($N)", query);
  }
}
