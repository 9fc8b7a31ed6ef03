package io.tablemapper.runtime.values;

import io.tablemapper.spi.TableRow;

/**
 * A row the async path made whole before decoding it ({@link RowDecoder#madeWhole}): the whole row — null when the
 * entity was deleted since its head was read —, or what making it whole failed with, which its decoder then throws
 * where the blocking path's decoder would have (a malformed row under the mapper's policy, any other failure as it
 * is). Its decoder does no I/O.
 *
 * @param row the whole row, or null
 * @param failure what making it whole failed with, or null
 */
public record WholeRow(TableRow row, RuntimeException failure) {

  /**
   * The whole row.
   *
   * @throws RuntimeException what making it whole failed with
   */
  TableRow get() {
    if (failure != null) {
      throw failure;
    }
    return row;
  }
}
