package io.tablemapper.spring.boot.app;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** An application's configuration, as far as the starter sees it: the package its repositories are found under. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class CompanyApplication {}
