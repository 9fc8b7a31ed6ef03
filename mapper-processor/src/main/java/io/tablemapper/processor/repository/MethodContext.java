package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.util.Diagnostics;
import javax.lang.model.element.ExecutableElement;

/**
 * A derived query method under analysis, as a {@link QueryMethodKind} sees it for its checks.
 *
 * @param element the method, which diagnostics sit on
 * @param signature {@code EmployeeRepository.findByEmail(String email)}, which starts every message about it
 * @param entity the entity its repository stores
 * @param parsed its parsed name
 * @param returns what it returns
 * @param diagnostics where problems are reported
 * @param result the simple name of what each result is: the entity's, or a projection record's
 * @param scanAllowed whether it may scan without {@code @AllowScan}: Jakarta Data's inherited {@code findAll()},
 *     which the interface it extends declares and its repository reports instead ({@code [JakartaInheritedScan]})
 */
record MethodContext(
    ExecutableElement element,
    String signature,
    EntityModel entity,
    MethodNameParser.Result parsed,
    RepositoryModel.Returns returns,
    Diagnostics diagnostics,
    String result,
    boolean scanAllowed) {

  /** Reports an error on the method. */
  void error(Rule rule, String message) {
    diagnostics.error(element, rule, message);
  }
}
