package com.example.library;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** A book, filed under its author. */
@Entity(table = "Library")
@PartitionKey("{author}")
@RowKey("book_{number:06}")
public record Book(String author, int number, String title, @ETag String etag) {}
