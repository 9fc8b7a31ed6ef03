package io.tablemapper.releasecheck;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The files of one version of tablemapper's artifacts, wherever they are: staged in a repository's layout
 * ({@link StagedArtifacts}) or still in the reactor's target directories ({@link BuildOutputs}).
 */
interface ArtifactSet {
  /** What the set is, for messages: where its files are. */
  String describe();

  /** The version of every artifact of the set. */
  String version();

  /** The artifactIds the set holds (only those of tablemapper's group). */
  Set<String> artifactIds();

  /** The POM of {@code artifactId} as it is (or would be) deployed, or null when the set has none. */
  Path pom(String artifactId);

  /**
   * The file of {@code artifactId} with {@code classifier} (empty for none) and {@code extension}, or null when
   * the set has none.
   */
  Path file(String artifactId, String classifier, String extension);

  /**
   * Every file of {@code artifactId} that a repository receives and must find a checksum (and, signed, a signature)
   * beside, or an empty list when the set is not staged and so has no checksums to check.
   */
  List<Path> deployedFiles(String artifactId);
}
