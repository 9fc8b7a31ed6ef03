package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Consignment;
import io.tablemapper.tck.fixtures.ConsignmentRecipient;
import io.tablemapper.tck.fixtures.ConsignmentRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * An immutable class (final fields, getters, one constructor whose parameters are its properties) is mapped as a
 * record is, on every store: each read creates it through that constructor (its ETag among the arguments), each
 * write reads its getters and returns a new instance carrying the new ETag.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ImmutableEntitiesTest {
  private final TableMapper mapper;
  private final ConsignmentRepository consignments;

  ImmutableEntitiesTest(StoreUnderTest under) {
    this.mapper = TableMapper.builder().backend(under.newStore()).build();
    this.consignments = mapper.repository(ConsignmentRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** Its stored values, without the ETag. */
  private static Consignment values(Consignment consignment) {
    return Consignment.of(consignment.getDepot(), consignment.getNumber(), consignment.getRecipient(),
        consignment.getPieces(), consignment.getTracking());
  }

  @Test
  void anInsertedInstanceIsReadBackThroughItsConstructorByKeyRangeIndexAndPartition() {
    Consignment second = consignments.insert(Consignment.of("Leeds", 2, "Ann", 3, "T-2"));
    Consignment first = consignments.insert(Consignment.of("Leeds", 1, "Ben", 1, "T-1"));
    consignments.insert(Consignment.of("York", 1, "Cy", 2, "T-3"));

    assertThat(first.getEtag()).isNotNull();
    assertThat(consignments.findByDepotAndNumber("Leeds", 1)).contains(first);
    assertThat(consignments.findByDepotAndNumber("Leeds", 1).orElseThrow().getLabel())
        .as("the @Transient property the constructor derives").isEqualTo("Leeds/1");
    assertThat(consignments.findByDepotAndNumberBetween("Leeds", 0, 9)).containsExactly(first, second);
    // a copy's ETag is the copy row's, which a store that versions a batch's rows apart gives its own
    assertThat(consignments.findByDepotAndTracking("Leeds", "T-2").map(ImmutableEntitiesTest::values))
        .contains(values(second));
    assertThat(mapper.partition("Consignments", "Leeds").all(Consignment.class)).containsExactly(first, second);
    assertThat(consignments.findByDepot("Leeds"))
        .containsExactly(new ConsignmentRecipient(1, "Ben"), new ConsignmentRecipient(2, "Ann"));
  }

  @Test
  void anUpdateReturnsANewInstanceWithTheNewETagAndAStaleOneIsRefused() {
    Consignment inserted = consignments.insert(Consignment.of("Leeds", 7, "Ann", 3, "T-7"));

    Consignment updated = consignments.update(inserted.withPieces(4));

    assertThat(updated.getPieces()).isEqualTo(4);
    assertThat(updated.getEtag()).isNotNull().isNotEqualTo(inserted.getEtag());
    assertThat(consignments.findByDepotAndNumber("Leeds", 7)).contains(updated);
    assertThat(consignments.findByDepotAndTracking("Leeds", "T-7").map(ImmutableEntitiesTest::values))
        .contains(values(updated));
    assertThatThrownBy(() -> consignments.update(inserted.withPieces(5)))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> consignments.delete(inserted)).isInstanceOf(ConcurrencyConflictException.class);
    consignments.delete(updated);
    assertThat(consignments.findByDepotAndNumber("Leeds", 7)).isEmpty();
    assertThat(consignments.findByDepotAndTracking("Leeds", "T-7")).isEmpty();
  }

  @Test
  void aMergeMethodCreatesTheInstanceItReturnsThroughTheConstructorAndKeepsTheOtherStoredValues() {
    Consignment inserted = consignments.insert(Consignment.of("Leeds", 8, "Ann", 3, "T-8"));

    Consignment merged = consignments.mergePiecesByDepotAndNumber(6, "Leeds", 8, inserted.getEtag());

    assertThat(merged.getPieces()).isEqualTo(6);
    assertThat(merged.getNumber()).isEqualTo(8);
    assertThat(merged.getEtag()).isNotNull().isNotEqualTo(inserted.getEtag());
    Consignment read = consignments.findByDepotAndNumber("Leeds", 8).orElseThrow();
    assertThat(read.getPieces()).isEqualTo(6);
    assertThat(read.getRecipient()).isEqualTo("Ann");
    assertThat(read.getEtag()).isEqualTo(merged.getEtag());
    assertThatThrownBy(() -> consignments.mergePiecesByDepotAndNumber(9, "Leeds", 8, inserted.getEtag()))
        .isInstanceOf(ConcurrencyConflictException.class);
  }
}
