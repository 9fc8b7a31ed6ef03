/**
 * The TableMapper implementation, found by {@link io.tablemapper.api.TableMapper#builder()} as the service it
 * provides. It loads the classes the processor generates into an application's packages and instantiates them,
 * and defines accessors into the packages of entities compiled without the processor: an application on the module
 * path opens its entities' packages to this module ({@code opens com.example.model to io.tablemapper.runtime}).
 */
module io.tablemapper.runtime {
  requires transitive io.tablemapper.api;
  requires com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.datatype.jsr310;
  requires com.github.benmanes.caffeine;
  requires net.bytebuddy;
  requires org.slf4j;

  exports io.tablemapper.runtime;

  provides io.tablemapper.api.TableMapper.Builder with io.tablemapper.runtime.TableMapperBuilder;
}
