package io.tablemapper.backend.h2;

import java.nio.file.Path;

/** The child process of {@link MigrationTest}'s kill test: opens (and so migrates) an H2 file, then closes it. */
public final class MigrationOpener {
  private MigrationOpener() {}

  /** Argument: the database path. */
  public static void main(String[] args) {
    System.out.println("opening");
    System.out.flush();
    H2Backend.file(Path.of(args[0])).close();
    System.out.println("opened");
  }
}
