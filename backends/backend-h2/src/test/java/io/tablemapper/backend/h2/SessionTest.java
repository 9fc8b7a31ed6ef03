package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * A session switches H2's lazy execution per query kind ({@link Session#lazy}) without touching the transaction it
 * runs in: a page reads in one snapshot transaction, which switching must neither commit nor end. (H2 does not
 * report the setting; the conformance kit reads pages, filtered and not, in both modes.)
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class SessionTest {
  @Test
  void switching_lazy_execution_sets_the_connection_and_leaves_its_transaction_open() throws SQLException {
    try (Connection connection = DriverManager.getConnection(
        "jdbc:h2:mem:session-" + UUID.randomUUID() + ";LAZY_QUERY_EXECUTION=TRUE")) {
      Session session = new Session(connection);
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("CREATE TABLE T (I INT)");
      }
      connection.setAutoCommit(false);
      try (Statement insert = connection.createStatement()) {
        insert.execute("INSERT INTO T VALUES (1)");
      }
      session.lazy(false);
      assertThat(count(connection)).as("eager, within the transaction").isEqualTo(1);
      session.lazy(false);
      session.lazy(true);
      assertThat(count(connection)).as("lazy, within the transaction").isEqualTo(1);
      connection.rollback();
      connection.setAutoCommit(true);
      assertThat(count(connection)).as("the insert was rolled back, not committed by switching").isZero();
      session.close(null);
    }
  }

  private static int count(Connection connection) throws SQLException {
    try (Statement query = connection.createStatement(); ResultSet rows = query.executeQuery("SELECT I FROM T")) {
      int count = 0;
      while (rows.next()) {
        count++;
      }
      return count;
    }
  }
}
