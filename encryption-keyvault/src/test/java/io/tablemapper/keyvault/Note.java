package io.tablemapper.keyvault;

import io.tablemapper.annotations.Encrypted;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** An entity with an encrypted text, mapped by the runtime (this module's tests run no annotation processor). */
@Entity(table = "Notes")
@PartitionKey("{owner}")
@RowKey("note_{id}")
public record Note(String owner, String id, @Encrypted String text) {}
