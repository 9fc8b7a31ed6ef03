package io.tablemapper.api;

/**
 * What a mapper does with a time more precise than the store keeps. A DateTime holds 100 ns ticks, while
 * {@code Instant.now()} has micro- or nanoseconds on current JDKs. Chosen with
 * {@link TableMapper.Builder#timePrecision(TimePrecisionPolicy)}; applies to every {@code Instant},
 * {@code OffsetDateTime} and {@code LocalDateTime} property that is not part of a key. A key component is never
 * truncated, whatever the policy: its key, which keeps every digit, would no longer match its stored value, so it is
 * refused with {@link InvalidKeyException}. Reads return what is stored.
 */
public enum TimePrecisionPolicy {

  /**
   * The default: the value is stored truncated to whole 100 ns ticks (towards the past), as .NET's DateTime holds
   * it; {@code 12:00:00.123456789Z} is stored, and reads back, as {@code 12:00:00.1234567Z}.
   */
  TRUNCATE,

  /**
   * The write is refused with {@link InvalidEntityException} naming the entity, the property and the value: for
   * applications that must never store a time other than the one they hold.
   */
  REFUSE
}
