package io.tablemapper.tck;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What happened in one run of the history checker, as a Jepsen history: each operation with the logical times of its
 * invocation and completion (one counter for the whole run, so two operations overlap exactly when their intervals
 * do), its process, what it asked and how it ended; and each injected fault that was not a pause, at its time.
 */
final class History {
  /** One line: an operation ({@code [invoked..completed]}) or a fault ({@code [at]}). */
  record Event(long invoked, long completed, String process, String what, String outcome, Set<String> entities) {
    @Override
    public String toString() {
      return (invoked == completed ? String.format("[%5d]       ", invoked)
          : String.format("[%5d..%5d]", invoked, completed)) + " " + process + " " + what
          + (outcome.isEmpty() ? "" : " -> " + outcome);
    }
  }

  private final AtomicLong clock = new AtomicLong();
  private final List<Event> events = new ArrayList<>();
  private volatile PrintStream echo;

  /** Prints each event to {@code out} as it is recorded, for a process that may be killed at any time. */
  void echo(PrintStream out) {
    this.echo = out;
  }

  private void add(Event event) {
    synchronized (events) {
      events.add(event);
      PrintStream out = echo;
      if (out != null) {
        out.println(event);
        out.flush();
      }
    }
  }

  long invoke() {
    return clock.incrementAndGet();
  }

  void complete(long invoked, String process, String what, String outcome, Set<String> entities) {
    long completed = clock.incrementAndGet();
    add(new Event(invoked, completed, process, what, outcome, entities));
  }

  /** A line another process recorded (a killed child's history), in the order it printed them. */
  void line(String process, String text) {
    long at = clock.incrementAndGet();
    add(new Event(at, at, process, text, "", Set.of()));
  }

  void fault(String what) {
    long at = clock.incrementAndGet();
    add(new Event(at, at, "fault", what, "", Set.of()));
  }

  /** The events in the order they completed. */
  List<Event> events() {
    synchronized (events) {
      return List.copyOf(events);
    }
  }

  /** How many operations (not faults) the history holds. */
  long operations() {
    return events().stream().filter(event -> !event.process().equals("fault")).count();
  }

  /**
   * The history as text: whole when short or when {@code entities} (the entities the violations name) is empty, else
   * the events of those entities and those of none (faults, completions, reads through an index), with a line
   * saying how many were left out.
   */
  String describe(Set<String> entities, int wholeUpTo) {
    List<Event> all = events();
    StringBuilder text = new StringBuilder();
    int left = 0;
    for (Event event : all) {
      boolean shown = all.size() <= wholeUpTo || entities.isEmpty() || event.entities().isEmpty()
          || event.entities().stream().anyMatch(entities::contains);
      if (shown) {
        text.append("  ").append(event).append('\n');
      } else {
        left++;
      }
    }
    if (left > 0) {
      text.append("  (").append(left).append(" operations on other entities left out)\n");
    }
    return text.toString();
  }
}
