/**
 * Key templates and their order-preserving encodings: one implementation, used by the annotation processor to
 * validate templates at compile time and by generated code to compose and decompose keys at run time. Internal:
 * not for applications, and free to change between releases.
 *
 * <p>A template such as {@code empid_{employeeId:08}} is parsed by {@link io.tablemapper.internal.key.KeyTemplate}.
 * {@link io.tablemapper.internal.key.KeyType} says what each supported Java type allows in a key;
 * {@link io.tablemapper.internal.key.KeyCodec} holds the encodings; a
 * {@link io.tablemapper.internal.key.KeySpec} binds a template to its property types and composes, checks and
 * decomposes keys.
 *
 * <h2>Encodings</h2>
 *
 * <p>Every encoding sorts, as a string of UTF-16 code units, exactly as its values sort, over the type's whole
 * domain, and decodes back to the identical value:
 *
 * <table>
 *   <caption>Key encodings</caption>
 *   <tr><th>type</th><th>{@code {p}}</th><th>example</th></tr>
 *   <tr><td>{@code byte short int long} and boxes</td><td>sign character ({@code -} below {@code 0}) then a
 *       fixed number of digits; non-negative values read naturally, a negative {@code v} is written as
 *       {@code v - MIN_VALUE}</td><td>{@code 123 → 00000000123}, {@code -1 → -2147483647} (int)</td></tr>
 *   <tr><td>{@code {p:0N}}</td><td>exactly N digits; only 0 … 10<sup>N</sup>−1 fit</td>
 *       <td>{@code {id:08}: 123 → 00000123}</td></tr>
 *   <tr><td>{@code String}</td><td>as is; no {@code / \ # ?} or control characters, and not the first character of
 *       the literal that follows the placeholder (its separator)</td><td>{@code Smith}</td></tr>
 *   <tr><td>enums</td><td>the constant's name; enums therefore sort by name, which survives reordering the
 *       constants (ordinals would silently corrupt stored keys)</td><td>{@code ACTIVE}</td></tr>
 *   <tr><td>{@code boolean}</td><td>{@code false} / {@code true}</td><td>{@code true}</td></tr>
 *   <tr><td>{@code UUID}</td><td>canonical lower-case text: sorts as the unsigned 128-bit value (not as
 *       {@code UUID.compareTo}, which compares signed halves)</td><td>{@code 123e4567-e89b-12d3-a456-426614174000}</td></tr>
 *   <tr><td>{@code Instant}</td><td>UTC, nanosecond precision, fixed width for years 0000–9999; earlier years are
 *       prefixed {@code -}, later ones {@code ~}, each with a 10-digit year</td>
 *       <td>{@code 2024-01-31T12:00:00.000000000Z}</td></tr>
 *   <tr><td>{@code LocalDateTime}, {@code LocalDate}</td><td>as Instant, without the zone</td>
 *       <td>{@code 2024-01-31}</td></tr>
 *   <tr><td>{@code OffsetDateTime}</td><td>the UTC instant, then {@code @} and the offset in seconds shifted by
 *       64800 (six digits), so equal instants sort by offset like {@code OffsetDateTime.compareTo}</td>
 *       <td>{@code 2024-01-31T10:00:00.000000000Z@072000}</td></tr>
 * </table>
 *
 * <p>{@code {p:desc}} reverses the order (numbers and times): integers encode their bitwise complement, padded
 * numbers {@code 10^N−1−v} (each digit's nines' complement), times their epoch seconds and nanoseconds inverted,
 * like the guide's inverted ticks (a {@code LocalDate} its epoch day; an {@code OffsetDateTime} then {@code @} and
 * its shifted offset inverted). Descending times are fixed width over the whole domain.
 *
 * <p>{@code {p:ticks}} writes a time as .NET writes a DateTime key: 19 digits of ticks, 100 ns since
 * 0001-01-01T00:00:00Z ({@code 2024-01-31T12:00:00Z → 0638422992000000000}); {@code {p:ticksdesc}} writes
 * {@code DateTime.MaxValue.Ticks − ticks} (3155378975999999999 − ticks), the guide's log tail. Only the DateTime
 * range 0001-01-01 … 9999-12-31T23:59:59.9999999 in whole ticks fits; an {@code OffsetDateTime} is written as its
 * instant (and reads back at offset Z), a {@code LocalDateTime} in UTC, a {@code LocalDate} at midnight UTC.
 *
 * <p>Composed keys sort component by component only where every component before the last is fixed width or
 * self-delimiting. A String or enum followed by its separator keeps prefix queries exact ({@code Smith_} never
 * matches {@code Smithson}) but not the values' order: {@code Smith-x_…} sorts before {@code Smith_…}.
 */
package io.tablemapper.internal.key;
