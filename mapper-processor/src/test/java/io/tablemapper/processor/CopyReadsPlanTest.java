package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.compile;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which methods the copies of an index declared {@code reads = IndexReads.COPIES} answer, as the plan (the constant
 * every listener and Javadoc shows) and the generated query ({@code .copiesAnswer()}) say: a full copy answers any
 * method that only reads; a partial copy a projection of its properties, a count or an exists whose conditions it
 * holds; a delete, a method returning the entity from a partial copy and one filtering on a property it lacks stay
 * verified, their plans saying so; an index left the default way keeps its plan.
 */
class CopyReadsPlanTest {
  private static final String CITIZEN = "@Entity(table = \"Citizens\") @PartitionKey(\"{region}\")"
      + " @RowKey(\"citizen_{id:06}\")\n"
      + "@Index(name = \"byCity\", table = \"CitizensByCity\", partitionKey = \"{city}\", rowKey = \"{region}_{id:06}\","
      + " unique = false, reads = IndexReads.COPIES)\n"
      + "@Index(name = \"byAge\", table = \"CitizensByAge\", partitionKey = \"age_{age}\","
      + " rowKey = \"{region}_{id:06}\", unique = false, properties = {\"name\", \"city\"}, reads = IndexReads.COPIES)\n"
      + "@Index(name = \"byName\", table = \"CitizensByName\", partitionKey = \"{name}\","
      + " rowKey = \"{region}_{id:06}\", unique = false)\n"
      + "public record Citizen(String region, int id, String name, String city, int age, long income) {}";
  private static final String PLACE = "public record Place(String name, String city) {}";
  private static final String INCOME = "public record Income(String name, long income) {}";
  private static final String REPOSITORY = "@Repository public interface Citizens extends TableRepository<Citizen> {\n"
      + "  List<Citizen> findByCity(String city);\n"
      + "  @AllowScan List<Place> findByCityAndIncomeGreaterThan(String city, long income);\n"
      + "  long countByCity(String city);\n"
      + "  @AllowScan boolean existsByAgeAndName(int age, String name);\n"
      + "  Stream<Place> streamByAge(int age);\n"
      + "  List<Citizen> findByAge(int age);\n"
      + "  List<Income> getByAge(int age);\n"
      + "  @AllowScan long countByAgeAndIncome(int age, long income);\n"
      + "  List<Citizen> findByName(String name);\n"
      + "  long deleteByCity(String city);\n"
      + "}";
  private static String repository;
  private static String mapping;

  @BeforeAll
  static void compileOnce() throws IOException {
    Compilation compilation = compile(source("Citizen", CITIZEN), source("Place", PLACE), source("Income", INCOME),
        source("Citizens", REPOSITORY));
    assertThat(compilation).succeededWithoutWarnings();
    repository = compilation.generatedSourceFile("test.Citizens__Impl").orElseThrow().getCharContent(true)
        .toString().replaceAll("\"\\s*\\+\\s*\"", "");
    mapping = compilation.generatedSourceFile("test.Citizen__Mapping").orElseThrow().getCharContent(true).toString();
  }

  private static final String ANSWERED = " answered by its copies (eventually consistent): ";
  private static final String VERIFIED =
      " eventually consistent, each copy verified against its entity (its copies cannot answer this method): ";

  @Test
  void theMappingMarksTheIndexesWhoseCopiesAnswer() {
    assertThat(mapping).contains(".copyReads(\"byCity\")").contains(".copyReads(\"byAge\")")
        .doesNotContain(".copyReads(\"byName\")");
  }

  @Test
  void aFullCopyAnswersEveryMethodThatOnlyReads() {
    assertThat(repository)
        .contains("FIND_BY_CITY_PLAN =\n      \"RANGE via index byCity in table CitizensByCity," + ANSWERED
            + "PartitionKey = {city}\"")
        .contains("FIND_BY_CITY_AND_INCOME_GREATER_THAN_PLAN =\n      \"PARTITION_SCAN via index byCity in table"
            + " CitizensByCity," + ANSWERED + "PartitionKey = {city}; filter income gt {income}")
        .contains("COUNT_BY_CITY_PLAN =\n      \"RANGE via index byCity in table CitizensByCity," + ANSWERED);
  }

  @Test
  void aPartialCopyAnswersProjectionsCountsAndExistsOfWhatItHolds() {
    assertThat(repository)
        .contains("STREAM_BY_AGE_PLAN =\n      \"RANGE via index byAge in table CitizensByAge," + ANSWERED)
        .contains("EXISTS_BY_AGE_AND_NAME_PLAN =\n      \"PARTITION_SCAN via index byAge in table CitizensByAge,"
            + ANSWERED + "PartitionKey = age_{age}; filter name eq {name}\"");
  }

  @Test
  void whatAPartialCopyLacksAndDeletesAreVerifiedAndThePlanSaysSo() {
    assertThat(repository)
        .contains("FIND_BY_AGE_PLAN =\n      \"RANGE via index byAge in table CitizensByAge," + VERIFIED)
        .contains("GET_BY_AGE_PLAN =\n      \"RANGE via index byAge in table CitizensByAge," + VERIFIED)
        .contains("COUNT_BY_AGE_AND_INCOME_PLAN =\n      \"PARTITION_SCAN via index byAge in table CitizensByAge,"
            + VERIFIED)
        .contains("DELETE_BY_CITY_PLAN =\n      \"RANGE via index byCity in table CitizensByCity," + VERIFIED);
  }

  @Test
  void anIndexLeftTheDefaultWayKeepsItsPlan() {
    assertThat(repository).contains("FIND_BY_NAME_PLAN =\n      \"RANGE via index byName in table CitizensByName,"
        + " eventually consistent: PartitionKey = {name}\"");
  }

  @Test
  void onlyTheQueriesOfAnsweredMethodsAskForTheCopiesAnswer() {
    // findByCity, findByCityAndIncomeGreaterThan, countByCity, existsByAgeAndName, streamByAge
    assertThat(repository.split("\\.copiesAnswer\\(\\)", -1)).hasSize(5 + 1);
  }
}
