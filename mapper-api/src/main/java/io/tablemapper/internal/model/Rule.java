package io.tablemapper.internal.model;

/**
 * Every rule tablemapper checks before anything runs, one catalogue for the processor and the runtime: each rule has
 * a stable id, shown in brackets before its message ({@code [KeyUnknownProperty] @RowKey of ...}) and never reused,
 * and a severity. A message is worded by {@link EntityRules} (entity rules, which the runtime checks too) or by the
 * processor (repository rules), always as a {@link Problem} of its rule, so an id can never go with another rule's
 * message. A warning can be silenced where it is deliberate with {@code @SuppressWarnings("tablemapper:<Id>")}.
 */
public enum Rule {
  /** The class is no concrete, top-level or static record or class. */
  ENTITY_KIND("EntityKind", Severity.ERROR),
  /**
   * A class entity has no constructor generated code can create it with: neither one without parameters (for a
   * JavaBean) nor one whose parameters are its properties.
   */
  ENTITY_CONSTRUCTOR("EntityConstructor", Severity.ERROR),
  /** A class entity has several constructors whose parameters are its properties. */
  ENTITY_CONSTRUCTOR_AMBIGUOUS("EntityConstructorAmbiguous", Severity.ERROR),
  /** A property has neither an accessor nor a usable field. */
  ENTITY_ACCESSOR("EntityAccessor", Severity.ERROR),
  /** The table name breaks the store's rules. */
  ENTITY_TABLE_NAME("EntityTableName", Severity.ERROR),
  /** A table-name template (table per period) is malformed or yields invalid table names. */
  ENTITY_TABLE_TEMPLATE("EntityTableTemplate", Severity.ERROR),
  /** The property of a table-name template is unknown, not a time, or not a key component. */
  ENTITY_TABLE_PERIOD("EntityTablePeriod", Severity.ERROR),
  /** An entity with a table per period declares an index whose copies live outside the entity's partition. */
  ENTITY_TABLE_PERIOD_INDEX("EntityTablePeriodIndex", Severity.ERROR),
  /** The discriminator is empty, too long, or contains the index separator. */
  ENTITY_TYPE_NAME("EntityTypeName", Severity.ERROR),
  /** The schema version is below 1. */
  ENTITY_VERSION("EntityVersion", Severity.ERROR),
  /** {@code @PartitionKey} or {@code @RowKey} is missing. */
  ENTITY_MISSING_KEY("EntityMissingKey", Severity.ERROR),
  /** A subtype names another table than its {@code @Entity} superclass. */
  ENTITY_INHERITED_TABLE("EntityInheritedTable", Severity.ERROR),
  /** A subtype has the discriminator of an {@code @Entity} superclass. */
  ENTITY_INHERITED_TYPE("EntityInheritedType", Severity.ERROR),
  /** A subtype declares a key template its hierarchy already has. */
  ENTITY_INHERITED_KEY("EntityInheritedKey", Severity.ERROR),
  /** An entity of a hierarchy declares (or inherits) {@code @Index}. */
  ENTITY_INHERITED_INDEX("EntityInheritedIndex", Severity.ERROR),
  /** A property's type cannot be stored. */
  PROPERTY_TYPE("PropertyType", Severity.ERROR),
  /** A stored name breaks the store's rules or is reserved. */
  PROPERTY_NAME("PropertyName", Severity.ERROR),
  /** Two properties would be stored under one name. */
  PROPERTY_NAME_DUPLICATE("PropertyNameDuplicate", Severity.ERROR),
  /**
   * A row the entity's writes make would hold more properties than a row holds: its own row, or an index copy with
   * the copy's bookkeeping ({@link RowMarks}).
   */
  PROPERTY_COUNT("PropertyCount", Severity.ERROR),
  /** A property combines annotations that exclude each other. */
  PROPERTY_ANNOTATIONS("PropertyAnnotations", Severity.ERROR),
  /** An {@code @Encrypted} property of a type the store does not hold as a String or a Binary. */
  ENCRYPTED_TYPE("EncryptedType", Severity.ERROR),
  /** A key template (the entity's or an index's) names an {@code @Encrypted} property. */
  ENCRYPTED_KEY("EncryptedKey", Severity.ERROR),
  /** A {@code @Large} property of a type other than byte[], String or a {@code @Json} type. */
  LARGE_TYPE("LargeType", Severity.ERROR),
  /** A key template (the entity's or an index's) names a {@code @Large} property. */
  LARGE_KEY("LargeKey", Severity.ERROR),
  /** An {@code @ETag} property is no String. */
  ETAG_TYPE("ETagType", Severity.ERROR),
  /** A second {@code @ETag}. */
  ETAG_DUPLICATE("ETagDuplicate", Severity.ERROR),
  /** A {@code @Timestamp} property is no Instant or OffsetDateTime. */
  TIMESTAMP_TYPE("TimestampType", Severity.ERROR),
  /** A second {@code @Timestamp}. */
  TIMESTAMP_DUPLICATE("TimestampDuplicate", Severity.ERROR),
  /** A key template does not parse. */
  KEY_TEMPLATE_SYNTAX("KeyTemplateSyntax", Severity.ERROR),
  /** A key template's literal holds a character keys may not hold. */
  KEY_FORBIDDEN_CHARACTER("KeyForbiddenCharacter", Severity.ERROR),
  /** A placeholder names no property. */
  KEY_UNKNOWN_PROPERTY("KeyUnknownProperty", Severity.ERROR),
  /** A placeholder names a property that is not stored as itself. */
  KEY_PROPERTY_NOT_STORED("KeyPropertyNotStored", Severity.ERROR),
  /** A placeholder names a property whose type cannot be in a key. */
  KEY_PROPERTY_TYPE("KeyPropertyType", Severity.ERROR),
  /** A placeholder's modifiers do not fit its property's type. */
  KEY_TEMPLATE_TYPES("KeyTemplateTypes", Severity.ERROR),
  /** An enum constant cannot be written into a key. */
  KEY_ENUM_CONSTANT("KeyEnumConstant", Severity.ERROR),
  /** A key cannot fit the store's length limit. */
  KEY_TOO_LONG("KeyTooLong", Severity.ERROR),
  /** An index name is invalid or repeated. */
  INDEX_NAME("IndexName", Severity.ERROR),
  /** An index names an invalid table. */
  INDEX_TABLE("IndexTable", Severity.ERROR),
  /**
   * An index whose {@code form} does not fit the rest of its declaration: {@code KEYS} or {@code KEY_LIST} with
   * properties to copy, a {@code KEY_LIST} declared unique or keyed per entity (in the entity's partition, by its
   * PartitionKey and the index's RowKey; elsewhere, by the index's keys).
   */
  INDEX_FORM("IndexForm", Severity.ERROR),
  /**
   * A {@code KEY_LIST} index whose RowKeys can end in {@code ~} and four digits: the head of one value's list could
   * sit where another value's list puts a part row. A warning: the runtime never writes one over the other (a part
   * takes the next free number; a head whose keys a part holds is refused with {@code IndexFullException}).
   */
  INDEX_LIST_ROW_KEY("IndexListRowKey", Severity.WARNING),
  /** A remote index whose PartitionKey is a literal: every copy lands in one partition. */
  INDEX_HOT_PARTITION("IndexHotPartition", Severity.WARNING),
  /**
   * {@code reads = IndexReads.COPIES} on an index whose copies cannot answer a query: one of {@code form = KEYS} or
   * {@code KEY_LIST} (its rows hold no property), or one in the entity's partition (its copies are written in the
   * entity's transaction: a full one already answers alone, strongly consistent).
   */
  INDEX_READS("IndexReads", Severity.ERROR),
  /** An index copies a property the entity does not store. */
  INDEX_UNKNOWN_PROPERTY("IndexUnknownProperty", Severity.ERROR),
  /** An index declared unique (or not) against what its template can keep. */
  INDEX_UNIQUENESS("IndexUniqueness", Severity.ERROR),
  /** Two key spaces of an entity (its rows, its index copies) can produce the same RowKey. */
  KEY_SPACE_OVERLAP("KeySpaceOverlap", Severity.ERROR),
  /** {@code @Cached} with a size or expiry below 1. */
  CACHED_ARGUMENTS("CachedArguments", Severity.ERROR),
  /** {@code @Wide(head)} names no stored property, or more than its head row holds. */
  WIDE_HEAD("WideHead", Severity.ERROR),
  /** A wide entity whose RowKey ends with a String, so its part rows' RowKeys could be other entities' RowKeys. */
  WIDE_ROW_KEY("WideRowKey", Severity.ERROR),
  /** A wide entity in a hierarchy, or with an index that copies it whole or lives outside its partition. */
  WIDE_SHAPE("WideShape", Severity.ERROR),
  /** A wide entity with more properties than one entity group transaction of its rows and index copies holds. */
  WIDE_CAPACITY("WideCapacity", Severity.ERROR),
  /** A repository method of a wide entity whose condition, order or projection names a property outside its head. */
  QUERY_WIDE_PROPERTY("QueryWideProperty", Severity.ERROR),
  /** Two entity classes stored in one table as the same type. */
  ENTITY_TYPE_DUPLICATE("EntityTypeDuplicate", Severity.ERROR),
  /** A {@code @DefaultValue} text that is no value of its property's type. */
  DEFAULT_VALUE("DefaultValue", Severity.ERROR),
  /** A {@code @DefaultValue} on a property that never takes one. */
  DEFAULT_VALUE_PROPERTY("DefaultValueProperty", Severity.ERROR),
  /** An {@code @Upgrade} method with the wrong signature, or a second one. */
  UPGRADE_METHOD("UpgradeMethod", Severity.ERROR),
  /** An {@code @Upgrade} method on a class of version 1. */
  UPGRADE_VERSION("UpgradeVersion", Severity.ERROR),
  /** The class has a feature only the annotation processor supports (run-time introspection only). */
  RUNTIME_MAPPING_UNSUPPORTED("RuntimeMappingUnsupported", Severity.ERROR),
  /** A zero padding narrower than its property's type: larger values are refused at run time. */
  KEY_WIDTH("KeyWidth", Severity.WARNING),
  /** A PartitionKey that is a literal: every entity lands in one partition. */
  PARTITION_KEY_CONSTANT("PartitionKeyConstant", Severity.WARNING),
  /** A PartitionKey led by a time: the writes of each moment land in one partition (prepend/append anti-pattern). */
  PARTITION_KEY_TIME_LEADING("PartitionKeyTimeLeading", Severity.WARNING),
  /**
   * Log-style entities: a PartitionKey of a literal or of times alone and a RowKey led by a time, so entries are
   * appended to one partition at a time (the guide's log data anti-pattern).
   */
  LOG_DATA("LogData", Severity.WARNING),
  /** The processor option {@code tablemapper.naming} names no naming strategy. */
  NAMING_OPTION("NamingOption", Severity.ERROR),
  /** The processor option {@code tablemapper.store} names no {@code StoreProfile}. */
  STORE_OPTION("StoreOption", Severity.ERROR),
  /** A {@code @Repository} that is no interface extending {@code TableRepository}. */
  REPOSITORY_KIND("RepositoryKind", Severity.ERROR),
  /** A repository whose entity type is no {@code @Entity}. */
  REPOSITORY_ENTITY("RepositoryEntity", Severity.ERROR),
  /** A repository method whose name is no derived query. */
  QUERY_METHOD_NAME("QueryMethodName", Severity.ERROR),
  /** A derived query names a property the entity does not have. */
  QUERY_UNKNOWN_PROPERTY("QueryUnknownProperty", Severity.ERROR),
  /** A derived query compares a property the store cannot compare. */
  QUERY_PROPERTY_NOT_QUERYABLE("QueryPropertyNotQueryable", Severity.ERROR),
  /** A derived query compares an {@code @Encrypted} property, whose stored value is ciphertext. */
  QUERY_ENCRYPTED_PROPERTY("QueryEncryptedProperty", Severity.ERROR),
  /** A derived query compares a {@code @Large} property, whose row holds only a reference. */
  QUERY_LARGE_PROPERTY("QueryLargeProperty", Severity.ERROR),
  /** A derived query names one property twice. */
  QUERY_DUPLICATE_CONDITION("QueryDuplicateCondition", Severity.ERROR),
  /** An operator that does not fit its property's type. */
  QUERY_OPERATOR_TYPE("QueryOperatorType", Severity.ERROR),
  /** A derived query whose parameters do not match its conditions in number. */
  QUERY_PARAMETER_COUNT("QueryParameterCount", Severity.ERROR),
  /** A parameter whose type is not its property's. */
  QUERY_PARAMETER_TYPE("QueryParameterType", Severity.ERROR),
  /** A return type a derived query cannot have. */
  QUERY_RETURN_TYPE("QueryReturnType", Severity.ERROR),
  /**
   * A {@code CompletableFuture} return a derived query cannot have: raw, a wildcard, or a {@code Stream}, which reads
   * its pages as it is consumed.
   */
  QUERY_ASYNC_RETURN("QueryAsyncReturn", Severity.ERROR),
  /** A record returned as a projection whose components are not stored properties of the entity, of their types. */
  QUERY_PROJECTION("QueryProjection", Severity.ERROR),
  /** A single result from a query that can match several entities. */
  QUERY_NOT_UNIQUE("QueryNotUnique", Severity.ERROR),
  /** A {@code First}/{@code TopN} limit that does not fit. */
  QUERY_LIMIT("QueryLimit", Severity.ERROR),
  /** An order the keys cannot give. */
  QUERY_ORDER("QueryOrder", Severity.ERROR),
  /** A repository method with type parameters. */
  QUERY_GENERIC_METHOD("QueryGenericMethod", Severity.ERROR),
  /** A query that reads the whole table, without {@code @AllowScan}. */
  QUERY_TABLE_SCAN("QueryTableScan", Severity.ERROR),
  /** A query that reads a whole partition, without {@code @AllowScan}. */
  QUERY_PARTITION_SCAN("QueryPartitionScan", Severity.WARNING),
  /**
   * A {@code First}/{@code TopN} limit or a page over a range that no parameter bounds (a whole partition, every row
   * of a literal prefix, every partition), compiled for a store that keeps no key order
   * ({@code -Atablemapper.store=COSMOS_TABLE}): each call reads the whole range and sorts it in the client, so its
   * cost grows with the range, not with the limit or the page.
   */
  QUERY_CLIENT_SORT("QueryClientSort", Severity.WARNING),
  /** A partial merge names no property, or one property twice, or merges into an abstract entity type. */
  MERGE_PROPERTIES("MergeProperties", Severity.ERROR),
  /** A partial merge names something that is not a property of the entity. */
  MERGE_UNKNOWN_PROPERTY("MergeUnknownProperty", Severity.ERROR),
  /** A partial merge names a property of the entity's PartitionKey or RowKey. */
  MERGE_KEY_PROPERTY("MergeKeyProperty", Severity.ERROR),
  /** A partial merge names a property that is not stored: its {@code @ETag}, {@code @Timestamp} or a {@code @Transient}. */
  MERGE_NOT_STORED("MergeNotStored", Severity.ERROR),
  /** A partial merge into an entity with an index in another partition or table. */
  MERGE_REMOTE_INDEX("MergeRemoteIndex", Severity.ERROR),
  /** A merge method's parameters do not match its name: count, types, the keys it binds, its ETag. */
  MERGE_METHOD("MergeMethod", Severity.ERROR),
  /**
   * A Jakarta Data repository's key type {@code K} that does not name its entity's keys: the one key property's type,
   * or a record whose components are the properties of the PartitionKey and RowKey.
   */
  JAKARTA_KEY_TYPE("JakartaKeyType", Severity.ERROR),
  /** A Jakarta Data offset page ({@code Page<T>}): a key-sorted store has no cheap offset; use {@code CursoredPage}. */
  JAKARTA_OFFSET_PAGE("JakartaOffsetPage", Severity.ERROR),
  /**
   * A Jakarta Data {@code Sort}, {@code Order} or {@code Limit} parameter: the order of a query is decided at compile
   * time from the keys; use {@code @OrderBy} or {@code OrderBy} in the name, and {@code First}/{@code TopN}.
   */
  JAKARTA_DYNAMIC_SORT("JakartaDynamicSort", Severity.ERROR),
  /**
   * A Jakarta Data repository that inherits {@code BasicRepository.findAll()}, which reads every partition of the
   * table; redeclared with {@code @AllowScan}, it is allowed.
   */
  JAKARTA_INHERITED_SCAN("JakartaInheritedScan", Severity.WARNING),
  /** A Jakarta Data method the processor cannot implement: a lifecycle method's parameter or return, {@code @Query}. */
  JAKARTA_METHOD("JakartaMethod", Severity.ERROR),
  /**
   * A Jakarta Data method whose query the client completes under {@code -Atablemapper.jakarta.allowScan=true}: it
   * reads every match of its plan, then sorts, skips, limits or pages them (a {@code Sort}, {@code Order} or
   * {@code Limit} parameter, an order no key gives, an offset page, one result of several).
   */
  JAKARTA_CLIENT_QUERY("JakartaClientQuery", Severity.WARNING),
  /** A processor option {@code tablemapper.jakarta.*} with a value it does not take. */
  JAKARTA_OPTION("JakartaOption", Severity.ERROR),
  /**
   * A Jakarta Data method the processor refuses, compiled under {@code -Atablemapper.jakarta.refused=throw} to one
   * that throws {@code UnsupportedOperationException} with the refusal (which is reported beside it as a warning).
   */
  JAKARTA_REFUSED_METHOD("JakartaRefusedMethod", Severity.WARNING),
  /** A type that never came to exist, after every round of processing. */
  UNRESOLVED_TYPE("UnresolvedType", Severity.ERROR),
  /** The processor failed on an element; a bug to report. */
  PROCESSOR_FAILURE("ProcessorFailure", Severity.ERROR);

  /** What a broken rule stops. */
  public enum Severity {
    /** Nothing is generated or mapped. */
    ERROR,
    /** A likely mistake that is allowed. */
    WARNING
  }

  private final String id;
  private final Severity severity;

  Rule(String id, Severity severity) {
    this.id = id;
    this.severity = severity;
  }

  /** The stable id, as messages show it in brackets. */
  public String id() {
    return id;
  }

  /** Whether breaking it is an error or a warning. */
  public Severity severity() {
    return severity;
  }

  /** A problem of this rule with this message. */
  public Problem problem(String message) {
    return new Problem(this, message);
  }

  /** The {@code @SuppressWarnings} value that silences this rule's warning: {@code tablemapper:<Id>}. */
  public String suppressionKey() {
    return "tablemapper:" + id;
  }
}
