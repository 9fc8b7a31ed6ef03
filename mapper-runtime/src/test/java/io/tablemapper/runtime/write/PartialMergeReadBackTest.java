package io.tablemapper.runtime.write;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.mapping.TypeRegistry;
import io.tablemapper.runtime.rows.WriteKind;
import io.tablemapper.runtime.values.JsonMappingContext;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * A partial merge of an entity with an index reads its merged properties and keys back as the entity, to make the
 * copies of: an immutable class whose constructor refuses a property the merge leaves out (as Kotlin's non-null
 * parameters do) refuses the merge with a {@link InvalidEntityException} that says what to do, not its own
 * {@link NullPointerException}.
 */
class PartialMergeReadBackTest {

  /** A member whose name may not be null, with an index in its partition. */
  @Entity(table = "Members")
  @PartitionKey("{club}")
  @RowKey("m_{id:04}")
  @Index(name = "byName", rowKey = "name_{name}_{id:04}", unique = false)
  public static final class Member {
    private final String club;
    private final int id;
    private final String name;
    private final int loans;

    public Member(String club, int id, String name, int loans) {
      this.club = club;
      this.id = id;
      this.name = Objects.requireNonNull(name, "name");
      this.loans = loans;
    }

    public String getClub() {
      return club;
    }

    public int getId() {
      return id;
    }

    public String getName() {
      return name;
    }

    public int getLoans() {
      return loans;
    }
  }

  @Test
  void aClassThatRefusesTheLeftOutPropertiesRefusesTheMergeSayingWhatToDo() {
    @SuppressWarnings("unchecked")
    EntityMapping<Member> mapping = (EntityMapping<Member>) Mappings.of(null).introspect(Member.class);

    assertThatThrownBy(() -> WriteIntent.partial(WriteKind.MERGE, mapping, new Member("chess", 7, "Ann", 3),
        List.of("loans"), new Discriminator(EntityMapping.TYPE_PROPERTY, new TypeRegistry()),
        JsonMappingContext.INSTANCE, NewerVersionPolicy.REFUSE_REPLACE, Mappings.of(null)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("cannot merge only [loans] of Member")
        .hasMessageContaining("merge or update the whole entity, or let the other properties be null")
        .hasCauseInstanceOf(NullPointerException.class);
  }
}
