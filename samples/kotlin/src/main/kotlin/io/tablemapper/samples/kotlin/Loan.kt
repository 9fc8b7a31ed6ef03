package io.tablemapper.samples.kotlin

import io.tablemapper.annotations.ETag
import io.tablemapper.annotations.Entity
import io.tablemapper.annotations.PartitionKey
import io.tablemapper.annotations.RowKey
import java.time.Instant

/**
 * A loan of a book to a member: a mutable data class, a JavaBean to the processor (every parameter has a default,
 * so Kotlin adds the no-argument constructor, and every `var` has a getter and a setter).
 */
@Entity(table = "Loans")
@PartitionKey("member_{member}")
@RowKey("{due}_{number:06}")
data class Loan(
    var member: String = "",
    var number: Int = 0,
    var due: Instant = Instant.EPOCH,
    var returned: Boolean = false,
    var note: String? = null,
    @field:ETag var etag: String? = null,
)
