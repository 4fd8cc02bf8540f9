package io.dpmarl.core.experiment;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;

/**
 * Encodes a {@link FigureData.Figure} as PNG and SVG: the same {@link FigurePainter} drawing on a Java2D image and
 * on an SVG document, so both files show the same axes, ticks, bands and caption.
 */
final class FigureRenderer {

    /** The encoded figure. */
    record Encoded(byte[] png, byte[] svg) {
    }

    private FigureRenderer() {
    }

    static Encoded render(FigureData.Figure figure, PlotRequest request, String caption) throws IOException {
        FigurePainter.Size size = FigurePainter.Size.of(figure.panels().size());
        FigureCanvas.Png png = new FigureCanvas.Png(size.width(), size.height());
        FigurePainter.paint(png, figure, request, caption);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(png.image(), "png", bytes);
        FigureCanvas.Svg svg = new FigureCanvas.Svg(size.width(), size.height(), request.title(), caption);
        FigurePainter.paint(svg, figure, request, caption);
        return new Encoded(bytes.toByteArray(), svg.document().getBytes(StandardCharsets.UTF_8));
    }
}
