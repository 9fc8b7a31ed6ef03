package io.tablemapper.samples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * The service as its clients see it, through Spring's MockMvc, on its default store (an H2 file; here in a
 * directory of the test's own, so that every run starts empty): departments created with their first employees in
 * one transaction, employees hired, read by id and through the email index, updated under If-Match, fired; failures
 * as problem details; and the store's health and meters through Actuator.
 *
 * <p>The test starts the service itself, on a random port, rather than with {@code @SpringBootTest}: Spring
 * Framework 7's JUnit extension needs JUnit 6, and this build runs JUnit 5.
 */
class CompanyServiceTest {
  @TempDir
  static Path directory;

  static ConfigurableApplicationContext service;
  static MockMvc http;

  @BeforeAll
  static void start() {
    service = SpringApplication.run(CompanyService.class, "--server.port=0",
        "--tablemapper.h2.file=" + directory.resolve("company"),
        // the test results, not the service's start-up log
        "--spring.main.banner-mode=off", "--logging.level.root=WARN");
    http = MockMvcBuilders.webAppContextSetup((WebApplicationContext) service).build();
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  private static final String SALES = """
      {"name": "Sales", "manager": "Ann",
       "employees": [{"employeeId": 1, "firstName": "Ken", "lastName": "Kwok", "email": "ken@contoso.com"},
                     {"employeeId": 2, "firstName": "Kim", "lastName": "Kwok", "email": "kim@contoso.com"}]}""";

  private void createSales() throws Exception {
    http.perform(post("/departments").contentType(MediaType.APPLICATION_JSON).content(SALES))
        .andExpect(status().isCreated());
  }

  @Test
  void theStoreIsTheDefaultH2File() {
    assertThat(service.getBean(TableBackend.class)).isInstanceOf(H2Backend.class);
    assertThat(directory.resolve("company.mv.db")).exists();
  }

  @Test
  void aDepartmentAndItsFirstEmployeesAreCreatedTogetherAndReadBack() throws Exception {
    http.perform(post("/departments").contentType(MediaType.APPLICATION_JSON).content(SALES.replace("Sales", "Ops")))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.length()").value(3));

    http.perform(get("/departments/Ops")).andExpect(status().isOk()).andExpect(jsonPath("$.manager").value("Ann"));
    http.perform(get("/departments/Ops/employees"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.items[*].firstName").value(contains("Ken", "Kim")))
        .andExpect(jsonPath("$.next").doesNotExist());
    http.perform(get("/departments/Ops/employees").param("email", "kim@contoso.com"))
        .andExpect(status().isOk()).andExpect(jsonPath("$.employeeId").value(2));
  }

  @Test
  void aDepartmentThatExistsIsNotCreatedAgainNorHalfWritten() throws Exception {
    createSales();
    http.perform(post("/departments").contentType(MediaType.APPLICATION_JSON).content(SALES))
        .andExpect(status().isConflict())
        .andExpect(jsonPath("$.detail").value(containsString("Department")));
  }

  @Test
  void employeesArePagedInIdOrder() throws Exception {
    http.perform(post("/departments").contentType(MediaType.APPLICATION_JSON).content(SALES.replace("Sales", "Paged")))
        .andExpect(status().isCreated());
    String next = JsonPath.read(http.perform(get("/departments/Paged/employees").param("size", "1"))
        .andExpect(jsonPath("$.items[0].firstName").value("Ken"))
        .andReturn().getResponse().getContentAsString(), "$.next");

    http.perform(get("/departments/Paged/employees").param("size", "1").param("after", next))
        .andExpect(jsonPath("$.items[0].firstName").value("Kim"));
  }

  @Test
  void anEmployeeIsHiredReadUpdatedUnderIfMatchAndFired() throws Exception {
    http.perform(post("/departments/Support/employees").contentType(MediaType.APPLICATION_JSON)
            .content("""
                {"employeeId": 7, "firstName": "Zoe", "lastName": "Li", "email": "zoe@contoso.com"}"""))
        .andExpect(status().isCreated())
        .andExpect(header().exists("ETag"));
    String etag = http.perform(get("/departments/Support/employees/7"))
        .andExpect(status().isOk()).andExpect(jsonPath("$.firstName").value("Zoe"))
        .andReturn().getResponse().getHeader("ETag");

    String change = "{\"firstName\": \"Zoe\", \"lastName\": \"Lee\", \"email\": \"zoe@contoso.com\"}";
    http.perform(put("/departments/Support/employees/7").header("If-Match", etag)
            .contentType(MediaType.APPLICATION_JSON).content(change))
        .andExpect(status().isOk()).andExpect(jsonPath("$.lastName").value("Lee"));
    http.perform(put("/departments/Support/employees/7").header("If-Match", etag)
            .contentType(MediaType.APPLICATION_JSON).content(change))
        .andExpect(status().isPreconditionFailed());

    http.perform(delete("/departments/Support/employees/7")).andExpect(status().isNoContent());
    http.perform(get("/departments/Support/employees/7")).andExpect(status().isNotFound());
  }

  @Test
  void aKeyOutsideItsTemplateIsABadRequest() throws Exception {
    http.perform(post("/departments/Support/employees").contentType(MediaType.APPLICATION_JSON)
            .content("""
                {"employeeId": -1, "firstName": "Neg", "lastName": "Ative", "email": "n@contoso.com"}"""))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(containsString("employeeId")));
  }

  @Test
  void healthShowsTheStoreAndMetricsCountTheOperations() throws Exception {
    createSalesIfMissing();
    http.perform(get("/actuator/health"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.components.tableMapper.status").value("UP"))
        .andExpect(jsonPath("$.components.tableMapper.details.backend").exists());
    http.perform(get("/actuator/metrics/tablemapper.operations").param("tag", "operation:batch"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.measurements[?(@.statistic == 'COUNT')].value")
            .value(everyItem(greaterThanOrEqualTo(1.0))));
  }

  private void createSalesIfMissing() throws Exception {
    if (http.perform(get("/departments/Sales")).andReturn().getResponse().getStatus() == 404) {
      createSales();
    }
  }
}
