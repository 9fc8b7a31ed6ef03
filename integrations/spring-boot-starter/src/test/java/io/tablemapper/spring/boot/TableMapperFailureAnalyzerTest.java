package io.tablemapper.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.spring.boot.app.CompanyApplication;
import io.tablemapper.spring.boot.app.Employee;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The starter's configuration errors as Spring Boot reports them when the application does not start: the
 * description and action of {@link TableMapperFailureAnalyzer} for each kind of mistake, none for a failure that is
 * not the starter's, and the report Boot prints for an application started with a bad property.
 */
class TableMapperFailureAnalyzerTest {
  private final ApplicationContextRunner contexts = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(TableMapperAutoConfiguration.class))
      .withUserConfiguration(CompanyApplication.class);

  /** The analysis of the start-up failure of a context with these properties. */
  private FailureAnalysis analysisOf(String... properties) {
    FailureAnalysis[] analysis = new FailureAnalysis[1];
    contexts.withPropertyValues(properties).run(context -> {
      assertThat(context).hasFailed();
      analysis[0] = new TableMapperFailureAnalyzer().analyze(context.getStartupFailure());
    });
    assertThat(analysis[0]).as("the analysis").isNotNull();
    return analysis[0];
  }

  @Test
  void anUnknownBackendIsDescribedWithTheStoresThereAre() {
    FailureAnalysis analysis = analysisOf("tablemapper.backend=cassandra");

    assertThat(analysis.getDescription()).startsWith("tablemapper.backend=cassandra")
        .endsWith(" is not a store tablemapper can open");
    assertThat(analysis.getAction()).isEqualTo("Set tablemapper.backend to memory (in memory, gone when the"
        + " application stops), h2 (an embedded H2 database: tablemapper.h2.file, or in memory) or azure (Azure"
        + " Table Storage or the Cosmos DB Table API; needs io.tablemapper:backend-azure), or remove it to let the"
        + " starter choose.");
  }

  @Test
  void anUnknownPolicyIsDescribedWithItsValuesAsPropertiesSpellThem() {
    FailureAnalysis analysis = analysisOf("tablemapper.table-creation=sometimes");

    assertThat(analysis.getDescription()).startsWith("tablemapper.table-creation=sometimes")
        .endsWith(" is not one of the values of TableCreation");
    assertThat(analysis.getAction())
        .isEqualTo("Set tablemapper.table-creation to one of create-on-write, never, verify-at-start.");
  }

  @Test
  void aValueOfTheWrongTypeIsDescribedWithTheTypeAndWhatTheConversionMet() {
    FailureAnalysis analysis = analysisOf("tablemapper.read-parallelism=lots");

    assertThat(analysis.getDescription()).startsWith("tablemapper.read-parallelism=lots")
        .contains(" cannot be read as int: ").contains("lots");
    assertThat(analysis.getAction())
        .isEqualTo("Set tablemapper.read-parallelism to a value of type int, or remove it for the default.");
  }

  @Test
  void azureWithoutAnAccountIsDescribedWithWhatToSet() {
    FailureAnalysis analysis = analysisOf("tablemapper.backend=azure");

    assertThat(analysis.getDescription()).isEqualTo("tablemapper.backend=azure needs a storage account, and"
        + " neither tablemapper.azure.connection-string nor a TableServiceClient bean names one");
    assertThat(analysis.getAction()).isEqualTo("Set tablemapper.azure.connection-string (for example"
        + " UseDevelopmentStorage=true for a local Azurite), or declare a com.azure.data.tables.TableServiceClient"
        + " bean.");
  }

  @Test
  void aConnectionStringThatIsNoneIsDescribedWithoutItsSecret() {
    FailureAnalysis analysis =
        analysisOf("tablemapper.azure.connection-string=AccountName=x;AccountKey=secret;Nonsense");

    assertThat(analysis.getDescription()).startsWith("tablemapper.azure.connection-string cannot be used: ")
        .doesNotContain("secret");
    assertThat(analysis.getAction()).startsWith("Set tablemapper.azure.connection-string to the account's"
        + " connection string as the Azure portal shows it").doesNotContain("secret");
  }

  @Test
  void aMapperTheBuilderRefusesIsDescribedWithTheBeanAndTheMappersMessage() {
    FailureAnalysis analysis =
        analysisOf("tablemapper.naming=pascal-case", "tablemapper.entities=" + Employee.class.getName());

    assertThat(analysis.getDescription()).startsWith("tablemapper could not create the bean 'tableMapper': ")
        .contains(Employee.class.getSimpleName()).contains("PASCAL_CASE");
    assertThat(analysis.getAction()).isEqualTo("Change what the description names (the class, the annotation or"
        + " the tablemapper.* property), rebuild if it is a class, and start the application again.");
  }

  @Test
  void aFailureOfTheApplicationsOwnIsLeftToBootsAnalyzers() {
    contexts.withBean("ledger", Object.class, () -> {
      throw new TableMapperException("the application's own failure");
    }).run(context -> {
      assertThat(context).hasFailed();
      assertThat(new TableMapperFailureAnalyzer().analyze(context.getStartupFailure())).isNull();
    });
    assertThat(new TableMapperFailureAnalyzer().analyze(new IllegalStateException("not ours"))).isNull();
  }

  /** The tests' log (simplelogger.properties), where Boot's report of a failed start goes. */
  private static final Path LOG = Path.of("target/test.log");

  /** Boot's own analyzers answer for a property that does not bind too: this one must come first. */
  @Test
  void anApplicationStartedWithAnUnknownBackendPrintsTheStartersDescriptionAndAction() throws IOException {
    LoggerFactory.getLogger(TableMapperFailureAnalyzerTest.class); // opens the log, which empties it, before its size
    long before = Files.exists(LOG) ? Files.size(LOG) : 0;

    assertThatThrownBy(() -> new SpringApplicationBuilder(CompanyApplication.class, TableMapperAutoConfiguration.class)
        .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).properties("tablemapper.backend=cassandra")
        .run().close())
        .isInstanceOf(RuntimeException.class);

    byte[] log = Files.readAllBytes(LOG);
    String printed = new String(log, (int) before, log.length - (int) before, StandardCharsets.UTF_8);
    assertThat(printed).contains("APPLICATION FAILED TO START")
        .containsPattern("Description:\n\ntablemapper\\.backend=cassandra \\(.*\\) is not a store tablemapper can"
            + " open\n\nAction:\n\nSet tablemapper\\.backend to memory \\(in memory, gone when the application"
            + " stops\\), h2 .* or remove it to let the starter choose\\.\n");
  }
}
