package io.tablemapper.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The proxy delivers every byte, in order, in both directions, each exchange no sooner than its round trip. */
class LatencyProxyTest {
  private static final Duration ROUND_TRIP = Duration.ofMillis(40);

  @Test
  void anEchoThroughTheProxyComesBackWholeAfterTheRoundTripAtTheEarliest() throws Exception {
    ExecutorService echoes = Executors.newCachedThreadPool();
    try (ServerSocket echo = new ServerSocket(0, 10, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        LatencyProxy proxy = LatencyProxy.start(echo.getLocalPort(), ROUND_TRIP)) {
      echoes.submit(() -> {
        try (Socket accepted = echo.accept()) {
          accepted.getInputStream().transferTo(accepted.getOutputStream());
        }
        return null;
      });
      try (Socket client = new Socket(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), proxy.port())) {
        OutputStream out = client.getOutputStream();
        InputStream in = client.getInputStream();
        for (int exchange = 0; exchange < 3; exchange++) {
          byte[] message = ("exchange " + exchange + " " + "x".repeat(100_000)).getBytes(StandardCharsets.UTF_8);
          long start = System.nanoTime();
          out.write(message);
          out.flush();
          byte[] answer = in.readNBytes(message.length);
          long elapsed = System.nanoTime() - start;

          assertThat(answer).isEqualTo(message);
          assertThat(Duration.ofNanos(elapsed)).isGreaterThanOrEqualTo(ROUND_TRIP);
        }
        client.shutdownOutput();
        assertThat(in.read()).as("end of stream passed on").isEqualTo(-1);
      }
    } finally {
      echoes.shutdownNow();
    }
  }

  @Test
  void aProcessStatLineIsReadPastACommandWithSpacesAndParentheses() throws IOException {
    java.nio.file.Path stat = java.nio.file.Files.createTempFile("stat", "");
    try {
      // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
      java.nio.file.Files.writeString(stat, "42 (C2 (Compiler) x) S 1 42 42 0 -1 4194560 10 0 0 0 123 45 0 0 20 0");
      assertThat(CpuPerOpProfiler.ticks(stat)).isEqualTo(168);
      assertThat(CpuPerOpProfiler.ticks(stat.resolveSibling("no-such-process"))).isZero();
    } finally {
      java.nio.file.Files.delete(stat);
    }
  }
}
