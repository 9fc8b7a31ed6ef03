package io.tablemapper.processor;

import io.tablemapper.spi.key.KeyTemplate;
import io.tablemapper.spi.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * Checks that an entity's RowKeys and its index copies' RowKeys can never be equal: each index needs a literal
 * prefix, and no two of the key spaces may share one (one prefix starting with the other), nor may an index prefix
 * be a possible start of the entity's own keys when those start with a value.
 */
final class KeySpaces {
  private KeySpaces() {}

  static void check(
      TypeElement type, KeyModel rowKey, List<EntityModel.IndexModel> indexes, Map<String, AnnotationMirror> mirrors,
      Diagnostics diagnostics) {
    String owner = type.getSimpleName().toString();
    List<String> seenNames = new ArrayList<>();
    List<String> seenPrefixes = new ArrayList<>();
    seenNames.add("its own RowKey '" + rowKey.template() + "'");
    seenPrefixes.add(rowKey.template().literalPrefix());
    for (EntityModel.IndexModel index : indexes) {
      AnnotationMirror mirror = mirrors.get(index.name());
      String prefix = index.rowKey().template().literalPrefix();
      String where = "index '" + index.name() + "' of " + owner;
      if (prefix.isEmpty()) {
        diagnostics.error(type, mirror, Annotations.explicit(mirror, "rowKey"), Ids.KEY_SPACE_OVERLAP,
            where + " has rowKey '" + index.rowKey().template() + "', which starts with a value; give it a literal"
                + " prefix that no other key of " + owner + " starts with, for example \"" + index.name()
                + "_" + index.rowKey().template() + "\", so its copies can never take an entity's RowKey");
        continue;
      }
      for (int i = 0; i < seenPrefixes.size(); i++) {
        String other = seenPrefixes.get(i);
        boolean clash = other.isEmpty()
            ? canStartWith(rowKey.template(), rowKey, prefix.charAt(0))
            : other.startsWith(prefix) || prefix.startsWith(other);
        if (clash) {
          diagnostics.error(type, mirror, Annotations.explicit(mirror, "rowKey"), Ids.KEY_SPACE_OVERLAP,
              where + " has rowKey '" + index.rowKey().template() + "', whose keys can equal those of "
                  + seenNames.get(i) + (other.isEmpty() ? " (which starts with a value that may begin with '"
                      + prefix.charAt(0) + "')" : " (literal prefixes '" + prefix + "' and '" + other + "')")
                  + "; choose literal prefixes that do not start with one another");
          break;
        }
      }
      seenNames.add("index '" + index.name() + "'");
      seenPrefixes.add(prefix);
    }
  }

  /** Whether a key of this template, which starts with a placeholder, can start with {@code c}. */
  private static boolean canStartWith(KeyTemplate template, KeyModel key, char c) {
    if (template.placeholders().isEmpty()) {
      return false;
    }
    KeyTemplate.Placeholder first = template.placeholders().get(0);
    KeyType type = key.property(0).keyType();
    boolean digit = c >= '0' && c <= '9';
    switch (type) {
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return digit || (first.width() == 0 && c == '-');
      case BOOLEAN:
        return c == 'f' || c == 't';
      case UUID:
        return digit || (c >= 'a' && c <= 'f');
      case INSTANT:
      case OFFSET_DATE_TIME:
      case LOCAL_DATE:
      case LOCAL_DATE_TIME:
        return digit || c == '-' || c == '~';
      default:
        return true;
    }
  }
}
