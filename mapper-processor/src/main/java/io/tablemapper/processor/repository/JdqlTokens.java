package io.tablemapper.processor.repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The lexical side of the JDQL {@link JakartaQueries} reads: its tokens, and the number types of the operands of a
 * {@code SET}'s arithmetic as Java promotes them.
 */
final class JdqlTokens {
  private JdqlTokens() {}

  /** The type of a number literal: int, or long, float, double by its suffix or its point. */
  static String literalType(String literal) {
    char last = Character.toLowerCase(literal.charAt(literal.length() - 1));
    return last == 'l' ? "long" : last == 'f' ? "float"
        : last == 'd' || literal.contains(".") || literal.contains("e") || literal.contains("E") ? "double" : "int";
  }

  /** The primitive number type of a type, boxed or not ({@code int} for {@code Integer}), or null. */
  static String numeric(TypeMirror type) {
    TypeKind kind = type.getKind();
    if (kind == TypeKind.INT || kind == TypeKind.LONG || kind == TypeKind.DOUBLE || kind == TypeKind.FLOAT
        || kind == TypeKind.SHORT || kind == TypeKind.BYTE) {
      return kind.name().toLowerCase(Locale.ROOT);
    }
    switch (type.toString()) {
      case "java.lang.Integer":
        return "int";
      case "java.lang.Long":
        return "long";
      case "java.lang.Double":
        return "double";
      case "java.lang.Float":
        return "float";
      case "java.lang.Short":
        return "short";
      case "java.lang.Byte":
        return "byte";
      default:
        return null;
    }
  }

  static boolean sameType(TypeMirror a, TypeMirror b) {
    return a.toString().equals(b.toString()) || numeric(a) != null && numeric(a).equals(numeric(b));
  }

  /** Whether a minus after these tokens is a number's sign (else it subtracts). */
  static boolean unary(List<String> tokens) {
    if (tokens.isEmpty()) {
      return true;
    }
    String last = tokens.get(tokens.size() - 1);
    return "=<>!=<=>=(),+-*/".contains(last) || List.of("AND", "OR", "NOT", "BETWEEN", "IN", "LIKE", "SET", "WHERE",
        "SELECT").contains(last.toUpperCase(Locale.ROOT));
  }

  /** The tokens of a query: words (with dots, and {@code id(this)}), numbers, 'strings', parameters, operators. */
  static List<String> tokens(String query) throws JakartaQueries.Unsupported {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    while (i < query.length()) {
      char c = query.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'') {
        int end = i + 1;
        while (end < query.length() && (query.charAt(end) != '\'' || end + 1 < query.length()
            && query.charAt(end + 1) == '\'')) {
          end += query.charAt(end) == '\'' ? 2 : 1;
        }
        if (end >= query.length()) {
          throw new JakartaQueries.Unsupported("an unclosed string");
        }
        tokens.add(query.substring(i, end + 1));
        i = end + 1;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '?'
          || c == '-' && i + 1 < query.length() && Character.isDigit(query.charAt(i + 1)) && unary(tokens)) {
        int end = i + 1;
        while (end < query.length() && (Character.isLetterOrDigit(query.charAt(end)) || query.charAt(end) == '_'
            || query.charAt(end) == '.')) {
          end++;
        }
        String word = query.substring(i, end);
        if (word.equalsIgnoreCase("id") && query.startsWith("(this)", end)) {
          word = "id(this)";
          end += 6;
        }
        tokens.add(word);
        i = end;
      } else if ((c == '<' || c == '>' || c == '!') && i + 1 < query.length()
          && (query.charAt(i + 1) == '=' || c == '<' && query.charAt(i + 1) == '>')) {
        tokens.add(query.substring(i, i + 2));
        i += 2;
      } else if ("=<>(),+-*/".indexOf(c) >= 0) {
        tokens.add(String.valueOf(c));
        i++;
      } else {
        throw new JakartaQueries.Unsupported("'" + c + "'");
      }
    }
    return tokens;
  }
}
