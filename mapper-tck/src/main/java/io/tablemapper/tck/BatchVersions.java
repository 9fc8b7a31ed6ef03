package io.tablemapper.tck;

import java.util.List;

/**
 * How a store versions the rows one batch writes, a capability a {@link StoreUnderTest} declares. Both are within
 * the backend contract, and the mapper keeps every promise with either; the kit checks the ETags of index copies
 * written in one batch with their entity against the way the store declares.
 */
public enum BatchVersions {
  /** One ETag and Timestamp for every row of a batch, as the Azure Table service (and the H2 backend) give. */
  SHARED,
  /** An ETag and Timestamp for each row of a batch, never equal to another row's, as the in-memory store can give. */
  DISTINCT,
  /**
   * An ETag and Timestamp for each row of a batch, made from a clock, so that rows written in the same tick may
   * share one: as Azurite and the Cosmos DB Table API give. The kit then accepts what either of the others would
   * give where the mapper's work depends on it (how many copies it reads back, for one).
   */
  EITHER;

  /**
   * A count a check expects of a store that versions batches this way: {@code shared}, {@code distinct}, or for
   * {@code EITHER} any count from one to the other — such a store may give some rows of one batch an ETag and others
   * their own (Azurite gave the two index copies of an insert one ETag and the entity another in 87 of 200 inserts,
   * the entity and one copy one ETag in 6), and each row whose ETag is not its entity's costs its own read.
   */
  List<Integer> expected(int shared, int distinct) {
    if (this != EITHER) {
      return expected((Integer) shared, (Integer) distinct);
    }
    List<Integer> counts = new java.util.ArrayList<>();
    for (int count = Math.min(shared, distinct); count <= Math.max(shared, distinct); count++) {
      counts.add(count);
    }
    return counts;
  }

  /** What a check expects of a store that versions batches this way: {@code shared}, {@code distinct}, or both. */
  <T> List<T> expected(T shared, T distinct) {
    switch (this) {
      case SHARED:
        return List.of(shared);
      case DISTINCT:
        return List.of(distinct);
      default:
        return List.of(shared, distinct);
    }
  }
}
