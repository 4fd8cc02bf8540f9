package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.DeclaringPrivatizer;
import io.dpmarl.core.fixtures.PrivatizerDeclarations;
import io.dpmarl.core.fixtures.StreamedToyPrivatizer;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's guarantee columns say what their figure covers: a per-release privatizer's guarantee "per release", a
 * scheduled one's named as its first release's ("release 0"), beside the schedule, since its later releases charge
 * other events, an up-front stream's as the whole stream's; and the paper's claim with the same scope. The toy
 * privatizer is 1-DP per release (its declarations); the claiming fixtures below claim 0.25-DP.
 */
class RunReportGuaranteeTest {

    /** A fixture in {@code mode} whose paper claims 0.25-DP (its computed guarantee is the toy's 1-DP). */
    private record Claiming(StreamedToyPrivatizer delegate, Optional<PrivacyGuarantee> claim)
            implements DeclaringPrivatizer {
        Claiming(StreamedToyPrivatizer.Mode mode, double claimed) {
            this(new StreamedToyPrivatizer(mode), Optional.of(new PrivacyGuarantee.PureDp(claimed)));
        }

        @Override
        public PrivatizerDeclarations declarations() {
            return delegate.declarations();
        }

        @Override
        public StreamAccounting accounting(OptionalLong length) {
            return delegate.accounting(length);
        }

        @Override
        public Optional<PrivacyGuarantee> claimedGuarantee() {
            return claim;
        }

        @Override
        public ReleaseStream openStream(StreamRequest request) {
            return delegate.openStream(request);
        }

        @Override
        public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
            return delegate.release(input, noise, ledger, key);
        }
    }

    @Test
    void aPerReleasePrivatizerSaysItsGuaranteeIsPerRelease() {
        ToyPrivatizer toy = new ToyPrivatizer();
        assertEquals("1.0-DP", toy.guarantee().describe());
        assertEquals("per release: 1.0-DP", RunReport.computed(toy));
        assertEquals("", RunReport.claimed(toy), "no claim of its own: the column says same");
    }

    @Test
    void aScheduledPrivatizerNamesTheScheduleAndCallsItsGuaranteeTheFirstReleases() {
        StreamedToyPrivatizer scheduled = new StreamedToyPrivatizer(StreamedToyPrivatizer.Mode.SCHEDULED);
        assertEquals("scheduled, release t charges laplace(b = 2^t, sensitivity = 1); release 0: 1.0-DP"
                + " (the ledger composes each release's own event)", RunReport.computed(scheduled));
    }

    /** Each accounting mode's scope; a claim equal to the computed figure is not repeated. */
    @Test
    void theClaimCarriesTheScopeOfTheFigure() {
        assertEquals("release 0: 0.25-DP",
                RunReport.claimed(new Claiming(StreamedToyPrivatizer.Mode.SCHEDULED, 0.25)));
        assertEquals("whole stream, charged once: 0.25-DP",
                RunReport.claimed(new Claiming(StreamedToyPrivatizer.Mode.UP_FRONT, 0.25)));
        assertEquals("whole stream, charged once: 1.0-DP",
                RunReport.computed(new Claiming(StreamedToyPrivatizer.Mode.UP_FRONT, 0.25)));
        // a nominal stream has no formal figure to scope
        Claiming nominal = new Claiming(StreamedToyPrivatizer.Mode.NOMINAL, 0.25);
        assertEquals(nominal.guarantee().describe(), RunReport.computed(nominal));
        assertEquals("0.25-DP", RunReport.claimed(nominal));
        assertEquals("", RunReport.claimed(new Claiming(StreamedToyPrivatizer.Mode.SCHEDULED, 1.0)),
                "a scheduled stream whose paper claims release 0's 1-DP: same");
    }

    /** The rendered report: the scheduled privatizer's ledger row says release 0 in both guarantee cells. */
    @Test
    void theRenderedLedgerRowSaysReleaseZero(@TempDir Path directory) throws Exception {
        PluginProvider<Privatizer> provider = new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            @Override
            public String name() {
                return "claiming-scheduled";
            }

            @Override
            public String description() {
                return "test privatizer: scheduled, claims 0.25-DP";
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public Privatizer create(Params params, PluginContext context) {
                return new Claiming(StreamedToyPrivatizer.Mode.SCHEDULED, 0.25);
            }
        };
        Path run = Files.createDirectories(directory.resolve("run"));
        Files.writeString(run.resolve("config.json"), "{\"spec\":{\"name\":\"demo\",\"accountant\":\"basic\","
                + "\"delta\":1e-6,\"privatizer\":\"claiming-scheduled\",\"learner\":\"toy\"},\"experiments\":[]}");
        Files.writeString(run.resolve("privacy.csv"), "# noise=seeded\n" + PrivacyCsv.HEADER + "\n"
                + "demo,0,10,global,1,1.0,\n");
        String html = Files.readString(ReportHtml.write(directory.resolve(ReportHtml.FILE), "demo", Optional.empty(),
                List.of(run), Optional.of(Registry.of(List.of(provider)))));
        Matcher ledger = Pattern.compile("<table class=\"ledger\">.*?</table>", Pattern.DOTALL).matcher(html);
        assertTrue(ledger.find(), html);
        // the neighbouring column sits between the two guarantees: the toy declares the record relation
        assertTrue(ledger.group().contains("<td>scheduled, release t charges laplace(b = 2^t, sensitivity = 1); "
                + "release 0: 1.0-DP (the ledger composes each release's own event)</td><td>record (datasets differing"
                + " in one record)</td><td>release 0: 0.25-DP</td>"), ledger.group());
    }
}
