package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.annotations.Wide;
import java.lang.reflect.Field;

/**
 * The guide's wide entity: how many instant messages an employee sent on each of the 365 days of a year — 365
 * properties besides the keys and the total, more than the 252 one row holds, so the mapper stores it over a head
 * row and a part row of the employee's partition, in one entity group transaction. The total is in the head
 * ({@code @Wide(head)}), so queries can compare it.
 */
@Entity(table = "MessageStats")
@PartitionKey("{employeeId}")
@RowKey("year_{year:04}")
@Wide(head = "total")
public class MessageStats {
  /** The employee. */
  public String employeeId;
  /** The year counted. */
  public int year;
  /** The messages of the whole year. */
  public int total;
  /** The version read, which writes are conditional on. */
  @ETag public String etag;
  // the messages of each day
  public int day001, day002, day003, day004, day005, day006, day007, day008, day009, day010;
  public int day011, day012, day013, day014, day015, day016, day017, day018, day019, day020;
  public int day021, day022, day023, day024, day025, day026, day027, day028, day029, day030;
  public int day031, day032, day033, day034, day035, day036, day037, day038, day039, day040;
  public int day041, day042, day043, day044, day045, day046, day047, day048, day049, day050;
  public int day051, day052, day053, day054, day055, day056, day057, day058, day059, day060;
  public int day061, day062, day063, day064, day065, day066, day067, day068, day069, day070;
  public int day071, day072, day073, day074, day075, day076, day077, day078, day079, day080;
  public int day081, day082, day083, day084, day085, day086, day087, day088, day089, day090;
  public int day091, day092, day093, day094, day095, day096, day097, day098, day099, day100;
  public int day101, day102, day103, day104, day105, day106, day107, day108, day109, day110;
  public int day111, day112, day113, day114, day115, day116, day117, day118, day119, day120;
  public int day121, day122, day123, day124, day125, day126, day127, day128, day129, day130;
  public int day131, day132, day133, day134, day135, day136, day137, day138, day139, day140;
  public int day141, day142, day143, day144, day145, day146, day147, day148, day149, day150;
  public int day151, day152, day153, day154, day155, day156, day157, day158, day159, day160;
  public int day161, day162, day163, day164, day165, day166, day167, day168, day169, day170;
  public int day171, day172, day173, day174, day175, day176, day177, day178, day179, day180;
  public int day181, day182, day183, day184, day185, day186, day187, day188, day189, day190;
  public int day191, day192, day193, day194, day195, day196, day197, day198, day199, day200;
  public int day201, day202, day203, day204, day205, day206, day207, day208, day209, day210;
  public int day211, day212, day213, day214, day215, day216, day217, day218, day219, day220;
  public int day221, day222, day223, day224, day225, day226, day227, day228, day229, day230;
  public int day231, day232, day233, day234, day235, day236, day237, day238, day239, day240;
  public int day241, day242, day243, day244, day245, day246, day247, day248, day249, day250;
  public int day251, day252, day253, day254, day255, day256, day257, day258, day259, day260;
  public int day261, day262, day263, day264, day265, day266, day267, day268, day269, day270;
  public int day271, day272, day273, day274, day275, day276, day277, day278, day279, day280;
  public int day281, day282, day283, day284, day285, day286, day287, day288, day289, day290;
  public int day291, day292, day293, day294, day295, day296, day297, day298, day299, day300;
  public int day301, day302, day303, day304, day305, day306, day307, day308, day309, day310;
  public int day311, day312, day313, day314, day315, day316, day317, day318, day319, day320;
  public int day321, day322, day323, day324, day325, day326, day327, day328, day329, day330;
  public int day331, day332, day333, day334, day335, day336, day337, day338, day339, day340;
  public int day341, day342, day343, day344, day345, day346, day347, day348, day349, day350;
  public int day351, day352, day353, day354, day355, day356, day357, day358, day359, day360;
  public int day361, day362, day363, day364, day365;

  /** The messages of one day, 1 to 365. */
  public int day(int day) {
    try {
      return field(day).getInt(this);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Sets the messages of one day, 1 to 365, and adds the difference to the total. */
  public void setDay(int day, int messages) {
    try {
      total += messages - field(day).getInt(this);
      field(day).setInt(this, messages);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The field of one day: the 365 stored properties are plain fields, reached here by name. */
  private static Field field(int day) {
    if (day < 1 || day > 365) {
      throw new IllegalArgumentException("day " + day + " is not a day of the year 1 to 365");
    }
    try {
      return MessageStats.class.getField(String.format("day%03d", day));
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }
}
