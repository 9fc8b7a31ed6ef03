package io.tablemapper.samples.kotlin

import io.tablemapper.annotations.DefaultValue
import io.tablemapper.annotations.ETag
import io.tablemapper.annotations.Entity
import io.tablemapper.annotations.Index
import io.tablemapper.annotations.PartitionKey
import io.tablemapper.annotations.RowKey

/**
 * A book, filed under its author and found by its ISBN: a data class whose properties are all `var` with a
 * default, which makes it a JavaBean to the processor (Kotlin adds the no-argument constructor; each `var` has a
 * getter and a setter). `isbn` may be null. The annotations of properties name their use-site target, `@field:`:
 * on a constructor parameter, where Kotlin puts them by default, the processor does not read them.
 */
@Entity(table = "Books")
@PartitionKey("{author}")
@RowKey("book_{number:06}")
@Index(name = "byIsbn", partitionKey = "isbn_{isbn}", rowKey = "book")
data class Book(
    var author: String = "",
    var number: Int = 0,
    var title: String = "",
    var isbn: String? = null,
    @field:DefaultValue("0") var pages: Int = 0,
    @field:ETag var etag: String? = null,
)
