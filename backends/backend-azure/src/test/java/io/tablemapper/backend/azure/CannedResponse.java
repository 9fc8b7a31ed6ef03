package io.tablemapper.backend.azure;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** An answer made up in the client, for the scripted service of tests and for injected faults. */
final class CannedResponse extends HttpResponse {

  private final int status;
  private final HttpHeaders headers;
  private final byte[] body;

  CannedResponse(HttpRequest request, int status, HttpHeaders headers, byte[] body) {
    super(request);
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  CannedResponse(HttpRequest request, HttpResponse template) {
    this(request, template.getStatusCode(), template.getHeaders(), ((CannedResponse) template).body);
  }

  @Override
  public int getStatusCode() {
    return status;
  }

  @Override
  @Deprecated
  public String getHeaderValue(String name) {
    return headers.getValue(HttpHeaderName.fromString(name));
  }

  @Override
  public HttpHeaders getHeaders() {
    return headers;
  }

  @Override
  public Flux<ByteBuffer> getBody() {
    return Flux.just(ByteBuffer.wrap(body));
  }

  @Override
  public Mono<byte[]> getBodyAsByteArray() {
    return Mono.just(body);
  }

  @Override
  public Mono<String> getBodyAsString() {
    return Mono.just(new String(body, StandardCharsets.UTF_8));
  }

  @Override
  public Mono<String> getBodyAsString(Charset charset) {
    return Mono.just(new String(body, charset));
  }
}
