package io.tablemapper.processor.planning;

import io.tablemapper.processor.entity.PropertyModel;
import java.util.List;

/**
 * One condition of a derived query, bound to its property and its method parameters.
 *
 * @param property the property compared
 * @param operator the operator
 * @param parameters the names of the parameters holding the operands (two for {@code Between})
 */
public record Condition(PropertyModel property, Operator operator, List<String> parameters) {

  String parameter() {
    return parameters.get(0);
  }
}
