package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.model.PropertyKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Store types as the store holds them: encryption and large values change them, bookkeeping is drawn too. */
class StoredTypesTest {

  @ParameterizedTest(name = "an @Encrypted {0} is stored as Edm.Binary")
  @EnumSource(value = PropertyKind.class, names = {"STRING", "CHAR", "BINARY", "ENUM", "BIG_DECIMAL", "BIG_INTEGER",
      "JSON"})
  void anEncryptedValueIsStoredAsBinary(PropertyKind kind) {
    KeyDesign.Column column = StoredTypes.column("secret", kind, true, false);
    assertThat(column.type()).isEqualTo("Edm.Binary");
    assertThat(column.note()).startsWith("encrypted: AES-GCM ciphertext of the ");
  }

  @ParameterizedTest(name = "a @Large {0} is stored as a String reference, encrypted or not")
  @EnumSource(value = PropertyKind.class, names = {"STRING", "BINARY", "JSON"})
  void aLargeValueIsStoredAsAStringReference(PropertyKind kind) {
    assertThat(StoredTypes.column("big", kind, false, true))
        .isEqualTo(new KeyDesign.Column("big", "Edm.String", "large: a reference to the value, stored out of the row"));
    assertThat(StoredTypes.column("big", kind, true, true).type()).isEqualTo("Edm.String");
  }

  @Test
  void otherValuesAreStoredAsTheirKindsType() {
    assertThat(StoredTypes.column("age", PropertyKind.INT, false, false))
        .isEqualTo(new KeyDesign.Column("age", "Edm.Int32", null));
    assertThat(StoredTypes.column("amount", PropertyKind.BIG_DECIMAL, false, false))
        .isEqualTo(new KeyDesign.Column("amount", "Edm.String", "decimal text"));
    assertThat(StoredTypes.column("tags", PropertyKind.JSON, false, false).type()).isEqualTo("Edm.String");
    assertThat(StoredTypes.column("photo", PropertyKind.BINARY, false, false).type()).isEqualTo("Edm.Binary");
  }

  @Test
  void aRowCarriesItsDiscriminatorAndItsVersionAboveOne() {
    assertThat(StoredTypes.bookkeeping("Employee", 1, null, false, false, false))
        .containsExactly(new KeyDesign.Column("EntityType", "Edm.String", "= Employee"));
    assertThat(StoredTypes.bookkeeping("Employee", 3, null, false, false, false)).extracting(KeyDesign.Column::name)
        .containsExactly("EntityType", "TmVersion");
  }

  @Test
  void anIndexCopyCarriesItsEntitysKeysAndARemoteOneItsTableAndClaims() {
    assertThat(StoredTypes.bookkeeping("Employee", 1, "email", false, false, true))
        .containsExactly(new KeyDesign.Column("EntityType", "Edm.String", "= Employee#email"),
            new KeyDesign.Column("TmPrimaryRowKey", "Edm.String", "its entity's RowKey"));
    List<KeyDesign.Column> remote = StoredTypes.bookkeeping("Employee", 2, "byLastName", true, true, true);
    assertThat(remote).extracting(KeyDesign.Column::name).containsExactly("EntityType", "TmPrimaryRowKey",
        "TmPrimaryPartitionKey", "TmPrimaryTable", "TmWorkIds", "TmVersion");
  }
}
