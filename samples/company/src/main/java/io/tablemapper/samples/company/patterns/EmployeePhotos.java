package io.tablemapper.samples.company.patterns;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * The large entities pattern of the guide, run against any mapper: an employee with a 2 MiB photo (beyond the 1 MiB a
 * row holds) is stored, read back whole, given a new photo and deleted; the row holds only a reference to the photo,
 * which the backend keeps out of the row (Blob Storage on Azure, its own space in memory and in H2).
 */
public final class EmployeePhotos {
  /** The table the sample writes. */
  public static final String TABLE = "EmployeePhotos";

  private EmployeePhotos() {}

  /** A photo of {@code size} bytes: a PNG signature, then a pattern of {@code seed}. */
  static byte[] photo(int size, int seed) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31 + seed);
    }
    System.arraycopy(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, 0, bytes, 0, 4);
    return bytes;
  }

  /** Runs the pattern and says what it did. */
  public static void run(TableMapper mapper, PrintStream out) {
    out.println("== Large entities: an employee with a photo stored out of the row");
    EmployeeWithPhotoRepository employees = mapper.repository(EmployeeWithPhotoRepository.class);
    byte[] photo = photo(2 * 1024 * 1024, 1);
    EmployeeWithPhoto ken = employees.upsert(new EmployeeWithPhoto("Sales", 123, "Ken Kwok", photo, null));
    out.println("stored Ken Kwok with a photo of " + photo.length + " bytes (a row holds at most 1 MiB)");

    DynamicEntity row = mapper.dynamic(TABLE).get("Sales", "empid_000123").orElseThrow();
    String reference = String.valueOf(row.properties().get("photo"));
    out.println("the row holds a reference of " + reference.length() + " characters in place of the photo: "
        + reference.substring(0, reference.indexOf(':', "tmlarge:1:".length()) + 1) + "...");

    EmployeeWithPhoto read = employees.findByDepartmentAndEmployeeId("Sales", 123).orElseThrow();
    out.println("read back: " + read.photo().length + " bytes, the same photo: " + Arrays.equals(read.photo(), photo)
        + " (one request for the row, one for the photo)");

    EmployeeWithPhoto renewed = employees.update(read.withPhoto(photo(300_000, 2)));
    out.println("new photo of " + renewed.photo().length + " bytes stored under a fresh name, then the row; the old"
        + " photo deleted after the row was written");
    out.println("values no row references, swept: " + mapper.sweepLargeValues(TABLE)
        + " (a crash between the steps would leave some, deleted once the grace period is over)");

    employees.delete(renewed);
    out.println("deleted Ken Kwok and his photo: found again "
        + employees.findByDepartmentAndEmployeeId("Sales", 123).isPresent());
  }
}
