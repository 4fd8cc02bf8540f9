package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import org.junit.jupiter.api.Test;

/**
 * A symbolic-trajectory stream declared with a release shape: a category count other than the graph's local states
 * (4 in the spec below, states 0..3) is refused when the stream opens, before its up-front charge; the matching shape
 * opens (and is charged once), and the stream refuses a category of another count at the release.
 */
class TrajectoryStreamOpeningTest {
    private static final String SPEC = "symbolic-trajectory(epsilon=1, k=1, successors=0>0 1 2|1>1 2 3|2>0 2|3>2 3)";

    private static StreamRequest request(PrivacyLedger ledger, StreamRequest.Shape shape) {
        return StreamRequest.of(ledger, LedgerKey.user(0), NoiseSource.seeded(4), "t").withLength(3).withShape(shape);
    }

    @Test
    void aCategoryCountOtherThanTheLocalStatesIsRefusedBeforeTheUpFrontCharge() {
        Privatizer privatizer = Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class, SPEC);
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> privatizer.openStream(request(ledger, StreamRequest.Shape.category(5))));
        assertEquals("symbolic-trajectory: a stream's releases must be categories among the 4 local states of "
                + "'successors', so its shape must be Category(4), got Category(5)", refused.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> privatizer.openStream(request(ledger, StreamRequest.Shape.vector(4))));
        assertEquals(0, ledger.charges());

        ReleaseStream stream = privatizer.openStream(request(ledger, StreamRequest.Shape.category(4)));
        assertEquals(1, ledger.charges(), "the whole trajectory is charged once, when it opens");
        assertThrows(IllegalArgumentException.class, () -> stream.release(new Statistic.Category(0, 5)));
        stream.release(new Statistic.Category(1, 4));
        assertEquals(1, stream.released());
    }
}
