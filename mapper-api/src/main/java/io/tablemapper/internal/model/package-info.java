/**
 * The rules an entity class must follow, shared by the annotation processor (compile errors on the element at
 * fault) and the runtime's mapping of classes compiled without it (one exception listing the same messages).
 * Internal: not for applications, and free to change between releases.
 */
package io.tablemapper.internal.model;
