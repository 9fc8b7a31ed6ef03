package io.tablemapper.backend.h2;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import java.sql.SQLException;
import org.h2.api.ErrorCode;

/**
 * Turns the {@link SQLException}s that H2 throws into the contract's exceptions, with messages that say what
 * failed, in which database and what to do; no SQL exception leaves the backend raw (it stays the cause).
 */
final class SqlErrors {
  private SqlErrors() {}

  /** Whether the statement failed because the row's key exists (a concurrent insert won). */
  static boolean isDuplicateKey(SQLException e) {
    return e.getErrorCode() == ErrorCode.DUPLICATE_KEY_1;
  }

  /**
   * The exception to throw for a failed statement.
   *
   * @param what the operation, for example {@code batch of 3 operations on table 'Company'}, or null for opening
   *     the database
   * @param database the database, for example {@code the H2 database /data/company.mv.db}
   */
  static RuntimeException translate(SQLException e, String what, String database) {
    String failed = what == null ? "cannot open " + database + ": " : what + " failed in " + database + ": ";
    switch (e.getErrorCode()) {
      case ErrorCode.DATABASE_ALREADY_OPEN_1:
        return new StoreUnavailableException(failed + "the file is open in another process, and H2 opens a database"
            + " file in one process at a time; close the other process's backend, or share one backend", e);
      case ErrorCode.DATABASE_IS_CLOSED:
      case ErrorCode.DATABASE_CALLED_AT_SHUTDOWN:
      case ErrorCode.OBJECT_CLOSED:
        return new IllegalStateException(
            failed + "the database was closed (the backend was closed, or the JVM is shutting down)", e);
      case ErrorCode.LOCK_TIMEOUT_1:
      case ErrorCode.DEADLOCK_1:
      case ErrorCode.CONCURRENT_UPDATE_1:
        return new TableMapperException(failed + "it waited too long for other writes to the same partition or"
            + " table to finish; nothing of it was written, so it can be retried", e);
      case ErrorCode.FILE_CORRUPTED_1:
      case ErrorCode.FILE_VERSION_ERROR_1:
      case ErrorCode.FILE_ENCRYPTION_ERROR_1:
        return new StoreUnavailableException(failed + "the file is damaged or is not an H2 2.x database ("
            + e.getMessage() + "); restore it from a backup, or point the backend at another file", e);
      case ErrorCode.IO_EXCEPTION_1:
      case ErrorCode.IO_EXCEPTION_2:
        return new StoreUnavailableException(failed + "the file could not be read or written (" + e.getMessage()
            + "); check the disk, and that this process may read and write the file and its directory", e);
      default:
        if ("08001".equals(e.getSQLState())) {
          return new TableMapperException(failed + "every connection stayed busy for "
              + Database.CONNECTION_WAIT_SECONDS + " s", e);
        }
        return new TableMapperException(failed + e.getMessage(), e);
    }
  }
}
