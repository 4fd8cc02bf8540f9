package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Where and how to open a {@link ReleaseStream}: the ledger charged, the key charged to, the noise source, the
 * name recorded as the source of ledger entries, the declared number of releases (required by privatizers
 * whose accounting is {@link StreamAccounting.UpFront} or whose noise is calibrated to the stream's length) and
 * the declared {@link Shape} of every release.
 *
 * <p>Refused at stream opening: a declared shape lets the privatizer refuse, when the stream opens (before
 * anything is charged or drawn), a stream it could never release from (a statistic type it does not accept, more
 * coordinates than its guarantee covers, a category count other than its own); a learner that opens its streams
 * when it is constructed therefore has such a spec refused when the run is checked, before any trial runs. The
 * stream then refuses every release whose input does not have the declared shape, and the privatizer still
 * validates each release (defence in depth).
 *
 * <p>Charged to several principals: a release whose input depends on the data of more than one principal (MA-LDP's
 * releases about user k also depend, through the agents' reward parameters, on every earlier user's rewards) is
 * charged, with the same event, to {@link #key()} and to every key of {@link #alsoCharged()}: one release, one noise
 * draw, each principal's composition and budget counting it. The charge is all or nothing: if any of the keys' budgets
 * refuses, no key is charged and nothing is drawn. The keys must have distinct principals (a principal charged twice
 * for one release would compose it twice).
 *
 * @param ledger      the ledger the stream charges
 * @param key         whose privacy the releases are charged to
 * @param noise       where noise bits come from
 * @param source      the source name of ledger entries (the channel or privatizer name)
 * @param length      the declared number of releases, if known
 * @param shape       the declared shape of every release, if known
 * @param alsoCharged further keys every release is charged to as well, each under a principal of its own
 */
public record StreamRequest(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source,
                            OptionalLong length, Optional<StreamRequest.Shape> shape, List<LedgerKey> alsoCharged) {
    public StreamRequest {
        Objects.requireNonNull(ledger, "ledger");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(noise, "noise");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(length, "length");
        Objects.requireNonNull(shape, "shape");
        alsoCharged = List.copyOf(Objects.requireNonNull(alsoCharged, "alsoCharged"));
        if (length.isPresent()) {
            Checks.atLeast("length", length.getAsLong(), 1);
        }
        Set<LedgerKey> principals = new HashSet<>();
        principals.add(key.principal());
        for (LedgerKey also : alsoCharged) {
            if (!principals.add(also.principal())) {
                throw new IllegalArgumentException("alsoCharged keys must each have a principal of their own (not "
                        + "that of the key or of another key: it would compose one release twice), got " + also
                        + " for key " + key + " and " + alsoCharged);
            }
        }
    }

    /** A request charged to {@code key} only. */
    public StreamRequest(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source, OptionalLong length,
                         Optional<Shape> shape) {
        this(ledger, key, noise, source, length, shape, List.of());
    }

    /** A request without a declared shape. */
    public StreamRequest(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source, OptionalLong length) {
        this(ledger, key, noise, source, length, Optional.empty());
    }

    /** A request without a declared length or shape. */
    public static StreamRequest of(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source) {
        return new StreamRequest(ledger, key, noise, source, OptionalLong.empty());
    }

    /** This request with a declared length. */
    public StreamRequest withLength(long releases) {
        return new StreamRequest(ledger, key, noise, source, OptionalLong.of(releases), shape, alsoCharged);
    }

    /** This request with a declared shape of every release. */
    public StreamRequest withShape(Shape releaseShape) {
        return new StreamRequest(ledger, key, noise, source, length, Optional.of(releaseShape), alsoCharged);
    }

    /**
     * This request with every release charged to {@code also} as well (see the class comment: one release, one noise
     * draw, charged all or nothing to each key).
     *
     * @throws IllegalArgumentException if {@code also}'s principal is already charged by this request
     */
    public StreamRequest withAlsoCharged(LedgerKey also) {
        List<LedgerKey> keys = new ArrayList<>(alsoCharged);
        keys.add(Objects.requireNonNull(also, "also"));
        return new StreamRequest(ledger, key, noise, source, length, shape, keys);
    }

    /** Every key a release is charged to: {@link #key()}, then {@link #alsoCharged()}. */
    public List<LedgerKey> chargedKeys() {
        List<LedgerKey> keys = new ArrayList<>();
        keys.add(key);
        keys.addAll(alsoCharged);
        return List.copyOf(keys);
    }

    /** The declared length, or an error naming the privatizer that needs one. */
    public long requireLength(String privatizer) {
        return length.orElseThrow(() -> new IllegalArgumentException(privatizer
                + " accounts for its whole stream up front: open it with a declared length in [1, inf)"));
    }

    /**
     * The shape every release of a stream has, declared when the stream opens: the statistic type and its size.
     *
     * @param type the statistic type
     * @param size the entries of a {@link Statistic.Vector} or {@link Statistic.Counts}, the dimension of a
     *             {@link Statistic.SymmetricMatrix}, the category count of a {@link Statistic.Category}, 1 for a
     *             {@link Statistic.Scalar}
     */
    public record Shape(Class<? extends Statistic> type, int size) {
        public Shape {
            Objects.requireNonNull(type, "type");
            Checks.atLeast("size", size, type == Statistic.Vector.class || type == Statistic.Counts.class ? 0 : 1);
            if (type == Statistic.Scalar.class && size != 1) {
                throw new IllegalArgumentException("size must be 1 for a Scalar, got " + size);
            }
        }

        /** A scalar. */
        public static Shape scalar() {
            return new Shape(Statistic.Scalar.class, 1);
        }

        /** A vector of {@code entries} entries. */
        public static Shape vector(int entries) {
            return new Shape(Statistic.Vector.class, entries);
        }

        /** A symmetric {@code dimension x dimension} matrix. */
        public static Shape symmetricMatrix(int dimension) {
            return new Shape(Statistic.SymmetricMatrix.class, dimension);
        }

        /** A vector of {@code entries} counts. */
        public static Shape counts(int entries) {
            return new Shape(Statistic.Counts.class, entries);
        }

        /** A category among {@code categories}. */
        public static Shape category(int categories) {
            return new Shape(Statistic.Category.class, categories);
        }

        /** The shape of {@code statistic}. */
        public static Shape of(Statistic statistic) {
            Objects.requireNonNull(statistic, "statistic");
            if (statistic instanceof Statistic.Vector vector) {
                return vector(vector.values().length);
            }
            if (statistic instanceof Statistic.SymmetricMatrix matrix) {
                return symmetricMatrix(matrix.dimension());
            }
            if (statistic instanceof Statistic.Counts counts) {
                return counts(counts.counts().length);
            }
            if (statistic instanceof Statistic.Category category) {
                return category(category.categories());
            }
            return scalar();
        }

        /**
         * The number of real values one release carries independently: the entries of a vector or counts, the
         * upper triangle {@code d (d + 1) / 2} (diagonal included) of a symmetric matrix, 1 for a scalar or a
         * category.
         */
        public long coordinates() {
            if (type == Statistic.SymmetricMatrix.class) {
                return (long) size * (size + 1) / 2;
            }
            if (type == Statistic.Vector.class || type == Statistic.Counts.class) {
                return size;
            }
            return 1;
        }

        /** True if {@code statistic} has this shape. */
        public boolean matches(Statistic statistic) {
            return statistic != null && equals(of(statistic));
        }

        /** For messages, for example {@code SymmetricMatrix(4)}. */
        public String describe() {
            return type.getSimpleName() + "(" + size + ")";
        }
    }
}
