package io.tablemapper.runtime.pending;

import io.tablemapper.api.EncryptionException;
import io.tablemapper.runtime.rows.PendingStep;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A recorded write that this mapper cannot complete for want of a key: its row holds {@code @Encrypted} values,
 * encrypted under key ids this mapper has no key for (or it has no keys at all to encrypt the write with). The work
 * stays pending as it is — nothing is written in plaintext, nothing is failed for good — until a mapper with the key
 * completes it. {@link WorkCompleter#completeAll} throws it once all other work is done; every completer logs it
 * as an error, once per work id ({@link WorkCompleter#reportWaiting}).
 */
final class NeedsKey extends EncryptionException {
  private static final long serialVersionUID = 1L;

  private final String workId;

  NeedsKey(String workId, PendingStep step, Set<String> keyIds, EncryptionException cause) {
    super("the pending " + step.describe() + " (write " + step.position() + " of eventual batch " + workId
        + ") stays pending: " + (keyIds.isEmpty() ? "its @Encrypted values must be encrypted to be written"
        : "its recorded row holds @Encrypted values encrypted with key id " + quoted(keyIds))
        + ", and this mapper cannot: " + cause.getMessage() + ". Complete it with a mapper that has "
        + (keyIds.isEmpty() ? "the entity's current key" : "that key") + " (TableMapper.builder().encryptionKey("
        + (keyIds.isEmpty() ? "keyId" : "\"" + keyIds.iterator().next() + "\"") + ", key), or a key resolver that"
        + " resolves it) and call completePending(); the work is never written in plaintext, nor failed for lack"
        + " of a key", cause);
    this.workId = workId;
  }

  private static String quoted(Set<String> ids) {
    return ids.stream().map(each -> "'" + each + "'").collect(Collectors.joining(", "));
  }

  /** The id of the work left pending. */
  String workId() {
    return workId;
  }
}
