package io.execplace.rl.train;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.choice.ChoiceAgent;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.pairs.PairPolicy;
import io.execplace.schedulers.spi.SchedulerContext;
import io.execplace.schedulers.spi.SchedulerFamilyFactory;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code agent:PATH} scheduler family: a trained agent (model file, checkpoint or training
 * folder) as a placement policy, added to a registry with {@link #withAgents}. Files are read once
 * per path and modification time; every run gets its own policy with its own network buffers.
 */
public final class RlSchedulers {

    /** The family prefix. */
    public static final String PREFIX = "agent";

    /** A file read: a trained agent of {@code execplace train}, or a choice agent of {@code train-choice}. */
    private record Cached(FileTime modified, long size, TrainedAgent agent, ChoiceAgent choice) {
    }

    private static final Map<Path, Cached> CACHE = new ConcurrentHashMap<>();

    private RlSchedulers() {
    }

    /** {@code registry} plus the {@code agent:PATH} family; the file is read (and checked) before any run. */
    public static SchedulerRegistry withAgents(SchedulerRegistry registry) {
        return registry.withFamily(PREFIX, "PATH",
                "a trained RL agent (DQN, REINFORCE, PPO or SAC, or the size-free ppo-pairs agent that runs on any cluster) "
                        + "from 'execplace train', or a choice agent from 'execplace train-choice': model file, checkpoint or training folder",
                new SchedulerFamilyFactory() {
                    @Override
                    public PlacementPolicy create(String argument, SchedulerContext context) {
                        Cached file = read(Path.of(argument));
                        if (file.choice() != null) {
                            return file.choice().policy(PREFIX + ":" + argument, context);
                        }
                        TrainedAgent agent = file.agent();
                        // A size-free agent makes its network for the cluster it meets; a fixed-size one
                        // is checked against its cluster when the run starts.
                        return agent.isSizeFree() ? new PairPolicy(PREFIX + ":" + argument, agent.pairNetwork(1))
                                : new AgentPolicy(PREFIX + ":" + argument, agent);
                    }

                    @Override
                    public void check(String argument) {
                        read(Path.of(argument));
                    }
                });
    }

    /**
     * The agent of {@code execplace train} at {@code path}, read once per modification.
     *
     * @throws BadInputException when the file is missing or unreadable, or holds a choice agent
     */
    public static TrainedAgent load(Path path) {
        Cached c = read(path);
        if (c.agent() == null) {
            throw new BadInputException(path + " holds a choice agent (execplace train-choice), which chooses among "
                    + "lookahead's candidate placements: run it as a scheduler, e.g. heldout --schedulers agent:" + path);
        }
        return c.agent();
    }

    /** How the agent at {@code path} was trained (its metadata's {@code setup}; empty when it has none). */
    public static JsonNode setup(Path path) {
        Cached c = read(path);
        return c.choice() != null ? c.choice().setup() : c.agent().metadata().path("setup");
    }

    private static Cached read(Path path) {
        try {
            Path file = AgentFiles.resolve(path).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw new BadInputException("agent file " + path + " does not exist");
            }
            FileTime modified = Files.getLastModifiedTime(file);
            long size = Files.size(file);
            Cached c = CACHE.get(file);
            if (c != null && c.modified().equals(modified) && c.size() == size) {
                return c;
            }
            ArrayBundle bundle = ArrayBundle.read(file);
            c = ChoiceAgent.isChoice(bundle) ? new Cached(modified, size, null, ChoiceAgent.of(bundle))
                    : new Cached(modified, size, TrainedAgent.of(bundle), null);
            CACHE.put(file, c);
            return c;
        } catch (IOException e) {
            throw new BadInputException(path.toString(), 0, null, "cannot read the agent: " + e.getMessage(), e);
        }
    }
}
