package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.util.List;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;

/** One group of the conformance suite; {@link TableBackendConformanceTest} runs each as a nested class. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
abstract class ConformanceGroup {

  /** The backend and table of the running test. */
  abstract TckStore store();

  TableBackend backend() {
    return store().backend;
  }

  String table() {
    return store().table;
  }

  /** Runs something that must be rejected and checks that it left the table exactly as it was. */
  void assertUnchangedBy(Runnable rejected) {
    List<TableRow> before = store().all();
    rejected.run();
    assertThat(store().all()).as("table contents after a rejected write").isEqualTo(before);
  }
}
