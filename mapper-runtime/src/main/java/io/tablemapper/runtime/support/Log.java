package io.tablemapper.runtime.support;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A class's SLF4J logger, looked up at its first message rather than when the class is initialised. Asking SLF4J
 * for a logger initialises SLF4J, which looks for its providers with the service loader, reading the {@code
 * META-INF/services} of every jar on the class path: each class that held a logger in a static field paid for it on
 * the path of a mapper's construction, though a mapper that runs well logs nothing above DEBUG. The messages are
 * SLF4J's: a last argument that is a {@link Throwable} is logged as the exception.
 */
public final class Log {
  private final Class<?> owner;
  private volatile Logger logger;

  public Log(Class<?> owner) {
    this.owner = owner;
  }

  private Logger logger() {
    Logger current = logger;
    if (current == null) {
      current = LoggerFactory.getLogger(owner);
      logger = current;
    }
    return current;
  }

  public void debug(String format, Object... arguments) {
    Logger current = logger();
    if (current.isDebugEnabled()) {
      current.debug(format, arguments);
    }
  }

  public void info(String format, Object... arguments) {
    logger().info(format, arguments);
  }

  public void warn(String format, Object... arguments) {
    logger().warn(format, arguments);
  }

  public void error(String format, Object... arguments) {
    logger().error(format, arguments);
  }
}
