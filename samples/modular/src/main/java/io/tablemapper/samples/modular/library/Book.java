package io.tablemapper.samples.modular.library;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A book, filed under its author and found by its ISBN.
 *
 * @param author the partition
 * @param number the book's number under its author
 * @param title the title
 * @param isbn the ISBN, through the index byIsbn
 * @param etag the stored row's ETag
 */
@Entity(table = "Books")
@PartitionKey("{author}")
@RowKey("book_{number:06}")
@Index(name = "byIsbn", partitionKey = "isbn_{isbn}", rowKey = "book")
public record Book(String author, int number, String title, String isbn, @ETag String etag) {}
