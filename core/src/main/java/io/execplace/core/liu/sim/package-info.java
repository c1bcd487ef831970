/**
 * The LIU physics: a global pool of waiting applications, one dispatch per time slice, and per
 * cluster a FIFO local scheduler over identical executor slots with the documented stretch model;
 * plus the per-application records an episode leaves ({@link io.execplace.core.liu.sim.LiuEpisode}).
 */
package io.execplace.core.liu.sim;
