package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The wording of the entity rules, written once for both places that check them: the annotation processor (which
 * reports each broken rule as a compile error on the element that breaks it) and the runtime's mapping of classes
 * compiled without the processor (which refuses the class with an {@link io.tablemapper.api.InvalidEntityException}
 * listing the same messages). Each method words one {@link Rule}'s message from what was found and returns it as a
 * {@link Problem} of that rule, so both paths say literally the same thing under the same id.
 *
 * <p>Arguments are plain text: {@code entity} is the class's simple name, {@code type} a property type as Java
 * source writes it ({@code int}, {@code java.util.List<java.lang.String>}).
 */
public final class EntityRules {
  private EntityRules() {}

  /** The properties every row may carry that no entity may use. */
  public static final List<String> RESERVED =
      List.of(EntityMapping.TYPE_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY,
          EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, EntityMapping.PRIMARY_TABLE_PROPERTY,
          EntityMapping.PRIMARY_ETAG_PROPERTY, EntityMapping.WORK_IDS_PROPERTY, EntityMapping.VERSION_PROPERTY,
          WideRows.PARTS_PROPERTY, WideRows.WRITE_PROPERTY);

  // ------------------------------------------------------------------ the class

  /** The class is an interface, enum, ... ({@code kind} as "an interface"). */
  public static Problem notAClass(String entity, String kind) {
    return Rule.ENTITY_KIND.problem("@Entity " + entity + " is " + kind + "; an entity is a record or a class");
  }

  /** The class has type parameters. */
  public static Problem generic(String entity) {
    return Rule.ENTITY_KIND.problem("@Entity " + entity + " has type parameters; an entity class must not be generic");
  }

  /** The class, or one enclosing it, is private. */
  public static Problem privateClass(String entity, String enclosing) {
    return Rule.ENTITY_KIND.problem(
        "@Entity " + entity + (enclosing == null ? " is private" : " is inside private " + enclosing)
        + "; generated code in the same package must be able to reach it");
  }

  /** The class is an inner (non-static member) class, or inside one. */
  public static Problem innerClass(String entity, String enclosing) {
    return Rule.ENTITY_KIND.problem("@Entity " + entity + " is an inner class; make " + enclosing + " static");
  }

  /** The class is local or anonymous. */
  public static Problem localClass(String entity) {
    return Rule.ENTITY_KIND.problem("@Entity " + entity + " is a local class; declare it at top level");
  }

  /** A class without a usable constructor: none without parameters, none with. */
  public static Problem constructor(String entity) {
    return Rule.ENTITY_CONSTRUCTOR.problem(
        entity + " needs a constructor without parameters that is not private, so that"
        + " generated code can create it when reading (or make it a record, or give it a constructor whose parameters"
        + " are its properties)");
  }

  /**
   * A class that cannot be a JavaBean, whose constructors' parameters are not its properties.
   *
   * @param closest the constructor that comes closest, as messages name it
   * @param reasons why its parameters are not the properties
   */
  public static Problem constructorParameters(String entity, String closest, List<String> reasons) {
    return Rule.ENTITY_CONSTRUCTOR.problem(
        entity + " has no constructor without parameters and setters, and the parameters of its constructor "
        + closest + " are not its properties: " + String.join("; ", reasons) + "; so that generated code can create"
        + " it when reading, give it a constructor whose parameters are its properties, by name and type (the"
        + " @Transient ones may be left out), or a constructor without parameters and setters");
  }

  /** A class with several constructors whose parameters are its properties. */
  public static Problem constructorAmbiguous(String entity, List<String> constructors) {
    return Rule.ENTITY_CONSTRUCTOR_AMBIGUOUS.problem(
        entity + " has " + constructors.size() + " constructors whose parameters are its properties ("
        + String.join(", ", constructors) + "), so generated code cannot tell which creates it when reading;"
        + " make all but one of them private");
  }

  /**
   * A property without the accessor or field it needs.
   *
   * @param noGetter whether the getter is missing (else the setter)
   * @param finalField whether the field is final (else private)
   * @param constructible whether a constructor that takes the properties would do instead of the setter (not for an
   *     abstract class, which is set as a JavaBean's)
   */
  public static Problem accessor(String entity, String property, boolean isBoolean, boolean noGetter,
      boolean finalField, boolean constructible) {
    String capitalized = Character.toUpperCase(property.charAt(0)) + property.substring(1);
    return Rule.ENTITY_ACCESSOR.problem("property '" + property + "' of " + entity + " has no "
        + (noGetter ? "getter (get" + capitalized + "()" + (isBoolean ? " or is" + capitalized + "()" : "") + ")"
            : "setter (set" + capitalized + "(...))")
        + " that generated code can call, and the field is " + (finalField ? "final" : "private")
        + "; add the accessor, or mark the field @Transient"
        + (noGetter || !constructible ? ""
            : ", or create " + entity + " through a constructor whose parameters are its properties"));
  }

  /** The table name is invalid. */
  public static Problem tableName(String entity, String table) {
    return Rule.ENTITY_TABLE_NAME.problem(
        "table name '" + table + "' of " + entity + " is not valid: a table name is a letter followed by 2 to"
        + " 62 letters or digits, and 'tables' is reserved; set @Entity(table = \"...\")");
  }

  /** A table-name template is malformed, or yields invalid table names. */
  public static Problem tableTemplate(String entity, String table, String problem) {
    return Rule.ENTITY_TABLE_TEMPLATE.problem(
        "table-name template '" + table + "' of " + entity + " is not valid: " + problem);
  }

  /** The property of a table-name template cannot give the period of every entity. */
  public static Problem tablePeriod(String entity, String table, String property, String problem) {
    return Rule.ENTITY_TABLE_PERIOD.problem(
        "table-name template '" + table + "' of " + entity + " takes its period from '" + property + "', which "
        + problem + "; name a time property (Instant, OffsetDateTime, LocalDate, LocalDateTime) of the"
        + " @PartitionKey or @RowKey, so that every read and write knows its table from the keys");
  }

  /** A period entity's index lives outside the entity's partition. */
  public static Problem tablePeriodIndex(String entity, String table, String index) {
    return Rule.ENTITY_TABLE_PERIOD_INDEX.problem(
        "index '" + index + "' of " + entity + " has copies outside the entity's partition, which a table per"
        + " period (" + table + ") does not support: its copies could not be dropped with their period; declare"
        + " it without partitionKey and table (a copy in the entity's partition, in the same table)");
  }

  /** Whether a discriminator is valid. */
  public static boolean validTypeName(String typeName) {
    return typeName.indexOf(EntityMapping.INDEX_TYPE_SEPARATOR) < 0 && !typeName.isBlank() && typeName.length() <= 255;
  }

  /** The discriminator is invalid. */
  public static Problem typeName(String entity, String typeName) {
    return Rule.ENTITY_TYPE_NAME.problem(
        "type '" + typeName + "' of " + entity + " is not valid: it must be 1 to 255 characters, not blank,"
        + " and not contain '" + EntityMapping.INDEX_TYPE_SEPARATOR + "' (which marks index copies)");
  }

  /** The version is below 1. */
  public static Problem version(String entity, int version) {
    return Rule.ENTITY_VERSION.problem("version " + version + " of " + entity + " is not valid: versions start at 1");
  }

  /**
   * Two entity classes stored in one table as the same type: reported by the processor within a compilation, and by
   * the runtime for classes compiled apart (registered in one mapper, or listed as subtypes of one hierarchy).
   */
  public static Problem typeDuplicate(String entity, String other, String table, String typeName) {
    return Rule.ENTITY_TYPE_DUPLICATE.problem(
        entity + " and " + other + " are both stored in table " + table + " as type '" + typeName + "', so rows"
        + " of one would be read as the other; give one of them a discriminator of its own with"
        + " @Entity(type = \"...\")");
  }

  /** {@code @Cached(maximumSize)} below 1. */
  public static Problem cachedSize(String entity, long maximumSize) {
    return Rule.CACHED_ARGUMENTS.problem(
        "@Cached(maximumSize = " + maximumSize + ") of " + entity + " is not valid: the cache must hold at"
        + " least 1 read (remove @Cached to read " + entity + " from the store every time)");
  }

  /** {@code @Cached(expireAfterWriteSeconds)} below 1. */
  public static Problem cachedExpiry(String entity, long seconds) {
    return Rule.CACHED_ARGUMENTS.problem(
        "@Cached(expireAfterWriteSeconds = " + seconds + ") of " + entity + " is not valid: cached reads must"
        + " expire after at least 1 second, so that writes by other processes show");
  }

  /** A key annotation ({@code PartitionKey} or {@code RowKey}) is missing. */
  public static Problem missingKey(String entity, String annotation) {
    return Rule.ENTITY_MISSING_KEY.problem(
        "@Entity " + entity + " has no @" + annotation + "; every entity declares both key"
        + " templates, for example @PartitionKey(\"{department}\") and @RowKey(\"empid_{employeeId:08}\")");
  }

  // ------------------------------------------------------------------ hierarchies

  /** A subtype names a table other than the one its {@code @Entity} superclass {@code parent} is stored in. */
  public static Problem inheritedTable(String entity, String table, String parent, String inheritedTable) {
    return Rule.ENTITY_INHERITED_TABLE.problem(
        entity + " names table '" + table + "' but extends @Entity " + parent + ", whose rows are in table "
        + inheritedTable + "; a hierarchy lives in one table (so that its partitions and batches hold every"
        + " subtype): drop table = \"" + table + "\"");
  }

  /** A subtype has the discriminator of its {@code @Entity} superclass {@code ancestor}. */
  public static Problem inheritedType(String entity, String typeName, String ancestor) {
    return Rule.ENTITY_INHERITED_TYPE.problem(
        entity + " has type '" + typeName + "', the type of its @Entity superclass " + ancestor
        + ", so its rows could not be told from " + ancestor + "'s; give it a discriminator of its own with"
        + " @Entity(type = \"...\")");
  }

  /** A subtype of {@code parent} declares a {@code @PartitionKey}, which only the root {@code root} declares. */
  public static Problem inheritedPartitionKey(String entity, String parent, String root) {
    return Rule.ENTITY_INHERITED_KEY.problem(
        entity + " declares @PartitionKey but extends @Entity " + parent + ": every entity of a hierarchy has"
        + " the PartitionKey template of its root " + root + ", so that a partition holds every subtype and a"
        + " repository or partition read of " + root + " finds them; remove @PartitionKey from " + entity);
  }

  /**
   * A subtype declares {@code @RowKey}, but its {@code @Entity} superclass {@code declaring} declares the RowKey
   * template {@code template} of itself and all its subtypes.
   */
  public static Problem inheritedRowKey(String entity, String parent, String declaring, String template) {
    return Rule.ENTITY_INHERITED_KEY.problem(
        entity + " declares @RowKey but extends @Entity " + parent + ", which has the RowKey template '"
        + template + "'" + (declaring.equals(parent) ? "" : " of " + declaring) + ": a RowKey template holds for"
        + " the class that declares it and all its subtypes, so that a query of " + declaring + " reaches all their"
        + " rows; remove @RowKey from " + entity + ", or move @RowKey from " + declaring + " to each of its concrete"
        + " subtypes, each with a literal prefix of its own (the guide's CUSTOMER_/EMPLOYEE_ keys)");
  }

  /**
   * An entity of a hierarchy whose root is {@code root} declares {@code @Index} ({@code declaring} null) or extends
   * {@code declaring}, which does.
   */
  public static Problem inheritedIndex(String entity, String declaring, String root) {
    return Rule.ENTITY_INHERITED_INDEX.problem(
        entity + (declaring == null ? " declares @Index" : " extends " + declaring + ", which declares @Index")
        + ", but indexes are not supported in entity hierarchies (the copies of one subtype could not be told from"
        + " another's through queries over " + root + "); remove the @Index, or store the index as an entity of its"
        + " own");
  }

  /**
   * A subtype compiled without the processor extends a concrete {@code @Entity} compiled with it that lists no
   * subtypes (run-time introspection only).
   */
  public static Problem unlistedSubtype(String entity, String parent) {
    return Rule.RUNTIME_MAPPING_UNSUPPORTED.problem(
        "@Entity " + entity + " was compiled without the annotation processor and extends @Entity " + parent
        + ", which was compiled with it, is concrete and lists no subtypes, so a repository or read of " + parent
        + " would take a " + entity + " for a " + parent + "; compile " + entity + " with"
        + " io.tablemapper:mapper-processor, which lists it as a subtype of " + parent);
  }

  /**
   * A repository declares derived queries over an entity compiled without the processor, which plans queries at
   * compile time (run-time mapping only); {@code setup} is the runtime's sentence saying how to add the processor
   * to the build (its snippets carry the runtime's version).
   */
  public static Problem unprocessedQueries(String repository, Collection<String> queries, String entity,
      String setup) {
    return Rule.RUNTIME_MAPPING_UNSUPPORTED.problem(repository + " declares " + String.join(", ", queries)
        + ", but its entity " + entity + " was compiled without the annotation processor, so the runtime maps "
        + entity + " itself and can serve only the writes of TableRepository: derived queries are planned and"
        + " generated at compile time. Run the processor on both (or keep only the methods of TableRepository and"
        + " read with mapper.partition(table, partitionKey).all(" + entity + ".class))." + setup);
  }

  // ------------------------------------------------------------------ properties

  /** How messages name a property: {@code property 'email' of Employee}. */
  public static String where(String entity, String property) {
    return "property '" + property + "' of " + entity;
  }

  /** A property combines role annotations (each given as {@code "@Json "}, ...). */
  public static Problem combinedAnnotations(String entity, String property, String annotations) {
    return Rule.PROPERTY_ANNOTATIONS.problem(
        where(entity, property) + " combines " + annotations + "; use one of them");
  }

  /** An {@code @ETag} that is no String. */
  public static Problem etagType(String entity, String property, String type) {
    return Rule.ETAG_TYPE.problem(where(entity, property) + " is @ETag but has type " + type + "; an ETag is a String");
  }

  /** A {@code @Timestamp} of the wrong type. */
  public static Problem timestampType(String entity, String property, String type) {
    return Rule.TIMESTAMP_TYPE.problem(where(entity, property) + " is @Timestamp but has type " + type
        + "; use java.time.Instant or java.time.OffsetDateTime");
  }

  /** A primitive marked {@code @Json}. */
  public static Problem primitiveJson(String entity, String property, String type) {
    return Rule.PROPERTY_ANNOTATIONS.problem(
        where(entity, property) + " is a primitive " + type + " marked @Json; the store holds " + type
        + " natively, so drop @Json (or use its wrapper type for JSON)");
  }

  /** A type the store cannot hold. */
  public static Problem propertyType(String entity, String property, String type) {
    return Rule.PROPERTY_TYPE.problem(
        where(entity, property) + " has type " + type + ", which the store cannot hold; annotate it @Json to"
        + " store it as JSON, or @Transient to leave it out (supported types: " + supportedTypes() + ")");
  }

  /** An {@code @Encrypted} property whose type the store does not hold as a String or a Binary. */
  public static Problem encryptedType(String entity, String property, String type) {
    return Rule.ENCRYPTED_TYPE.problem(where(entity, property) + " is @Encrypted but has type " + type
        + ", which the store holds as neither a String nor a Binary; encrypted values are UTF-8 text or bytes, so"
        + " annotate it @Json as well to encrypt its JSON text, or remove @Encrypted (encryptable types: "
        + encryptableTypes() + ")");
  }

  /** The property types {@code @Encrypted} allows, for messages. */
  public static String encryptableTypes() {
    return "String, char, byte[], enums, BigDecimal, BigInteger, and any type stored with @Json";
  }

  /** A key template that names an {@code @Encrypted} property. */
  public static Problem encryptedKey(String what, String entity, String property) {
    return Rule.ENCRYPTED_KEY.problem(what + " of " + entity + " refers to '" + property + "', which is @Encrypted;"
        + " a key is stored and compared in plaintext, so an encrypted property cannot be part of one: remove it from"
        + " the key, or remove @Encrypted");
  }

  /** A {@code @Large} property of a type that is no byte[], String or {@code @Json} type. */
  public static Problem largeType(String entity, String property, String type) {
    return Rule.LARGE_TYPE.problem(where(entity, property) + " is @Large but has type " + type
        + "; only byte[], String and @Json properties are stored out of the row (a value of another type always"
        + " fits a row): change its type, annotate it @Json as well, or remove @Large");
  }

  /** A key template that names a {@code @Large} property. */
  public static Problem largeKey(String what, String entity, String property) {
    return Rule.LARGE_KEY.problem(what + " of " + entity + " refers to '" + property + "', which is @Large;"
        + " its row holds only a reference to the value, stored out of the row, so it cannot be part of a key:"
        + " remove it from the key, or remove @Large");
  }

  /** The property types the store holds, for messages. */
  public static String supportedTypes() {
    return "String, char, byte[], boolean, byte, short, int, long, float, double (and boxes), UUID, Instant,"
        + " OffsetDateTime, LocalDate, LocalDateTime, enums, BigDecimal, BigInteger";
  }

  /** A second {@code @ETag}. */
  public static Problem etagDuplicate(String entity, String property, String first) {
    return Rule.ETAG_DUPLICATE.problem(
        where(entity, property) + " is a second @ETag ('" + first + "' is the first); an entity has one ETag");
  }

  /** A second {@code @Timestamp}. */
  public static Problem timestampDuplicate(String entity, String property, String first) {
    return Rule.TIMESTAMP_DUPLICATE.problem(
        where(entity, property) + " is a second @Timestamp ('" + first + "' is the first); an entity has one");
  }

  /** Why a stored name cannot be used (the store's rule, or reserved), or null. */
  public static String storedNameProblem(String storedName) {
    String problem = StoreLimits.propertyNameProblem(storedName);
    if (problem == null && RESERVED.contains(storedName)) {
      problem = "property name '" + storedName + "' is reserved by tablemapper (" + String.join(", ", RESERVED) + ")";
    }
    return problem;
  }

  /** A stored name derived from the Java name that cannot be used. */
  public static Problem propertyName(String entity, String property, String storedName, String problem) {
    return Rule.PROPERTY_NAME.problem(
        where(entity, property) + " cannot be stored" + (storedName.equals(property) ? "" : " as '" + storedName
        + "'") + ": " + problem + "; rename it, store it under another name with @Property(\"...\"), or mark"
        + " it @Transient");
  }

  /** An {@code @Property} name that cannot be used. */
  public static Problem explicitPropertyName(String entity, String property, String name, String problem) {
    return Rule.PROPERTY_NAME.problem(
        where(entity, property) + " cannot be stored under @Property(\"" + name + "\"): " + problem
        + "; choose another name");
  }

  /** {@code @Property} on a property that is not stored ({@code role} as "@Transient", ...). */
  public static Problem propertyNameNotStored(String entity, String property, String name, String role) {
    return Rule.PROPERTY_NAME.problem(
        where(entity, property) + " has @Property(\"" + name + "\") but is not stored (it is " + role
        + "); remove @Property");
  }

  /** Two properties stored under one name. */
  public static Problem propertyNameDuplicate(String entity, String property, String storedName, String first) {
    return Rule.PROPERTY_NAME_DUPLICATE.problem(
        where(entity, property) + " would be stored as '" + storedName + "', like property '" + first + "'; two"
        + " properties cannot share a stored name: give one another name with @Property(\"...\")");
  }

  /** Too many stored properties: with the row's bookkeeping ({@link RowMarks#entityMarks}), more than a row holds. */
  public static Problem propertyCount(String entity, int stored, List<String> marks) {
    return Rule.PROPERTY_COUNT.problem(
        entity + " stores " + stored + " properties plus its bookkeeping " + String.join(", ", marks) + ": "
        + (stored + marks.size()) + " properties; a row holds at most " + StoreLimits.MAX_PROPERTIES + "; mark some"
        + " @Transient, group some into one @Json property, or store it over several rows with @Wide");
  }

  /**
   * An index copy that, with its bookkeeping ({@link RowMarks}), holds more properties than a row: every write of
   * the entity would be refused.
   *
   * @param full whether the index copies the entity whole ({@code copied} its stored properties), else the
   *     {@code copied} properties of its {@code properties}
   * @param marks the copy's bookkeeping properties
   */
  public static Problem indexPropertyCount(String entity, String index, boolean full, int copied,
      List<String> marks) {
    int most = StoreLimits.MAX_PROPERTIES - marks.size();
    return Rule.PROPERTY_COUNT.problem(
        "index '" + index + "' of " + entity + " copies " + (full ? "all " + copied + " stored properties of "
            + entity : copied + " properties") + " plus the copy's bookkeeping " + String.join(", ", marks) + ": "
        + (copied + marks.size()) + " properties; a row holds at most " + StoreLimits.MAX_PROPERTIES + ", so every"
        + " write of " + entity + " would be refused; "
        + (full ? "store at most " + most + " properties in " + entity + " (mark some @Transient, or group some"
            + " into one @Json property), or copy only some of them (properties = {...})"
            : "copy at most " + most + " properties (properties = {...})")
        + " or only the keys (form = IndexForm.KEYS)");
  }

  // ------------------------------------------------------------------ keys

  /** A template with a forbidden character ({@code what} as "@RowKey"). */
  public static Problem keyForbiddenCharacter(String what, String entity, String problem) {
    return Rule.KEY_FORBIDDEN_CHARACTER.problem(
        what + " of " + entity + " is not a possible key: " + problem + "; use another separator, such"
        + " as '_', '-', '.' or '|'");
  }

  /** A template that does not parse. */
  public static Problem keySyntax(String what, String entity, String problem) {
    return Rule.KEY_TEMPLATE_SYNTAX.problem(what + " of " + entity + " is malformed: " + problem);
  }

  /** Literal text longer than a key. */
  public static Problem keyLiteralTooLong(String what, String entity, int literalLength) {
    return Rule.KEY_TOO_LONG.problem(
        what + " of " + entity + " has " + literalLength + " characters of literal text; a key holds at most "
        + StoreLimits.MAX_KEY_LENGTH + "; shorten the literals");
  }

  /** A key whose shortest or longest form exceeds the limit. */
  public static Problem keyTooLong(String what, String entity, boolean always, int length) {
    return Rule.KEY_TOO_LONG.problem(
        what + " of " + entity + (always ? " is always at least " + length : " can be " + length)
        + " characters long (literal text plus the fixed-width encodings of its values); a key holds at most "
        + StoreLimits.MAX_KEY_LENGTH + "; shorten the literals");
  }

  /** A placeholder naming no property. */
  public static Problem keyUnknownProperty(String what, String entity, String name, Collection<String> known) {
    return Rule.KEY_UNKNOWN_PROPERTY.problem(
        what + " of " + entity + " refers to '" + name + "', which is not a property of " + entity
        + Suggestions.didYouMean(name, known));
  }

  /** A placeholder naming a property that is not stored as itself ({@code role} as "@Transient"). */
  public static Problem keyPropertyNotStored(String what, String entity, String property, String role) {
    return Rule.KEY_PROPERTY_NOT_STORED.problem(
        what + " of " + entity + " refers to '" + property + "', which is " + role
        + "; a key is composed of stored properties");
  }

  /** A placeholder naming a property whose type cannot be in a key. */
  public static Problem keyPropertyType(String what, String entity, String property, String type, String supported) {
    return Rule.KEY_PROPERTY_TYPE.problem(what + " of " + entity + " refers to '" + property + "' of type " + type
        + ", which cannot be part of a key; keys hold " + supported);
  }

  /** A placeholder whose modifiers do not fit. */
  public static Problem keyTemplateTypes(String what, String entity, String problem) {
    return Rule.KEY_TEMPLATE_TYPES.problem(what + " of " + entity + ": " + problem);
  }

  /**
   * The rule on an enum bound to a key placeholder, decided once for the processor and the runtime: every constant
   * must be writable in a key (no forbidden character) and must not contain the separator that follows the
   * placeholder, or keys could not be split back into values.
   *
   * @return the {@link Rule#KEY_ENUM_CONSTANT} message, or {@code null} when every constant fits
   */
  public static Problem keyEnumConstantProblem(String what, String entity, String type, KeyTemplate template,
      KeyTemplate.Placeholder placeholder, Collection<String> constants) {
    String after = template.literalAfter(placeholder.index());
    char separator = after == null ? 0 : after.charAt(0);
    List<String> broken = new ArrayList<>();
    String reason = null;
    for (String constant : constants) {
      int forbidden = StoreLimits.firstForbiddenKeyChar(constant);
      if (forbidden >= 0) {
        broken.add(constant);
        reason = StoreLimits.describeChar(constant.charAt(forbidden)) + ", which keys may not hold";
      } else if (separator != 0 && constant.indexOf(separator) >= 0) {
        broken.add(constant);
        reason = "'" + separator + "', the separator after " + placeholder.text()
            + ", so such keys could not be split back into values";
      }
    }
    return broken.isEmpty() ? null : keyEnumConstant(what, entity, type, placeholder.text(), broken, reason);
  }

  /** Enum constants that would break a key. */
  public static Problem keyEnumConstant(String what, String entity, String type, String placeholder,
      List<String> broken, String reason) {
    boolean one = broken.size() == 1;
    return Rule.KEY_ENUM_CONSTANT.problem(
        what + " of " + entity + " holds enum " + type + " in " + placeholder + ", but its constant"
        + (one ? " " : "s ") + String.join(", ", broken) + (one ? " contains " : " contain ") + reason
        + "; choose a separator that no constant contains (for example '-', '.' or '|'), or rename the constant"
        + (one ? "" : "s"));
  }

  /** A zero padding narrower than its property's type can hold ({@link Rule#KEY_WIDTH}, a warning). */
  public static Problem keyWidth(String what, String entity, String property, String type,
      KeyTemplate.Placeholder placeholder, KeyType keyType) {
    int width = placeholder.width();
    return Rule.KEY_WIDTH.problem(what + " of " + entity + " pads '" + property + "' to " + width + " digit"
        + (width == 1 ? "" : "s") + " (" + placeholder.text() + " holds 0 … " + KeyCodec.maxPadded(width)
        + "), but it is a " + type + ", whose values reach " + keyType.maxValue() + "; larger values and negatives"
        + " are refused at run time with InvalidKeyException; write {" + property + ":0" + keyType.digits() + "}, or {"
        + property + "} for the whole range with negatives, or declare a narrower type");
  }

  /** A PartitionKey that is a literal ({@link Rule#PARTITION_KEY_CONSTANT}, a warning). */
  public static Problem partitionKeyConstant(String entity, KeyTemplate template) {
    return Rule.PARTITION_KEY_CONSTANT.problem("@PartitionKey of " + entity + " is the literal '" + template
        + "': every " + entity + " lands in that one partition, which serves all their reads and writes alone and"
        + " cannot be spread (the guide's prepend/append anti-pattern); compose it from a property that spreads the"
        + " load, for example @PartitionKey(\"{region}\"), or add @SuppressWarnings(\""
        + Rule.PARTITION_KEY_CONSTANT.suppressionKey() + "\") if " + entity + " is small reference data");
  }

  /**
   * A PartitionKey whose first component is a time ({@link Rule#PARTITION_KEY_TIME_LEADING}, a warning).
   *
   * @param time the leading time property
   * @param spread the PartitionKey's other properties, which could lead instead; may be empty
   */
  public static Problem partitionKeyTimeLeading(String entity, KeyTemplate template, String time,
      List<String> spread) {
    return Rule.PARTITION_KEY_TIME_LEADING.problem("@PartitionKey '" + template + "' of " + entity + " starts with "
        + time + ", a time: the " + entity + " entities written at any one moment all land in the partition of that"
        + " moment, so every insert goes to one hot partition, which the store cannot spread over its servers (the"
        + " guide's prepend/append anti-pattern); "
        + (spread.isEmpty()
            ? "lead the PartitionKey with a property that spreads the writes, as the guide's {department}_{employeeId},"
            : "lead the PartitionKey with " + String.join(" or ", spread) + " instead,")
        + " and keep the time in the RowKey for its order (the compound key pattern), or add @SuppressWarnings(\""
        + Rule.PARTITION_KEY_TIME_LEADING.suppressionKey() + "\") if the write rate stays far below one partition's"
        + " limit");
  }

  /** Log-style keys ({@link Rule#LOG_DATA}, a warning). */
  public static Problem logData(String entity, KeyTemplate partitionKey, KeyTemplate rowKey) {
    return Rule.LOG_DATA.problem(entity + " is stored like log data: its PartitionKey '" + partitionKey + "' is "
        + (partitionKey.isConstant() ? "a literal" : "made of times alone") + " and its RowKey '" + rowKey
        + "' starts with a time, so the entries of each moment are appended to one partition, a hot spot that"
        + " limits the write rate (the guide's log data anti-pattern); the guide stores logs read by time range in"
        + " Blob Storage; in a table, lead the PartitionKey with the entry's source (as {source}_{day}) and read a"
        + " time range per source, or use a table per period; or add @SuppressWarnings(\""
        + Rule.LOG_DATA.suppressionKey() + "\") if the write rate stays low");
  }

  // ------------------------------------------------------------------ indexes

  /** Whether an index name is valid. */
  public static boolean validIndexName(String name) {
    return name.matches("[A-Za-z][A-Za-z0-9]*");
  }

  /** An invalid index name. */
  public static Problem indexName(String entity, String name) {
    return Rule.INDEX_NAME.problem(
        "index name '" + name + "' of " + entity + " is not valid: use letters and digits, starting with a letter");
  }

  /** An index name used twice (or differing only in case from {@code first}). */
  public static Problem indexNameDuplicate(String entity, String typeName, String name, String first) {
    return Rule.INDEX_NAME.problem(entity + " declares index '" + name + "' " + (first.equals(name) ? "twice"
        : "after index '" + first + "', which differs only in case") + "; index names are unique per entity"
        + " (their copies are told apart by " + typeName + "#<name>), so rename one");
  }

  /** An index table name that is invalid. */
  public static Problem indexTable(String entity, String name, String table) {
    return Rule.INDEX_TABLE.problem(
        "index '" + name + "' of " + entity + " names table '" + table + "', which is not a valid table name: a"
        + " table name is a letter followed by 2 to 62 letters or digits, and 'tables' is reserved; fix the name,"
        + " or remove table to keep the copies in the entity's own table");
  }

  /** An index of {@code form = KEYS} that names properties to copy ({@link Rule#INDEX_FORM}). */
  public static Problem indexFormProperties(String entity, String name, List<String> properties) {
    return indexFormProperties(entity, name, "KEYS", properties);
  }

  /**
   * An index of {@code form = KEYS} or {@code KEY_LIST} that names properties to copy ({@link Rule#INDEX_FORM}).
   *
   * @param form the form's name as written
   */
  public static Problem indexFormProperties(String entity, String name, String form, List<String> properties) {
    return Rule.INDEX_FORM.problem(
        "index '" + name + "' of " + entity + " is declared form = " + form + ", whose rows hold only the keys of "
        + entity + " entities, but it also names properties = {\"" + String.join("\", \"", properties)
        + "\"} to copy; remove properties to keep the keys alone, or use form = COPY to copy those properties");
  }

  /**
   * {@code reads = IndexReads.COPIES} on a {@code KEYS} or {@code KEY_LIST} index, whose rows hold no property to
   * answer a query with ({@link Rule#INDEX_READS}).
   *
   * @param form the form's name as written
   */
  public static Problem indexReadsForm(String entity, String name, String form) {
    return Rule.INDEX_READS.problem(
        "index '" + name + "' of " + entity + " is declared form = " + form + " and reads = COPIES, but its rows"
        + " hold only keys of " + entity + " entities, no property a query could be answered with; remove"
        + " reads = COPIES (each read then fetches the entities), or use form = COPY (with properties = {...} for a"
        + " partial copy) so that its copies hold what the queries return");
  }

  /**
   * {@code reads = IndexReads.COPIES} on an index in the entity's partition, kept in the entity's transaction
   * ({@link Rule#INDEX_READS}).
   */
  public static Problem indexReadsLocal(String entity, String name) {
    return Rule.INDEX_READS.problem(
        "index '" + name + "' of " + entity + " lives in the entity's partition and is declared reads = COPIES,"
        + " which only applies to copies in another partition or table: a copy in the entity's partition is"
        + " written in the entity's own transaction, so a full copy already answers a query alone, strongly"
        + " consistent; remove reads = COPIES, or give the index a partitionKey or table of its own");
  }

  /** A {@code KEY_LIST} index declared (or left) {@code unique = true} ({@link Rule#INDEX_FORM}). */
  public static Problem indexKeyListUnique(String entity, String name) {
    return Rule.INDEX_FORM.problem(
        "index '" + name + "' of " + entity + " is declared form = KEY_LIST, whose rows list every " + entity
        + " with a value, so nothing could refuse a second one, but it is unique (the default); write"
        + " unique = false, or use form = KEYS for a unique value");
  }

  /** A {@code KEY_LIST} index whose keys hold every component of the entity's keys ({@link Rule#INDEX_FORM}). */
  public static Problem indexKeyListPerEntity(String entity, String name, String indexKeys, List<String> components) {
    return Rule.INDEX_FORM.problem(
        "index '" + name + "' of " + entity + " is declared form = KEY_LIST, but its keys (" + indexKeys
        + ") hold every component of the entity's keys (" + String.join(", ", components) + "), so each list"
        + " would hold one " + entity + "; keep only the indexed value in the index keys, or use form = KEYS");
  }

  /**
   * A {@code KEY_LIST} index whose RowKeys can end as its part rows' do ({@link Rule#INDEX_LIST_ROW_KEY}, a warning).
   *
   * @param component the component that can end so: a placeholder as written, or a literal's text
   */
  public static Problem indexListRowKey(String entity, String name, KeyTemplate rowKey, String component) {
    return Rule.INDEX_LIST_ROW_KEY.problem(
        "index '" + name + "' of " + entity + " keeps its key lists under RowKeys '" + rowKey + "', which can end in"
        + " '~' and four digits through " + component + ": one value's RowKey can then be another's followed by"
        + " '~0001' ..., where the list of that other value puts its part rows once it outgrows one row, and writes"
        + " joining the first value's list are then refused (IndexFullException); " + indexListRowKeyFix(rowKey)
        + ", or add @SuppressWarnings(\"" + Rule.INDEX_LIST_ROW_KEY.suppressionKey() + "\") if no value can end so");
  }

  /**
   * How to give a key list RowKeys that never end as its part rows' do ({@link Rule#INDEX_LIST_ROW_KEY}); the
   * compile-time warning and the run-time refusal say it alike.
   */
  public static String indexListRowKeyFix(KeyTemplate rowKey) {
    return "end the index's rowKey with a literal that ends in no digit (rowKey = \"" + rowKey.source() + "_\", whose"
        + " values may then hold no '_'), a zero-padded number, an enum or another component that cannot end so";
  }

  /**
   * A remote index whose PartitionKey is a literal ({@link Rule#INDEX_HOT_PARTITION}, a warning): every copy in one
   * partition.
   */
  public static Problem indexHotPartition(String entity, String name, KeyTemplate template) {
    return Rule.INDEX_HOT_PARTITION.problem(
        "index '" + name + "' of " + entity + " has the literal PartitionKey '" + template + "': the copy of every "
        + entity + " lands in that one partition, which then serves every write of an indexed value and every read"
        + " through the index alone (a hot partition, which the store cannot spread); compose it from the indexed"
        + " value, for example partitionKey = \"email_{email}\", or add @SuppressWarnings(\""
        + Rule.INDEX_HOT_PARTITION.suppressionKey() + "\") if the index stays small");
  }

  /** An index copying an unknown property. */
  public static Problem indexUnknownProperty(String entity, String name, String property, Collection<String> known) {
    return Rule.INDEX_UNKNOWN_PROPERTY.problem(
        "index '" + name + "' of " + entity + " copies '" + property + "', which is not a stored"
        + " property of " + entity + Suggestions.didYouMean(property, known));
  }

  // ------------------------------------------------------------------ schema evolution

  /** How messages name a default: {@code @DefaultValue("EUR") of property 'currency' of Employee}. */
  public static String defaultWhere(String text, String entity, String property) {
    return "@DefaultValue(\"" + text + "\") of property '" + property + "' of " + entity;
  }

  /** A default on a property that takes none ({@code reason} from {@link #defaultReason}). */
  public static Problem defaultNotApplicable(String where, String reason) {
    return Rule.DEFAULT_VALUE_PROPERTY.problem(where + " cannot apply: " + reason);
  }

  /**
   * Why a property takes no default: {@code role} is {@code Transient}, {@code ETag}, {@code Timestamp} or
   * {@code Json}.
   */
  public static String defaultReason(String role) {
    switch (role) {
      case "Transient":
        return "it is @Transient, so never read from a row; give the field an initial value instead";
      case "Json":
        return "it is @Json; set the missing value in an @Upgrade method instead";
      default:
        return "it is @" + role + ", which every row has; remove @DefaultValue";
    }
  }

  /** A default on a key property. */
  public static Problem defaultOnKey(String entity, String property) {
    return Rule.DEFAULT_VALUE_PROPERTY.problem(
        "@DefaultValue of property '" + property + "' of " + entity + " cannot apply: it"
        + " is part of a key, so every row holds it; remove @DefaultValue");
  }

  /** A default text that is no value of the type. */
  public static Problem defaultInvalid(String where, String type, String problem) {
    return Rule.DEFAULT_VALUE.problem(where + " is not a valid " + type + ": " + problem);
  }

  /** How messages name an upgrade method: {@code @Upgrade method upgrade of Employee}. */
  public static String upgradeWhere(String method, String entity) {
    return "@Upgrade method " + method + " of " + entity;
  }

  /** A second upgrade method. */
  public static Problem upgradeSecond(String where, String first) {
    return Rule.UPGRADE_METHOD.problem(
        where + " is a second one (" + first + " is the first); an entity has one upgrade method, which"
        + " handles every older version it is given");
  }

  /** An upgrade method with the wrong signature ({@code problem} as "is not static"). */
  public static Problem upgradeSignature(String where, String problem, String method) {
    return Rule.UPGRADE_METHOD.problem(where + " " + problem + "; declare it as static void " + method
        + "(int fromVersion, Map<String, Object> properties)");
  }

  /** An upgrade method on a class of version 1. */
  public static Problem upgradeVersion(String where, String entity, int version) {
    return Rule.UPGRADE_VERSION.problem(
        where + " can never run: " + entity + " is version " + version + ", so no row is older; raise"
        + " @Entity(version = ...) when the class changes, and upgrade rows of the versions before it");
  }

  /**
   * An index declared {@code unique = false} whose rowKey lacks RowKey components ({@code suffix}: them appended,
   * as the RowKey writes them).
   */
  public static Problem indexNotUnique(String entity, String name, String indexTemplate, List<String> missing,
      String rowKeyTemplate, String suffix) {
    return Rule.INDEX_UNIQUENESS.problem(
        "index '" + name + "' of " + entity + " is declared unique = false, but its rowKey '" + indexTemplate
        + "' lacks " + String.join(" and ", missing) + " of the RowKey '" + rowKeyTemplate + "', which tells the "
        + entity + " entities of a partition apart: two of them with the same value would need one copy; append "
        + (missing.size() == 1 ? "it" : "them") + ", for example rowKey = \"" + indexTemplate + suffix
        + "\", or drop unique = false to refuse a second " + entity + " with the same value");
  }

  /**
   * An index outside the entity's partition declared {@code unique = false} whose keys lack a component of the
   * entity's keys.
   */
  public static Problem indexNotUniqueElsewhere(String entity, String name, String indexKeys, List<String> missing,
      String entityKeys, String rowKeyTemplate, String suffix) {
    return Rule.INDEX_UNIQUENESS.problem(
        "index '" + name + "' of " + entity + " is declared unique = false, but its keys (" + indexKeys + ") lack "
        + String.join(" and ", missing) + " of the entity's keys (" + entityKeys + "), which tell the " + entity
        + " entities apart: two of them with the same value would need one copy; append "
        + (missing.size() == 1 ? "it" : "them") + " to the index's rowKey, for example rowKey = \"" + rowKeyTemplate
        + suffix + "\", or drop unique = false to refuse a second " + entity + " with the same value");
  }

  /** An index outside the entity's partition declared {@code unique = true} whose keys hold all the entity's keys. */
  public static Problem indexUniqueNeverElsewhere(String entity, String name, String indexKeys, String entityKeys,
      List<String> components) {
    return Rule.INDEX_UNIQUENESS.problem(
        "index '" + name + "' of " + entity + " is declared unique = true, but its keys (" + indexKeys + ") hold"
        + " every component of the entity's keys (" + entityKeys + "), so each " + entity + " gets its own copy"
        + " and nothing can refuse a second one with the same value; remove " + String.join(" and ", components)
        + " from the index's keys to make the value unique, or drop unique = true");
  }

  /** An index declared {@code unique = true} whose rowKey holds the whole RowKey. */
  public static Problem indexUniqueNever(String entity, String name, String indexTemplate, String rowKeyTemplate,
      List<String> rowKeyProperties) {
    return Rule.INDEX_UNIQUENESS.problem(
        "index '" + name + "' of " + entity + " is declared unique = true, but its rowKey '" + indexTemplate
        + "' holds every component of the RowKey '" + rowKeyTemplate + "', so each " + entity + " gets its own copy"
        + " and nothing can refuse a second one with the same value; remove " + String.join(" and ", rowKeyProperties)
        + " from the rowKey to make the value unique, or drop unique = true");
  }

  /** An index rowKey without literal prefix that can meet another key space of the entity. */
  public static Problem keySpaceNoPrefix(String entity, String index, KeyTemplate template, String other) {
    return Rule.KEY_SPACE_OVERLAP.problem(
        "index '" + index + "' of " + entity + " has rowKey '" + template + "', which starts with a value that"
        + " can equal the start of " + other + "; give it a literal prefix that no other key of " + entity
        + " starts with, for example \"" + keySpaceSuggestion(index, template) + "\", so its copies can never take"
        + " an entity's RowKey");
  }

  /** An index rowKey whose keys can equal another key space's of the entity ({@code why} from {@link #keySpaceWhy}). */
  public static Problem keySpaceOverlap(String entity, String index, KeyTemplate template, String other, String why) {
    return Rule.KEY_SPACE_OVERLAP.problem(
        "index '" + index + "' of " + entity + " has rowKey '" + template + "', whose keys can equal those of "
        + other + why + "; choose literal prefixes that do not start with one another");
  }

  /**
   * Two entity types of one table can produce the same RowKey in one partition ({@code space} and {@code other}
   * as {@link #typeSpace}; {@code why} from {@link #keySpaceWhy}; {@code suggestion} from
   * {@link #keySpaceSuggestion}).
   */
  public static Problem typesOverlap(String space, String other, String why, String table,
      KeyTemplate partitionKey, KeyTemplate otherPartitionKey, String suggestion) {
    return Rule.KEY_SPACE_OVERLAP.problem(
        space + " can produce the same keys as " + other + why + ", and both live in table " + table
        + " under PartitionKeys ('" + partitionKey + "' and '" + otherPartitionKey + "') that can be equal: one could"
        + " take the other's row; give each entity type of a table a literal RowKey prefix that no other type's keys"
        + " start with, for example \"" + suggestion + "\"");
  }

  /** How messages name a key space of an entity type: its RowKey, or an index's rowKey ({@code index} null or not). */
  public static String typeSpace(String entity, String index, KeyTemplate template) {
    return index == null
        ? "the RowKey '" + template + "' of " + entity
        : "the rowKey '" + template + "' of index '" + index + "' of " + entity;
  }

  /** How messages name an entity's own key space: {@code its own RowKey 'emp_{id}'}. */
  public static String ownRowKey(KeyTemplate rowKey) {
    return "its own RowKey '" + rowKey + "'";
  }

  /** How messages name an index's key space. */
  public static String indexSpace(String index) {
    return "index '" + index + "'";
  }

  /**
   * Why two templates were not proved apart, for messages; {@code firstA} and {@code firstB} are the key types of
   * their first placeholders (or null).
   */
  public static String keySpaceWhy(KeyTemplate a, KeyType firstA, KeyTemplate b, KeyType firstB) {
    String prefixA = a.literalPrefix();
    String prefixB = b.literalPrefix();
    if (prefixA.isEmpty() || prefixB.isEmpty()) {
      KeyTemplate open = prefixA.isEmpty() ? a : b;
      KeyType type = prefixA.isEmpty() ? firstA : firstB;
      KeyTemplate.Placeholder first = open.placeholders().get(0);
      return " ('" + open + "' starts with " + first.text() + ", "
          + (type == KeyType.STRING ? "which can be any text" : "whose encoding can start like the other key") + ")";
    }
    if (prefixA.equals(prefixB)) {
      return " (both start with '" + prefixA + "')";
    }
    if (prefixA.startsWith(prefixB) || prefixB.startsWith(prefixA)) {
      return " (literal prefixes '" + prefixA + "' and '" + prefixB + "')";
    }
    return "";
  }

  /** A template with a literal prefix naming its key space: {@code manager_{id}} for {@code emp_{id}}. */
  public static String keySpaceSuggestion(String name, KeyTemplate template) {
    String prefix = template.literalPrefix();
    int escaped;
    if (template.segments().size() < 2 || prefix.isEmpty()) {
      escaped = prefix.isEmpty() ? 0 : template.source().length();
    } else {
      escaped = ((KeyTemplate.Placeholder) template.segments().get(1)).start();
    }
    String rest = template.source().substring(escaped);
    return name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1) + "_" + rest;
  }
}
