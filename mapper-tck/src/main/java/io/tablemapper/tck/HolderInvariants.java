package io.tablemapper.tck;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the stored rows of {@link Holder} must be once its pending work is complete, stated here from the documentation's
 * description of the rows (copies: {@code type#index}, the copied properties, {@code TmPrimaryPartitionKey},
 * {@code TmPrimaryRowKey}, {@code TmPrimaryTable} in another table, and on a claimed copy the bookkeeping of the
 * writes that claimed it, {@code TmWorkIds}, which the checks leave alone; key lists: entries "PartitionKey, tab, RowKey",
 * one per line, in {@code Keys}, {@code Keys1}, ...) rather than taken from the runtime, and checked against the raw
 * rows: for every holder and every index that copies, exactly one copy at the keys its current values imply,
 * pointing to it, holding what its current row holds; no copy or claim besides (none for a holder that is gone or
 * no longer has the value); every key-list entry exactly for the holders with the value, once; no unique value held
 * by two holders.
 */
final class HolderInvariants {
  static final String TABLE = "Holders";
  static final String TYPE = "Holder";
  private static final String DISCRIMINATOR = "EntityType";
  private static final String PRIMARY_PARTITION_KEY = "TmPrimaryPartitionKey";
  private static final String PRIMARY_ROW_KEY = "TmPrimaryRowKey";
  private static final String PRIMARY_TABLE = "TmPrimaryTable";
  /** The writes that claimed a remote copy: bookkeeping of the claim protocol, not a property of the holder. */
  private static final String WORK_IDS = "TmWorkIds";
  private static final Set<String> MARKERS =
      Set.of(DISCRIMINATOR, PRIMARY_PARTITION_KEY, PRIMARY_ROW_KEY, PRIMARY_TABLE, WORK_IDS);

  /** One broken invariant: its name, what was found (the rows involved), and the holders it concerns. */
  record Violation(String invariant, String detail, Set<String> entities) {
    @Override
    public String toString() {
      return "[" + invariant + "] " + detail;
    }
  }

  /** An index of {@link Holder} that keeps a row per holder: where, and what the row holds. */
  private enum CopyIndex {
    HANDLE("handle", TABLE, null) {
      @Override
      String[] keys(TableRow holder) {
        String handle = holder.getString("handle");
        return handle == null ? null : new String[] {"handle_" + handle, "holder"};
      }
    },
    BADGE("badge", "HolderBadges", new String[0]) {
      @Override
      String[] keys(TableRow holder) {
        String badge = holder.getString("badge");
        return badge == null ? null : new String[] {badge, "holder"};
      }
    },
    BY_CITY("byCity", "HoldersByCity", new String[] {"name", "level"}) {
      @Override
      String[] keys(TableRow holder) {
        String city = holder.getString("city");
        return city == null ? null
            : new String[] {city, holder.partitionKey() + "_" + String.format("%04d", holder.getInt32("holderId"))};
      }
    },
    BY_LEVEL("byLevel", "HoldersByLevel", null) {
      @Override
      String[] keys(TableRow holder) {
        Integer level = holder.getInt32("level");
        return level == null ? null : new String[] {holder.partitionKey(),
            String.format("lvl_%03d_%04d", level, holder.getInt32("holderId"))};
      }
    },
    BY_NAME("byName", TABLE, null) {
      @Override
      String[] keys(TableRow holder) {
        String name = holder.getString("name");
        return name == null ? null : new String[] {holder.partitionKey(),
            "name_" + name + "_" + String.format("%04d", holder.getInt32("holderId"))};
      }
    };

    final String index;
    final String table;
    /** The properties a copy holds: null for every one of the holder's. */
    final String[] holds;

    CopyIndex(String index, String table, String[] holds) {
      this.index = index;
      this.table = table;
      this.holds = holds;
    }

    String type() {
      return TYPE + "#" + index;
    }

    /** The copy's PartitionKey and RowKey for a holder's row, or null when its value is null (no copy). */
    abstract String[] keys(TableRow holder);
  }

  private static final String LIST_TABLE = "HolderColors";
  private static final String LIST_TYPE = TYPE + "#byColor";

  private HolderInvariants() {}

  /** A holder's keys as the checks name them: "PartitionKey/RowKey". */
  static String key(String partitionKey, String rowKey) {
    return partitionKey + "/" + rowKey;
  }

  static String key(Holder holder) {
    return key(holder.group(), String.format("h_%04d", holder.holderId()));
  }

  /** The holders' own rows, by key. */
  static Map<String, TableRow> holders(TableBackend store) {
    Map<String, TableRow> holders = new TreeMap<>();
    for (TableRow row : RawRows.all(store, TABLE)) {
      if (TYPE.equals(row.getString(DISCRIMINATOR))) {
        holders.put(key(row.partitionKey(), row.rowKey()), row);
      }
    }
    return holders;
  }

  /** Every violation the stored rows show. */
  static List<Violation> check(TableBackend store) {
    Map<String, TableRow> holders = holders(store);
    List<Violation> violations = new ArrayList<>();
    Map<String, List<TableRow>> tables = new HashMap<>();
    for (CopyIndex index : CopyIndex.values()) {
      List<TableRow> rows = tables.computeIfAbsent(index.table, table -> RawRows.all(store, table));
      checkCopies(index, holders, rows, violations);
    }
    checkLists(holders, RawRows.all(store, LIST_TABLE), violations);
    checkUnique("handle", holders, violations);
    checkUnique("badge", holders, violations);
    return violations;
  }

  private static void checkCopies(CopyIndex index, Map<String, TableRow> holders, List<TableRow> rows,
      List<Violation> violations) {
    Map<String, List<TableRow>> copiesOf = new TreeMap<>();
    for (TableRow row : rows) {
      if (!index.type().equals(row.getString(DISCRIMINATOR))) {
        continue;
      }
      String holder = holderOf(row);
      copiesOf.computeIfAbsent(holder, k -> new ArrayList<>()).add(row);
      TableRow entity = holders.get(holder);
      String[] wanted = entity == null ? null : index.keys(entity);
      if (wanted == null || !wanted[0].equals(row.partitionKey()) || !wanted[1].equals(row.rowKey())) {
        violations.add(new Violation(index.index + ": orphan",
            "copy " + describe(index.table, row) + " points to " + holder + ", which "
                + (entity == null ? "does not exist" : "implies " + (wanted == null ? "no copy" : "the copy at "
                    + wanted[0] + "/" + wanted[1]) + ": " + describe(TABLE, entity)), Set.of(holder)));
      } else {
        String stale = stale(index, entity, row);
        if (stale != null) {
          violations.add(new Violation(index.index + ": stale", "copy " + describe(index.table, row) + " of "
              + describe(TABLE, entity) + ": " + stale, Set.of(holder)));
        }
      }
    }
    for (Map.Entry<String, TableRow> holder : holders.entrySet()) {
      String[] wanted = index.keys(holder.getValue());
      if (wanted == null) {
        continue;
      }
      List<TableRow> copies = copiesOf.getOrDefault(holder.getKey(), List.of());
      boolean there = copies.stream()
          .anyMatch(copy -> copy.partitionKey().equals(wanted[0]) && copy.rowKey().equals(wanted[1]));
      if (!there) {
        TableRow under = rows.stream()
            .filter(row -> row.partitionKey().equals(wanted[0]) && row.rowKey().equals(wanted[1]))
            .findFirst().orElse(null);
        violations.add(new Violation(index.index + ": missing", describe(TABLE, holder.getValue())
            + " has no copy at " + index.table + " " + wanted[0] + "/" + wanted[1]
            + (under == null ? " (no row there)" : "; the row there is " + describe(index.table, under)),
            under == null || holderOf(under).equals(holder.getKey()) ? Set.of(holder.getKey())
                : Set.of(holder.getKey(), holderOf(under))));
      }
    }
  }

  /** The holder a copy points to: its PartitionKey (the copy's own in the holder's partition) and RowKey. */
  private static String holderOf(TableRow copy) {
    Object partitionKey = copy.get(PRIMARY_PARTITION_KEY);
    return key(partitionKey == null ? copy.partitionKey() : String.valueOf(partitionKey),
        String.valueOf(copy.get(PRIMARY_ROW_KEY)));
  }

  /** What a copy at the right keys holds that its holder's row does not, or null when it is in step. */
  private static String stale(CopyIndex index, TableRow holder, TableRow copy) {
    Set<String> held = new TreeSet<>();
    if (index.holds == null) {
      for (String name : holder.properties().keySet()) {
        if (!MARKERS.contains(name)) {
          held.add(name);
        }
      }
    } else {
      held.addAll(Arrays.asList(index.holds));
    }
    List<String> differences = new ArrayList<>();
    for (String name : held) {
      if (!Objects.equals(holder.get(name), copy.get(name))) {
        differences.add(name + " " + copy.get(name) + " instead of " + holder.get(name));
      }
    }
    for (String name : copy.properties().keySet()) {
      if (!MARKERS.contains(name) && !held.contains(name)) {
        differences.add("holds " + name + " (" + copy.get(name) + "), which it should not");
      }
    }
    return differences.isEmpty() ? null : String.join(", ", differences);
  }

  private static void checkLists(Map<String, TableRow> holders, List<TableRow> rows, List<Violation> violations) {
    Map<String, TreeSet<String>> wanted = new TreeMap<>();
    for (Map.Entry<String, TableRow> holder : holders.entrySet()) {
      String color = holder.getValue().getString("color");
      if (color != null) {
        wanted.computeIfAbsent(color, k -> new TreeSet<>()).add(holder.getKey());
      }
    }
    Map<String, TreeSet<String>> listed = new TreeMap<>();
    for (TableRow row : rows) {
      if (!LIST_TYPE.equals(row.getString(DISCRIMINATOR))) {
        continue;
      }
      StringBuilder text = new StringBuilder();
      for (int chunk = 0; row.has(chunk == 0 ? "Keys" : "Keys" + chunk); chunk++) {
        text.append(row.getString(chunk == 0 ? "Keys" : "Keys" + chunk));
      }
      TreeSet<String> entries = listed.computeIfAbsent(row.partitionKey(), k -> new TreeSet<>());
      int count = 0;
      for (String entry : text.toString().split("\n")) {
        if (entry.isEmpty()) {
          continue;
        }
        count++;
        String holder = entry.replace('\t', '/');
        if (!entries.add(holder)) {
          violations.add(new Violation("byColor: entry twice", "list " + row.partitionKey() + " lists " + holder
              + " twice: " + describe(LIST_TABLE, row), Set.of(holder)));
        }
      }
      Integer counted = row.getInt32("KeyCount");
      if (!row.has("KeyPart") && !row.has("KeyParts") && counted != null && counted != count) {
        violations.add(new Violation("byColor: count", "list " + row.partitionKey() + " counts " + counted
            + " entries and holds " + count + ": " + describe(LIST_TABLE, row), Set.of()));
      }
    }
    Set<String> colors = new TreeSet<>(wanted.keySet());
    colors.addAll(listed.keySet());
    for (String color : colors) {
      TreeSet<String> should = wanted.getOrDefault(color, new TreeSet<>());
      TreeSet<String> is = listed.getOrDefault(color, new TreeSet<>());
      for (String holder : should) {
        if (!is.contains(holder)) {
          violations.add(new Violation("byColor: entry missing", "list " + color + " lacks " + holder + " ("
              + describe(TABLE, holders.get(holder)) + "); it lists " + is, Set.of(holder)));
        }
      }
      for (String holder : is) {
        if (!should.contains(holder)) {
          TableRow entity = holders.get(holder);
          violations.add(new Violation("byColor: orphan entry", "list " + color + " lists " + holder + ", which "
              + (entity == null ? "does not exist" : "has color " + entity.getString("color") + ": "
                  + describe(TABLE, entity)), Set.of(holder)));
        }
      }
    }
  }

  private static void checkUnique(String property, Map<String, TableRow> holders, List<Violation> violations) {
    Map<String, List<String>> holdersOf = new TreeMap<>();
    holders.forEach((key, row) -> {
      String value = row.getString(property);
      if (value != null) {
        holdersOf.computeIfAbsent(value, k -> new ArrayList<>()).add(key);
      }
    });
    holdersOf.forEach((value, keys) -> {
      if (keys.size() > 1) {
        violations.add(new Violation(property + ": held twice", "unique value " + value + " is held by " + keys,
            new TreeSet<>(keys)));
      }
    });
  }

  /** A row as a violation shows it: table, keys, ETag and properties. */
  static String describe(String table, TableRow row) {
    if (row == null) {
      return "(none)";
    }
    return table + " " + row.partitionKey() + "/" + row.rowKey() + " " + new TreeMap<>(row.properties());
  }
}
