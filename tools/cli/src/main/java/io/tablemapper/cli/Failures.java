package io.tablemapper.cli;

import io.tablemapper.api.TableMapperException;
import picocli.CommandLine;

/**
 * How the command reports what went wrong: one line on stderr saying what was wrong and how to fix it, the stack
 * trace only under {@code --verbose}, and the exit code of {@link TableMapperCli}.
 */
final class Failures {
  private Failures() {}

  /** A command line that does not parse: the problem, and where to read how to write it. */
  static int usage(CommandLine.ParameterException problem, String[] args) {
    CommandLine line = problem.getCommandLine();
    line.getErr().println("tablemapper: " + problem.getMessage());
    line.getErr().println("Try '" + line.getCommandSpec().qualifiedName() + " --help' for its options.");
    return TableMapperCli.USAGE;
  }

  /** A command that failed. */
  static int failure(Exception failure, CommandLine line, CommandLine.ParseResult parsed) {
    line.getErr().println("tablemapper: " + describe(failure));
    if (verbose(parsed)) {
      failure.printStackTrace(line.getErr());
    }
    return TableMapperCli.ERROR;
  }

  /** The message of a failure, with the kind of failure when it is not one of the mapper's or the tool's own. */
  static String describe(Throwable failure) {
    String message = failure.getMessage();
    if (failure instanceof CliException || failure instanceof TableMapperException
        || failure instanceof IllegalArgumentException) {
      return message != null ? message : failure.getClass().getSimpleName();
    }
    return failure.getClass().getName() + (message == null ? "" : ": " + message);
  }

  private static boolean verbose(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult result = parsed; result != null; result = result.subcommand()) {
      if (result.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A problem of the command's input the tool found itself (a class, index or store option that is not right); its
   * message says how to fix it.
   */
  static final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CliException(String message) {
      super(message);
    }

    CliException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
