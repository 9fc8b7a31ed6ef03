package io.tablemapper.backend.azure;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.data.tables.TableServiceClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * An {@link HttpClient} that answers from a script instead of a network, and records the requests it got, so that
 * tests can show what the backend does with each answer of the service: transient failures, error codes, batches.
 */
final class StubService implements HttpClient {
  /** A connection string of the development account pointing nowhere: every request goes to the stub. */
  static final String CONNECTION_STRING = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
      + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
      + "TableEndpoint=http://127.0.0.1:9/devstoreaccount1;";

  /**
   * How the stub's backends wait for a table being deleted: 1 ms, doubling up to 4 ms, for at most 1 s — long enough
   * that a loaded machine, where one attempt through the SDK's pipeline can take a few hundred ms, still makes several.
   */
  static final Retries.TableDeletionWait TABLE_DELETION_WAIT =
      new Retries.TableDeletionWait(Duration.ofMillis(1), Duration.ofMillis(4), Duration.ofSeconds(1));

  private final Deque<Supplier<HttpResponse>> script = new ArrayDeque<>();
  private Supplier<HttpResponse> otherwise;
  final List<HttpRequest> requests = new ArrayList<>();

  /** A connection string of an account of the service (not an emulator's) pointing nowhere. */
  static final String SERVICE_CONNECTION_STRING = "DefaultEndpointsProtocol=https;AccountName=tablemapper;"
      + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
      + "TableEndpoint=https://tablemapper.table.core.windows.net/;";

  /**
   * A backend as {@link #backend()}, on an endpoint of the service rather than of an emulator: it sends what it
   * sends to the service (a merge as one request, for one).
   */
  AzureTablesBackend serviceBackend() {
    return new AzureTablesBackend(AzureTablesBackend.clientBuilder(SERVICE_CONNECTION_STRING)
        .httpClient(this)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)))
        .buildClient())
        .tableDeletionWait(TABLE_DELETION_WAIT);
  }

  /** The multipart answer of a batch the service applied: one 204 per operation, each with its ETag. */
  static String batchSuccess(String... etags) {
    StringBuilder body = new StringBuilder("--batchresponse_b\r\n"
        + "Content-Type: multipart/mixed; boundary=changesetresponse_c\r\n\r\n");
    for (String etag : etags) {
      body.append("--changesetresponse_c\r\n")
          .append("Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n")
          .append("HTTP/1.1 204 No Content\r\n")
          .append("DataServiceVersion: 3.0;\r\n")
          .append("ETag: ").append(etag).append("\r\n\r\n\r\n");
    }
    return body.append("--changesetresponse_c--\r\n--batchresponse_b--\r\n").toString();
  }

  /** A backend built as {@link AzureTablesBackend#fromConnectionString} builds it, on this stub, retrying at once. */
  AzureTablesBackend backend() {
    return new AzureTablesBackend(AzureTablesBackend.clientBuilder(CONNECTION_STRING)
        .httpClient(this)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)))
        .buildClient())
        .tableDeletionWait(TABLE_DELETION_WAIT);
  }

  /**
   * A backend of both of the SDK's clients, as {@link AzureTablesBackend#fromConnectionString} builds it, on this
   * stub, retrying at once: its async calls send their requests with the async client.
   */
  AzureTablesBackend asyncBackend() {
    TableServiceClientBuilder builder = AzureTablesBackend.clientBuilder(CONNECTION_STRING)
        .httpClient(this)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)));
    return new AzureTablesBackend(builder.buildClient(), builder.buildAsyncClient())
        .tableDeletionWait(TABLE_DELETION_WAIT);
  }

  /** Answers the next request with this status, headers and JSON body. */
  StubService then(int status, String body, String... headers) {
    script.add(() -> response(status, body, headers));
    return this;
  }

  /** Answers the next request with an error of the service: its status and code. */
  StubService thenError(int status, String code) {
    return then(status, error(code, "the stub says " + code), "x-ms-error-code", code);
  }

  /** Fails the next request before any answer, as a lost connection does. */
  StubService thenUnreachable() {
    script.add(() -> {
      throw new UncheckedIOException(new IOException("connection refused (stub)"));
    });
    return this;
  }

  /** Answers the next request with an error of the service in XML, as the service answers some (413, for one). */
  StubService thenXmlError(int status, String code, boolean codeHeader) {
    String body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>" + code + "</Code><Message>the stub says "
        + code + "\nRequestId:00000000-0000-0000-0000-000000000000</Message></Error>";
    return codeHeader
        ? then(status, body, "Content-Type", "application/xml", "x-ms-error-code", code)
        : then(status, body, "Content-Type", "application/xml");
  }

  /** Makes the HTTP client throw this instead of answering the next request, as a broken SDK or class path does. */
  StubService thenThrow(Supplier<? extends Throwable> failure) {
    script.add(() -> {
      Throwable thrown = failure.get();
      if (thrown instanceof Error) {
        throw (Error) thrown;
      }
      throw (RuntimeException) thrown;
    });
    return this;
  }

  /** Answers every request the script does not cover with this status and error code. */
  StubService always(int status, String code) {
    otherwise = () -> response(status, error(code, "the stub always says " + code), "x-ms-error-code", code);
    return this;
  }

  static String error(String code, String message) {
    return "{\"odata.error\":{\"code\":\"" + code + "\",\"message\":{\"lang\":\"en-US\",\"value\":\"" + message
        + "\"}}}";
  }

  @Override
  public Mono<HttpResponse> send(HttpRequest request) {
    return Mono.fromSupplier(() -> answer(request));
  }

  @Override
  public HttpResponse sendSync(HttpRequest request, com.azure.core.util.Context context) {
    return answer(request);
  }

  private synchronized HttpResponse answer(HttpRequest request) {
    requests.add(request);
    Supplier<HttpResponse> next = script.poll();
    if (next == null) {
      if (otherwise == null) {
        throw new AssertionError("the stub has no answer left for " + request.getHttpMethod() + " " + request.getUrl());
      }
      next = otherwise;
    }
    HttpResponse response = next.get();
    return new CannedResponse(request, response);
  }

  private HttpResponse response(int status, String body, String... headers) {
    HttpHeaders values = new HttpHeaders();
    for (int i = 0; i + 1 < headers.length; i += 2) {
      values.set(HttpHeaderName.fromString(headers[i]), headers[i + 1]);
    }
    if (body != null && !values.stream().anyMatch(h -> h.getName().equalsIgnoreCase("Content-Type"))) {
      values.set(HttpHeaderName.CONTENT_TYPE, "application/json;odata=fullmetadata;charset=utf-8");
    }
    return new CannedResponse(null, status, values, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
  }
}
