package io.tablemapper.samples.spring;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapperException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** tablemapper's exceptions as HTTP problem details: the status each means, and the mapper's message. */
@RestControllerAdvice
class Problems {

  @ExceptionHandler(TableMapperException.class)
  ProblemDetail problem(TableMapperException e) {
    return ProblemDetail.forStatusAndDetail(status(e), e.getMessage());
  }

  private static HttpStatus status(TableMapperException e) {
    if (e instanceof BatchException batch && batch.getCause() instanceof TableMapperException cause) {
      return status(cause);
    }
    if (e instanceof EntityNotFoundException) {
      return HttpStatus.NOT_FOUND;
    }
    if (e instanceof EntityExistsException) {
      return HttpStatus.CONFLICT;
    }
    if (e instanceof ConcurrencyConflictException) {
      return HttpStatus.PRECONDITION_FAILED;
    }
    if (e instanceof InvalidKeyException || e instanceof InvalidEntityException || e instanceof BatchException) {
      return HttpStatus.BAD_REQUEST;
    }
    return HttpStatus.INTERNAL_SERVER_ERROR;
  }
}
