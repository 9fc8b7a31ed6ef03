/**
 * What every part of the processor uses: {@code Diagnostics} (each problem on the most specific element, as a rule
 * of {@link io.tablemapper.internal.model.Rule}, warnings suppressible with
 * {@code @SuppressWarnings("tablemapper:<Id>")}), annotation values ({@code Annotations}, positions in
 * {@code AnnotationTrees}), and {@code DeferException} for types not generated yet.
 */
package io.tablemapper.processor.util;
