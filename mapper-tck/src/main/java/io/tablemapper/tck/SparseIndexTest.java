package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Badge;
import io.tablemapper.tck.fixtures.BadgeRepository;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * An index of a nullable property has no copy of an entity without a value, so reading its copies would miss that
 * entity: such an index serves only queries that compare the property, and every other query reads the entities'
 * own rows and finds them all, on every store.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class SparseIndexTest {
  private final StoreUnderTest stores;
  private final List<QueryEvent> events = new ArrayList<>();
  private TableMapper mapper;
  private BadgeRepository badges;

  SparseIndexTest(StoreUnderTest stores) {
    this.stores = stores;
  }

  @BeforeEach
  void open() {
    mapper = TableMapper.builder().backend(stores.newStore()).queryListener(events::add).build();
    badges = mapper.repository(BadgeRepository.class);
    badges.insert(new Badge("Lab", 1, "ace"));
    badges.insert(new Badge("Lab", 2, null));
    badges.insert(new Badge("Lab", 3, "bee"));
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aQueryThatDoesNotCompareTheNicknameFindsTheBadgesWithoutOne() {
    assertThat(badges.findBySite("Lab")).extracting(Badge::id).containsExactly(1, 2, 3);
    assertThat(badges.countBySite("Lab")).isEqualTo(3);
    assertThat(badges.findTop2BySite("Lab")).extracting(Badge::id).containsExactly(1, 2);
    assertThat(events).extracting(QueryEvent::plan).noneMatch(plan -> plan.contains("via index"));
  }

  @Test
  void aQueryThatComparesTheNicknameMayReadTheIndexSinceNoBadgeWithoutOneMatchesIt() {
    assertThat(badges.findBySiteAndNickStartsWith("Lab", "b")).extracting(Badge::id).containsExactly(3);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.plan()).contains("via index byNick"));
  }
}
