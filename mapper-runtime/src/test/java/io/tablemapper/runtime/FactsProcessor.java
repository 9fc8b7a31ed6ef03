package io.tablemapper.runtime;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.processor.entity.ElementEntitySource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * A test processor that reads every {@code @Entity} as the annotation processor does ({@link ElementEntitySource})
 * and keeps its facts, by binary name, for comparison with what the runtime reads of the compiled class.
 */
@SupportedAnnotationTypes("io.tablemapper.annotations.Entity")
public final class FactsProcessor extends AbstractProcessor {
  /** The facts of each entity, by binary name. */
  public final Map<String, String> facts = new LinkedHashMap<>();

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (TypeElement annotation : annotations) {
      for (Element element : round.getElementsAnnotatedWith(annotation)) {
        TypeElement type = (TypeElement) element;
        facts.put(processingEnv.getElementUtils().getBinaryName(type).toString(), EntityFacts.describe(
            ElementEntitySource.of(type, processingEnv, NamingStrategy.AS_DECLARED.name())));
      }
    }
    return false;
  }
}
