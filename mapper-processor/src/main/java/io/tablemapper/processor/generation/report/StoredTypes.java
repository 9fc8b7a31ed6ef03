package io.tablemapper.processor.generation.report;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.RowMarks;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.spi.EdmType;
import java.util.ArrayList;
import java.util.List;

/**
 * The store type of a property as the store holds it, which is its kind's type ({@link PropertyKind#edmType()})
 * unless the mapper transforms the value on its way: an {@code @Encrypted} value is stored as the Binary of its
 * ciphertext (whatever its Java type), and a {@code @Large} one out of the row, the row holding a String reference to
 * it (its ciphertext, when it is encrypted too). The same rules as the runtime's {@code EntityMapping.toStoredRow}.
 * Before them, a row holds the mapper's bookkeeping ({@link RowMarks}): its discriminator, and on an index copy the
 * keys of the entity it copies.
 */
final class StoredTypes {

  private StoredTypes() {}

  /** The bookkeeping columns of an entity's row (index null) or of one of its index's rows. */
  static List<KeyDesign.Column> bookkeeping(EntityModel entity, EntityModel.IndexModel index) {
    if (index == null) {
      return bookkeeping(entity.typeName(), entity.version(), null, false, false, false);
    }
    if (index.keyList()) { // its row lists the keys of its entities: no copy's bookkeeping
      return new ArrayList<>(bookkeeping(entity.typeName(), 1, index.name(), false, false, false).subList(0, 1));
    }
    return bookkeeping(entity.typeName(), entity.version(), index.name(), index.remote(),
        !index.table().equals(entity.table()), index.fullCopy());
  }

  /**
   * The bookkeeping columns of a row, as {@link RowMarks} lists them: the discriminator with its value, the version
   * above 1, and on an index copy its entity's keys (and table) and the claims of a copy beyond the partition.
   *
   * @param index the index of a copy, or null for the entity's own row
   * @param remote whether the copy lives outside its entity's partition
   * @param otherTable whether it lives in another table than its entity's
   * @param copiesRow whether the copy holds its entity's row whole (a full copy: its version too)
   */
  static List<KeyDesign.Column> bookkeeping(String typeName, int version, String index, boolean remote,
      boolean otherTable, boolean copiesRow) {
    List<KeyDesign.Column> columns = new ArrayList<>(6);
    List<String> marks = index == null ? RowMarks.entityMarks(version) : RowMarks.copyMarks(remote, otherTable);
    for (String mark : marks) {
      switch (mark) {
        case EntityMapping.TYPE_PROPERTY:
          columns.add(new KeyDesign.Column(mark, EdmType.STRING.odataName(),
              "= " + typeName + (index == null ? "" : EntityMapping.INDEX_TYPE_SEPARATOR + index)));
          break;
        case EntityMapping.VERSION_PROPERTY:
          columns.add(new KeyDesign.Column(mark, EdmType.INT32.odataName(), "= " + version));
          break;
        case EntityMapping.PRIMARY_ROW_KEY_PROPERTY:
          columns.add(new KeyDesign.Column(mark, EdmType.STRING.odataName(), "its entity's RowKey"));
          break;
        case EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY:
          columns.add(new KeyDesign.Column(mark, EdmType.STRING.odataName(), "its entity's PartitionKey"));
          break;
        case EntityMapping.PRIMARY_TABLE_PROPERTY:
          columns.add(new KeyDesign.Column(mark, EdmType.STRING.odataName(), "its entity's table"));
          break;
        default:
          columns.add(new KeyDesign.Column(mark, EdmType.STRING.odataName(), "claims of pending writes"));
      }
    }
    if (index != null && copiesRow && version > 1) {
      columns.add(new KeyDesign.Column(EntityMapping.VERSION_PROPERTY, EdmType.INT32.odataName(), "= " + version));
    }
    return columns;
  }

  /** The column of a stored property: its stored name, its store type as stored and what was done to the value. */
  static KeyDesign.Column column(PropertyModel property) {
    return column(property.storedName(), property.kind(), property.encrypted(), property.large());
  }

  static KeyDesign.Column column(String storedName, PropertyKind kind, boolean encrypted, boolean large) {
    if (large) {
      return new KeyDesign.Column(storedName, EdmType.STRING.odataName(),
          encrypted ? "large, encrypted: a reference to the ciphertext, stored out of the row"
              : "large: a reference to the value, stored out of the row");
    }
    if (encrypted) {
      return new KeyDesign.Column(storedName, EdmType.BINARY.odataName(),
          "encrypted: AES-GCM ciphertext of the " + (kind == PropertyKind.BINARY ? "bytes" : "text"));
    }
    String note;
    switch (kind) {
      case JSON:
        note = "JSON text";
        break;
      case BIG_DECIMAL:
      case BIG_INTEGER:
        note = "decimal text";
        break;
      case ENUM:
        note = "the constant's name";
        break;
      case BYTE:
      case SHORT:
      case FLOAT:
        note = "widened";
        break;
      default:
        note = null;
    }
    return new KeyDesign.Column(storedName, kind.edmType().odataName(), note);
  }
}
