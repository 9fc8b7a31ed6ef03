/**
 * tablemapper's annotations, the API applications call and the SPI backends implement; and the internal packages
 * that the code the processor generates into an application's packages, the processor and the runtime share (not
 * for applications, free to change). A {@link io.tablemapper.api.TableMapper.Builder} comes from the runtime,
 * {@code io.tablemapper.runtime}, through the service loader.
 */
module io.tablemapper.api {
  exports io.tablemapper.annotations;
  exports io.tablemapper.api;
  exports io.tablemapper.spi;
  exports io.tablemapper.internal.key;
  exports io.tablemapper.internal.mapping;
  exports io.tablemapper.internal.model;

  uses io.tablemapper.api.TableMapper.Builder;
}
