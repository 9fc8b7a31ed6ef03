package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Patron;
import io.tablemapper.runtime.fixtures.PatronAsyncRepository;
import io.tablemapper.runtime.fixtures.PatronRepository;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * A tenant's view (acme) over a store that also holds another tenant's patron (globex), with the index tables and
 * partitions the tenants share in its scope, as a view that writes patrons needs them: whatever the view's caller
 * tries — reads through each index form, dynamic reads of the shared index rows and of the pending-work registry,
 * continuation tokens replayed from the mapper or edited, claims of the other tenant's unique value, writes over its
 * copies — no result, no page token and no exception message holds anything of the other tenant's patron, and none of
 * its rows is changed.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class TenantViewIsolationTest {
  /** What only the other tenant's patron holds: its tenant and id in its keys, its name, email and note. */
  private static final List<String> MARKERS = List.of("globex", "000777", "zorblax", "top-secret");
  private static final Patron ANN = new Patron("acme", "north", 1, "Ann", "Smith", "Paris", "ann@acme.com", "gold",
      "acme note");
  private static final Patron ABE = new Patron("acme", "north", 2, "Abe", "Smith", "Paris", "abe@acme.com", "gold",
      "acme note");
  private static final Patron BOB = new Patron("globex", "north", 777, "Zorblax", "Smith", "Paris", "bob@globex.com",
      "gold", "top-secret note");
  /** The only acme patron sorted after the globex one in the shared index rows. */
  private static final Patron ZED = new Patron("acme", "zulu", 3, "Zed", "Smith", "Paris", "zed@acme.com", "gold",
      "acme note");

  private final TableBackend store;
  private final TableMapper mapper;
  private final TableMapper acme;
  private final PatronRepository patrons;
  /** Every result and exception message the attacker saw, the attacker's own inputs cut out. */
  private final List<String> seen = new ArrayList<>();

  TenantViewIsolationTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = TableMapper.builder().backend(store).build();
    PatronRepository all = mapper.repository(PatronRepository.class);
    for (Patron patron : List.of(ANN, ABE, BOB, ZED)) {
      all.insert(patron);
    }
    mapper.completePending();
    this.acme = mapper.scoped(MapperScope.builder()
        .partitionPrefix("Patrons", "acme_")
        .partitionPrefix("Patrons", "email_")
        .allPartitions("PatronsByCity")
        .allPartitions("PatronsByCard")
        .allPartitions("PatronSurnames")
        .partitionPrefix("PatronTenantSurnames", "acme_")
        .partitionPrefix("TableMapperPending", "work")
        .build());
    this.patrons = acme.repository(PatronRepository.class);
  }

  @AfterEach
  void close() {
    acme.close();
    mapper.close();
  }

  /** Runs an attack, recording what it returned or the message it failed with, without the attacker's inputs. */
  private Object attack(Supplier<Object> attack, String... inputs) {
    Object result;
    String text;
    try {
      result = attack.get();
      text = String.valueOf(result);
    } catch (RuntimeException refused) {
      result = refused;
      StringBuilder messages = new StringBuilder();
      for (Throwable t = refused; t != null; t = t.getCause()) {
        messages.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
      }
      text = messages.toString();
    }
    for (String input : inputs) {
      text = text.replace(input, "<input>");
    }
    seen.add(text);
    return result;
  }

  private void assertNothingOfTheOtherTenantSeen() {
    for (String text : seen) {
      for (String marker : MARKERS) {
        assertThat(text.toLowerCase(Locale.ROOT)).as("what the view returned").doesNotContain(marker);
      }
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void readsThroughEveryIndexFormSeeOnlyTheTenantsOwnPatrons() {
    assertThat(attack(() -> patrons.findByEmail("bob@globex.com"), "bob@globex.com")).asString()
        .isEqualTo("Optional.empty");
    assertThat(attack(() -> patrons.existsByEmail("bob@globex.com"), "bob@globex.com")).isEqualTo(false);
    assertThat((List<Object>) attack(() -> patrons.findByCity("Paris"))).containsExactly(ANN, ABE, ZED);
    assertThat(attack(() -> patrons.countByCity("Paris"))).isEqualTo(3L);
    assertThat((List<Object>) attack(() -> patrons.findByCard("gold"))).containsExactly(ANN, ABE, ZED);
    assertThat((List<Object>) attack(() -> patrons.findBySurname("Smith"))).containsExactlyInAnyOrder(ANN, ABE, ZED);
    assertThat(attack(() -> patrons.countBySurname("Smith"))).isEqualTo(3L);
    attack(() -> patrons.findByTenantAndSurname("globex", "Smith"), "globex");
    attack(() -> patrons.findByTenantAndBranchAndPatronId("globex", "north", 777), "globex", "000777");
    PatronAsyncRepository async = acme.repository(PatronAsyncRepository.class);
    assertThat(attack(() -> async.findByEmail("bob@globex.com").join(), "bob@globex.com")).asString()
        .isEqualTo("Optional.empty");
    assertThat((List<Object>) attack(() -> async.findBySurname("Smith").join())).containsExactlyInAnyOrder(ANN, ABE,
        ZED);
    Page<Patron> first = async.findByCity("Paris", PageRequest.of(2)).join();
    attack(() -> exposed(first.continuationToken().orElseThrow()));
    assertThat((List<Object>) attack(() -> async.findByCity("Paris",
        PageRequest.after(first.continuationToken().orElseThrow(), 2)).join().items())).containsExactly(ZED);
    assertThat(patrons.findByTenantAndSurname("acme", "Smith")).containsExactlyInAnyOrder(ANN, ABE, ZED);
    TableMapper middle = mapper.scoped(MapperScope.builder().partitionPrefix("Patrons", "acme_")
        .allPartitions("PatronSurnames").build());
    TableMapper viewOfView = middle.scoped(MapperScope.builder().partitionPrefix("Patrons", "acme_north")
        .allPartitions("PatronSurnames").build());
    assertThat((List<Object>) attack(() -> viewOfView.repository(PatronRepository.class).findBySurname("Smith")))
        .as("a view of a view reads a shared key list through both scopes").containsExactlyInAnyOrder(ANN, ABE);
    viewOfView.close();
    middle.close();
    assertThat(patrons.findByEmail("ann@acme.com")).contains(ANN);
    assertNothingOfTheOtherTenantSeen();
  }

  @Test
  void dynamicReadsOfTheSharedIndexRowsAndTheRegistryShowOnlyTheTenantsOwn() {
    TableRow foreignEntry = TableRow.builder(PendingRows.REGISTRY_PARTITION, "globex-work")
        .putString(PendingRows.TABLE, "Patrons").putString(PendingRows.PARTITION, "globex_north")
        .putString("Steps", "zorblax").build();
    store.write(PendingRows.REGISTRY_TABLE, WriteOperation.insert(foreignEntry));

    for (String table : List.of("PatronsByCity", "PatronsByCard", "PatronSurnames")) {
      List<?> rows = (List<?>) attack(() -> acme.dynamic(table).query(DynamicQuery.table()));
      assertThat(rows).as(table).isNotEmpty();
      attack(() -> acme.dynamic(table).query(DynamicQuery.table().select("name", "Keys")));
      String shared = table.equals("PatronSurnames") ? "Smith" : table.equals("PatronsByCity") ? "Paris" : "gold";
      DynamicQuery probe = DynamicQuery.partition(shared)
          .filter(Filter.eq(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, "globex_north"));
      attack(() -> acme.dynamic(table).query(probe), "globex_north");
    }
    assertThat(attack(() -> acme.dynamic("PatronsByCity").get("Paris", "globex_north_000777"),
        "globex_north_000777")).asString().isEqualTo("Optional.empty");
    assertThat(attack(() -> acme.dynamic("Patrons").get("email_bob@globex.com", "patron"),
        "email_bob@globex.com")).asString().isEqualTo("Optional.empty");
    attack(() -> acme.dynamic("Patrons").query(DynamicQuery.partition("email_bob@globex.com")),
        "email_bob@globex.com");
    attack(() -> acme.dynamic("PatronSurnames").get("Smith", "ids"));
    attack(() -> acme.dynamic("TableMapperPending").query(DynamicQuery.partition("work")));
    attack(() -> acme.completePending());
    assertNothingOfTheOtherTenantSeen();
  }

  @Test
  void pageTokensNeitherShowNorLeadToTheOtherTenant() {
    List<Patron> pages = new ArrayList<>();
    Page<Patron> page = patrons.findByCity("Paris", PageRequest.of(1));
    List<String> tokens = new ArrayList<>();
    while (true) {
      pages.addAll(page.items());
      page.continuationToken().ifPresent(tokens::add);
      if (!page.hasNext()) {
        break;
      }
      page = patrons.findByCity("Paris", PageRequest.after(page.continuationToken().orElseThrow(), 1));
    }
    Page<Patron> listed = patrons.findBySurname("Smith", PageRequest.of(1));
    listed.continuationToken().ifPresent(tokens::add);
    Page<DynamicEntity> dynamic = acme.dynamic("PatronsByCity").query(DynamicQuery.partition("Paris"),
        PageRequest.of(1));
    dynamic.continuationToken().ifPresent(tokens::add);
    assertThat(tokens).isNotEmpty();
    for (String token : tokens) {
      attack(() -> exposed(token));
    }
    assertThat(attack(() -> pages)).isEqualTo(List.of(ANN, ABE, ZED));

    // the mapper's own tokens of the same queries, which pass the other tenant's rows, replayed in the view
    PatronRepository all = mapper.repository(PatronRepository.class);
    for (int size = 1; size <= 3; size++) {
      int pageSize = size;
      String own = all.findByCity("Paris", PageRequest.of(pageSize)).continuationToken().orElseThrow();
      attack(() -> patrons.findByCity("Paris", PageRequest.after(own, 10)));
      String ownList = all.findBySurname("Smith", PageRequest.of(pageSize)).continuationToken().orElseThrow();
      attack(() -> patrons.findBySurname("Smith", PageRequest.after(ownList, 10)));
      String ownDynamic = mapper.dynamic("PatronsByCity").query(DynamicQuery.partition("Paris"),
          PageRequest.of(pageSize)).continuationToken().orElseThrow();
      attack(() -> acme.dynamic("PatronsByCity").query(DynamicQuery.partition("Paris"),
          PageRequest.after(ownDynamic, 10)));
      // the view's token with the mapper's backend position in it, and with positions edited towards the globex row
      String viewToken = patrons.findByCity("Paris", PageRequest.of(pageSize)).continuationToken().orElseThrow();
      for (String position : List.of(field(own, "b"), field(viewToken, "b") + "x", "",
          field(viewToken, "b").replace('a', 'g'), position("Paris", "acme_north_000002"),
          position("Paris", "globex_north_000000"), position("Paris", ""), position("", ""),
          position("Pari", "zzz"))) {
        String edited = withField(viewToken, "b", position);
        attack(() -> patrons.findByCity("Paris", PageRequest.after(edited, 10)));
      }
    }
    // the other tenant's view's own tokens of the same queries, whose pages end on its rows
    all.insert(new Patron("globex", "north", 778, "Zorblaxine", "Smith", "Paris", "ine@globex.com", "gold",
        "top-secret note"));
    mapper.completePending();
    TableMapper globex = mapper.scoped(MapperScope.builder().partitionPrefix("Patrons", "globex_")
        .allPartitions("PatronsByCity").allPartitions("PatronSurnames").build());
    PatronRepository theirs = globex.repository(PatronRepository.class);
    String theirToken = theirs.findByCity("Paris", PageRequest.of(1)).continuationToken().orElseThrow();
    assertThat(theirs.findByCity("Paris", PageRequest.of(1)).items()).containsExactly(BOB);
    attack(() -> patrons.findByCity("Paris", PageRequest.after(theirToken, 10)));
    String theirDynamic = globex.dynamic("PatronsByCity").query(DynamicQuery.partition("Paris"), PageRequest.of(1))
        .continuationToken().orElseThrow();
    attack(() -> acme.dynamic("PatronsByCity").query(DynamicQuery.partition("Paris"),
        PageRequest.after(theirDynamic, 10)));
    globex.close();
    assertNothingOfTheOtherTenantSeen();
  }

  @Test
  void claimsAndWritesOfTheOtherTenantsRowsAreRefusedWithoutNamingThemAndChangeNothing() {
    Patron squatter = new Patron("acme", "north", 9, "Sam", "Jones", "Oslo", "bob@globex.com", "tin", "acme note");
    Object refused = attack(() -> patrons.insert(squatter), "bob@globex.com");
    assertThat(refused).isInstanceOf(EntityExistsException.class);
    assertThat(((Exception) refused).getMessage()).contains("taken");
    patrons.insert(squatter.withEmail("sam@acme.com"));
    attack(() -> patrons.update(squatter), "bob@globex.com");
    attack(() -> patrons.upsert(squatter), "bob@globex.com");

    attack(() -> {
      acme.dynamic("PatronsByCity").delete(DynamicEntity.builder("Paris", "globex_north_000777").build());
      return null;
    }, "globex_north_000777");
    attack(() -> acme.dynamic("PatronsByCity").upsert(DynamicEntity.builder("Paris", "globex_north_000777")
        .putString("name", "overwritten").build()), "globex_north_000777");
    attack(() -> acme.dynamic("Patrons").upsert(DynamicEntity.builder("email_bob@globex.com", "patron")
        .putString("name", "overwritten").build()), "email_bob@globex.com");
    attack(() -> acme.dynamic("PatronSurnames").upsertMerge(DynamicEntity.builder("Smith", "ids")
        .putString("Keys", "").build()));
    attack(() -> acme.dynamic("PatronsByCity").insert(DynamicEntity.builder("Paris", "acme_forged")
        .putString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, "globex_north")
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "patron_000777")
        .putString(EntityMapping.PRIMARY_TABLE_PROPERTY, "Patrons").build()), "globex_north",
        "patron_000777");
    attack(() -> acme.deleteTable("PatronsByCity"));
    assertThat(store.tableExists("PatronsByCity")).isTrue();
    // a write of the tenant's own patron into the shared key list keeps the other tenant's entry
    patrons.insert(new Patron("acme", "north", 4, "Al", "Smith", "Rome", "al@acme.com", "tin", "acme note"));
    mapper.completePending();
    assertNothingOfTheOtherTenantSeen();

    PatronRepository all = mapper.repository(PatronRepository.class);
    assertThat(all.findByEmail("bob@globex.com")).contains(BOB);
    assertThat(all.findByCity("Paris")).contains(BOB);
    assertThat(all.findBySurname("Smith")).contains(BOB).hasSize(5);
    assertThat(mapper.dynamic("PatronsByCity").get("Paris", "globex_north_000777").orElseThrow()
        .getString("name")).isEqualTo("Zorblax");
    assertThat(mapper.dynamic("PatronsByCity").get("Paris", "acme_forged")).isEmpty();
    assertThat(patrons.findBySurname("Smith")).hasSize(4);
  }

  /**
   * The other tenant's copy lands under the keys a view writes between the view's check of the row and its write
   * (the first read of those keys is followed by the copy's write): the view's write, pinned to what it checked,
   * fails, is checked again and refused; the copy stays as the other tenant wrote it.
   */
  @Test
  void aRowThatBecomesTheOtherTenantsBetweenTheViewsCheckAndItsWriteIsNotChanged() {
    TableRow theirs = TableRow.builder("Paris", "acme_race").putString("name", "Zorblax")
        .putString("EntityType", "Patron#byCity")
        .putString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, "globex_north")
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "patron_000777")
        .putString(EntityMapping.PRIMARY_TABLE_PROPERTY, "Patrons").build();
    boolean[] raced = {false};
    TableMapper racing = TableMapper.builder().backend(new ForwardingBackend(store) {
      @Override
      public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
        Optional<TableRow> read = delegate.get(table, partitionKey, rowKey);
        if (rowKey.equals("acme_race") && !raced[0]) {
          raced[0] = true;
          delegate.write(table, WriteOperation.upsertReplace(theirs));
        }
        return read;
      }

      @Override
      public void close() {} // the store is the test's mapper's
    }).build();
    TableMapper view = racing.scoped(MapperScope.builder().allPartitions("PatronsByCity").build());

    attack(() -> view.dynamic("PatronsByCity").upsert(DynamicEntity.builder("Paris", "acme_race")
        .putString("name", "overwritten").build()));
    assertThat(mapper.dynamic("PatronsByCity").get("Paris", "acme_race").orElseThrow().getString("name"))
        .isEqualTo("Zorblax");
    raced[0] = false;
    store.write("PatronsByCity", WriteOperation.upsertReplace(TableRow.builder("Paris", "acme_race")
        .putString("name", "acme's own").build()));
    attack(() -> {
      view.dynamic("PatronsByCity").delete(DynamicEntity.builder("Paris", "acme_race").build());
      return null;
    });
    assertThat(mapper.dynamic("PatronsByCity").get("Paris", "acme_race").orElseThrow().getString("name"))
        .isEqualTo("Zorblax");
    assertThat(seen).allMatch(text -> text.contains("OutOfScopeException"));
    assertNothingOfTheOtherTenantSeen();
    view.close();
    racing.close();
  }

  @Test
  void aWriteWhoseIndexRowsTheScopeLacksIsRefusedBeforeAnyRequestNamingTheIndexAndTheFix() {
    TableMapper narrow = mapper.scoped(MapperScope.builder()
        .partitionPrefix("Patrons", "acme_")
        .partitionPrefix("Patrons", "email_")
        .allPartitions("PatronsByCard")
        .allPartitions("PatronSurnames")
        .partitionPrefix("PatronTenantSurnames", "acme_")
        .partitionPrefix("TableMapperPending", "work")
        .build());
    Patron cy = new Patron("acme", "north", 5, "Cy", "Ho", "Lima", "cy@acme.com", "tin", "acme note");

    assertThatThrownBy(() -> narrow.repository(PatronRepository.class).insert(cy))
        .isInstanceOf(OutOfScopeException.class)
        .hasMessageContaining("index 'byCity' keeps its copy in table PatronsByCity, partition 'Lima'")
        .hasMessageContaining("add the index's table or partitions to the scope")
        .hasMessageContaining("nothing was written");
    assertThat(mapper.repository(PatronRepository.class).findByTenantAndBranchAndPatronId("acme", "north", 5))
        .isEmpty();
    assertThat(mapper.repository(PatronRepository.class).existsByEmail("cy@acme.com")).isFalse();
    narrow.close();
  }

  /**
   * What a token tells whoever decodes it: its JSON and, in it, the keys of its position ({@code b}: a key list's
   * last entry, or a view's {@code tmscope1.<PartitionKey>.<RowKey>}, each Base64url).
   */
  private static String exposed(String token) {
    String json = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
    String position = decode(token).path("b").asText("");
    StringBuilder keys = new StringBuilder(json);
    if (position.indexOf('\t') > 0) {
      return json; // a key list's: the last entry read (PartitionKey, tab, RowKey), as it is
    }
    assertThat(position).as("the store's own token never leaves a view").startsWith("tmscope1.");
    for (String part : position.substring("tmscope1.".length()).split("\\.")) {
      keys.append(' ').append(new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8));
    }
    return keys.toString();
  }

  /** A view's token of a position, as a caller who read the format would craft it. */
  private static String position(String partitionKey, String rowKey) {
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return "tmscope1." + base64.encodeToString(partitionKey.getBytes(StandardCharsets.UTF_8)) + "."
        + base64.encodeToString(rowKey.getBytes(StandardCharsets.UTF_8));
  }

  private static String field(String token, String name) {
    return decode(token).get(name).asText();
  }

  private static String withField(String token, String name, String value) {
    ObjectNode json = decode(token);
    json.put(name, value);
    try {
      return Base64.getUrlEncoder().withoutPadding().encodeToString(JsonMappingContext.json().writeValueAsBytes(json));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static ObjectNode decode(String token) {
    try {
      return (ObjectNode) JsonMappingContext.json().readTree(Base64.getUrlDecoder().decode(token));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
