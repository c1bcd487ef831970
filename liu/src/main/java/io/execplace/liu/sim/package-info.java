/**
 * The LIU physics: a global pool of waiting applications, one dispatch per time slice, and per
 * cluster a FIFO local scheduler over identical executor slots with the documented stretch model;
 * plus the per-application records an episode leaves ({@link io.execplace.liu.sim.LiuEpisode}).
 *
 * <p>May import {@code core.sim}, {@code liu.model}.
 */
package io.execplace.liu.sim;
