package io.tablemapper.samples.kotlin

import io.tablemapper.annotations.ETag
import io.tablemapper.annotations.Entity
import io.tablemapper.annotations.Index
import io.tablemapper.annotations.PartitionKey
import io.tablemapper.annotations.RowKey
import io.tablemapper.annotations.Transient

/**
 * A member of a branch of the library, found by id or by email: a data class of `val` properties. Kotlin gives it
 * one constructor whose parameters are its properties, and a getter for each, no setter: the processor maps it as
 * it maps a record, creating it through that constructor on every read and reading its getters on every write (a
 * write returns a new instance, with its new ETag). `phone` may be null; `greeting` is derived, not stored.
 */
@Entity(table = "Members")
@PartitionKey("{branch}")
@RowKey("member_{id}")
@Index(name = "byEmail", rowKey = "email_{email}")
data class Member(
    val branch: String,
    val id: String,
    val name: String,
    val email: String,
    val phone: String? = null,
    val loans: Int = 0,
    @field:ETag val etag: String? = null,
) {
  @field:Transient val greeting: String = "Hello, $name"
}
