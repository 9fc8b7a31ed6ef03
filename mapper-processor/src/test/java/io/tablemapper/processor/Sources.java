package io.tablemapper.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/** Test sources and in-process compilation with the processor. */
final class Sources {
  static final String IMPORTS =
      "import io.tablemapper.annotations.*;\n"
          + "import io.tablemapper.api.*;\n"
          + "import java.math.*;\n"
          + "import java.time.*;\n"
          + "import java.util.*;\n"
          + "import java.util.stream.Stream;\n";

  /** The guide's employee, the entity most repository tests use. */
  static final String EMPLOYEE =
      "@Entity(table = \"Company\")\n"
          + "@PartitionKey(\"{department}\")\n"
          + "@RowKey(\"empid_{employeeId:08}\")\n"
          + "@Index(name = \"email\", rowKey = \"email_{email}\")\n"
          + "public record Employee(String department, int employeeId, String firstName, String lastName, int age,\n"
          + "    String email, @Json List<String> tags, @ETag String etag) {}\n";

  private Sources() {}

  /** A source file {@code test.<name>} with the usual imports. */
  static JavaFileObject source(String name, String body) {
    return JavaFileObjects.forSourceString("test." + name, "package test;\n\n" + IMPORTS + "\n" + body);
  }

  static JavaFileObject employee() {
    return source("Employee", EMPLOYEE);
  }

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new TableMapperProcessor()).withOptions("-Xlint:all").compile(sources);
  }
}
