package io.tablemapper.processor;

import io.tablemapper.internal.model.Rule;

/**
 * The ids of the processor's diagnostics, as the one catalogue of rules ({@link Rule}) has them; each message starts
 * with its id in brackets, for example {@code [KeyUnknownProperty]}.
 */
final class Ids {
  private Ids() {}

  // entities
  static final String ENTITY_KIND = Rule.ENTITY_KIND.id();
  static final String ENTITY_CONSTRUCTOR = Rule.ENTITY_CONSTRUCTOR.id();
  static final String ENTITY_ACCESSOR = Rule.ENTITY_ACCESSOR.id();
  static final String ENTITY_TABLE_NAME = Rule.ENTITY_TABLE_NAME.id();
  static final String ENTITY_TYPE_NAME = Rule.ENTITY_TYPE_NAME.id();
  static final String ENTITY_VERSION = Rule.ENTITY_VERSION.id();
  static final String ENTITY_TYPE_DUPLICATE = Rule.ENTITY_TYPE_DUPLICATE.id();
  static final String ENTITY_MISSING_KEY = Rule.ENTITY_MISSING_KEY.id();
  static final String ENTITY_INHERITED_TABLE = Rule.ENTITY_INHERITED_TABLE.id();
  static final String ENTITY_INHERITED_TYPE = Rule.ENTITY_INHERITED_TYPE.id();
  static final String ENTITY_INHERITED_KEY = Rule.ENTITY_INHERITED_KEY.id();
  static final String ENTITY_INHERITED_INDEX = Rule.ENTITY_INHERITED_INDEX.id();
  static final String PROPERTY_TYPE = Rule.PROPERTY_TYPE.id();
  static final String PROPERTY_NAME = Rule.PROPERTY_NAME.id();
  static final String PROPERTY_COUNT = Rule.PROPERTY_COUNT.id();
  static final String PROPERTY_ANNOTATIONS = Rule.PROPERTY_ANNOTATIONS.id();
  static final String ETAG_TYPE = Rule.ETAG_TYPE.id();
  static final String ETAG_DUPLICATE = Rule.ETAG_DUPLICATE.id();
  static final String TIMESTAMP_TYPE = Rule.TIMESTAMP_TYPE.id();
  static final String TIMESTAMP_DUPLICATE = Rule.TIMESTAMP_DUPLICATE.id();

  // schema evolution and naming
  static final String DEFAULT_VALUE = Rule.DEFAULT_VALUE.id();
  static final String DEFAULT_VALUE_PROPERTY = Rule.DEFAULT_VALUE_PROPERTY.id();
  static final String UPGRADE_METHOD = Rule.UPGRADE_METHOD.id();
  static final String UPGRADE_VERSION = Rule.UPGRADE_VERSION.id();
  static final String PROPERTY_NAME_DUPLICATE = Rule.PROPERTY_NAME_DUPLICATE.id();
  static final String NAMING_OPTION = Rule.NAMING_OPTION.id();
  /** {@code @Cached} with a size or expiry below 1. */
  static final String CACHED_ARGUMENTS = Rule.CACHED_ARGUMENTS.id();

  // key templates
  static final String KEY_TEMPLATE_SYNTAX = Rule.KEY_TEMPLATE_SYNTAX.id();
  static final String KEY_FORBIDDEN_CHARACTER = Rule.KEY_FORBIDDEN_CHARACTER.id();
  static final String KEY_UNKNOWN_PROPERTY = Rule.KEY_UNKNOWN_PROPERTY.id();
  static final String KEY_PROPERTY_NOT_STORED = Rule.KEY_PROPERTY_NOT_STORED.id();
  static final String KEY_PROPERTY_TYPE = Rule.KEY_PROPERTY_TYPE.id();
  static final String KEY_TEMPLATE_TYPES = Rule.KEY_TEMPLATE_TYPES.id();
  static final String KEY_WIDTH = Rule.KEY_WIDTH.id();
  static final String KEY_ENUM_CONSTANT = Rule.KEY_ENUM_CONSTANT.id();
  static final String KEY_TOO_LONG = Rule.KEY_TOO_LONG.id();
  static final String KEY_SPACE_OVERLAP = Rule.KEY_SPACE_OVERLAP.id();
  static final String PARTITION_KEY_CONSTANT = Rule.PARTITION_KEY_CONSTANT.id();

  // indexes
  static final String INDEX_NAME = Rule.INDEX_NAME.id();
  static final String INDEX_PARTITION_KEY = Rule.INDEX_PARTITION_KEY.id();
  static final String INDEX_UNKNOWN_PROPERTY = Rule.INDEX_UNKNOWN_PROPERTY.id();
  static final String INDEX_UNIQUENESS = Rule.INDEX_UNIQUENESS.id();

  // repositories
  static final String REPOSITORY_KIND = Rule.REPOSITORY_KIND.id();
  static final String REPOSITORY_ENTITY = Rule.REPOSITORY_ENTITY.id();
  static final String QUERY_METHOD_NAME = Rule.QUERY_METHOD_NAME.id();
  static final String QUERY_UNKNOWN_PROPERTY = Rule.QUERY_UNKNOWN_PROPERTY.id();
  static final String QUERY_PROPERTY_NOT_QUERYABLE = Rule.QUERY_PROPERTY_NOT_QUERYABLE.id();
  static final String QUERY_DUPLICATE_CONDITION = Rule.QUERY_DUPLICATE_CONDITION.id();
  static final String QUERY_OPERATOR_TYPE = Rule.QUERY_OPERATOR_TYPE.id();
  static final String QUERY_PARAMETER_COUNT = Rule.QUERY_PARAMETER_COUNT.id();
  static final String QUERY_PARAMETER_TYPE = Rule.QUERY_PARAMETER_TYPE.id();
  static final String QUERY_RETURN_TYPE = Rule.QUERY_RETURN_TYPE.id();
  static final String QUERY_NOT_UNIQUE = Rule.QUERY_NOT_UNIQUE.id();
  static final String QUERY_LIMIT = Rule.QUERY_LIMIT.id();
  static final String QUERY_ORDER = Rule.QUERY_ORDER.id();
  static final String QUERY_GENERIC_METHOD = Rule.QUERY_GENERIC_METHOD.id();
  static final String QUERY_TABLE_SCAN = Rule.QUERY_TABLE_SCAN.id();
  static final String QUERY_PARTITION_SCAN = Rule.QUERY_PARTITION_SCAN.id();

  // processor
  static final String UNRESOLVED_TYPE = Rule.UNRESOLVED_TYPE.id();
  static final String PROCESSOR_FAILURE = Rule.PROCESSOR_FAILURE.id();
}
