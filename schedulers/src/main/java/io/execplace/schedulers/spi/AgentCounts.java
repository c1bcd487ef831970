package io.execplace.schedulers.spi;

/**
 * How a learned scheduler's executor decisions ended in one run (the agent counterpart of
 * {@link SolverCounts}).
 *
 * @param decisions executor decisions the agent took
 * @param fallbacks decisions where the agent's own choice would have been penalised (a VM without
 *                  room, a wait half-way through a job) and the best allowed action was used instead
 * @param holds     times the agent chose to let a job that fitted wait
 */
public record AgentCounts(long decisions, long fallbacks, long holds) {

    public AgentCounts {
        if (decisions < 0 || fallbacks < 0 || holds < 0) {
            throw new IllegalArgumentException("agent counts must be >= 0");
        }
    }

    /** The sum of two runs' counts. */
    public AgentCounts plus(AgentCounts o) {
        return new AgentCounts(decisions + o.decisions, fallbacks + o.fallbacks, holds + o.holds);
    }

    /** Share of decisions that fell back, in %; NaN without decisions. */
    public double fallbackPercent() {
        return decisions == 0 ? Double.NaN : 100.0 * fallbacks / decisions;
    }
}
