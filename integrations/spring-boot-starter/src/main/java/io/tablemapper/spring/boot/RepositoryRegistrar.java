package io.tablemapper.spring.boot;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import java.beans.Introspector;
import java.lang.annotation.Annotation;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Registers every {@code @Repository} interface found under the application's packages (those of its
 * {@code @SpringBootApplication}, as Spring Data does: {@link AutoConfigurationPackages}) as a bean named after the
 * interface ({@code employeeRepository}): the implementation generated at compile time, from the context's
 * {@link TableMapper}. A bean of that name the application declares itself is left as it is. With Jakarta Data on
 * the class path, its {@code jakarta.data.repository.Repository} interfaces are registered the same way (found by
 * the annotation's name: Jakarta Data stays optional).
 */
class RepositoryRegistrar
    implements ImportBeanDefinitionRegistrar, BeanFactoryAware, EnvironmentAware, ResourceLoaderAware {
  private static final Logger LOG = LoggerFactory.getLogger(RepositoryRegistrar.class);
  /** Jakarta Data's repository annotation, by name. */
  static final String JAKARTA_REPOSITORY = "jakarta.data.repository.Repository";

  private BeanFactory beanFactory;
  private Environment environment;
  private ResourceLoader resourceLoader;

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void setResourceLoader(ResourceLoader resourceLoader) {
    this.resourceLoader = resourceLoader;
  }

  @Override
  public void registerBeanDefinitions(AnnotationMetadata importing, BeanDefinitionRegistry registry) {
    if (!AutoConfigurationPackages.has(beanFactory)) {
      LOG.debug("tablemapper: no auto-configuration packages (no @SpringBootApplication?), so no repository beans");
      return;
    }
    List<String> packages = AutoConfigurationPackages.get(beanFactory);
    for (String base : packages) {
      for (BeanDefinition candidate : scanner().findCandidateComponents(base)) {
        register(candidate.getBeanClassName(), registry);
      }
    }
  }

  private ClassPathScanningCandidateComponentProvider scanner() {
    ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
      @Override
      protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
        return definition.getMetadata().isInterface() && definition.getMetadata().isIndependent();
      }
    };
    scanner.setEnvironment(environment);
    scanner.setResourceLoader(resourceLoader);
    scanner.addIncludeFilter(new AnnotationTypeFilter(Repository.class, true, true));
    Class<? extends Annotation> jakarta = jakartaRepository();
    if (jakarta != null) {
      scanner.addIncludeFilter(new AnnotationTypeFilter(jakarta, true, true));
    }
    return scanner;
  }

  /** Jakarta Data's {@code @Repository}, or null when Jakarta Data is not on the class path. */
  @SuppressWarnings("unchecked")
  private Class<? extends Annotation> jakartaRepository() {
    ClassLoader loader = resourceLoader.getClassLoader();
    return ClassUtils.isPresent(JAKARTA_REPOSITORY, loader)
        ? (Class<? extends Annotation>) ClassUtils.resolveClassName(JAKARTA_REPOSITORY, loader) : null;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private void register(String interfaceName, BeanDefinitionRegistry registry) {
    Class<?> type = ClassUtils.resolveClassName(interfaceName, resourceLoader.getClassLoader());
    Class<? extends Annotation> jakarta = jakartaRepository();
    if (!TableRepository.class.isAssignableFrom(type) && (jakarta == null || !type.isAnnotationPresent(jakarta))) {
      return; // the processor reports it as an error; nothing to register
    }
    String name = Introspector.decapitalize(type.getSimpleName());
    if (registry.containsBeanDefinition(name)) {
      LOG.debug("tablemapper: the application declares the bean {}; not registering {} under that name", name,
          interfaceName);
      return;
    }
    Class<?> repository = type;
    RootBeanDefinition definition = new RootBeanDefinition((Class) type,
        () -> beanFactory.getBean(TableMapper.class).repository(repository));
    definition.setDescription("tablemapper repository " + interfaceName);
    registry.registerBeanDefinition(name, definition);
    LOG.debug("tablemapper: repository bean {} ({})", name, interfaceName);
  }
}
