package io.execplace.kubernetes.mock;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fabric8's CRUD mock with the parts of a real API server a scheduler relies on: {@code pods/binding}
 * sets {@code spec.nodeName} and {@code PodScheduled=True} and refuses a second binding with 409
 * (atomically); new pods start with {@code status.phase=Pending}. Tests can inject binding failures
 * (any HTTP status), and drop every watch and answer new ones with 410 Gone (so informers re-list).
 */
public final class BindingDispatcher extends KubernetesCrudDispatcher {

    private static final Pattern BINDING = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/binding");
    private static final Pattern CREATE_POD = Pattern.compile("/api/v1/namespaces/([^/]+)/pods");

    private final Map<String, AtomicInteger> bindings = new ConcurrentHashMap<>();
    private final AtomicInteger conflicts = new AtomicInteger();
    private final AtomicInteger bindRequests = new AtomicInteger();
    private final Deque<Integer> bindFaults = new ArrayDeque<>();
    private final Map<String, Integer> podFaults = new ConcurrentHashMap<>();
    private final List<WebSocket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean watchesGone;
    private volatile String raceNode;

    private int retryAfterSeconds;

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String full = request.getPath();
        int q = full.indexOf('?');
        String path = q < 0 ? full : full.substring(0, q);
        String query = q < 0 ? "" : full.substring(q + 1);
        HttpMethod method = request.method();
        if (method == HttpMethod.POST) {
            Matcher m = BINDING.matcher(path);
            if (m.matches()) {
                return bind(m.group(1), m.group(2), request.getUtf8Body());
            }
            if (CREATE_POD.matcher(path).matches()) {
                return createPending(request, path);
            }
        }
        if (method == HttpMethod.GET && query.contains("watch=true")) {
            if (watchesGone) {
                return new MockResponse().withWebSocketUpgrade(new Expiring());
            }
            MockResponse response = super.dispatch(request);
            WebSocketListener inner = response.getWebSocketListener();
            if (inner != null) {
                response.withWebSocketUpgrade(new Capturing(inner));
            }
            return response;
        }
        return super.dispatch(request);
    }

    private MockResponse createPending(RecordedRequest request, String path) {
        Pod pod = Serialization.unmarshal(request.getUtf8Body(), Pod.class);
        if (pod.getStatus() == null) {
            pod.setStatus(new PodStatus());
        }
        if (pod.getStatus().getPhase() == null) {
            pod.getStatus().setPhase("Pending");
        }
        return super.dispatch(copy(request, HttpMethod.POST, path, Serialization.asJson(pod)));
    }

    private synchronized MockResponse bind(String ns, String name, String body) {
        bindRequests.incrementAndGet();
        Integer fault = podFaults.remove(name);
        if (fault == null) {
            fault = bindFaults.poll();
        }
        if (fault != null) {
            MockResponse r = status(fault, "InjectedFault", "injected by the test");
            return retryAfterSeconds > 0 ? r.setHeader("Retry-After", Integer.toString(retryAfterSeconds)) : r;
        }
        return applyBinding(ns, name, body);
    }

    private MockResponse applyBinding(String ns, String name, String body) {
        String podPath = "/api/v1/namespaces/" + ns + "/pods/" + name;
        String race = raceNode;
        if (race != null) {
            // Another scheduler wins the race for this pod just before our request arrives.
            raceNode = null;
            applyBinding(ns, name, Serialization.asJson(new io.fabric8.kubernetes.api.model.BindingBuilder()
                    .withNewMetadata().withName(name).endMetadata()
                    .withNewTarget().withKind("Node").withName(race).endTarget().build()));
        }
        MockResponse got = handleGet(podPath);
        if (got.code() != 200) {
            return status(404, "NotFound", "pods \"" + name + "\" not found");
        }
        Pod pod = Serialization.unmarshal(got.getBody().readUtf8(), Pod.class);
        if (pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty()) {
            conflicts.incrementAndGet();
            return status(409, "Conflict", "Operation cannot be fulfilled on pods/binding \"" + name
                    + "\": pod " + name + " is already assigned to node \"" + pod.getSpec().getNodeName() + "\"");
        }
        Binding binding = Serialization.unmarshal(body, Binding.class);
        pod.getSpec().setNodeName(binding.getTarget().getName());
        if (pod.getStatus() == null) {
            pod.setStatus(new PodStatus());
        }
        List<PodCondition> conditions = new ArrayList<>();
        if (pod.getStatus().getConditions() != null) {
            pod.getStatus().getConditions().stream().filter(c -> !"PodScheduled".equals(c.getType())).forEach(conditions::add);
        }
        conditions.add(new PodConditionBuilder().withType("PodScheduled").withStatus("True")
                .withLastTransitionTime(Instant.now().toString()).build());
        pod.getStatus().setConditions(conditions);
        pod.getMetadata().setResourceVersion(null);
        // The CRUD mock keeps status on updates of the main resource (no status subresource for pods),
        // so one update writes spec.nodeName and the condition together, as the API server's binding does.
        MockResponse updated = handleUpdate(copy(null, HttpMethod.PUT, podPath, Serialization.asJson(pod)));
        if (updated.code() >= 300) {
            return updated;
        }
        bindings.computeIfAbsent(ns + "/" + name, k -> new AtomicInteger()).incrementAndGet();
        return status(201, null, null);
    }

    private static RecordedRequest copy(RecordedRequest like, HttpMethod method, String path, String body) {
        Headers headers = new Headers.Builder().add("Content-Type", "application/json").build();
        return new RecordedRequest("HTTP/1.1", method, path, headers, new Buffer().writeUtf8(body));
    }

    private static MockResponse status(int code, String reason, String message) {
        Status s = new StatusBuilder().withStatus(code < 300 ? "Success" : "Failure").withCode(code)
                .withReason(reason).withMessage(message).build();
        return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json")
                .setBody(Serialization.asJson(s));
    }

    /** The next {@code codes.length} binding requests fail with these HTTP statuses, in order. */
    public synchronized void failNextBindings(int... codes) {
        for (int c : codes) {
            bindFaults.add(c);
        }
    }

    /** Injected faults carry {@code Retry-After: seconds} (0: none), as API Priority and Fairness sends with 429. */
    public synchronized void retryAfter(int seconds) {
        retryAfterSeconds = seconds;
    }

    /** The next binding request for pod {@code name} fails with this HTTP status. */
    public void failNextBindingOf(String name, int code) {
        podFaults.put(name, code);
    }

    /** The next binding request loses a race: the pod is first bound to {@code node} by "someone else". */
    public void loseNextBindingRaceTo(String node) {
        raceNode = node;
    }

    /** Closes every open watch; while {@code gone}, new watches are answered with 410 Gone. */
    public void dropWatches(boolean gone) {
        watchesGone = gone;
        for (WebSocket ws : sockets) {
            expire(ws);
        }
        sockets.clear();
    }

    /** Lets watches open again. */
    public void allowWatches() {
        watchesGone = false;
    }

    /** Successful bindings per {@code namespace/pod}. */
    public Map<String, AtomicInteger> bindings() {
        return bindings;
    }

    /** Binding requests refused with 409 because the pod already had a node. */
    public int conflicts() {
        return conflicts.get();
    }

    /** All binding requests received (including injected failures). */
    public int bindRequests() {
        return bindRequests.get();
    }

    private static final String EXPIRED = "{\"type\":\"ERROR\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Status\","
            + "\"status\":\"Failure\",\"code\":410,\"reason\":\"Expired\",\"message\":\"too old resource version\"}}";

    /** What an API server sends when a watch's resource version has expired. */
    private static void expire(WebSocket ws) {
        ws.send(EXPIRED);
        ws.close(1000, "watch expired");
    }

    /** A watch that expires as soon as it opens. */
    private static final class Expiring extends WebSocketListener {
        @Override
        public void onOpen(WebSocket webSocket, Response response) {
            expire(webSocket);
        }
    }

    /** Remembers the server side of each watch so that a test can close it. */
    private final class Capturing extends WebSocketListener {
        private final WebSocketListener inner;

        Capturing(WebSocketListener inner) {
            this.inner = inner;
        }

        @Override
        public void onOpen(WebSocket webSocket, Response response) {
            sockets.add(webSocket);
            inner.onOpen(webSocket, response);
        }

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            inner.onMessage(webSocket, text);
        }

        @Override
        public void onClosing(WebSocket webSocket, int code, String reason) {
            sockets.remove(webSocket);
            inner.onClosing(webSocket, code, reason);
        }

        @Override
        public void onClosed(WebSocket webSocket, int code, String reason) {
            sockets.remove(webSocket);
            inner.onClosed(webSocket, code, reason);
        }

        @Override
        public void onFailure(WebSocket webSocket, Throwable t, Response response) {
            sockets.remove(webSocket);
            inner.onFailure(webSocket, t, response);
        }
    }
}
