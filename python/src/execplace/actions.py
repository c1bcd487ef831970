"""Checking actions before they cross the bridge: every bad action is a ``ValueError`` naming it.

An action is a whole number in ``0 .. n−1`` (a Python ``int`` or a NumPy integer); booleans,
floats (``1.7``, and ``1.0`` too), text and anything else are refused, never rounded or wrapped.
A batch of integer actions goes to Java as it is (64-bit, so nothing is narrowed), and Java's
``BatchedEnvs`` refuses one outside ``0 .. n−1`` before it steps any environment, with the same
message; everything else is checked here.
"""
from __future__ import annotations

import numbers

import numpy as np


def check_action(action, n: int) -> int:
    """The action as an int, or ``ValueError`` naming it."""
    if type(action) is int:  # the common case first: abstract-class checks cost more than a step
        a = action
    elif isinstance(action, np.integer):
        a = int(action)
    else:
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            return check_action(action.reshape(())[()], n)
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, numbers.Integral):
            raise ValueError(f"action {action!r} ({type(action).__name__}) is not an action: actions are whole "
                             f"numbers 0..{n - 1}")
        a = int(action)
    if not 0 <= a < n:
        raise ValueError(f"action {a} is not an action of this environment (0..{n - 1})")
    return a


def check_actions(actions, num_envs: int, n: int) -> np.ndarray:
    """One whole-number action per environment, or ``ValueError`` naming the first bad one and its environment."""
    a = np.asarray(actions)
    if a.shape != (num_envs,):
        raise ValueError(f"actions must be {num_envs} whole numbers, one per environment; got shape {a.shape}")
    if a.dtype.kind not in "iu":
        for i, x in enumerate(a.tolist()):
            try:
                check_action(x, n)
            except ValueError as e:
                raise ValueError(f"environment {i}: {e}") from None
        return a.astype(np.int64)
    if a.min() < 0 or a.max() >= n:
        i = int(np.flatnonzero((a < 0) | (a >= n))[0])
        raise ValueError(f"environment {i}: action {int(a[i])} is not an action of this environment (0..{n - 1})")
    return a


def write_actions(actions, out: np.ndarray, n: int) -> None:
    """Writes one action per environment into ``out`` (the batch's int64 buffer): an array of signed
    (or narrower unsigned) integers as it is, for Java to check its range; anything else checked here."""
    a = actions if type(actions) is np.ndarray else np.asarray(actions)
    kind = a.dtype.kind
    if a.shape == out.shape and (kind == "i" or kind == "u" and a.dtype.itemsize < 8):
        out[:] = a
    else:
        out[:] = check_actions(a, out.shape[0], n)
