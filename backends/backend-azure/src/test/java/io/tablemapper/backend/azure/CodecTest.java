package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** Entities as the SDK sends them, ETags as the SDK hands them over, continuation tokens and batch answers. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CodecTest {

  @Test
  void every_type_the_json_cannot_tell_apart_goes_out_with_its_edm_annotation() {
    TableRow row = TableRow.builder("p", "r")
        .putString("s", "x").putInt32("i", 1).putBoolean("t", true)
        .putInt64("l", 1L).putDouble("d", 5.0).putDouble("nan", Double.NaN).putDouble("inf", Double.NEGATIVE_INFINITY)
        .putDateTime("when", Instant.parse("2024-01-31T12:00:00.1Z"))
        .putGuid("g", UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))
        .putBinary("b", new byte[] {1, 2, (byte) 0xFF})
        .build();

    Map<String, Object> sent = Entities.toEntity(row, "W/\"x\"").getProperties();

    assertThat(sent).containsEntry("s", "x").containsEntry("i", 1).containsEntry("t", true)
        .doesNotContainKeys("s@odata.type", "i@odata.type", "t@odata.type");
    assertThat(sent).containsEntry("l", "1").containsEntry("l@odata.type", "Edm.Int64");
    assertThat(sent).containsEntry("d", 5.0).containsEntry("d@odata.type", "Edm.Double");
    assertThat(sent).containsEntry("nan", "NaN").containsEntry("inf", "-Infinity").containsEntry("inf@odata.type", "Edm.Double");
    assertThat(sent).containsEntry("when", "2024-01-31T12:00:00.1000000Z").containsEntry("when@odata.type", "Edm.DateTime");
    assertThat(sent).containsEntry("g", "123e4567-e89b-12d3-a456-426614174000").containsEntry("g@odata.type", "Edm.Guid");
    assertThat(sent).containsEntry("b", "AQL/").containsEntry("b@odata.type", "Edm.Binary");
    assertThat(sent).containsEntry("odata.etag", "W/\"x\"").containsEntry("PartitionKey", "p").containsEntry("RowKey", "r");
  }

  @Test
  void an_entity_read_back_keeps_its_properties_and_leaves_out_keys_annotations_and_metadata() {
    Map<String, Object> read = new LinkedHashMap<>();
    read.put("Timestamp", OffsetDateTime.parse("2024-01-31T12:00:00.1234567Z"));
    read.put("odata.etag", "W/\"datetime'x'\"");
    read.put("odata.type", "account.Orders");
    read.put("l@odata.type", "Edm.Int64");
    read.put("l", 7L);
    read.put("n", 3);
    read.put("when", OffsetDateTime.parse("1601-01-01T00:00:00Z"));
    TableEntity entity = new TableEntity("p", "r").setProperties(read);

    TableRow row = Entities.toRow(entity);

    assertThat(row.properties()).containsOnlyKeys("l", "n", "when");
    assertThat(row.get("l")).isEqualTo(7L);
    assertThat(row.getDateTime("when")).isEqualTo(Instant.parse("1601-01-01T00:00:00Z"));
    assertThat(row.etag()).isEqualTo("W/\"datetime'x'\"");
    assertThat(row.timestamp()).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234567Z"));
  }

  @Test
  void a_weak_etag_whose_closing_quote_the_sdk_stripped_gets_it_back_and_names_its_timestamp() {
    String etag = Entities.headerEtag("W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'");

    assertThat(etag).isEqualTo("W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\"");
    assertThat(Entities.timestampOf(etag)).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234567Z"));
    assertThat(Entities.timestampOf("\"0x8D9\"")).isNull();
  }

  @Test
  void continuation_tokens_round_trip_any_keys_and_are_url_safe() {
    String awkward = "O'Brien\u0000/%+&=\uD800 \uD83D\uDE00";
    for (ContinuationToken token : List.of(
        ContinuationToken.start("1!8!cA--;1!8!cg--"),
        ContinuationToken.after(awkward, ""),
        ContinuationToken.afterPartition(awkward))) {
      String text = token.encode();
      assertThat(text).matches("[A-Za-z0-9_-]+");
      assertThat(ContinuationToken.decode(text, "Orders")).isEqualTo(token);
    }
  }

  @Test
  void a_token_the_backend_did_not_issue_is_an_illegal_argument() {
    String valid = ContinuationToken.after("p", "r").encode();
    for (String bad : List.of("", "x", "a!!", valid.substring(0, valid.length() - 2), valid + "AA", "2" + valid)) {
      assertThatThrownBy(() -> ContinuationToken.decode(bad, "Orders"))
          .as("token '%s'", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("table 'Orders'");
    }
  }

  @Test
  void the_etags_of_a_batch_answer_are_read_in_order_with_none_for_a_delete() {
    String body = "--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_1\r\n\r\n"
        + "--changesetresponse_1\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 201 Created\r\n"
        + "ETag: W/\"datetime'a'\"\r\n\r\n{}\r\n"
        + "--changesetresponse_1\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 204 No Content\r\n"
        + "Content-ID: 2\r\n\r\n\r\n"
        + "--changesetresponse_1\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 204 No Content\r\n"
        + "etag: W/\"datetime'c'\"\r\n\r\n\r\n"
        + "--changesetresponse_1--\r\n--batchresponse_1--\r\n";

    assertThat(BatchPolicy.etags(body)).containsExactly("W/\"datetime'a'\"", null, "W/\"datetime'c'\"");
  }
}
