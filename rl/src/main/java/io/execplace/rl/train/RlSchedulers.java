package io.execplace.rl.train;

import io.execplace.schedulers.Schedulers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registers the {@code agent:PATH} scheduler family: a trained agent (model file, checkpoint or
 * training folder) as a placement policy. Files are read once per path and modification time;
 * every run gets its own policy with its own network buffers.
 */
public final class RlSchedulers {

    /** The family prefix. */
    public static final String PREFIX = "agent";

    private record Cached(FileTime modified, long size, TrainedAgent agent) {
    }

    private static final Map<Path, Cached> CACHE = new ConcurrentHashMap<>();
    private static boolean registered;

    private RlSchedulers() {
    }

    /** Registers {@code agent:PATH} once; later calls do nothing. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        Schedulers.registerFamily(PREFIX, "PATH",
                "a trained RL agent (DQN, REINFORCE, PPO or SAC) from 'execplace train': model file, checkpoint or training folder",
                (argument, seed) -> new AgentPolicy(PREFIX + ":" + argument, load(Path.of(argument))));
        registered = true;
    }

    /** The agent at {@code path}, read once per modification. */
    public static TrainedAgent load(Path path) {
        try {
            Path file = AgentFiles.resolve(path).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("agent file " + path + " does not exist");
            }
            FileTime modified = Files.getLastModifiedTime(file);
            long size = Files.size(file);
            Cached c = CACHE.get(file);
            if (c != null && c.modified().equals(modified) && c.size() == size) {
                return c.agent();
            }
            TrainedAgent agent = TrainedAgent.read(file);
            CACHE.put(file, new Cached(modified, size, agent));
            return agent;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read agent " + path + ": " + e.getMessage(), e);
        }
    }
}
