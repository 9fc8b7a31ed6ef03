package io.tablemapper.processor;

/**
 * The stable ids of the processor's diagnostics; each message starts with its id in brackets, for example
 * {@code [KeyUnknownProperty]}. Ids are part of the product: documented in the README and never reused. A warning
 * can be silenced where it is deliberate with {@code @SuppressWarnings("tablemapper:<Id>")} on the element or an
 * enclosing one.
 */
final class Ids {
  private Ids() {}

  // entities
  static final String ENTITY_KIND = "EntityKind";
  static final String ENTITY_CONSTRUCTOR = "EntityConstructor";
  static final String ENTITY_ACCESSOR = "EntityAccessor";
  static final String ENTITY_TABLE_NAME = "EntityTableName";
  static final String ENTITY_TYPE_NAME = "EntityTypeName";
  static final String ENTITY_VERSION = "EntityVersion";
  static final String ENTITY_TYPE_DUPLICATE = "EntityTypeDuplicate";
  static final String ENTITY_MISSING_KEY = "EntityMissingKey";
  static final String ENTITY_INHERITED_TABLE = "EntityInheritedTable";
  static final String ENTITY_INHERITED_TYPE = "EntityInheritedType";
  static final String ENTITY_INHERITED_KEY = "EntityInheritedKey";
  static final String ENTITY_INHERITED_INDEX = "EntityInheritedIndex";
  static final String PROPERTY_TYPE = "PropertyType";
  static final String PROPERTY_NAME = "PropertyName";
  static final String PROPERTY_COUNT = "PropertyCount";
  static final String PROPERTY_ANNOTATIONS = "PropertyAnnotations";
  static final String ETAG_TYPE = "ETagType";
  static final String ETAG_DUPLICATE = "ETagDuplicate";
  static final String TIMESTAMP_TYPE = "TimestampType";
  static final String TIMESTAMP_DUPLICATE = "TimestampDuplicate";

  // schema evolution and naming
  static final String DEFAULT_VALUE = "DefaultValue";
  static final String DEFAULT_VALUE_PROPERTY = "DefaultValueProperty";
  static final String UPGRADE_METHOD = "UpgradeMethod";
  static final String UPGRADE_VERSION = "UpgradeVersion";
  static final String PROPERTY_NAME_DUPLICATE = "PropertyNameDuplicate";
  static final String NAMING_OPTION = "NamingOption";
  /** {@code @Cached} with a size or expiry below 1. */
  static final String CACHED_ARGUMENTS = "CachedArguments";

  // key templates
  static final String KEY_TEMPLATE_SYNTAX = "KeyTemplateSyntax";
  static final String KEY_FORBIDDEN_CHARACTER = "KeyForbiddenCharacter";
  static final String KEY_UNKNOWN_PROPERTY = "KeyUnknownProperty";
  static final String KEY_PROPERTY_NOT_STORED = "KeyPropertyNotStored";
  static final String KEY_PROPERTY_TYPE = "KeyPropertyType";
  static final String KEY_TEMPLATE_TYPES = "KeyTemplateTypes";
  static final String KEY_WIDTH = "KeyWidth";
  static final String KEY_ENUM_CONSTANT = "KeyEnumConstant";
  static final String KEY_TOO_LONG = "KeyTooLong";
  static final String KEY_SPACE_OVERLAP = "KeySpaceOverlap";
  static final String PARTITION_KEY_CONSTANT = "PartitionKeyConstant";

  // indexes
  static final String INDEX_NAME = "IndexName";
  static final String INDEX_PARTITION_KEY = "IndexPartitionKey";
  static final String INDEX_UNKNOWN_PROPERTY = "IndexUnknownProperty";
  static final String INDEX_UNIQUENESS = "IndexUniqueness";

  // repositories
  static final String REPOSITORY_KIND = "RepositoryKind";
  static final String REPOSITORY_ENTITY = "RepositoryEntity";
  static final String QUERY_METHOD_NAME = "QueryMethodName";
  static final String QUERY_UNKNOWN_PROPERTY = "QueryUnknownProperty";
  static final String QUERY_PROPERTY_NOT_QUERYABLE = "QueryPropertyNotQueryable";
  static final String QUERY_DUPLICATE_CONDITION = "QueryDuplicateCondition";
  static final String QUERY_OPERATOR_TYPE = "QueryOperatorType";
  static final String QUERY_PARAMETER_COUNT = "QueryParameterCount";
  static final String QUERY_PARAMETER_TYPE = "QueryParameterType";
  static final String QUERY_RETURN_TYPE = "QueryReturnType";
  static final String QUERY_NOT_UNIQUE = "QueryNotUnique";
  static final String QUERY_LIMIT = "QueryLimit";
  static final String QUERY_ORDER = "QueryOrder";
  static final String QUERY_GENERIC_METHOD = "QueryGenericMethod";
  static final String QUERY_TABLE_SCAN = "QueryTableScan";
  static final String QUERY_PARTITION_SCAN = "QueryPartitionScan";

  // processor
  static final String UNRESOLVED_TYPE = "UnresolvedType";
  static final String PROCESSOR_FAILURE = "ProcessorFailure";
}
