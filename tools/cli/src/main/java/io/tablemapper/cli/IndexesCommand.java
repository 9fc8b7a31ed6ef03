package io.tablemapper.cli;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.cli.Failures.CliException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tablemapper indexes status|build|verify|repair|drop}: the index administration of {@link IndexAdmin}, for
 * the entity classes the options name.
 */
@Command(name = "indexes", mixinStandardHelpOptions = true,
    description = "The state, build, verification, repair and removal of the entity classes' indexes.",
    footer = {"", "Exit codes: 0 done and clean, 1 problems found (verify) or conflicts left",
        "(build, repair), 2 bad command line, 3 failed (the message says why)."},
    subcommands = {IndexesCommand.Status.class, IndexesCommand.Build.class, IndexesCommand.Verify.class,
        IndexesCommand.Repair.class, IndexesCommand.Drop.class})
final class IndexesCommand implements Runnable {
  @CommandLine.Spec
  private CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "name what to do with the indexes: status, build, verify, repair or drop");
  }

  /** What every index command shares: the application, the mapper and the admins of its classes. */
  abstract static class IndexCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandSpec spec;

    @Mixin
    Application application;

    @Override
    public final Integer call() {
      TableMapperCli.Tools tools = ((TableMapperCli) spec.root().userObject()).tools();
      List<Class<?>> classes = application.entityClasses();
      if (classes.isEmpty()) {
        throw new CliException("name the entity classes whose indexes to " + spec.name() + ": --entity"
            + " com.example.Employee (repeat it) or --package com.example, with --classpath app.jar when they are"
            + " not on the tool's class path");
      }
      try (TableMapper mapper = application.open(tools, classes)) {
        List<IndexAdmin> admins = new ArrayList<>();
        PrintWriter err = spec.commandLine().getErr();
        for (Class<?> type : classes) {
          try {
            admins.add(tools.indexes().apply(mapper, type));
          } catch (TableMapperException | IllegalArgumentException unsupported) {
            if (application.entities.contains(type.getName())) {
              throw unsupported; // named on the command line: its failure is the command's
            }
            // found by --package: a class whose indexes have no administration (a hierarchy's root)
            err.println("skipped " + type.getName() + ": " + unsupported.getMessage());
          }
        }
        return run(tools, mapper, admins, spec.commandLine().getOut(), err);
      }
    }

    abstract int run(TableMapperCli.Tools tools, TableMapper mapper, List<IndexAdmin> admins, PrintWriter out,
        PrintWriter err);
  }

  /** {@code indexes status}: every declared and recorded index with its state. */
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = "Lists the indexes the classes declare and the store records, with their state.",
      footer = {"", "Exit codes: 0 listed (whatever the states), 2 bad command line, 3 failed."})
  static final class Status extends IndexCommand {
    @Override
    int run(TableMapperCli.Tools tools, TableMapper mapper, List<IndexAdmin> admins, PrintWriter out,
        PrintWriter err) {
      TextTable table = new TextTable("ENTITY", "INDEX", "STATE");
      for (IndexAdmin admin : admins) {
        String entity = admin.entityClass().getSimpleName();
        for (String index : admin.declared()) {
          table.row(entity, index, admin.state(index).name());
        }
        for (String index : admin.recorded()) {
          if (!admin.declared().contains(index)) {
            table.row(entity, index, "NOT_DECLARED (its rows remain: indexes drop " + index + " deletes them)");
          }
        }
      }
      if (table.isEmpty()) {
        out.println("The classes declare no index, and the store records none.");
      } else {
        table.print(out);
      }
      return TableMapperCli.OK;
    }
  }

  /** What build, verify and repair share: the indexes to run over, progress and the summary. */
  abstract static class IndexRun extends IndexCommand {
    @Parameters(paramLabel = "INDEX", arity = "0..*",
        description = "The indexes, by name or as Entity.name; every index the classes declare without one.")
    List<String> indexes = new ArrayList<>();

    @Option(names = "--rate", paramLabel = "ENTITIES_PER_SECOND", defaultValue = "0",
        description = "Read at most this many entities per second, so that the run does not throttle the live"
            + " application (default: no limit).")
    double rate;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
        description = "bar (redrawn in place), log (a line every --progress-interval), none, or auto: bar on a"
            + " terminal, else log (default: ${DEFAULT-VALUE}).")
    ProgressDisplay.Mode progress;

    @Option(names = "--progress-interval", paramLabel = "SECONDS", defaultValue = "5",
        description = "Seconds between two progress lines of --progress log (default: ${DEFAULT-VALUE}).")
    double progressInterval;

    @Option(names = "--no-estimate",
        description = "Do not count the class's entities first (one read of its rows, returning their type"
            + " alone): progress then shows no percentage and no ETA.")
    boolean noEstimate;

    /** The run over one index. */
    abstract IndexReport apply(IndexAdmin admin, String index);

    /** Whether the report makes the command exit with {@link TableMapperCli#PROBLEMS}. */
    abstract boolean problem(IndexReport report);

    @Override
    final int run(TableMapperCli.Tools tools, TableMapper mapper, List<IndexAdmin> admins, PrintWriter out,
        PrintWriter err) {
      if (rate < 0 || Double.isNaN(rate)) {
        throw new CliException("--rate " + rate + " is negative: give the entities per second, or 0 for no limit");
      }
      if (!(progressInterval > 0)) {
        throw new CliException("--progress-interval " + progressInterval + " must be above 0 seconds");
      }
      List<Target> targets = Target.resolve(admins, indexes);
      List<Summary.Line> lines = new ArrayList<>();
      Map<Class<?>, Long> estimates = new HashMap<>();
      for (Target target : targets) {
        long estimate = noEstimate ? -1 : estimates.computeIfAbsent(target.admin().entityClass(),
            type -> EntityCount.of(mapper, type, application.discriminator));
        ProgressDisplay display = new ProgressDisplay(err, progress.resolve(tools.terminal()), tools.nanoTime(),
            (long) (progressInterval * 1e9), estimate);
        IndexAdmin admin = target.admin().listener(display);
        if (rate > 0) {
          admin = admin.rateLimit(rate);
        }
        IndexReport report;
        try {
          report = apply(admin, target.index());
        } catch (RuntimeException failed) {
          display.abandon();
          throw failed;
        }
        display.done(report);
        lines.add(new Summary.Line(target.admin().entityClass(), report, target.admin().state(target.index())));
      }
      Summary.print(out, lines);
      return lines.stream().anyMatch(line -> problem(line.report())) ? TableMapperCli.PROBLEMS : TableMapperCli.OK;
    }
  }

  /** {@code indexes build}. */
  @Command(name = "build", mixinStandardHelpOptions = true,
      description = {"Writes the copies, claims and key-list entries existing entities lack, and marks each index"
          + " READY unless unique values are held by more than one entity.",
          "Idempotent, and resumable: a build that stopped part-way continues where it stopped."},
      footer = {"", "Exit codes: 0 built, 1 conflicts left (the index stays not ready),",
          "2 bad command line, 3 failed."})
  static final class Build extends IndexRun {
    @Override
    IndexReport apply(IndexAdmin admin, String index) {
      return admin.build(index);
    }

    @Override
    boolean problem(IndexReport report) {
      return report.conflicts() > 0;
    }
  }

  /** {@code indexes verify}. */
  @Command(name = "verify", mixinStandardHelpOptions = true,
      description = "Reads each index and its entities and reports what is missing, orphaned, stale or in"
          + " conflict; writes nothing.",
      footer = {"", "Exit codes: 0 every index matches its entities, 1 problems found,",
          "2 bad command line, 3 failed."})
  static final class Verify extends IndexRun {
    @Override
    IndexReport apply(IndexAdmin admin, String index) {
      return admin.verify(index);
    }

    @Override
    boolean problem(IndexReport report) {
      return !report.clean();
    }
  }

  /** {@code indexes repair}. */
  @Command(name = "repair", mixinStandardHelpOptions = true,
      description = "Does what build does, rewrites stale copies and deletes orphans; the counts are what it"
          + " found before it fixed it.",
      footer = {"", "Exit codes: 0 repaired, 1 conflicts left (the index stays not ready),",
          "2 bad command line, 3 failed."})
  static final class Repair extends IndexRun {
    @Override
    IndexReport apply(IndexAdmin admin, String index) {
      return admin.repair(index);
    }

    @Override
    boolean problem(IndexReport report) {
      return report.conflicts() > 0;
    }
  }

  /** {@code indexes drop}. */
  @Command(name = "drop", mixinStandardHelpOptions = true,
      description = "Deletes every row of an index the classes no longer declare (found by the name the store"
          + " records) and forgets it.",
      footer = {"", "Exit codes: 0 dropped, 2 bad command line,",
          "3 failed (for example: a class still declares the index)."})
  static final class Drop extends IndexCommand {
    @Parameters(paramLabel = "INDEX", arity = "1..*", description = "The indexes to drop, by name.")
    List<String> indexes = new ArrayList<>();

    @Override
    int run(TableMapperCli.Tools tools, TableMapper mapper, List<IndexAdmin> admins, PrintWriter out,
        PrintWriter err) {
      List<Summary.Line> lines = new ArrayList<>();
      for (String index : indexes) {
        List<IndexAdmin> recording = new ArrayList<>();
        for (IndexAdmin admin : admins) {
          if (admin.declared().contains(index)) {
            throw new CliException(admin.entityClass().getSimpleName() + " still declares the index " + index
                + ": remove its @Index from the class (and deploy that) before dropping its rows");
          }
          if (admin.recorded().contains(index)) {
            recording.add(admin);
          }
        }
        if (recording.isEmpty()) {
          throw new CliException("the store records no index " + index + " for " + Target.names(admins)
              + ": 'indexes status' lists the recorded ones");
        }
        for (IndexAdmin admin : recording) {
          lines.add(new Summary.Line(admin.entityClass(), admin.drop(index), null));
        }
      }
      Summary.print(out, lines);
      return TableMapperCli.OK;
    }
  }

  /** One index of one class to run over. */
  record Target(IndexAdmin admin, String index) {

    /** The indexes the names select, or every declared index when there are none. */
    static List<Target> resolve(List<IndexAdmin> admins, List<String> names) {
      List<Target> targets = new ArrayList<>();
      if (names.isEmpty()) {
        for (IndexAdmin admin : admins) {
          admin.declared().forEach(index -> targets.add(new Target(admin, index)));
        }
        if (targets.isEmpty()) {
          throw new CliException(names(admins) + " declare no index");
        }
        return targets;
      }
      for (String name : names) {
        int dot = name.lastIndexOf('.');
        String entity = dot < 0 ? null : name.substring(0, dot);
        String index = dot < 0 ? name : name.substring(dot + 1);
        List<Target> found = new ArrayList<>();
        for (IndexAdmin admin : admins) {
          Class<?> type = admin.entityClass();
          boolean entityMatches = entity == null || entity.equals(type.getSimpleName())
              || entity.equals(type.getName());
          if (entityMatches && admin.declared().contains(index)) {
            found.add(new Target(admin, index));
          }
        }
        if (found.isEmpty()) {
          throw new CliException(unknown(admins, entity, index));
        }
        targets.addAll(found);
      }
      return targets;
    }

    private static String unknown(List<IndexAdmin> admins, String entity, String index) {
      List<String> declared = new ArrayList<>();
      for (IndexAdmin admin : admins) {
        if (admin.recorded().contains(index)) {
          return admin.entityClass().getSimpleName() + " no longer declares the index " + index + ", whose rows the"
              + " store still holds: 'indexes drop " + index + "' deletes them";
        }
        admin.declared().forEach(name -> declared.add(admin.entityClass().getSimpleName() + "." + name));
      }
      return "no index " + (entity == null ? "" : entity + ".") + index + " is declared by " + names(admins)
          + (declared.isEmpty() ? ", which declare none" : ": the declared ones are " + String.join(", ", declared));
    }

    static String names(List<IndexAdmin> admins) {
      List<String> names = new ArrayList<>();
      admins.forEach(admin -> names.add(admin.entityClass().getSimpleName()));
      return String.join(", ", names);
    }
  }
}
