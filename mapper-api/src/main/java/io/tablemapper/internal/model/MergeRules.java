package io.tablemapper.internal.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of a partial merge — a write of some properties of an entity into its stored row, the others kept — and
 * their wording, written once for its two front ends: a repository method that names the properties
 * ({@code mergeH07BySensorAndDay(double h07, String sensor, LocalDate day)}, checked by the processor) and the
 * run-time list of names ({@code repository.merge(entity, "h07")}, checked by the runtime before anything is sent).
 * Both say literally the same thing under the same id.
 *
 * <p>A property may be merged when it is stored and is no part of the entity's keys: the keys name the entity
 * merged into, so a key property cannot change by a merge (a new value is another entity). An {@code @Encrypted}
 * property may be merged (it is encrypted for the entity's keys, which the merge knows), and so may an indexed one:
 * the index copies in the entity's partition are rewritten from the merged row in the same entity group
 * transaction, which costs a read of the stored row first. An entity with an index in another partition or table
 * takes no partial merge: that index's copies are claimed and reconciled from the whole entity.
 */
public final class MergeRules {
  private MergeRules() {}

  /**
   * What the rules need to know of the entity merged into, as either front end reads it.
   *
   * @param entity its simple name, for messages
   * @param abstractType whether it is abstract
   * @param properties every property, stored or not
   * @param partitionKey its PartitionKey template as written
   * @param partitionKeyProperties the properties the PartitionKey binds
   * @param rowKey its RowKey template as written, or null
   * @param rowKeyProperties the properties the RowKey binds
   * @param remoteIndex the name of an index of it in another partition or table, or null when it has none
   */
  public record Subject(String entity, boolean abstractType, List<? extends ModelProperty> properties,
      String partitionKey, List<String> partitionKeyProperties, String rowKey, List<String> rowKeyProperties,
      String remoteIndex) {

    /** The subject a checked entity is. */
    public static Subject of(CheckedEntity<?> checked, String entity) {
      String remote = null;
      for (IndexRules.BoundIndex<?> index : checked.indexes()) {
        if (index.remote() && remote == null) {
          remote = index.name();
        }
      }
      return new Subject(entity, checked.abstractType(), checked.properties(),
          checked.partitionKey().template().source(), checked.partitionKey().names(),
          checked.rowKey() == null ? null : checked.rowKey().template().source(),
          checked.rowKey() == null ? List.of() : checked.rowKey().names(), remote);
    }
  }

  /**
   * Checks the properties a partial merge names.
   *
   * @param what the merge, for messages: {@code "merge method mergeH07BySensorAndDay"}, {@code "the merge of
   *     Reading"}
   * @param names the Java names of the properties, in the order given
   * @return the problems, one per broken rule and name; empty when the merge may be made
   */
  public static List<Problem> check(Subject subject, String what, List<String> names) {
    List<Problem> problems = new ArrayList<>();
    Problem target = target(subject, what);
    if (target != null) {
      problems.add(target);
      return problems;
    }
    if (names.isEmpty()) {
      problems.add(Rule.MERGE_PROPERTIES.problem(what + " names no property of " + subject.entity() + ": name the"
          + " properties to merge (merge(entity) merges every property the entity holds)"));
    }
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      Problem problem = seen.add(name) ? property(subject, what, name)
          : Rule.MERGE_PROPERTIES.problem(what + " names '" + name + "' twice; name each property once");
      if (problem != null) {
        problems.add(problem);
      }
    }
    return problems;
  }

  /**
   * The problem with merging into the entity at all — it is abstract, or has an index in another partition or
   * table — or null.
   */
  public static Problem target(Subject subject, String what) {
    if (subject.abstractType() || subject.rowKey() == null) {
      return Rule.MERGE_PROPERTIES.problem(what + " merges into " + subject.entity() + ", which is abstract: merge"
          + " into one of its concrete @Entity subtypes, whose keys name the entity");
    }
    if (subject.remoteIndex() != null) {
      return Rule.MERGE_REMOTE_INDEX.problem(what + " merges into " + subject.entity() + ", whose index '"
          + subject.remoteIndex() + "' lives in another partition or table: its copies are claimed and reconciled"
          + " from the whole entity, which a partial merge does not hold; merge the whole entity (merge(entity)),"
          + " or keep the index in the entity's partition");
    }
    return null;
  }

  /** The problem with merging one property, or null when it may be merged. */
  public static Problem property(Subject subject, String what, String name) {
    ModelProperty property = null;
    List<String> candidates = new ArrayList<>();
    for (ModelProperty candidate : subject.properties()) {
      candidates.add(candidate.name());
      if (candidate.name().equals(name)) {
        property = candidate;
      }
    }
    if (property == null) {
      return Rule.MERGE_UNKNOWN_PROPERTY.problem(what + " names '" + name + "', which is not a property of "
          + subject.entity() + Suggestions.didYouMean(name, candidates));
    }
    if (property.role() != PropertyRole.STORED) {
      String role = property.role() == PropertyRole.ETAG ? "its @ETag"
          : property.role() == PropertyRole.TIMESTAMP ? "its @Timestamp" : "@Transient";
      return Rule.MERGE_NOT_STORED.problem(what + " names '" + name + "', which is " + role + " in "
          + subject.entity() + " and not stored as a property: name only stored properties"
          + (property.role() == PropertyRole.ETAG ? " (an ETag the entity carries is the merge's condition)" : ""));
    }
    String key = subject.partitionKeyProperties().contains(name) ? "PartitionKey '" + subject.partitionKey() + "'"
        : subject.rowKeyProperties().contains(name) ? "RowKey '" + subject.rowKey() + "'" : null;
    if (key != null) {
      return Rule.MERGE_KEY_PROPERTY.problem(what + " names '" + name + "', which is part of the " + key + " of "
          + subject.entity() + ": the keys say which entity is merged into, so a key property cannot be merged"
          + " (another value is another entity: insert it under its new keys and delete the old one)");
    }
    return null;
  }
}
