package io.execplace.liu.agent;

import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuView;

/** A trained LIU agent as a global manager: always the greedy (application, cluster) pair. */
public final class LiuAgentManager implements LiuManager {

    private final LiuValueAgent agent;
    private final String name;

    public LiuAgentManager(LiuValueAgent agent, String name) {
        this.agent = agent;
        this.name = name;
    }

    @Override
    public Dispatch decide(LiuView view) {
        int pair = agent.greedy(view);
        int c = view.clusterCount();
        return new Dispatch(pair / c, pair % c);
    }

    @Override
    public String name() {
        return name;
    }
}
