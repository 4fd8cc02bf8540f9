package io.dpmarl.core.spi;

import java.util.Collection;
import java.util.Optional;

/**
 * "Did you mean" for a misspelt plugin or parameter name: the known name at the smallest edit distance
 * (Levenshtein: insertions, deletions and substitutions, case-insensitive), if it is close enough to be a
 * likely typo, at most {@code max(1, length / 3)} edits away. Ties go to the alphabetically first name, so the
 * suggestion does not depend on the order of {@code known}.
 */
public final class NameSuggestion {
    private NameSuggestion() {
    }

    /** The closest known name to {@code name}, if one is within the typo distance; empty for an exact match. */
    public static Optional<String> closest(String name, Collection<String> known) {
        String bestName = null;
        int bestDistance = Integer.MAX_VALUE;
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        for (String candidate : known) {
            int distance = distance(lower, candidate.toLowerCase(java.util.Locale.ROOT));
            if (distance < bestDistance || distance == bestDistance && candidate.compareTo(bestName) < 0) {
                bestDistance = distance;
                bestName = candidate;
            }
        }
        int limit = Math.max(1, name.length() / 3);
        if (bestName == null || bestDistance == 0 && bestName.equals(name) || bestDistance > limit) {
            return Optional.empty();
        }
        return Optional.of(bestName);
    }

    /** Levenshtein distance with two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
