package io.tablemapper.cli;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tablemapper} command: {@code tablemapper indexes status|build|verify|repair|drop} and {@code tablemapper
 * inspect TABLE [PARTITION]}, over the entity classes of an application and the store its configuration names. Run
 * it as {@code java -jar tablemapper-cli-VERSION-all.jar --help}; {@code docs/cli.md} describes every command.
 *
 * <p>Exit codes: {@value #OK} when the command did what it was asked and found nothing wrong; {@value #PROBLEMS}
 * when {@code verify} found missing, orphaned, stale or conflicting index rows, or a {@code build} or {@code repair}
 * left unique conflicts (the index stays not ready); {@value #USAGE} for a command line that does not parse; {@value
 * #ERROR} when the command failed (a class, store or index that is not there, a store that refuses), with one line
 * on stderr that says what was wrong and how to fix it ({@code --verbose} adds the stack trace).
 */
@Command(name = "tablemapper", mixinStandardHelpOptions = true, versionProvider = TableMapperCli.Version.class,
    description = "Indexes and rows of a tablemapper application's tables.",
    subcommands = {IndexesCommand.class, InspectCommand.class, CommandLine.HelpCommand.class},
    footer = {"", "Exit codes: 0 done and clean, 1 problems found (verify) or conflicts left",
        "(build, repair), 2 bad command line, 3 failed (the message says why)."})
public final class TableMapperCli implements Runnable {
  /** The exit code of a command that did what it was asked and found nothing wrong. */
  public static final int OK = 0;
  /** The exit code of a verification that found problems, or of a build or repair that left conflicts. */
  public static final int PROBLEMS = 1;
  /** The exit code of a command line that does not parse. */
  public static final int USAGE = 2;
  /** The exit code of a command that failed. */
  public static final int ERROR = 3;

  private final Tools tools;

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  private TableMapperCli(Tools tools) {
    this.tools = tools;
  }

  /** Runs the command line and exits with its code. */
  public static void main(String... args) {
    System.exit(run(Tools.standard(), System.out, System.err, args));
  }

  /** Runs a command line with these tools and streams, and returns its exit code. */
  static int run(Tools tools, PrintStream out, PrintStream err, String... args) {
    CommandLine line = new CommandLine(new TableMapperCli(tools));
    PrintWriter outWriter = new PrintWriter(out, true, StandardCharsets.UTF_8);
    PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
    line.setCaseInsensitiveEnumValuesAllowed(true);
    line.setOut(outWriter);
    line.setErr(errWriter);
    line.setParameterExceptionHandler(Failures::usage);
    line.setExecutionExceptionHandler(Failures::failure);
    int code = line.execute(args);
    outWriter.flush();
    errWriter.flush();
    return code;
  }

  /** The tools of this run: what tests replace. */
  Tools tools() {
    return tools;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command: indexes or inspect");
  }

  /**
   * What the commands use of the world, so that tests can replace it: the in-memory store of {@code --memory}, the
   * index administration of a mapper, whether stderr is a terminal, and the clock of the progress display.
   *
   * @param memory opens the store of {@code --memory}
   * @param indexes the index administration of an entity class on a mapper
   * @param terminal whether progress may redraw a bar in place (stderr is a terminal)
   * @param nanoTime the clock of rates and of the progress display's intervals
   */
  record Tools(Supplier<TableBackend> memory, BiFunction<TableMapper, Class<?>, IndexAdmin> indexes,
      boolean terminal, LongSupplier nanoTime) {

    static Tools standard() {
      return new Tools(InMemoryBackend::create, TableMapper::indexes, System.console() != null, System::nanoTime);
    }
  }

  /** The version of the tool, from its jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = TableMapperCli.class.getPackage().getImplementationVersion();
      return new String[] {"tablemapper " + (version == null ? "(development build)" : version)};
    }
  }
}
