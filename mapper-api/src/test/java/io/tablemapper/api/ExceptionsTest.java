package io.tablemapper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The mapper's exceptions: unchecked, one root, and the details each carries. */
class ExceptionsTest {

  @Test
  void everyExceptionIsAnUncheckedTableMapperException() {
    List<TableMapperException> all = List.of(
        new EntityExistsException("m"), new EntityNotFoundException("m"), new ConcurrencyConflictException("m"),
        new InvalidKeyException("m"), new InvalidEntityException("m"), new TableNotFoundException("m"),
        new BatchException(BatchException.Reason.EMPTY, -1, "m"), new UnknownEntityTypeException("T", "m"),
        new SchemaVersionException("m"));
    for (TableMapperException e : all) {
      assertThat(e).isInstanceOf(RuntimeException.class).hasMessage("m");
    }
    IllegalStateException cause = new IllegalStateException("cause");
    assertThat(new InvalidKeyException("m", cause)).hasCause(cause);
    assertThat(new EntityExistsException("m", cause)).hasCause(cause);
    assertThat(new SchemaVersionException("m", cause)).hasCause(cause);
  }

  @Test
  void aRejectedBatchNamesTheFailedOperationAndCarriesTheSpecificException() {
    EntityExistsException exists = new EntityExistsException("Employee (Sales, empid_00000123) exists");
    BatchException rejected = new BatchException(BatchException.Reason.REJECTED, 3, "operation 3 failed", exists);
    assertThat(rejected.reason()).isEqualTo(BatchException.Reason.REJECTED);
    assertThat(rejected.failedIndex()).isEqualTo(3);
    assertThat(rejected).hasCause(exists).hasMessage("operation 3 failed");

    BatchException tooMany = new BatchException(BatchException.Reason.TOO_MANY_OPERATIONS, -1, "101 operations");
    assertThat(tooMany.failedIndex()).isEqualTo(-1);
    assertThat(tooMany.getCause()).isNull();
  }

  @Test
  void anUnknownTypeNamesTheDiscriminatorFound() {
    assertThat(new UnknownEntityTypeException("Manager", "m").typeName()).isEqualTo("Manager");
    assertThat(new UnknownEntityTypeException(null, "m").typeName()).isNull();
  }
}
