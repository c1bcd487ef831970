/**
 * Safe file handling shared by every module: bad-input exceptions that carry file, line and
 * field, atomic writes and staged output folders, so that a failed run never leaves half-written
 * results. A leaf: it imports nothing of execplace.
 *
 * <p>May import nothing of execplace.
 */
package io.execplace.core.io;
