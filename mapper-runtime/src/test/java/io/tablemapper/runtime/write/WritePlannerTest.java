package io.tablemapper.runtime.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.runtime.write.Snapshot.Holder;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Employee__Mapping;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.Staffer__Mapping;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.mapping.TypeRegistry;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * The planner on its own, without a store: what one attempt of a write sends, given the write and what was read.
 * Employee has a full copy on email ({@code email_...}) and a partial one on last name ({@code lastname_...}).
 */
class WritePlannerTest {
  private static final String TABLE = "Company";
  private static final Employee KEN = new Employee("Sales", 123, "Ken", "Kwok", 23, "ken@contoso.com", null);

  private static final Discriminator DISCRIMINATOR =
      new Discriminator(EntityMapping.TYPE_PROPERTY, new TypeRegistry());

  private final WritePlanner planner = new WritePlanner(DISCRIMINATOR, JsonMappingContext.INSTANCE);

  @Test
  void anInsertWritesTheEntityAndInsertsEachCopyWithoutReadingAnything() {
    WriteIntent<Employee> insert = intent(WriteKind.INSERT, KEN);

    assertThat(insert.needsRead()).isFalse();
    List<PlannedOp> ops = planner.plan(TABLE, insert, Snapshot.UNREAD).operations();

    assertThat(ops).extracting(PlannedOp::role).containsExactly(Role.PRIMARY, Role.NEW_COPY, Role.NEW_COPY);
    assertThat(ops).extracting(op -> op.operation().kind()).containsOnly(WriteOperation.Kind.INSERT);
    assertThat(ops).extracting(PlannedOp::rowKey)
        .containsExactly("empid_00000123", "email_ken@contoso.com", "lastname_Kwok_00000123");
    TableRow emailCopy = ops.get(1).operation().row();
    assertThat(emailCopy.getString(EntityMapping.TYPE_PROPERTY)).isEqualTo("Employee#email");
    assertThat(emailCopy.getString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)).isEqualTo("empid_00000123");
    assertThat(emailCopy.getInt32("age")).isEqualTo(23);
    assertThat(ops.get(2).operation().row().has("age")).as("a partial copy holds its properties only").isFalse();
  }

  @Test
  void anUpdateThatMovesAnIndexValueReplacesTheEntityDeletesTheOldCopyAndInsertsTheNewOne() {
    TableRow stored = stored(KEN, "W/\"1\"");
    WriteIntent<Employee> update = intent(WriteKind.UPDATE, KEN.withEmail("kenk@contoso.com"));

    List<PlannedOp> ops = planner.plan(TABLE, update, Snapshot.of(stored)).operations();

    assertThat(ops).extracting(op -> op.role() + " " + op.operation().kind() + " " + op.rowKey() + " "
            + op.operation().ifMatch())
        .containsExactly(
            "PRIMARY REPLACE empid_00000123 W/\"1\"",
            "OLD_COPY DELETE email_ken@contoso.com W/\"1\"",
            "NEW_COPY INSERT email_kenk@contoso.com null",
            "SAME_COPY REPLACE lastname_Kwok_00000123 W/\"1\"");
  }

  @Test
  void copiesWhoseRowsWereReadAreConditionalOnTheirOwnEtags() {
    TableRow stored = stored(KEN, "W/\"1\"");
    Snapshot snapshot = Snapshot.of(stored)
        .withHolder("email_ken@contoso.com", ownCopy(0, stored, "email_ken@contoso.com", "W/\"2\""))
        .withHolder("lastname_Kwok_00000123", ownCopy(1, stored, "lastname_Kwok_00000123", "W/\"3\""));

    List<PlannedOp> ops = planner.plan(TABLE, intent(WriteKind.DELETE, KEN), snapshot).operations();

    assertThat(ops).extracting(op -> op.role() + " " + op.operation().kind() + " " + op.rowKey() + " "
            + op.operation().ifMatch())
        .containsExactly(
            "PRIMARY DELETE empid_00000123 W/\"1\"",
            "OLD_COPY DELETE email_ken@contoso.com W/\"2\"",
            "OLD_COPY DELETE lastname_Kwok_00000123 W/\"3\"");
  }

  @Test
  void aDeleteLeavesAloneAnIndexValueAnotherEntitysCopyHolds() {
    TableRow stored = stored(KEN, "W/\"1\"");
    TableRow other = TableRow.builder("Sales", "email_ken@contoso.com")
        .putString(EntityMapping.TYPE_PROPERTY, "Employee#email")
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "empid_00000999")
        .etag("W/\"9\"")
        .build();
    Snapshot snapshot = Snapshot.of(stored).withHolder("email_ken@contoso.com", new Holder(other, false));

    List<PlannedOp> ops = planner.plan(TABLE, intent(WriteKind.DELETE, KEN), snapshot).operations();

    assertThat(ops).extracting(PlannedOp::rowKey).containsExactly("empid_00000123", "lastname_Kwok_00000123");
  }

  @Test
  void anUpdateWhoseIndexValueAnotherEntitysCopyHoldsFailsNamingThatEntity() {
    TableRow stored = stored(KEN, "W/\"1\"");
    TableRow other = TableRow.builder("Sales", "email_ken@contoso.com")
        .putString(EntityMapping.TYPE_PROPERTY, "Employee#email")
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "empid_00000999")
        .etag("W/\"9\"")
        .build();
    Snapshot snapshot = Snapshot.of(stored).withHolder("email_ken@contoso.com", new Holder(other, false));

    assertThatThrownBy(() -> planner.plan(TABLE, intent(WriteKind.UPDATE, KEN.withAge(24)), snapshot))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value 'email_ken@contoso.com' is already taken by another entity"
            + " (RowKey 'empid_00000999')");
  }

  @Test
  void aStaleSnapshotOfAnEntityWithAnotherEtagFailsTheWriteThatNamedTheOldOne() {
    TableRow stored = stored(KEN, "W/\"2\"");
    WriteIntent<Employee> update = intent(WriteKind.UPDATE, KEN.withAge(24).withEtag("W/\"1\""));

    assertThatThrownBy(() -> planner.plan(TABLE, update, Snapshot.of(stored)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("its ETag 'W/\"1\"' is stale (stored: 'W/\"2\"')");
  }

  @Test
  void theEtagOfAnInStepFullCopyNamesTheStoredVersionAndTheSnapshotRemembersIt() {
    TableRow stored = stored(KEN, "W/\"1\"");
    Snapshot snapshot = Snapshot.of(stored)
        .withHolder("email_ken@contoso.com", ownCopy(0, stored, "email_ken@contoso.com", "W/\"2\""));
    WriteIntent<Employee> update = intent(WriteKind.UPDATE, KEN.withAge(24).withEtag("W/\"2\""));

    WritePlanner.Plan plan = planner.plan(TABLE, update, snapshot);

    assertThat(plan.snapshot().acceptedVersion()).isEqualTo("W/\"1\"");
    assertThat(plan.operations().get(0).operation().ifMatch()).isEqualTo("W/\"1\"");
    assertThat(WritePlanner.etagUnresolved(update, plan.snapshot())).isFalse();
  }

  /**
   * The lost update Azurite showed: the insert gave both copies one ETag ({@code W/"2"}) and the entity's row
   * another; a writer that does not keep the index then changed the entity's age alone. The full copy the
   * application read through is out of step; the partial copy, which holds no age, is still in step and has the
   * ETag read — and names no version, as it does not show the properties that changed.
   */
  @Test
  void theEtagOfAnInStepPartialCopyNamesNoVersionWhereTheFullCopyItSharesItWithIsOutOfStep() {
    TableRow asRead = stored(KEN, "W/\"1\"");
    TableRow stored = stored(KEN.withAge(60), "W/\"3\"");
    Snapshot snapshot = Snapshot.of(stored)
        .withHolder("email_ken@contoso.com", ownCopy(0, asRead, "email_ken@contoso.com", "W/\"2\""))
        .withHolder("lastname_Kwok_00000123", ownCopy(1, asRead, "lastname_Kwok_00000123", "W/\"2\""));

    for (WriteKind kind : List.of(WriteKind.UPDATE, WriteKind.MERGE, WriteKind.DELETE)) {
      WriteIntent<Employee> write = intent(kind, KEN.withAge(24).withEtag("W/\"2\""));
      assertThatThrownBy(() -> planner.plan(TABLE, write, snapshot))
          .as(kind.toString())
          .isInstanceOf(ConcurrencyConflictException.class)
          .hasMessageContaining("its ETag 'W/\"2\"' is stale (stored: 'W/\"3\"')");
    }
    IndexMapping<Employee> lastName = Employee__Mapping.INSTANCE.indexes().get(1);
    assertThat(WritePlanner.copyShowsStored(DISCRIMINATOR, lastName, stored, "lastname_Kwok_00000123",
        snapshot.holder("lastname_Kwok_00000123").row(), "W/\"2\"")).isFalse();
  }

  @Test
  void anUpdateOfAnEntityThatIsNotStoredFailsAndAnUpsertInsertsIt() {
    Snapshot nothing = Snapshot.of(null);

    assertThatThrownBy(() -> planner.plan(TABLE, intent(WriteKind.UPDATE, KEN), nothing))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("it does not exist in table Company");
    assertThat(planner.plan(TABLE, intent(WriteKind.UPSERT, KEN), nothing).operations())
        .extracting(op -> op.operation().kind())
        .containsExactly(WriteOperation.Kind.INSERT, WriteOperation.Kind.INSERT, WriteOperation.Kind.INSERT);
  }

  @Test
  void aDeleteOfAnEntityJustReadIsDroppedOnceItIsGone() {
    TableRow read = stored(KEN, "W/\"1\"");
    WriteIntent<Employee> delete = WriteIntent.deleteAsRead(Employee__Mapping.INSTANCE, KEN, read, true, 0,
        Mappings.of(null));

    assertThat(planner.plan(TABLE, delete, Snapshot.of(read)).operations()).hasSize(3);
    assertThat(planner.plan(TABLE, delete, Snapshot.of(null)).operations()).isEmpty();
  }

  @Test
  void aWriteOfAnEntityWithRemoteIndexesRecordsTheirReconciliationFromWhereTheStoredEntitysCopiesWere() {
    Staffer before = new Staffer("Sales", 123, "Ken", "Kwok", "kenk@contoso.com", 7);
    Staffer after = new Staffer("Sales", 123, "Ken", "Kwan", "kenk@contoso.com", null);
    WriteIntent<Staffer> update = WriteIntent.of(WriteKind.UPDATE, Staffer__Mapping.INSTANCE, after, 0, DISCRIMINATOR,
        JsonMappingContext.INSTANCE, NewerVersionPolicy.REFUSE_REPLACE, Mappings.of(null))
        .withPendingId("0000000000001-id");
    TableRow stored = WriteIntent.of(WriteKind.INSERT, Staffer__Mapping.INSTANCE, before, 0, DISCRIMINATOR,
        JsonMappingContext.INSTANCE, NewerVersionPolicy.REFUSE_REPLACE, Mappings.of(null))
        .row().withSystemProperties("W/\"1\"", null);

    assertThat(update.needsRead()).as("where the remote copies were is read from the stored entity").isTrue();
    List<PlannedOp> ops = planner.plan("Staff", update, Snapshot.of(stored)).operations();

    PlannedOp record = ops.get(ops.size() - 1);
    assertThat(record.role()).isEqualTo(Role.PENDING);
    assertThat(record.operation().kind()).isEqualTo(WriteOperation.Kind.INSERT);
    assertThat(record.rowKey()).isEqualTo(PendingRows.WORK_ROW_PREFIX + "0000000000001-id");
    assertThat(record.operation().row().partitionKey()).isEqualTo("Sales");
    assertThat(PendingRows.steps(record.operation().row()))
        .extracting(step -> step.index() + " " + step.row().describeKeys() + " was " + step.previous())
        .containsExactly(
            "email (PartitionKey 'Sales', RowKey 'empid_00000123') was [Address[table=Staff,"
                + " partitionKey=email_kenk@contoso.com, rowKey=employee]]",
            "byLastName (PartitionKey 'Sales', RowKey 'empid_00000123') was [Address[table=StaffByLastName,"
                + " partitionKey=Kwok, rowKey=Sales_00000123], Address[table=StaffByLastName, partitionKey=Kwan,"
                + " rowKey=Sales_00000123]]",
            "byGrade (PartitionKey 'Sales', RowKey 'empid_00000123') was [Address[table=StaffByGrade,"
                + " partitionKey=Sales, rowKey=grade_007_00000123]]");
  }

  private static WriteIntent<Employee> intent(WriteKind kind, Employee employee) {
    return WriteIntent.of(kind, Employee__Mapping.INSTANCE, employee, 0, DISCRIMINATOR, JsonMappingContext.INSTANCE,
        NewerVersionPolicy.REFUSE_REPLACE, Mappings.of(null));
  }

  /** The entity's row as the store returns it, with an ETag. */
  private static TableRow stored(Employee employee, String etag) {
    return intent(WriteKind.INSERT, employee).row().withSystemProperties(etag, null);
  }

  /** The entity's in-step copy for the index at {@code index}, as the store returns it. */
  private static Holder ownCopy(int index, TableRow stored, String copyKey, String etag) {
    IndexMapping<Employee> mapping = Employee__Mapping.INSTANCE.indexes().get(index);
    return new Holder(IndexCopies.copy(DISCRIMINATOR, mapping, stored, copyKey).withSystemProperties(etag, null),
        true);
  }
}
