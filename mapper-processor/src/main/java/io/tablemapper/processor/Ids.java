package io.tablemapper.processor;

import io.tablemapper.internal.model.EntityRules;

/**
 * The stable ids of the processor's diagnostics; each message starts with its id in brackets, for example
 * {@code [KeyUnknownProperty]}. Ids are part of the product: documented in the README and never reused. The ids of
 * rules the runtime also checks (on classes compiled without the processor) are those of {@link EntityRules}, which
 * words their messages for both. A warning can be silenced where it is deliberate with
 * {@code @SuppressWarnings("tablemapper:<Id>")} on the element or an enclosing one.
 */
final class Ids {
  private Ids() {}

  // entities
  static final String ENTITY_KIND = EntityRules.ENTITY_KIND;
  static final String ENTITY_CONSTRUCTOR = EntityRules.ENTITY_CONSTRUCTOR;
  static final String ENTITY_ACCESSOR = EntityRules.ENTITY_ACCESSOR;
  static final String ENTITY_TABLE_NAME = EntityRules.ENTITY_TABLE_NAME;
  static final String ENTITY_TYPE_NAME = EntityRules.ENTITY_TYPE_NAME;
  static final String ENTITY_VERSION = EntityRules.ENTITY_VERSION;
  static final String ENTITY_TYPE_DUPLICATE = EntityRules.ENTITY_TYPE_DUPLICATE;
  static final String ENTITY_MISSING_KEY = EntityRules.ENTITY_MISSING_KEY;
  static final String ENTITY_INHERITED_TABLE = EntityRules.ENTITY_INHERITED_TABLE;
  static final String ENTITY_INHERITED_TYPE = EntityRules.ENTITY_INHERITED_TYPE;
  static final String ENTITY_INHERITED_KEY = EntityRules.ENTITY_INHERITED_KEY;
  static final String ENTITY_INHERITED_INDEX = EntityRules.ENTITY_INHERITED_INDEX;
  static final String PROPERTY_TYPE = EntityRules.PROPERTY_TYPE;
  static final String PROPERTY_NAME = EntityRules.PROPERTY_NAME;
  static final String PROPERTY_COUNT = EntityRules.PROPERTY_COUNT;
  static final String PROPERTY_ANNOTATIONS = EntityRules.PROPERTY_ANNOTATIONS;
  static final String ETAG_TYPE = EntityRules.ETAG_TYPE;
  static final String ETAG_DUPLICATE = EntityRules.ETAG_DUPLICATE;
  static final String TIMESTAMP_TYPE = EntityRules.TIMESTAMP_TYPE;
  static final String TIMESTAMP_DUPLICATE = EntityRules.TIMESTAMP_DUPLICATE;

  // schema evolution and naming
  static final String DEFAULT_VALUE = EntityRules.DEFAULT_VALUE;
  static final String DEFAULT_VALUE_PROPERTY = EntityRules.DEFAULT_VALUE_PROPERTY;
  static final String UPGRADE_METHOD = EntityRules.UPGRADE_METHOD;
  static final String UPGRADE_VERSION = EntityRules.UPGRADE_VERSION;
  static final String PROPERTY_NAME_DUPLICATE = EntityRules.PROPERTY_NAME_DUPLICATE;
  static final String NAMING_OPTION = "NamingOption";
  /** {@code @Cached} with a size or expiry below 1. */
  static final String CACHED_ARGUMENTS = EntityRules.CACHED_ARGUMENTS;

  // key templates
  static final String KEY_TEMPLATE_SYNTAX = EntityRules.KEY_TEMPLATE_SYNTAX;
  static final String KEY_FORBIDDEN_CHARACTER = EntityRules.KEY_FORBIDDEN_CHARACTER;
  static final String KEY_UNKNOWN_PROPERTY = EntityRules.KEY_UNKNOWN_PROPERTY;
  static final String KEY_PROPERTY_NOT_STORED = EntityRules.KEY_PROPERTY_NOT_STORED;
  static final String KEY_PROPERTY_TYPE = EntityRules.KEY_PROPERTY_TYPE;
  static final String KEY_TEMPLATE_TYPES = EntityRules.KEY_TEMPLATE_TYPES;
  static final String KEY_WIDTH = "KeyWidth";
  static final String KEY_ENUM_CONSTANT = EntityRules.KEY_ENUM_CONSTANT;
  static final String KEY_TOO_LONG = EntityRules.KEY_TOO_LONG;
  static final String KEY_SPACE_OVERLAP = EntityRules.KEY_SPACE_OVERLAP;
  static final String PARTITION_KEY_CONSTANT = "PartitionKeyConstant";

  // indexes
  static final String INDEX_NAME = EntityRules.INDEX_NAME;
  static final String INDEX_PARTITION_KEY = EntityRules.INDEX_PARTITION_KEY;
  static final String INDEX_UNKNOWN_PROPERTY = EntityRules.INDEX_UNKNOWN_PROPERTY;
  static final String INDEX_UNIQUENESS = EntityRules.INDEX_UNIQUENESS;

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
