package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.IndexForm;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A record of version 3 with a {@code @DefaultValue} of every type that may have one (primitive and boxed), JSON
 * values of every shape (a record, a list, a map, one left null), and indexes of every form: in its partition a
 * full copy, the keys alone and a key list; beyond it a partial copy, a full copy, the keys alone and a key list;
 * sparse where a key property is boxed or an object. Compiled by the tests with and without the processor.
 */
@Entity(table = "Ledgers", version = 3)
@PartitionKey("{branch}")
@RowKey("entry_{entryId:08}")
@Index(name = "byAccount", rowKey = "acct_{account}_{entryId:08}", unique = false)
@Index(name = "byCode", rowKey = "code_{code}", form = IndexForm.KEYS)
@Index(name = "byFlag", rowKey = "flag_{flagged}", unique = false, form = IndexForm.KEY_LIST)
@Index(name = "byClerk", table = "LedgersByClerk", partitionKey = "{clerk}", rowKey = "{branch}_{entryId:08}",
    unique = false, properties = {"amount", "memo"})
@Index(name = "byTicket", table = "LedgersByTicket", partitionKey = "ticket_{ticket}", rowKey = "entry")
@Index(name = "byDay", table = "LedgersByDay", partitionKey = "{day}", rowKey = "{kind}_{level:03}_{branch}_{entryId:08}",
    unique = false, form = IndexForm.KEYS)
@Index(name = "byTag", table = "LedgerTags", partitionKey = "tag_{tag}", rowKey = "entries", unique = false,
    form = IndexForm.KEY_LIST)
public record Ledger(
    String branch,
    int entryId,
    String account,
    Integer code,
    boolean flagged,
    String clerk,
    UUID ticket,
    LocalDate day,
    Kind kind,
    Integer level,
    String tag,
    BigDecimal amount,
    String memo,
    @Json Address address,
    @Json List<Address> history,
    @Json Map<String, List<Integer>> totals,
    @Json Address previous,
    @DefaultValue("n/a") String dString,
    @DefaultValue("x") char dChar,
    @DefaultValue("y") Character dCharacter,
    @DefaultValue("true") boolean dBoolean,
    @DefaultValue("false") Boolean dBooleanBoxed,
    @DefaultValue("-5") byte dByte,
    @DefaultValue("6") Byte dByteBoxed,
    @DefaultValue("-300") short dShort,
    @DefaultValue("301") Short dShortBoxed,
    @DefaultValue("42") int dInt,
    @DefaultValue("-42") Integer dInteger,
    @DefaultValue("-9000000000") long dLong,
    @DefaultValue("9000000000") Long dLongBoxed,
    @DefaultValue("1.5") float dFloat,
    @DefaultValue("NaN") Float dFloatBoxed,
    @DefaultValue("2.25") double dDouble,
    @DefaultValue("-Infinity") Double dDoubleBoxed,
    @DefaultValue("123e4567-e89b-12d3-a456-426614174000") UUID dUuid,
    @DefaultValue("2024-01-02T03:04:05.1234567Z") Instant dInstant,
    @DefaultValue("2024-01-02T03:04:05+02:00") OffsetDateTime dOffset,
    @DefaultValue("2024-02-29") LocalDate dDate,
    @DefaultValue("2024-02-29T23:59:59") LocalDateTime dDateTime,
    @DefaultValue("CREDIT") Kind dKind,
    @DefaultValue("12.50") BigDecimal dDecimal,
    @DefaultValue("123456789012345678901234567890") BigInteger dBig,
    @DefaultValue("AQID/w==") byte[] dBytes,
    @ETag String etag) {

  /** What an entry is. */
  public enum Kind { DEBIT, CREDIT }

  /** A value stored as JSON. */
  public record Address(String street, int number) {}
}
