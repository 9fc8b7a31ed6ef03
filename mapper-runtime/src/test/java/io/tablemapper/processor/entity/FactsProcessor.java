package io.tablemapper.processor.entity;

import io.tablemapper.processor.util.Annotations;
import io.tablemapper.runtime.EntityFacts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

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
    Elements elements = processingEnv.getElementUtils();
    Annotations reader = new Annotations(elements);
    PropertyNames names = new PropertyNames(reader, PropertyNames.AS_DECLARED);
    for (TypeElement annotation : annotations) {
      for (Element element : round.getElementsAnnotatedWith(annotation)) {
        TypeElement type = (TypeElement) element;
        facts.put(elements.getBinaryName(type).toString(), EntityFacts.describe(
            new ElementEntitySource(type, elements, processingEnv.getTypeUtils(), reader, names)));
      }
    }
    return false;
  }
}
