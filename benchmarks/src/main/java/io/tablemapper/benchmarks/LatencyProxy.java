package io.tablemapper.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on 127.0.0.1 in front of a local server that gives every exchange a fixed round trip, as a network
 * would: each chunk of bytes, in either direction, is delivered half the round trip after it arrived, in order, with
 * no limit on bandwidth and none on how many chunks are under way. A request and its response thus take the round
 * trip plus the server's time, and requests on different connections overlap their round trips as they would on a
 * real network. Each connection is served by threads of this proxy (a reader and a writer per direction): they stand
 * for the network, not for the client, whose threads are what the benchmarks compare. Connecting to the proxy itself
 * costs no round trip.
 */
final class LatencyProxy implements AutoCloseable {
  /** A chunk of bytes and when it is due at the other end; an empty one closes the direction. */
  private record Chunk(byte[] bytes, long dueNanos) {}

  private final ServerSocket server;
  private final InetSocketAddress target;
  private final long oneWayNanos;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  private LatencyProxy(ServerSocket server, InetSocketAddress target, Duration roundTrip) {
    this.server = server;
    this.target = target;
    this.oneWayNanos = roundTrip.toNanos() / 2;
  }

  /** Starts a proxy on a free port of 127.0.0.1 that forwards to {@code targetPort} of 127.0.0.1. */
  static LatencyProxy start(int targetPort, Duration roundTrip) {
    try {
      InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
      ServerSocket server = new ServerSocket(0, 200, loopback);
      LatencyProxy proxy = new LatencyProxy(server, new InetSocketAddress(loopback, targetPort), roundTrip);
      daemon("latency-proxy-accept", proxy::accept).start();
      return proxy;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the latency proxy", e);
    }
  }

  /** The port clients connect to. */
  int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket();
        upstream.connect(target);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(upstream);
        relay(client, upstream, "up");
        relay(upstream, client, "down");
      } catch (IOException e) {
        if (!closed) {
          throw new UncheckedIOException("the latency proxy failed to accept or connect", e);
        }
      }
    }
  }

  /** Relays one direction: a thread reads and time-stamps chunks, another delivers each when it is due. */
  private void relay(Socket from, Socket to, String direction) throws IOException {
    BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    InputStream in = from.getInputStream();
    OutputStream out = to.getOutputStream();
    daemon("latency-proxy-read-" + direction, () -> {
      byte[] buffer = new byte[64 * 1024];
      try {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          queue.add(new Chunk(Arrays.copyOf(buffer, n), System.nanoTime() + oneWayNanos));
        }
      } catch (IOException closedMeanwhile) {
        // the other side or the proxy closed the socket: deliver what was read, then close
      }
      queue.add(new Chunk(new byte[0], System.nanoTime() + oneWayNanos));
    }).start();
    daemon("latency-proxy-write-" + direction, () -> {
      try {
        while (true) {
          Chunk chunk = queue.take();
          long wait = chunk.dueNanos() - System.nanoTime();
          if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
          }
          if (chunk.bytes().length == 0) {
            to.shutdownOutput();
            return;
          }
          out.write(chunk.bytes());
          out.flush();
        }
      } catch (IOException closedMeanwhile) {
        closeQuietly(from);
        closeQuietly(to);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }).start();
  }

  private static Thread daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    return thread;
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing is all that is left to do
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException ignored) {
      // the accepting thread ends either way
    }
    sockets.forEach(LatencyProxy::closeQuietly);
  }
}
