package io.tablemapper.jakarta.tck;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.lang.reflect.Field;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

/**
 * How repository instances reach the TCK's tests in its standalone mode: the TCK declares them as
 * {@code @jakarta.inject.Inject} fields and, with {@code jakarta.tck.skip.deployment}, starts no container. This
 * JUnit extension, registered by {@code META-INF/services} and turned on by
 * {@code junit.jupiter.extensions.autodetection.enabled}, sets each such field whose type is a Jakarta Data
 * {@code @Repository} to {@code mapper.repository(type)}: the implementation tablemapper's processor generated when
 * the build processed the TCK's repositories. The mapper is one per test JVM, as a container's would be, so the
 * TCK's read-only data sets are populated once; its store is the one {@value #STORE} names (the build runs the TCK
 * on memory and on H2, and on Azurite with {@code -Dtck.azure.skip=false}).
 */
public final class TckRepositories implements TestInstancePostProcessor {
  private static final String INJECT = "jakarta.inject.Inject";
  private static final String REPOSITORY = "jakarta.data.repository.Repository";

  /**
   * The system property that names the store of this JVM's TCK run: {@code memory} (the default), {@code h2} or
   * {@code azure} (Azurite).
   */
  static final String STORE = "tablemapper.tck.store";

  /** The mapper of this JVM's TCK run. */
  static final class Mapper {
    static final TableMapper MAPPER = TableMapper.builder().backend(backend(System.getProperty(STORE, "memory")))
        .build();

    private Mapper() {}

    private static TableBackend backend(String store) {
      switch (store) {
        case "memory":
          return InMemoryBackend.create();
        case "h2":
          return H2Backend.inMemory();
        case "azure":
          return AzureTablesBackend.fromConnectionString(Azurite.connectionString());
        default:
          throw new IllegalStateException(STORE + "=" + store + " names no store; use memory, h2 or azure");
      }
    }
  }

  @Override
  public void postProcessTestInstance(Object test, ExtensionContext context) throws IllegalAccessException {
    for (Class<?> type = test.getClass(); type != Object.class; type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (annotated(field.getDeclaredAnnotations(), INJECT) && field.getType().isInterface()
            && annotated(field.getType().getDeclaredAnnotations(), REPOSITORY)) {
          field.setAccessible(true);
          field.set(test, repository(field.getType()));
        }
      }
    }
  }

  /** The generated implementation of a repository. */
  private static Object repository(Class<?> type) {
    return Mapper.MAPPER.repository(type);
  }

  private static boolean annotated(java.lang.annotation.Annotation[] annotations, String name) {
    for (java.lang.annotation.Annotation annotation : annotations) {
      if (annotation.annotationType().getName().equals(name)) {
        return true;
      }
    }
    return false;
  }
}
