package io.execplace.kubernetes.observe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The scheduler's HTTP endpoint (JDK server, no framework): {@code /healthz} (liveness: the
 * scheduling loop ran recently), {@code /readyz} (informers synced) and {@code /metrics} (Prometheus).
 */
public final class HealthServer implements AutoCloseable {

    private final HttpServer server;

    public HealthServer(InetSocketAddress address, BooleanSupplier live, BooleanSupplier ready, Supplier<String> metrics)
            throws IOException {
        server = HttpServer.create(address, 0);
        server.createContext("/healthz", ex -> answer(ex, live.getAsBoolean() ? 200 : 503, live.getAsBoolean() ? "ok\n" : "stalled\n", "text/plain"));
        server.createContext("/readyz", ex -> answer(ex, ready.getAsBoolean() ? 200 : 503, ready.getAsBoolean() ? "ok\n" : "not synced\n", "text/plain"));
        server.createContext("/metrics", ex -> answer(ex, 200, metrics.get(), "text/plain; version=0.0.4; charset=utf-8"));
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "execplace-http");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    private static void answer(HttpExchange ex, int code, String body, String type) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
