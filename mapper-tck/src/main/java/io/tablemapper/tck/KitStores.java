package io.tablemapper.tck;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * The stores each test class of the kit runs on: those of the class the runner names in
 * {@link StoreUnderTest#STORES}, each shown by name (see {@link #displayName}).
 */
final class KitStores implements ArgumentsProvider {
  @Override
  public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
    String name = context.getConfigurationParameter(StoreUnderTest.STORES).orElseThrow(() ->
        new IllegalStateException("No store to run the kit on: run it through a @Suite that sets the configuration"
            + " parameter " + StoreUnderTest.STORES + " to a class that implements StoreUnderTest"));
    return stores(name).stream().map(store -> Arguments.argumentSet(displayName(store), store));
  }

  /**
   * What a report calls a configuration, instead of its index alone: the store's name and how it versions a batch,
   * as in {@code [2] MEMORY_DISTINCT_VERSIONS (DISTINCT batch ETags)}.
   */
  static String displayName(StoreUnderTest store) {
    return store + " (" + store.batchVersions() + " batch ETags)";
  }

  /** The stores of the class named {@code name}: the constants of an enum, or a new instance of a class. */
  static List<StoreUnderTest> stores(String name) {
    Class<?> type;
    try {
      type = Class.forName(name.trim(), true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(StoreUnderTest.STORES + " names " + name + ", which is not on the class path", e);
    }
    if (!StoreUnderTest.class.isAssignableFrom(type)) {
      throw new IllegalStateException(StoreUnderTest.STORES + " names " + name + ", which does not implement "
          + StoreUnderTest.class.getName());
    }
    if (type.isEnum()) {
      return Arrays.stream(type.getEnumConstants()).map(StoreUnderTest.class::cast).toList();
    }
    try {
      return List.of((StoreUnderTest) type.getConstructor().newInstance());
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException(StoreUnderTest.STORES + " names " + name
          + ", which is neither an enum nor a public class with a public no-argument constructor", e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("The constructor of " + name + " failed", e.getCause());
    }
  }
}
