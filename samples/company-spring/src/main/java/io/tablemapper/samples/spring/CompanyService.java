package io.tablemapper.samples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The guide's company as a REST service. The tablemapper starter builds the mapper from application.properties (an
 * H2 file under target/ by default) and makes {@link EmployeeRepository} and {@link DepartmentRepository} beans,
 * because they are in this class's package.
 */
@SpringBootApplication
public class CompanyService {

  public static void main(String[] args) {
    SpringApplication.run(CompanyService.class, args);
  }
}
