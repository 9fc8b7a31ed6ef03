package io.tablemapper.cli;

import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.cli.Failures.CliException;
import io.tablemapper.spi.TableBackend;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options every command takes: where the application's entity classes are, and which store holds its tables.
 * Exactly one of {@code --h2}, {@code --azure} and {@code --memory} names the store.
 */
final class Application {
  private static final String H2_URL = "jdbc:h2:file:";
  private static final String H2_ASYNC = "async:";

  @Option(names = {"--classpath", "-cp"}, paramLabel = "PATH", split = "${sys:path.separator}",
      description = "Jars and directories of the application's classes (separated by '${sys:path.separator}'), "
          + "beside the tool's own class path.")
  List<String> classPath = new ArrayList<>();

  @Option(names = "--entity", paramLabel = "CLASS",
      description = "An entity class by its full name, for example com.example.Employee (repeat for each).")
  List<String> entities = new ArrayList<>();

  @Option(names = "--package", paramLabel = "PACKAGE",
      description = "Every @Entity class of a package and its sub-packages, on --classpath or the tool's class"
          + " path (repeat for each).")
  List<String> packages = new ArrayList<>();

  @Option(names = "--h2", paramLabel = "FILE",
      description = "The store is an H2 database file: its path, or a URL jdbc:h2:file:PATH.")
  String h2;

  @Option(names = "--azure", paramLabel = "CONNECTION_STRING",
      description = "The store is an Azure Tables account (or Azurite: UseDevelopmentStorage=true), by its "
          + "connection string.")
  String azure;

  @Option(names = "--memory", description = "The store is a new, empty one in memory (for trying the tool out).")
  boolean memory;

  @Option(names = "--discriminator", paramLabel = "PROPERTY", defaultValue = TableMapper.DEFAULT_DISCRIMINATOR,
      description = "The property that holds each row's entity type (default: ${DEFAULT-VALUE}).")
  String discriminator;

  @Option(names = "--verbose", description = "On failure, print the stack trace too.")
  boolean verbose;

  /** The application's entity classes. */
  List<Class<?>> entityClasses() {
    return new EntityClasses(classPath).load(entities, packages);
  }

  /** Opens a mapper over the store the options name, knowing the entity classes. */
  TableMapper open(TableMapperCli.Tools tools, List<Class<?>> classes) {
    TableBackend backend = backend(tools);
    try {
      return TableMapper.builder()
          .backend(backend)
          .entities(classes.toArray(Class<?>[]::new))
          .discriminator(discriminator)
          // a tool shows every row, whatever it holds, and leaves pending work to the application's completers
          .unknownTypes(UnknownTypePolicy.DYNAMIC)
          .malformedRows(MalformedRowPolicy.DYNAMIC)
          .pendingCompleters(0)
          .build();
    } catch (RuntimeException e) {
      backend.close();
      throw e;
    }
  }

  private TableBackend backend(TableMapperCli.Tools tools) {
    int named = (h2 != null ? 1 : 0) + (azure != null ? 1 : 0) + (memory ? 1 : 0);
    if (named != 1) {
      throw new CliException((named == 0 ? "no store named" : "more than one store named")
          + ": give exactly one of --h2 FILE, --azure CONNECTION_STRING or --memory");
    }
    if (memory) {
      return tools.memory().get();
    }
    if (azure != null) {
      if (azure.isBlank()) {
        throw new CliException("--azure needs the account's connection string (UseDevelopmentStorage=true for a"
            + " local Azurite)");
      }
      return AzureTablesBackend.fromConnectionString(azure.strip());
    }
    return H2Backend.file(java.nio.file.Path.of(h2Path(h2)));
  }

  /** The path of an H2 file, from a path or a {@code jdbc:h2:file:} URL. */
  static String h2Path(String option) {
    String path = option.strip();
    if (path.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length())) {
      if (!path.regionMatches(true, 0, H2_URL, 0, H2_URL.length())) {
        throw new CliException("--h2 " + option + " is no H2 file: give its path, or a URL jdbc:h2:file:PATH"
            + " (for a store in memory, --memory)");
      }
      path = path.substring(H2_URL.length());
      if (path.startsWith(H2_ASYNC)) {
        path = path.substring(H2_ASYNC.length());
      }
      int settings = path.indexOf(';');
      if (settings >= 0) {
        path = path.substring(0, settings); // H2's settings after the path are the backend's to choose
      }
    }
    if (path.isEmpty()) {
      throw new CliException("--h2 needs the path of the database file, for example --h2 ./data/company");
    }
    return path;
  }
}
