package io.tablemapper.runtime;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.runtime.fixtures.ArchivedEmployee;
import io.tablemapper.runtime.fixtures.Desk;
import io.tablemapper.runtime.fixtures.DeskRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The child process of {@link PendingCrashTest}: over an H2 file, makes one write of the pending-work protocol and
 * stops before its store write number {@code n + 1}, waiting to be killed. The write ({@code eventual}) commits the
 * guide's eventually consistent transaction — move an employee from Sales to Marketing, archive it, update another — or
 * ({@code index}) updates a {@link Staffer}'s remote index values: its unique email, its last name, its grade. Before
 * stopping it appends to an acknowledgement file one line per write the store took ({@code batch Company pending} for
 * the transaction that recorded the work) and then {@code stopped}; a commit with fewer writes appends {@code done} and
 * exits.
 */
public final class PendingCrashWriter {
  /** The staffer of the {@code index} write, as stored before it. */
  static final Staffer ORIGINAL = new Staffer("Sales", 1, "Ken", "Kwok", "kenk@contoso.com", 7);
  /** The staffer of the {@code index} write, as it writes it: every indexed value changed. */
  static final Staffer CHANGED = new Staffer("Sales", 1, "Kenneth", "Kwan", "ken@contoso.com", 8);

  /** The clerk of the {@code list} write, as stored before it (another Jones in Marketing beside it). */
  static final Clerk CLERK = new Clerk("Sales", 1, "Ken", "Jones", "audit", "blue");
  /** The clerk of the {@code list} write, as it writes it: moved to other lists of last name and skill. */
  static final Clerk CLERK_CHANGED = new Clerk("Sales", 1, "Ken", "Smith", "law", "blue");

  /** The desk of the {@code desk} write, as stored before it: on floor 3, whose list is in its partition. */
  static final Desk DESK = new Desk("HQ", 1, "3", "Ann");
  /** The desk of the {@code desk} write, as it writes it: moved to floor 4 (both lists in the desk's EGT). */
  static final Desk DESK_MOVED = new Desk("HQ", 1, "4", "Ann");

  private PendingCrashWriter() {}

  /** Arguments: the database path, the writes to let through, the acknowledgement file, the write to make. */
  public static void main(String[] args) throws IOException {
    int writes = Integer.parseInt(args[1]);
    FileOutputStream acknowledgements = new FileOutputStream(args[2], true);
    Stopping backend = new Stopping(H2Backend.file(Path.of(args[0])), writes, acknowledgements);
    TableMapper mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    if (args[3].equals("index")) {
      mapper.repository(StafferRepository.class).update(CHANGED);
    } else if (args[3].equals("list")) {
      mapper.repository(ClerkRepository.class).update(CLERK_CHANGED);
    } else if (args[3].equals("desk")) {
      mapper.repository(DeskRepository.class).update(DESK_MOVED);
    } else {
      EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
      Employee inSales = employees.getByDepartmentAndEmployeeId("Sales", 1);
      Employee other = employees.getByDepartmentAndEmployeeId("Support", 2);
      mapper.eventually()
          .delete(inSales)
          .insert(moved(inSales))
          .insert(ArchivedEmployee.of(inSales))
          .update(other.withAge(other.age() + 1))
          .commit();
    }
    acknowledge(acknowledgements, "done");
    Runtime.getRuntime().halt(0);
  }

  /** The employee as moved to Marketing. */
  static Employee moved(Employee employee) {
    return Employee.of("Marketing", employee.employeeId(), employee.firstName(), employee.lastName(),
        employee.age(), employee.email());
  }

  static void acknowledge(FileOutputStream acknowledgements, String line) {
    synchronized (acknowledgements) {
      try {
        acknowledgements.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        acknowledgements.getFD().sync();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** A backend that lets {@code writes} writes through, then waits to be killed before the next one. */
  private static final class Stopping extends ForwardingBackend {
    private final FileOutputStream acknowledgements;
    private int writesLeft;

    Stopping(TableBackend store, int writes, FileOutputStream acknowledgements) {
      super(store, Async.THROUGH_BLOCKING_CALLS);
      this.writesLeft = writes;
      this.acknowledgements = acknowledgements;
    }

    private void beforeWrite() {
      if (writesLeft-- == 0) {
        acknowledge(acknowledgements, "stopped");
        while (true) {
          try {
            Thread.sleep(60_000);
          } catch (InterruptedException e) {
            // wait for the kill
          }
        }
      }
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      beforeWrite();
      WriteResult result = delegate.write(table, operation);
      acknowledge(acknowledgements, "write " + table + " " + operation.row().rowKey());
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      beforeWrite();
      List<WriteResult> results = delegate.batch(table, operations);
      boolean pending = operations.stream()
          .anyMatch(operation -> operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
      acknowledge(acknowledgements, "batch " + table + (pending ? " pending" : ""));
      return results;
    }
  }
}
