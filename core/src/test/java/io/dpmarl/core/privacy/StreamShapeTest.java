package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A stream's declared release shape ({@link StreamRequest.Shape}): its sizes and coordinate counts (derived in each
 * test from the statistic's definition), the refusals at stream opening of {@link AbstractPrivatizer#openStream}
 * (before anything is charged or drawn), and the stream's refusal of an input of another shape.
 */
class StreamShapeTest {
    private static final LedgerKey KEY = LedgerKey.agent(1);

    /** The toy privatizer, refusing at opening a declared shape of more than {@code cap} coordinates. */
    private static final class CappedToy extends ToyPrivatizer {
        final List<StreamRequest.Shape> checked = new ArrayList<>();
        private final long cap;

        CappedToy(long cap) {
            this.cap = cap;
        }

        @Override
        protected void validateStream(StreamRequest.Shape shape) {
            checked.add(shape);
            if (shape.coordinates() > cap) {
                throw new IllegalArgumentException("cap must be in [" + shape.coordinates() + ", inf), got " + cap);
            }
        }
    }

    /** A noise source that counts the words drawn from it. */
    private static final class CountingNoise implements NoiseSource {
        private final NoiseSource inner = NoiseSource.seeded(3);
        int draws;

        @Override
        public long nextLong() {
            draws++;
            return inner.nextLong();
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    }

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
    }

    @Test
    void shapesOfEachStatistic() {
        assertEquals(new StreamRequest.Shape(Statistic.Scalar.class, 1),
                StreamRequest.Shape.of(new Statistic.Scalar(2)));
        assertEquals(StreamRequest.Shape.vector(3), StreamRequest.Shape.of(new Statistic.Vector(new double[3])));
        assertEquals(StreamRequest.Shape.symmetricMatrix(2),
                StreamRequest.Shape.of(new Statistic.SymmetricMatrix(2, new double[4])));
        assertEquals(StreamRequest.Shape.counts(4), StreamRequest.Shape.of(new Statistic.Counts(new long[4])));
        assertEquals(StreamRequest.Shape.category(5), StreamRequest.Shape.of(new Statistic.Category(0, 5)));
        assertEquals(StreamRequest.Shape.scalar(), StreamRequest.Shape.of(new Statistic.Scalar(-1)));
        assertThrows(NullPointerException.class, () -> StreamRequest.Shape.of(null));
        assertEquals(Statistic.Vector.class, StreamRequest.Shape.vector(3).type());
        assertEquals(3, StreamRequest.Shape.vector(3).size());
    }

    @Test
    void coordinatesCountEveryIndependentValue() {
        assertEquals(1, StreamRequest.Shape.scalar().coordinates());
        assertEquals(7, StreamRequest.Shape.vector(7).coordinates());
        assertEquals(6, StreamRequest.Shape.counts(6).coordinates());
        // A d x d symmetric matrix perturbs its upper triangle, diagonal included: d (d + 1) / 2 = 4 * 5 / 2 = 10.
        assertEquals(10, StreamRequest.Shape.symmetricMatrix(4).coordinates());
        assertEquals(1, StreamRequest.Shape.symmetricMatrix(1).coordinates());
        // 100000 (100001) / 2 does not fit an int: counted in long.
        assertEquals(5_000_050_000L, StreamRequest.Shape.symmetricMatrix(100_000).coordinates());
        assertEquals(1, StreamRequest.Shape.category(9).coordinates());
        assertEquals(0, StreamRequest.Shape.vector(0).coordinates());
    }

    @Test
    void shapesRefuseSizesOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> new StreamRequest.Shape(Statistic.Scalar.class, 2));
        assertThrows(IllegalArgumentException.class, () -> new StreamRequest.Shape(Statistic.Scalar.class, 0));
        assertThrows(IllegalArgumentException.class, () -> StreamRequest.Shape.symmetricMatrix(0));
        assertThrows(IllegalArgumentException.class, () -> StreamRequest.Shape.category(0));
        assertThrows(IllegalArgumentException.class, () -> StreamRequest.Shape.vector(-1));
        assertThrows(IllegalArgumentException.class, () -> StreamRequest.Shape.counts(-1));
        assertEquals(0, StreamRequest.Shape.counts(0).size());
        assertThrows(NullPointerException.class, () -> new StreamRequest.Shape(null, 1));
        assertEquals("SymmetricMatrix(4)", StreamRequest.Shape.symmetricMatrix(4).describe());
    }

    @Test
    void matchesOnlyTheSameTypeAndSize() {
        StreamRequest.Shape vector = StreamRequest.Shape.vector(2);
        assertTrue(vector.matches(new Statistic.Vector(new double[2])));
        assertFalse(vector.matches(new Statistic.Vector(new double[3])));
        assertFalse(vector.matches(new Statistic.Counts(new long[2])));
        assertFalse(vector.matches(null));
        assertTrue(StreamRequest.Shape.scalar().matches(new Statistic.Scalar(0)));
    }

    @Test
    void requestsKeepTheirShapeAndLength() {
        PrivacyLedger ledger = ledger();
        StreamRequest plain = StreamRequest.of(ledger, KEY, NoiseSource.seeded(1), "s");
        assertEquals(Optional.empty(), plain.shape());
        assertEquals(Optional.empty(), new StreamRequest(ledger, KEY, NoiseSource.seeded(1), "s",
                OptionalLong.of(2)).shape());
        StreamRequest shaped = plain.withShape(StreamRequest.Shape.vector(2)).withLength(5);
        assertEquals(Optional.of(StreamRequest.Shape.vector(2)), shaped.shape());
        assertEquals(OptionalLong.of(5), shaped.length());
        StreamRequest relengthened = plain.withLength(4).withShape(StreamRequest.Shape.scalar());
        assertEquals(OptionalLong.of(4), relengthened.length());
        assertEquals(Optional.of(StreamRequest.Shape.scalar()), relengthened.shape());
        assertEquals(ledger, shaped.ledger());
        assertEquals(KEY, shaped.key());
        assertEquals("s", shaped.source());
        assertThrows(NullPointerException.class, () -> new StreamRequest(ledger, KEY, NoiseSource.seeded(1), "s",
                OptionalLong.empty(), null));
    }

    @Test
    void anOpeningOverTheCapIsRefusedBeforeAnyChargeOrDraw() {
        PrivacyLedger ledger = ledger();
        CountingNoise noise = new CountingNoise();
        CappedToy toy = new CappedToy(6);
        StreamRequest request = StreamRequest.of(ledger, KEY, noise, "toy")
                .withShape(StreamRequest.Shape.symmetricMatrix(4));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> toy.openStream(request));
        assertEquals("cap must be in [10, inf), got 6", refused.getMessage());
        assertEquals(List.of(StreamRequest.Shape.symmetricMatrix(4)), toy.checked);
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.draws, "nothing drawn");

        // 3 x 3: 6 coordinates, exactly the cap, opens.
        ReleaseStream stream = toy.openStream(StreamRequest.of(ledger, KEY, noise, "toy")
                .withShape(StreamRequest.Shape.symmetricMatrix(3)));
        assertEquals(0, stream.released());
        assertEquals(0, ledger.charges(), "opening a per-release stream charges nothing");
    }

    @Test
    void anOpeningWithoutAShapeIsNotChecked() {
        CappedToy toy = new CappedToy(0);
        toy.openStream(StreamRequest.of(ledger(), KEY, NoiseSource.seeded(1), "toy"));
        assertTrue(toy.checked.isEmpty());
    }

    @Test
    void anOpeningOfATypeThePrivatizerDoesNotAcceptIsRefused() {
        PrivacyLedger ledger = ledger();
        CappedToy toy = new CappedToy(100);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> toy.openStream(
                StreamRequest.of(ledger, KEY, NoiseSource.seeded(1), "toy")
                        .withShape(StreamRequest.Shape.category(3))));
        assertTrue(refused.getMessage().startsWith("toy accepts "), refused.getMessage());
        assertTrue(refused.getMessage().endsWith(", but the stream was opened for Category(3)"), refused.getMessage());
        for (String type : List.of("Scalar", "Vector", "SymmetricMatrix", "Counts")) {
            assertTrue(refused.getMessage().contains(type), refused.getMessage());
        }
        assertTrue(toy.checked.isEmpty(), "the type is refused before the privatizer's own check");
        assertEquals(0, ledger.charges());
    }

    @Test
    void aShapedStreamRefusesAnInputOfAnotherShapeBeforeAnyChargeOrDraw() {
        PrivacyLedger ledger = ledger();
        CountingNoise noise = new CountingNoise();
        ReleaseStream stream = new CappedToy(100).openStream(StreamRequest.of(ledger, KEY, noise, "shaped")
                .withShape(StreamRequest.Shape.vector(2)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> stream.release(new Statistic.Vector(new double[3])));
        assertEquals("shaped: the stream was opened for releases of shape Vector(2), got Vector(3)",
                refused.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> stream.release(null));
        assertEquals("shaped: the stream was opened for releases of shape Vector(2), got null", empty.getMessage());
        assertEquals(0, ledger.charges());
        assertEquals(0, noise.draws);
        assertEquals(0, stream.released());

        stream.release(new Statistic.Vector(new double[] {1, 2}));
        assertEquals(1, stream.released());
        assertEquals(1, ledger.charges());
        assertEquals(2, noise.draws, "one draw per coordinate of the toy's noise");
    }

    @Test
    void anUnshapedStreamLeavesShapeChecksToThePrivatizer() {
        PrivacyLedger ledger = ledger();
        CappedToy toy = new CappedToy(1);
        ReleaseStream stream = toy.openStream(StreamRequest.of(ledger, KEY, NoiseSource.seeded(2), "u"));
        stream.release(new Statistic.Vector(new double[3]));
        stream.release(new Statistic.Scalar(1));
        assertEquals(2, stream.released());
        assertTrue(toy.checked.isEmpty(), "no declared shape, no opening check");
    }
}
