package io.tablemapper.spring.boot;

import io.tablemapper.api.TableMapperException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;

/**
 * Spring Boot's "APPLICATION FAILED TO START" description and action for the starter's configuration errors: a
 * {@code tablemapper.*} property that does not bind (an unknown backend, a policy or a class that does not exist), a
 * {@link TableMapperConfigurationException} (a store the properties do not let it open), and any other
 * {@link TableMapperException} thrown while the starter builds the store, the mapper or a repository bean (an entity
 * the mapper refuses, a repository the processor did not generate). Other failures are left to Boot's analyzers.
 * Registered in {@code META-INF/spring.factories}; ahead of Boot's own, so a property of the starter is explained in
 * the starter's terms.
 */
final class TableMapperFailureAnalyzer implements FailureAnalyzer, Ordered {
  private static final String PREFIX = "tablemapper.";
  /** The starter's classes that build the store, the mapper and the repository beans. */
  private static final Set<String> BUILDERS = Set.of(TableMapperAutoConfiguration.class.getName(),
      Backends.class.getName(), "io.tablemapper.spring.boot.AzureBackends", RepositoryRegistrar.class.getName());

  @Override
  public FailureAnalysis analyze(Throwable failure) {
    BindException bind = cause(failure, BindException.class);
    if (bind != null && bind.getName().toString().startsWith(PREFIX)) {
      return unbound(bind);
    }
    TableMapperConfigurationException configuration = cause(failure, TableMapperConfigurationException.class);
    if (configuration != null) {
      String action = configuration.action() != null ? configuration.action() + "."
          : "Change the property the description names.";
      return new FailureAnalysis(configuration.description(), action, configuration);
    }
    TableMapperException refused = cause(failure, TableMapperException.class);
    if (refused != null && thrownByTheStarter(refused)) {
      BeanCreationException bean = innermost(failure);
      return new FailureAnalysis("tablemapper could not create " + (bean != null && bean.getBeanName() != null
              ? "the bean '" + bean.getBeanName() + "'" : "its beans") + ": " + refused.getMessage(),
          "Change what the description names (the class, the annotation or the tablemapper.* property), rebuild if"
              + " it is a class, and start the application again.",
          refused);
    }
    return null;
  }

  /** Before Boot's analyzers, whose bind failure analysis would otherwise answer for {@code tablemapper.*}. */
  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }

  private static FailureAnalysis unbound(BindException bind) {
    String name = bind.getName().toString();
    ConfigurationProperty property = bind.getProperty();
    Class<?> type = bind.getTarget().getType().resolve(Object.class);
    StringBuilder description = new StringBuilder(name);
    if (property != null) {
      description.append('=').append(property.getValue());
      if (property.getOrigin() != null) {
        description.append(" (").append(property.getOrigin()).append(')');
      }
    }
    String action;
    if (type == TableMapperProperties.Backend.class) {
      description.append(" is not a store tablemapper can open");
      action = "Set " + name + " to memory (in memory, gone when the application stops), h2 (an embedded H2"
          + " database: tablemapper.h2.file, or in memory) or azure (Azure Table Storage or the Cosmos DB Table API;"
          + " needs io.tablemapper:backend-azure), or remove it to let the starter choose.";
    } else if (type.isEnum()) {
      description.append(" is not one of the values of ").append(type.getSimpleName());
      action = "Set " + name + " to one of " + Arrays.stream(type.getEnumConstants())
          .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
          .collect(Collectors.joining(", ")) + ".";
    } else {
      description.append(" cannot be read as ").append(type.getName()).append(": ").append(reason(bind));
      action = "Set " + name + " to a value of type " + type.getSimpleName()
          + (Class.class.isAssignableFrom(type) || name.startsWith(PREFIX + "entities")
              ? " (the fully qualified name of an @Entity class on the class path)" : "")
          + ", or remove it for the default.";
    }
    return new FailureAnalysis(description.toString(), action, bind);
  }

  /** The message of the deepest cause, which says what the conversion met. */
  private static String reason(Throwable failure) {
    Throwable deepest = failure;
    while (deepest.getCause() != null && deepest.getCause() != deepest) {
      deepest = deepest.getCause();
    }
    return deepest.getMessage() != null ? deepest.getMessage() : deepest.getClass().getName();
  }

  /**
   * Whether the starter's own code was building what failed (the store, the mapper, a repository bean), rather than
   * the application using a repository while it starts.
   */
  private static boolean thrownByTheStarter(Throwable failure) {
    for (StackTraceElement frame : failure.getStackTrace()) {
      String name = frame.getClassName();
      int nested = name.indexOf('$');
      if (BUILDERS.contains(nested < 0 ? name : name.substring(0, nested))) {
        return true;
      }
    }
    return false;
  }

  /** The bean nearest the failure whose creation failed, or null. */
  private static BeanCreationException innermost(Throwable failure) {
    BeanCreationException found = null;
    for (Throwable each = failure; each != null && each != each.getCause(); each = each.getCause()) {
      if (each instanceof BeanCreationException) {
        found = (BeanCreationException) each;
      }
    }
    return found;
  }

  private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
    for (Throwable each = failure; each != null; each = each.getCause() == each ? null : each.getCause()) {
      if (type.isInstance(each)) {
        return type.cast(each);
      }
    }
    return null;
  }
}
