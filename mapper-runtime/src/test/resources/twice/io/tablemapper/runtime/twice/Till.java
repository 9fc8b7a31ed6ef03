package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.math.BigDecimal;
import java.util.Map;

/**
 * A JavaBean of version 2 whose defaults and JSON value are set through setters and fields, with a sparse partial
 * copy in another table. Compiled by the tests with and without the processor.
 */
@Entity(table = "Tills", version = 2)
@PartitionKey("{branch}")
@RowKey("till_{id:04}")
@Index(name = "byCashier", table = "TillsByCashier", partitionKey = "{cashier}", rowKey = "{branch}_{id:04}",
    unique = false, properties = {"drawers"})
public class Till {
  private String branch;
  private int id;
  private String cashier;
  @DefaultValue("3") private long drawers;
  @DefaultValue("9.99") BigDecimal change;
  @DefaultValue("AQI=") byte[] seal;
  @DefaultValue("DEBIT") Ledger.Kind mode;
  @Json Map<String, Integer> coins;

  public Till() {}

  public String getBranch() {
    return branch;
  }

  public void setBranch(String branch) {
    this.branch = branch;
  }

  public int getId() {
    return id;
  }

  public void setId(int id) {
    this.id = id;
  }

  public String getCashier() {
    return cashier;
  }

  public void setCashier(String cashier) {
    this.cashier = cashier;
  }

  public long getDrawers() {
    return drawers;
  }

  public Till setDrawers(long drawers) {
    this.drawers = drawers;
    return this;
  }
}
