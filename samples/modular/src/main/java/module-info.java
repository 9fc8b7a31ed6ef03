/**
 * An application on the module path: its entities' package is opened to the runtime, which loads and instantiates
 * the classes the processor generates there (docs/modules.md).
 */
// "module": the runtime, opened to below, is on the module path only when the application runs (it is no
// compile-time dependency), so javac does not find it while it compiles this
@SuppressWarnings("module")
module io.tablemapper.samples.modular {
  requires io.tablemapper.api;
  requires io.tablemapper.backend.memory;
  requires io.tablemapper.backend.h2;
  // the generated classes' @javax.annotation.processing.Generated, a source-only annotation
  requires static java.compiler;

  opens io.tablemapper.samples.modular.library to io.tablemapper.runtime;
}
