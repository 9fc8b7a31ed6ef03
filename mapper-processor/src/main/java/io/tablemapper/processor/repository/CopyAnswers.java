package io.tablemapper.processor.repository;

import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.Plan;

/**
 * Which query methods the copies of an index declared {@code reads = IndexReads.COPIES} answer alone, in one
 * request per page and eventually consistent, rather than each copy verified against its entity: a method that
 * only reads ({@link QueryMethodKind#readsOnly}), through one read or an {@code In} fanned out over the index (not
 * the branches of an {@code Or}), whose every residual condition is on a property the copies hold, and that returns
 * what they hold — anything for a full copy; for a partial copy a projection of its properties, a count or an
 * exists, never the whole entity.
 */
final class CopyAnswers {
  private CopyAnswers() {}

  /**
   * The plan of a method: answered by the copies of its index ({@link Plan#answeredByCopies}) when they can answer
   * it, else as planned.
   *
   * @param projection the record the method returns, or null for the entity (or a count, an exists)
   */
  static Plan decide(EntityModel entity, QueryMethodKind kind, Plan plan, RepositoryModel.Projection projection,
      int limit) {
    EntityModel.IndexModel index = plan.index();
    if (index == null || !index.copyReads() || !index.remote() || plan.branches() != null || !kind.readsOnly()) {
      return plan;
    }
    if (!index.fullCopy()) {
      for (Condition condition : plan.residual()) {
        if (!index.properties().contains(condition.property().name())) {
          return plan;
        }
      }
      if (projection == null && kind.returnsEntities()) {
        return plan;
      }
      if (projection != null) {
        for (RepositoryModel.Component component : projection.components()) {
          if (!index.properties().contains(component.property().name())) {
            return plan;
          }
        }
      }
    }
    return plan.answeredByCopies(entity, limit);
  }
}
