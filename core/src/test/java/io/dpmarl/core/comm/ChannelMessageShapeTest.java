package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A channel that declares the shape of its messages has its privatizer's refusal of that shape raised when the
 * channel is created (or re-declared), before its ledger is charged or its noise source drawn from; its streams then
 * refuse a message of another shape before charging; and declaring a shape changes no release.
 */
class ChannelMessageShapeTest {

    /** The toy privatizer with a cap on the coordinates one release perturbs, refused at stream opening. */
    private static final class CappedToy extends ToyPrivatizer {
        private final long maxCoordinates;

        CappedToy(long maxCoordinates) {
            this.maxCoordinates = maxCoordinates;
        }

        @Override
        protected void validateStream(StreamRequest.Shape shape) {
            if (shape.coordinates() > maxCoordinates) {
                throw new IllegalArgumentException("toy: max-coordinates must be in [" + shape.coordinates()
                        + ", inf) for it, got " + maxCoordinates);
            }
        }
    }

    /** A seeded noise source that counts the 64-bit words drawn from it. */
    private static final class CountingNoise implements NoiseSource {
        private final NoiseSource bits = NoiseSource.seeded(5);
        private long drawn;

        @Override
        public long nextLong() {
            drawn++;
            return bits.nextLong();
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    }

    @Test
    void aCapBelowTheMessagesCoordinatesIsRefusedWhenTheChannelIsCreated() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        // A vector of 4 entries perturbs 4 coordinates; the cap 3 is below it.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Channel.privateChannel("critic", new CappedToy(3), ledger, noise,
                        StreamRequest.Shape.vector(4)));
        assertEquals("toy: max-coordinates must be in [4, inf) for it, got 3", refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    @Test
    void aCapEqualToTheMessagesCoordinatesIsAcceptedAndItsSendsRelease() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        // A symmetric 2 x 2 matrix perturbs its upper triangle: 2 * 3 / 2 = 3 coordinates, exactly the cap.
        Channel channel = Channel.privateChannel("gram", new CappedToy(3), ledger, noise,
                StreamRequest.Shape.symmetricMatrix(2));
        assertEquals(0, noise.drawn, "creating the channel draws nothing");
        assertEquals(Optional.of(StreamRequest.Shape.symmetricMatrix(2)), channel.messageShape());
        channel.send(0, 1, 0, new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 3}));
        assertEquals(1, ledger.charges(), "one send, one charge");
        // The toy draws nextLong(1024) per perturbed coordinate, one 64-bit word each (1024 is a power of two).
        assertEquals(3, noise.drawn);
    }

    @Test
    void aTypeThePrivatizerDoesNotAcceptIsRefusedWhenTheChannelIsCreated() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        // The toy accepts Scalar, Vector, SymmetricMatrix and Counts, not Category.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Channel.privateChannel("votes", new ToyPrivatizer(), ledger, noise,
                        StreamRequest.Shape.category(3)));
        assertTrue(refused.getMessage().startsWith("toy accepts "), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("but the stream was opened for Category(3)"), refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    @Test
    void reDeclaringAnUnusedChannelIsRefusedLikeCreatingOne() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        Channel undeclared = Channel.privateChannel("critic", new CappedToy(5), ledger, noise);
        assertEquals(Optional.empty(), undeclared.messageShape());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> undeclared.withMessageShape(StreamRequest.Shape.vector(6)));
        assertEquals("toy: max-coordinates must be in [6, inf) for it, got 5", refused.getMessage());
        Channel declared = undeclared.withMessageShape(StreamRequest.Shape.vector(5));
        assertEquals("critic", declared.name());
        assertEquals(undeclared.privatizer(), declared.privatizer());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    @Test
    void aChannelThatHasSentCannotBeReDeclared() {
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(1));
        channel.send(0, 1, 0, new Statistic.Scalar(1));
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> channel.withMessageShape(StreamRequest.Shape.scalar()));
        assertTrue(refused.getMessage().contains("before the first send"), refused.getMessage());
    }

    @Test
    void aMessageOfAnotherShapeIsRefusedBeforeItIsCharged() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), ledger, noise,
                StreamRequest.Shape.vector(2));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> channel.send(0, 1, 0, new Statistic.Vector(new double[] {1, 2, 3})));
        assertEquals("critic: the stream was opened for releases of shape Vector(2), got Vector(3)",
                refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    @Test
    void aClearChannelWithADeclaredShapeRefusesAMessageOfAnotherShape() {
        Channel channel = Channel.clear("public").withMessageShape(StreamRequest.Shape.vector(2));
        Statistic payload = new Statistic.Vector(new double[] {1, 2});
        assertEquals(payload, channel.send(0, 1, 0, payload).payload(), "carried unchanged");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> channel.send(0, 1, 0, new Statistic.Scalar(1)));
        assertEquals("public: the channel carries messages of shape Vector(2), got Scalar(1)", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> channel.send(0, 1, 0, null));
    }

    @Test
    void declaringTheShapeChangesNoReleaseAndNoCharge() {
        // Same privatizer, same seed, same sends: the declared channel must release the same bits in the same order.
        List<LedgerEntry> plainEntries = new ArrayList<>();
        List<LedgerEntry> declaredEntries = new ArrayList<>();
        PrivacyLedger plainLedger = PrivacyLedger.unaccounted();
        PrivacyLedger declaredLedger = PrivacyLedger.unaccounted();
        plainLedger.addListener(plainEntries::add);
        declaredLedger.addListener(declaredEntries::add);
        Channel plain = Channel.privateChannel("critic", new ToyPrivatizer(), plainLedger, NoiseSource.seeded(9));
        Channel declared = Channel.privateChannel("critic", new ToyPrivatizer(), declaredLedger,
                NoiseSource.seeded(9), StreamRequest.Shape.vector(3));
        for (int round = 0; round < 4; round++) {
            for (int sender = 0; sender < 3; sender++) {
                Statistic payload = new Statistic.Vector(new double[] {sender, round, sender * round});
                Envelope envelope = Envelope.broadcast(sender, List.of((sender + 1) % 3, (sender + 2) % 3), round);
                assertArrayEquals(((Statistic.Vector) plain.send(envelope, payload).get(1).payload()).values(),
                        ((Statistic.Vector) declared.send(envelope, payload).get(1).payload()).values());
            }
        }
        assertEquals(12, declaredEntries.size());
        assertEquals(plainEntries, declaredEntries);
    }
}
