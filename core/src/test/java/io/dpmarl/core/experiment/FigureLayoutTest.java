package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figures a researcher can put in a paper: panels instead of crowded axes, log bands clamped at the axis floor,
 * round ticks, a log axis for epsilon over orders of magnitude, smoothing, captions, small SVGs and the same bytes
 * whether figures are drawn one by one or in parallel. Expected values are worked out in each test.
 */
class FigureLayoutTest {

    private static List<AggregateRow> rows(String metric, List<String> experiments, int steps, double base,
                                           double growth) {
        List<AggregateRow> rows = new ArrayList<>();
        for (int e = 0; e < experiments.size(); e++) {
            for (int step = 1; step <= steps; step++) {
                double mean = base * Math.pow(growth, e) * (1 + Math.sin(step * 0.01) / 2);
                rows.add(new AggregateRow(experiments.get(e), metric, step, 5, mean, mean, -mean, 3 * mean));
            }
        }
        return rows;
    }

    private static List<String> grid(int privatizers, int scales) {
        List<String> names = new ArrayList<>();
        for (int p = 0; p < privatizers; p++) {
            for (int s = 0; s < scales; s++) {
                names.add("privatizer=p" + p + " learner.scale=" + s);
            }
        }
        return names;
    }

    @Test
    void moreThanSixSeriesAreSplitIntoOnePanelPerFirstGridKey() {
        FigureData.Figure figure = FigureData.prepare(rows("nash_gap", grid(2, 5), 100, 1, 1.1),
                Plotter.defaultRequest("nash_gap"));
        assertEquals(2, figure.panels().size());
        assertEquals("privatizer=p1", figure.panels().get(1).title());
        assertEquals("learner.scale=4", figure.panels().get(1).series().get(4).label());
        FigureData.Figure few = FigureData.prepare(rows("nash_gap", grid(1, 5), 100, 1, 1.1),
                Plotter.defaultRequest("nash_gap"));
        assertEquals(1, few.panels().size());
        assertEquals("privatizer=p0 learner.scale=0", few.panels().get(0).series().get(0).label());
    }

    /** Means 0.03 .. ; lower band edges at -mean <= 0: the floor is the decade below 0.03, that is 0.01. */
    @Test
    void logBandsAreClampedAtTheDecadeBelowTheSmallestMean() {
        FigureData.Figure figure = FigureData.prepare(rows("regret", List.of("a"), 50, 0.03, 1),
                Plotter.defaultRequest("regret").withAxes(false, true));
        assertEquals(0.01, figure.floor(), 1e-15);
        for (double low : figure.panels().get(0).series().get(0).low()) {
            assertEquals(0.01, low, 1e-15);
        }
        assertArrayEquals(new double[] {0.01, 1}, FigurePainter.yRange(figure), 1e-12);
    }

    @Test
    void ticksFallOnRoundValues() {
        assertEquals(List.of(0.0, 200.0, 400.0, 600.0, 800.0, 1000.0),
                new FigurePainter.Axis(0, 1000, false, 0, 1).ticks());
        assertEquals(List.of(0.0, 2000.0, 4000.0, 6000.0, 8000.0, 10000.0),
                new FigurePainter.Axis(0, FigurePainter.roundUp(6500), false, 0, 1).ticks());
        assertEquals(List.of(-0.5, 0.0, 0.5, 1.0, 1.5), new FigurePainter.Axis(-0.6, 1.7, false, 0, 1).ticks());
        assertEquals(List.of(0.01, 0.1, 1.0, 10.0), new FigurePainter.Axis(0.01, 10, true, 0, 1).ticks());
        assertEquals(2.5, FigurePainter.roundUp(2.1));
        assertEquals(1000.0, FigurePainter.roundUp(999));
        assertEquals("0.25", FigurePainter.label(0.25));
        assertEquals("1e-5", FigurePainter.label(1e-5));
        assertEquals("2.5e6", FigurePainter.label(2.5e6));
    }

    @Test
    void epsilonOverOrdersOfMagnitudeGetsALogAxis() {
        PlotRequest request = Plotter.defaultRequest("epsilon_spent");
        assertTrue(FigureData.prepare(rows("epsilon_spent", List.of("a", "b", "c"), 10, 0.1, 20), request).logY());
        assertFalse(FigureData.prepare(rows("epsilon_spent", List.of("a", "b", "c"), 10, 0.1, 3), request).logY());
        assertFalse(FigureData.prepare(rows("episode_return", List.of("a", "b", "c"), 10, 0.1, 20),
                Plotter.defaultRequest("episode_return")).logY());
    }

    @Test
    void smoothingIsATrailingMovingAverageAndTheCaptionSaysSo() {
        assertArrayEquals(new double[] {1, 1.5, 2.5, 3.5}, FigureData.movingAverage(new double[] {1, 2, 3, 4}, 2));
        PlotRequest request = Plotter.defaultRequest("episode_return").withSmoothing(25);
        FigureData.Figure figure = FigureData.prepare(rows("episode_return", List.of("a"), 1000, 1, 1), request);
        String caption = Plotter.caption(figure, request);
        assertEquals("Line: mean over n = 5 seeds; band: 95% Student-t interval of the mean; both smoothed by a "
                + "trailing moving average over 25 points; at most 250 points drawn per series.", caption);
        // 1000 points, stride ceil(999 / 249) = 5: points 0, 5, ..., 995 and the last, 999: 201 points.
        double[] x = figure.panels().get(0).series().get(0).x();
        assertEquals(201, x.length);
        assertEquals(1000, x[x.length - 1]);
    }

    /** Ten series of 20,000 steps: far over 200 KB if every point were drawn (about 25 bytes per coordinate). */
    @Test
    void figuresAreSmallCaptionedAndTheSameInParallel(@TempDir Path directory) throws Exception {
        List<AggregateRow> rows = new ArrayList<>(rows("nash_gap", grid(2, 5), 20_000, 1, 1.1));
        rows.addAll(rows("epsilon_spent", grid(1, 3), 20_000, 0.01, 30));
        List<PlotRequest> requests = List.of(Plotter.defaultRequest("nash_gap"),
                Plotter.defaultRequest("epsilon_spent"));
        List<Path> serial = Plotter.drawAll(rows, requests, directory.resolve("serial"), 1);
        List<Path> parallel = Plotter.drawAll(rows, requests, directory.resolve("parallel"), 4);
        assertEquals(4, parallel.size());
        for (int i = 0; i < serial.size(); i++) {
            assertArrayEquals(Files.readAllBytes(serial.get(i)), Files.readAllBytes(parallel.get(i)),
                    serial.get(i).toString());
        }
        // The hand-written PNG encoder produces an image ImageIO decodes: two panels of 620 px side by side.
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(parallel.get(0).toFile());
        assertEquals(1240, png.getWidth());
        assertEquals(400 + FigurePainter.CAPTION, png.getHeight());
        assertEquals(0xFFFFFF, png.getRGB(2, 2) & 0xFFFFFF, "white background");
        for (Path file : parallel) {
            if (file.toString().endsWith(".svg")) {
                String svg = Files.readString(file);
                assertTrue(Files.size(file) < 200_000, file + " is " + Files.size(file) + " bytes");
                assertTrue(svg.contains("class=\"caption\""), file.toString());
                assertTrue(svg.contains("Line: mean over n = 5 seeds; band: 95% Student-t interval of the mean"));
                assertFalse(svg.contains("http://") && svg.replace("http://www.w3.org/2000/svg", "").contains("http"),
                        "no external references");
            }
        }
    }
}
