package io.tablemapper.api;

/**
 * A query would read through an index that is not {@link IndexState#READY}: its table holds entities written without
 * the index, so the answer could be incomplete. The message names the index, its entity class and the call that
 * builds it ({@code mapper.indexes(Type.class).build("name")}).
 */
public class IndexNotReadyException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final String index;
  private final IndexState state;

  /** Creates the exception for an index in the given state. */
  public IndexNotReadyException(String message, String index, IndexState state) {
    super(message);
    this.index = index;
    this.state = state;
  }

  /** The index's name. */
  public String index() {
    return index;
  }

  /** The index's state when the query was refused. */
  public IndexState state() {
    return state;
  }
}
