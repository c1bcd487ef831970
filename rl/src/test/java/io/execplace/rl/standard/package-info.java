/**
 * Standard tasks with published learning curves (CartPole-v1), on which our learners are checked, so
 * that a weak result on execplace's own environments can be told apart from a defect in a learner.
 */
package io.execplace.rl.standard;
