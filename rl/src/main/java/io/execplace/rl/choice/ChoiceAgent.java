package io.execplace.rl.choice;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.InputFileException;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.schedulers.spi.SchedulerContext;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A trained {@code choice} agent and its file: an agent file (format {@value #FORMAT}, kind
 * {@code model}, the {@code execplace-agent} bundle of docs/rl.md) whose network is of kind
 * {@value #KIND}, observing {@link ChoiceObservation#SCHEMA}; its metadata also records the queue
 * and the teacher's objective it was trained for and how it was made ({@code setup}).
 *
 * @param network the candidate scorer
 * @param candidates the schedulers whose placements it weighs, in order (registry names)
 * @param queue   the queue order it was trained with (fcfs, edf, edf-feasible or hjs-weight)
 * @param rules   the margin before leaving milp's candidate and the longest hold ({@link ChoiceRules})
 * @param setup   how it was trained (workloads, seeds, rounds, teacher), as the command recorded it
 */
public record ChoiceAgent(PairNetwork network, List<String> candidates, String queue, ChoiceRules rules, ObjectNode setup) {

    public ChoiceAgent {
        candidates = List.copyOf(candidates);
    }

    /** The network kind agent files record for a choice agent. */
    public static final String KIND = "choice";
    /** The format value of every agent file. */
    public static final String FORMAT = "execplace-agent";

    /** True when the bundle is a choice agent's (whatever else may be wrong with it). */
    public static boolean isChoice(ArrayBundle b) {
        JsonNode network = b.metadata().path("network");
        return KIND.equals(network.path("kind").asText());
    }

    /** The agent in a bundle of a choice agent; fails naming the file and field. */
    public static ChoiceAgent of(ArrayBundle b) {
        String src = b.source();
        if (!"model".equals(b.kind())) {
            throw new InputFileException(src, 0, null, "holds a '" + b.kind() + "', not a choice agent model");
        }
        if (!FORMAT.equals(b.field("format").asText())) {
            throw new InputFileException(src, 0, "format", "expected '" + FORMAT + "', found '" + b.field("format").asText() + "'");
        }
        JsonNode obs = b.field("observation");
        if (!ChoiceObservation.SCHEMA.name().equals(obs.path("schema").asText())
                || !ChoiceObservation.SCHEMA.context().equals(strings(obs.path("context")))
                || !ChoiceObservation.SCHEMA.vmFeatures().equals(strings(obs.path("candidateFeatures")))) {
            throw new InputFileException(src, 0, "observation.schema", "the choice agent observes schema '"
                    + obs.path("schema").asText("?") + "'; this build's choice agents observe '"
                    + ChoiceObservation.SCHEMA.name() + "' " + ChoiceObservation.SCHEMA.context() + " "
                    + ChoiceObservation.SCHEMA.vmFeatures() + " (retrain it with this build)");
        }
        List<Integer> hidden = new ArrayList<>();
        b.field("network").path("hidden").forEach(h -> hidden.add(h.asInt()));
        PairNetwork net;
        try {
            net = PairNetwork.emptyPolicy(ChoiceObservation.SCHEMA, ChoicePolicy.CANDIDATES + 1, hidden);
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "network.hidden", e.getMessage());
        }
        net.setParameters(b.doubles("policy.params", net.parameterCount()));
        JsonNode setup = b.metadata().path("setup");
        double margin = b.field("margin").asDouble(-1);
        if (!(margin >= 0)) {
            throw new InputFileException(src, 0, "margin", "must be a number >= 0, found " + b.field("margin"));
        }
        JsonNode hold = b.metadata().path("maxHoldSeconds");
        double maxHold = hold.isMissingNode() ? Double.POSITIVE_INFINITY : hold.asDouble(-1);
        if (!(maxHold >= 0) || !(hold.isMissingNode() || hold.isNumber())) {
            throw new InputFileException(src, 0, "maxHoldSeconds", "must be a number of seconds >= 0, found " + hold);
        }
        List<String> candidates = strings(b.field("candidates"));
        if (candidates.isEmpty() || candidates.size() > ChoicePolicy.CANDIDATES) {
            throw new InputFileException(src, 0, "candidates", "must name 1 to " + ChoicePolicy.CANDIDATES
                    + " schedulers, found " + candidates);
        }
        return new ChoiceAgent(net, candidates, b.field("queue").asText(), new ChoiceRules(margin, maxHold),
                setup.isObject() ? ((ObjectNode) setup).deepCopy() : b.metadata().objectNode());
    }

    /** This agent as a scheduler named {@code name}; {@code context} makes its candidates' policies. */
    public ChoicePolicy policy(String name, SchedulerContext context) {
        return new ChoicePolicy(name, network, context, candidates, rules);
    }

    /** Reads a choice agent file. */
    public static ChoiceAgent read(Path file) throws IOException {
        return of(ArrayBundle.read(file));
    }

    /** The agent as a bundle. */
    public ArrayBundle toBundle() {
        ArrayBundle b = new ArrayBundle("model");
        ObjectNode m = b.metadata();
        m.put("format", FORMAT);
        m.put("algorithm", "choice (regression on a clairvoyant lookahead's rollout scores)");
        ObjectNode net = m.putObject("network");
        net.put("kind", KIND);
        ArrayNode hidden = net.putArray("hidden");
        for (int h : network.hidden()) {
            hidden.add(h);
        }
        ObjectNode obs = m.putObject("observation");
        obs.put("schema", ChoiceObservation.SCHEMA.name());
        ArrayNode context = obs.putArray("context");
        ChoiceObservation.SCHEMA.context().forEach(context::add);
        ArrayNode features = obs.putArray("candidateFeatures");
        ChoiceObservation.SCHEMA.vmFeatures().forEach(features::add);
        ArrayNode names = m.putArray("candidates");
        candidates.forEach(names::add);
        m.put("queue", queue);
        m.put("margin", rules.margin());
        if (Double.isFinite(rules.maxHoldSeconds())) {
            m.put("maxHoldSeconds", rules.maxHoldSeconds()); // absent: no limit (and the files of earlier agents)
        }
        m.set("setup", setup.deepCopy());
        b.put("policy.params", network.parameters());
        return b;
    }

    /** Writes the agent, atomically. */
    public void write(Path file) throws IOException {
        toBundle().write(file);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
