/** The table store in an embedded H2 database, over JDBC. */
// "module": the name's last part is the store's, h2; "requires-automatic": H2 ships no module-info
@SuppressWarnings({"module", "requires-automatic"})
module io.tablemapper.backend.h2 {
  requires transitive io.tablemapper.api;
  requires transitive java.sql;
  // H2's own jar is an automatic module by the name its manifest gives
  requires com.h2database;

  exports io.tablemapper.backend.h2;
}
