package io.tablemapper.processor.util;

import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/** A type refers to a type that is not generated yet; processing it is retried in the next round. */
public final class DeferException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DeferException(String missing) {
    super(missing, null, false, false);
  }

  /**
   * Throws when a type is, or is built from, a type that does not exist yet (such as {@code List<Missing>}). Call it
   * before reporting anything about a type, so that a retry in the next round does not report the same thing twice.
   */
  public static void ifUnresolved(TypeMirror type) {
    if (unresolved(type)) {
      throw new DeferException(type.toString());
    }
  }

  private static boolean unresolved(TypeMirror type) {
    if (type == null) {
      return false;
    }
    switch (type.getKind()) {
      case ERROR:
        return true;
      case ARRAY:
        return unresolved(((ArrayType) type).getComponentType());
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        return unresolved(wildcard.getExtendsBound()) || unresolved(wildcard.getSuperBound());
      case DECLARED:
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
          if (unresolved(argument)) {
            return true;
          }
        }
        return false;
      default:
        return type.getKind() == TypeKind.ERROR;
    }
  }
}
