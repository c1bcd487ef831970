/**
 * The rules a run is simulated under: duration model and placement penalties, billing, extra
 * cost, deadlines, queue policies (FCFS, EDF, HJS weight), kube-scheduler's node scores ({@code KubeScores})
 * and the run's {@code SimulationConfig}.
 *
 * <p>May import {@code core.io}, {@code core.model}.
 */
package io.execplace.core.rules;
