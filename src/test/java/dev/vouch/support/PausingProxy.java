package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of Postgres that can make the connections that sent a LISTEN half-open:
 * paused, it stops forwarding their bytes both ways and closes nothing, as a network that drops a
 * peer silently (no FIN, no RST). Connections opened later, and all others, flow as before. One
 * thread per direction; {@link #close} ends them all.
 */
public final class PausingProxy implements AutoCloseable {

  private final ServerSocket server;
  private final DatabaseUrl target;
  private final List<Link> links = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  private PausingProxy(DatabaseUrl target) throws IOException {
    this.target = target;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    start("pausing-proxy-accept", this::accept);
  }

  public static PausingProxy to(DatabaseUrl target) {
    try {
      return new PausingProxy(target);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The database's URL through this proxy. */
  public DatabaseUrl url() {
    return new DatabaseUrl(server.getInetAddress().getHostAddress(), server.getLocalPort(), target.database(),
        target.user(), target.password());
  }

  /** Pauses every open connection that sent a LISTEN; returns how many. */
  public int pauseListeners() {
    int n = 0;
    for (Link l : links) {
      if (l.listener && !l.paused) {
        l.paused = true;
        n++;
      }
    }
    return n;
  }

  private void start(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(target.host(), target.port());
        Link link = new Link(client, upstream);
        links.add(link);
        start("pausing-proxy-up", () -> link.pump(client, upstream, true));
        start("pausing-proxy-down", () -> link.pump(upstream, client, false));
      } catch (IOException e) {
        if (!closed) {
          throw new IllegalStateException("proxy accept failed", e);
        }
      }
    }
  }

  private final class Link {
    final Socket client;
    final Socket upstream;
    volatile boolean listener;
    volatile boolean paused;

    Link(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    void pump(Socket from, Socket to, boolean fromClient) {
      byte[] buf = new byte[16384];
      String tail = "";
      try {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        for (int n; (n = in.read(buf)) >= 0; ) {
          if (fromClient && !listener) {
            // The simple-query text in the clear (no TLS to a test server); the tail catches a split word.
            String seen = tail + new String(buf, 0, n, StandardCharsets.ISO_8859_1);
            listener = seen.contains("LISTEN ");
            tail = seen.substring(Math.max(0, seen.length() - 6));
          }
          synchronized (this) {
            while (paused && !closed) {
              wait();
            }
          }
          if (closed) {
            break;
          }
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // the other side closed, or the proxy did
      } finally {
        quietly(client);
        quietly(upstream);
      }
    }
  }

  private static void quietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing
    }
    for (Link l : links) {
      synchronized (l) {
        l.notifyAll();
      }
      quietly(l.client);
      quietly(l.upstream);
    }
    for (Thread t : threads) {
      try {
        t.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
