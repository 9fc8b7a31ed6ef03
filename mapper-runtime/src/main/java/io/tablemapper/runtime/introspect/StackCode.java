package io.tablemapper.runtime.introspect;

import io.tablemapper.internal.mapping.RowCode;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * The stack manipulations the generators of a {@link RowCode} share ({@link KeyCode}, {@link KeyReadCode},
 * {@link WriteCode}, {@link ReadCode}): a property read through its getter or field and written through its setter or
 * field, a field of {@link RowCode}, a value assigned (boxed, unboxed, widened or cast), a method called, and the
 * labels and jumps of the code's branches.
 */
final class StackCode {
  private StackCode() {}

  /** Pushes {@code ((Entity) local).getX()} or {@code .x}. */
  static StackManipulation get(TypeDescription owner, RuntimeProperty property, int local) {
    Member read = property.getter;
    Class<?> declared = read instanceof Field ? ((Field) read).getType() : ((Method) read).getReturnType();
    return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(local), TypeCasting.to(owner),
        read instanceof Field ? FieldAccess.forField(new FieldDescription.ForLoadedField((Field) read)).read()
            : MethodInvocation.invoke(new MethodDescription.ForLoadedMethod((Method) read)).virtual(owner),
        assign(declared, property.type)); // a generic getter's erasure, cast to the property's type
  }

  /** Calls the setter (dropping what it returns) or writes the field, the entity and value on the stack. */
  static StackManipulation set(TypeDescription owner, RuntimeProperty property) {
    Member write = property.setter;
    if (write instanceof Field) {
      return FieldAccess.forField(new FieldDescription.ForLoadedField((Field) write)).write();
    }
    Method setter = (Method) write;
    return new StackManipulation.Compound(
        MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(setter)).virtual(owner),
        setter.getReturnType() == void.class ? StackManipulation.Trivial.INSTANCE
            : Removal.of(TypeDescription.ForLoadedType.of(setter.getReturnType())));
  }

  /** Reads the {@link RowCode} field {@code name} of the object on the stack. */
  static StackManipulation field(String name) {
    try {
      return FieldAccess.forField(new FieldDescription.ForLoadedField(RowCode.class.getDeclaredField(name))).read();
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Pushes {@code this.jsonTypes[index]}, the property's JSON type. */
  static StackManipulation jsonType(int index) {
    return new StackManipulation.Compound(MethodVariableAccess.loadThis(), field("jsonTypes"),
        IntegerConstant.forValue(index), ArrayAccess.REFERENCE.load());
  }

  /** Boxes, unboxes (a null checked as a cast would), widens or casts. */
  static StackManipulation assign(Class<?> from, Class<?> to) {
    if (from == to) {
      return StackManipulation.Trivial.INSTANCE;
    }
    StackManipulation assignment = Assigner.DEFAULT.assign(
        TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(from),
        TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(to), Assigner.Typing.DYNAMIC);
    if (!assignment.isValid()) {
      throw new IllegalStateException("no assignment from " + from + " to " + to);
    }
    return assignment;
  }

  /** Invokes a public method (static, virtual or interface, as declared). */
  static StackManipulation call(Class<?> owner, String name, Class<?>... parameters) {
    return MethodInvocation.invoke(method(owner, name, parameters));
  }

  private static MethodDescription.InDefinedShape method(Class<?> owner, String name, Class<?>... parameters) {
    try {
      return new MethodDescription.ForLoadedMethod(owner.getDeclaredMethod(name, parameters));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("no " + owner.getName() + "." + name + ": " + e, e);
    }
  }

  static Constructor<?> constructor(Class<?> owner, Class<?>... parameters) {
    try {
      return owner.getConstructor(parameters);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Marks a place a jump or switch goes to. */
  record Mark(Label label) implements StackManipulation {
    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      visitor.visitLabel(label);
      return Size.ZERO;
    }
  }

  /**
   * A jump: {@code IFNULL}, {@code IFNE}, {@code IFEQ} (each taking one value) or {@code GOTO}; {@code impact} is what
   * it does to the stack as the code after it sees it (a {@code GOTO} out of one branch of a conditional takes back
   * the value that branch pushed, which the other branch pushes again).
   */
  record Jump(int opcode, Label label, int impact) implements StackManipulation {
    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      visitor.visitJumpInsn(opcode, label);
      return new Size(impact, 0);
    }
  }
}
