package io.tablemapper.processor;

import com.palantir.javapoet.JavaFile;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityAnalyzer;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyNames;
import io.tablemapper.processor.entity.Tables;
import io.tablemapper.processor.generation.GeneratedCode;
import io.tablemapper.processor.generation.MappingGenerator;
import io.tablemapper.processor.generation.MetamodelGenerator;
import io.tablemapper.processor.generation.PlanReport;
import io.tablemapper.processor.generation.RepositoryGenerator;
import io.tablemapper.processor.generation.report.HtmlKeyDesign;
import io.tablemapper.processor.generation.report.KeyDesign;
import io.tablemapper.processor.generation.report.KeyDesignBuilder;
import io.tablemapper.processor.generation.report.KeyDesignReport;
import io.tablemapper.processor.generation.report.MarkdownKeyDesign;
import io.tablemapper.processor.repository.JakartaOptions;
import io.tablemapper.processor.repository.RepositoryAnalyzer;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.processor.repository.StoreTarget;
import io.tablemapper.processor.util.AnnotationTrees;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import io.tablemapper.processor.util.Diagnostics;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The tablemapper annotation processor. For each {@code @Entity} it generates the metamodel {@code X_} and the
 * mapping {@code X__Mapping}; for each {@code @Repository} (tablemapper's, or Jakarta Data's
 * {@code jakarta.data.repository.Repository}, recognised by name so that Jakarta Data stays optional) the implementation {@code R__Impl} with every query
 * planned, and its plan report {@code META-INF/tablemapper/plans/R.txt}. Problems are reported as compile errors on
 * the element at fault and nothing is generated for that type; a type that refers to a type not generated yet is
 * retried in the next round. The processor never throws out of {@link #process}: an unexpected failure is reported
 * on the type being processed, and the others go on.
 *
 * <p>An {@code @Entity} that extends another is listed in {@code META-INF/tablemapper/subtypes/<ancestor>} for each
 * {@code @Entity} ancestor ({@link io.tablemapper.internal.mapping.GeneratedNames#subtypesResource}), written when
 * processing is over; the runtime finds a hierarchy's subtypes there, in every jar. That file has every subtype of
 * the compilation as its originating elements, so the processor is an aggregating incremental processor (declared in
 * {@code META-INF/gradle/incremental.annotation.processors}); every other file has exactly one originating element,
 * the entity or repository it was generated from. The key-design report ({@code META-INF/tablemapper/key-design.html}
 * and {@code .md}, unless {@code -Atablemapper.keyDesignReport=false}) is written then too, with every valid entity
 * and repository of the compilation as its originating elements. The checks that span entity types of one table
 * see the types compiled together.
 *
 * <p>With {@code -Atablemapper.store=COSMOS_TABLE} ({@link StoreTarget}) each plan, in the method's Javadoc and the
 * plan report, states what it costs on that store, and a method whose result would need an unbounded read there is
 * warned of.
 */
public final class TableMapperProcessor extends AbstractProcessor {
  private Diagnostics diagnostics;
  private EntityAnalyzer entityAnalyzer;
  private RepositoryAnalyzer repositoryAnalyzer;
  private final MetamodelGenerator metamodelGenerator = new MetamodelGenerator();
  private final MappingGenerator mappingGenerator = new MappingGenerator();
  private RepositoryGenerator repositoryGenerator;
  private PlanReport planReport;
  private final Tables tables = new Tables();

  /** Entities analyzed in this compilation, by qualified name; null values for entities with errors. */
  private final Map<String, EntityModel> entities = new HashMap<>();
  /** Repositories already processed, by qualified name. */
  private final Set<String> repositories = new HashSet<>();
  /** Files already written: sources by qualified name, resources by path. */
  private final Set<String> written = new HashSet<>();
  private final Set<String> deferredEntities = new LinkedHashSet<>();
  private final Set<String> deferredRepositories = new LinkedHashSet<>();
  /** The valid repositories of this compilation, by qualified name, for the key-design report. */
  private final Map<String, RepositoryModel> repositoryModels = new TreeMap<>();
  /** The valid subtypes of each {@code @Entity} ancestor (by binary name), for the subtype resources. */
  private final Map<String, Map<String, TypeElement>> subtypes = new TreeMap<>();

  /** Creates the processor; javac calls {@link #init}. */
  public TableMapperProcessor() {}

  @Override
  public synchronized void init(ProcessingEnvironment environment) {
    super.init(environment);
    diagnostics = new Diagnostics(environment.getMessager(), AnnotationTrees.of(environment));
    entityAnalyzer = new EntityAnalyzer(environment, PropertyNames.defaultStrategy(environment, diagnostics));
    StoreTarget target = StoreTarget.of(environment.getOptions(), diagnostics);
    repositoryAnalyzer = new RepositoryAnalyzer(environment, target,
        JakartaOptions.of(environment.getOptions(), diagnostics));
    repositoryGenerator = new RepositoryGenerator(environment.getTypeUtils(), target);
    planReport = new PlanReport(target);
  }

  /**
   * Claims every tablemapper annotation, and the {@code @Generated} on the files it writes, so that javac's
   * {@code -Xlint:processing} has nothing to say about annotations left unprocessed.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("io.tablemapper.annotations.*", "jakarta.data.repository.*",
        GeneratedCode.GENERATED.canonicalName());
  }

  /**
   * {@code -Atablemapper.naming=PASCAL_CASE}: the naming strategy of entities without {@code @Naming};
   * {@code -Atablemapper.keyDesignReport=false}: no key-design report;
   * {@code -Atablemapper.store=COSMOS_TABLE}: the store the application runs on, whose costs the plans state;
   * {@code -Atablemapper.jakarta.allowScan=true}: Jakarta Data methods may scan and take client steps;
   * {@code -Atablemapper.jakarta.refused=throw}: refused Jakarta Data methods compile to methods that throw
   * ({@link JakartaOptions}).
   */
  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(PropertyNames.OPTION, KeyDesignReport.OPTION, StoreTarget.OPTION, JakartaOptions.ALLOW_SCAN,
        JakartaOptions.REFUSED);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      List<TypeElement> entityTypes = collect(round, Annotations.ENTITY, deferredEntities);
      List<TypeElement> repositoryTypes = collect(round, Annotations.REPOSITORY, deferredRepositories);
      // Jakarta Data's @Repository, by name: absent from the path, it is simply not found
      repositoryTypes.addAll(collect(round, Annotations.JAKARTA_REPOSITORY, deferredRepositories));
      for (TypeElement type : entityTypes) {
        processEntity(type);
      }
      for (TypeElement type : repositoryTypes) {
        processRepository(type);
      }
      if (round.processingOver()) {
        writeSubtypes();
        writeKeyDesign();
        reportUnresolved(deferredEntities, "@Entity");
        reportUnresolved(deferredRepositories, "@Repository");
      }
    } catch (RuntimeException | Error e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "[" + Rule.PROCESSOR_FAILURE.id() + "] the tablemapper processor failed unexpectedly; please report this with"
              + " the sources involved: " + trace);
    }
    return true;
  }

  private List<TypeElement> collect(RoundEnvironment round, String annotation, Set<String> deferred) {
    List<TypeElement> types = new ArrayList<>();
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    deferred.clear();
    TypeElement annotationType = processingEnv.getElementUtils().getTypeElement(annotation);
    if (annotationType != null) {
      for (Element element : round.getElementsAnnotatedWith(annotationType)) {
        if (element instanceof TypeElement) {
          types.add((TypeElement) element);
        } else {
          diagnostics.error(element, Rule.ENTITY_KIND,
              "@" + annotationType.getSimpleName() + " belongs on a type, not on " + element.getKind());
        }
      }
    }
    // By name, not by the order javac was given the files: checks across types report on the same one every time.
    types.sort(Comparator.comparing(type -> type.getQualifiedName().toString()));
    return types;
  }

  private void processEntity(TypeElement type) {
    String name = type.getQualifiedName().toString();
    if (entities.containsKey(name)) {
      return;
    }
    try {
      EntityModel model = entityAnalyzer.analyze(type, diagnostics);
      if (model != null && !tables.admit(model, diagnostics)) {
        model = null;
      }
      entities.put(name, model);
      if (model != null) {
        write(metamodelGenerator.generate(model));
        write(mappingGenerator.generate(model));
        for (String ancestor : model.ancestors()) {
          subtypes.computeIfAbsent(ancestor, a -> new TreeMap<>()).put(model.binaryName(), model.element());
        }
      }
    } catch (DeferException e) {
      deferredEntities.add(name);
    } catch (RuntimeException e) {
      entities.put(name, null);
      reportFailure(type, e);
    }
  }

  private void processRepository(TypeElement type) {
    String name = type.getQualifiedName().toString();
    if (repositories.contains(name)) {
      return;
    }
    try {
      RepositoryModel model = repositoryAnalyzer.analyze(type, entity -> entityFor(type, entity), diagnostics);
      repositories.add(name);
      if (model != null) {
        write(repositoryGenerator.generate(model));
        writeReport(model);
        repositoryModels.put(name, model);
      }
    } catch (DeferException e) {
      deferredRepositories.add(name);
    } catch (RuntimeException e) {
      repositories.add(name);
      reportFailure(type, e);
    }
  }

  private void writeReport(RepositoryModel model) {
    String path = PlanReport.path(model);
    if (!written.add(path)) {
      return;
    }
    try {
      FileObject file = processingEnv.getFiler()
          .createResource(StandardLocation.CLASS_OUTPUT, "", path, model.element());
      try (Writer writer = file.openWriter()) {
        writer.write(planReport.render(model));
      }
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "[" + Rule.PROCESSOR_FAILURE.id() + "] could not write the plan report " + path + ": " + e.getMessage(),
          model.element());
    }
  }

  /** Lists each ancestor's subtypes, one binary name per line, sorted so that the output is deterministic. */
  private void writeSubtypes() {
    for (Map.Entry<String, Map<String, TypeElement>> entry : subtypes.entrySet()) {
      String path = GeneratedNames.subtypesResource(entry.getKey());
      if (!written.add(path)) {
        continue;
      }
      try {
        FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", path,
            entry.getValue().values().toArray(new Element[0]));
        try (Writer writer = file.openWriter()) {
          for (String subtype : entry.getValue().keySet()) {
            writer.write(subtype);
            writer.write('\n');
          }
        }
      } catch (IOException e) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
            "[" + Rule.PROCESSOR_FAILURE.id() + "] could not write the subtype list " + path + ": " + e.getMessage());
      }
    }
    subtypes.clear();
  }

  /**
   * Writes the key-design page and its Markdown twin of every valid entity and repository of the compilation, once,
   * when processing is over; like the subtype lists, they have all of those types as originating elements.
   */
  private void writeKeyDesign() {
    List<EntityModel> models = new ArrayList<>();
    for (EntityModel model : new TreeMap<>(entities).values()) {
      if (model != null) {
        models.add(model);
      }
    }
    if (!KeyDesignReport.enabled(processingEnv.getOptions())
        || models.isEmpty() && repositoryModels.isEmpty() || written.contains(KeyDesignReport.HTML)) {
      return;
    }
    List<Element> origins = new ArrayList<>();
    models.forEach(model -> origins.add(model.element()));
    repositoryModels.values().forEach(model -> origins.add(model.element()));
    KeyDesign design = KeyDesignBuilder.build(models, repositoryModels.values());
    writeResource(KeyDesignReport.HTML, new HtmlKeyDesign().render(design), origins, "the key-design report");
    writeResource(KeyDesignReport.MARKDOWN, new MarkdownKeyDesign().render(design), origins,
        "the key-design report");
  }

  private void writeResource(String path, String content, List<Element> origins, String what) {
    if (!written.add(path)) {
      return;
    }
    try {
      FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", path,
          origins.toArray(new Element[0]));
      try (Writer writer = file.openWriter()) {
        writer.write(content);
      }
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "[" + Rule.PROCESSOR_FAILURE.id() + "] could not write " + what + " " + path + ": " + e.getMessage());
    }
  }

  /** An unexpected failure while processing one type: reported on it, so the other types are still processed. */
  private void reportFailure(TypeElement type, RuntimeException e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
        "[" + Rule.PROCESSOR_FAILURE.id() + "] the tablemapper processor failed on " + type.getQualifiedName()
            + "; please report this with the sources involved: " + trace, type);
  }

  /** The model of a repository's entity: analyzed in this compilation, or read from a compiled dependency. */
  private EntityModel entityFor(TypeElement repository, TypeElement entity) {
    String name = entity.getQualifiedName().toString();
    if (deferredEntities.contains(name)) {
      throw new DeferException(name);
    }
    if (entities.containsKey(name)) {
      return entities.get(name);
    }
    Diagnostics quiet = Diagnostics.collecting();
    EntityModel model = entityAnalyzer.analyze(entity, quiet);
    if (model == null) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY,
          "@Repository " + repository.getSimpleName() + " stores " + entity.getQualifiedName()
              + ", which is not a valid entity: " + String.join("; ", quiet.collected()));
    } else if (!Annotations.has(entity, Annotations.ENTITY) && processingEnv.getElementUtils().getTypeElement(
        GeneratedNames.mapping(model.binaryName()).replace('$', '.')) == null) {
      // a Jakarta entity (jakarta.nosql or jakarta.persistence) is mapped where a Jakarta Data repository stores it
      entities.put(name, model);
      write(metamodelGenerator.generate(model));
      write(mappingGenerator.generate(model));
    }
    return model;
  }

  private void write(JavaFile file) {
    String name = GeneratedCode.qualifiedName(file);
    if (!written.add(name)) {
      return;
    }
    try {
      GeneratedCode.write(file, processingEnv.getFiler());
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "[" + Rule.PROCESSOR_FAILURE.id() + "] could not write " + name + ": " + e.getMessage());
    }
  }

  private void reportUnresolved(Set<String> deferred, String annotation) {
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      String message = "[" + Rule.UNRESOLVED_TYPE.id() + "] " + annotation + " " + name
          + " refers to a type that does not exist and was not generated by any annotation processor; fix the"
          + " missing type first";
      if (type != null) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, type);
      } else {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message);
      }
    }
    deferred.clear();
  }
}
