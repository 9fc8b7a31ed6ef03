package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Project;
import io.tablemapper.tck.fixtures.ProjectRepository;
import io.tablemapper.tck.support.RawRows;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class JsonPropertiesTest {
  private final TableBackend store;
  private final TableMapper mapper;
  private final ProjectRepository projects;

  JsonPropertiesTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.mapper = TableMapper.builder().backend(store).build();
    this.projects = mapper.repository(ProjectRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Project apollo() {
    Project project = new Project("Rockets", "apollo", "Apollo");
    project.setMilestones(List.of(
        new Project.Milestone("launch", LocalDate.of(1969, 7, 16), true),
        new Project.Milestone("landing", LocalDate.of(1969, 7, 20), false)));
    return project;
  }

  @Test
  void aJsonPropertyRoundTripsWithItsGenericType() {
    projects.insert(apollo());

    Project read = projects.findByTeamAndCode("Rockets", "apollo").orElseThrow();

    assertThat(read.getMilestones()).isEqualTo(apollo().getMilestones());
    assertThat(read.getMilestones().get(0)).isInstanceOf(Project.Milestone.class);
  }

  @Test
  void datesAreStoredAsIsoTextNotTimestamps() {
    projects.insert(apollo());

    String json = RawRows.get(store, "Projects", "Rockets", "project_apollo").getString("milestones");

    assertThat(json).contains("\"due\":\"1969-07-16\"");
  }

  @Test
  void aJavaBeanIsUpdatedInPlaceWithItsNewETagAndTimestamp() {
    Project project = apollo();

    Project stored = projects.insert(project);

    assertThat(stored).isSameAs(project);
    TableRow row = RawRows.get(store, "Projects", "Rockets", "project_apollo");
    assertThat(project.getEtag()).isEqualTo(row.etag());
    assertThat(project.getTimestamp()).isEqualTo(row.timestamp());
  }

  @Test
  void storedJsonTheTypeCannotHoldFailsNamingEntityAndProperty() {
    store.createTableIfNotExists("Projects");
    store.write("Projects", WriteOperation.insert(TableRow.builder("Rockets", "project_broken")
        .putString("EntityType", "Project").putString("milestones", "[{\"due\":\"not a date\"}]").build()));

    assertThatThrownBy(() -> projects.findByTeamAndCode("Rockets", "broken"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("property 'milestones' of Project")
        .hasMessageContaining("not a date");
  }

  @Test
  void unknownJsonPropertiesAreIgnoredSoOldRowsStillRead() {
    store.createTableIfNotExists("Projects");
    store.write("Projects", WriteOperation.insert(TableRow.builder("Rockets", "project_old")
        .putString("EntityType", "Project")
        .putString("milestones", "[{\"name\":\"x\",\"due\":\"2020-01-02\",\"done\":true,\"owner\":\"gone\"}]")
        .build()));

    Project old = projects.findByTeamAndCode("Rockets", "old").orElseThrow();

    assertThat(old.getMilestones()).containsExactly(new Project.Milestone("x", LocalDate.of(2020, 1, 2), true));
  }
}
