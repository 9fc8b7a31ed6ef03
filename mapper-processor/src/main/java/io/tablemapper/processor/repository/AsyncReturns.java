package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.util.Diagnostics;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The async form of every kind of method: a {@code CompletableFuture<R>} return is the method's kind with {@code R}
 * as its return, the boxes standing for the primitives ({@code Long} for a count's {@code long}, {@code Boolean} for
 * {@code boolean}, {@code Void} for {@code void}). So each {@link QueryMethodKind} gets its async form once, here,
 * and the generator starts the same query on the store's async path ({@link QueryMethodKind#runAsync}), its result
 * handed over on the mapper's executor.
 *
 * <p>A {@code Stream} in a future is refused: it reads its pages as it is consumed, on the consumer's thread, so the
 * future would complete before any read; a {@code CompletableFuture<List<T>>} reads them all before it completes.
 */
final class AsyncReturns {
  static final String FUTURE = "java.util.concurrent.CompletableFuture";

  private AsyncReturns() {}

  static boolean isFuture(TypeMirror type) {
    return PropertyModel.isDeclared(type, FUTURE);
  }

  /**
   * What a {@code CompletableFuture} return holds, as the synchronous method would return it ({@code long} for
   * {@code Long} and so on); null when the future's shape is refused, reported on the method.
   */
  static TypeMirror unwrap(
      String signature, ExecutableElement method, TypeMirror future, EntityModel entity, Types types,
      Diagnostics diagnostics) {
    String t = entity.simpleName();
    DeclaredType declared = (DeclaredType) future;
    if (declared.getTypeArguments().size() != 1 || declared.getTypeArguments().get(0).getKind() != TypeKind.DECLARED) {
      diagnostics.error(method, Rule.QUERY_ASYNC_RETURN,
          signature + ": returns " + future + ", which does not say what it completes with; declare the result,"
              + " for example CompletableFuture<List<" + t + ">> or CompletableFuture<Long> for a count");
      return null;
    }
    TypeMirror result = declared.getTypeArguments().get(0);
    if (PropertyModel.isDeclared(result, "java.util.stream.Stream")) {
      diagnostics.error(method, Rule.QUERY_ASYNC_RETURN,
          signature + ": returns " + future + ", but a Stream reads its pages as it is consumed, on the"
              + " consumer's thread, so nothing would be read by the time the future completes; return"
              + " CompletableFuture<List<...>> (every result read before it completes), or Stream<...>");
      return null;
    }
    if (PropertyModel.isDeclared(result, "java.lang.Void")) {
      return types.getNoType(TypeKind.VOID);
    }
    if (PropertyModel.isDeclared(result, "java.lang.Long") || PropertyModel.isDeclared(result, "java.lang.Boolean")) {
      return types.unboxedType(result);
    }
    return result;
  }
}
