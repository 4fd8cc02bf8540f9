package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.fixtures.StreamedToyPrivatizer;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import org.junit.jupiter.api.Test;

/**
 * The report's "guarantee (computed)" column: a per-release privatizer's guarantee as it is; a scheduled one's named
 * as its first release's, beside the schedule, since its later releases charge other events.
 */
class RunReportGuaranteeTest {

    @Test
    void aPerReleasePrivatizerPrintsItsGuaranteeAsItIs() {
        ToyPrivatizer toy = new ToyPrivatizer();
        assertEquals(toy.guarantee().describe(), RunReport.computed(toy));
    }

    @Test
    void aScheduledPrivatizerNamesTheScheduleAndCallsItsGuaranteeTheFirstReleases() {
        StreamedToyPrivatizer scheduled = new StreamedToyPrivatizer(StreamedToyPrivatizer.Mode.SCHEDULED);
        assertEquals("scheduled, release t charges laplace(b = 2^t, sensitivity = 1); release 0: "
                + scheduled.guarantee().describe() + " (the ledger composes each release's own event)",
                RunReport.computed(scheduled));
    }
}
