package io.dpmarl.core.experiment;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

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
        writePng(png.image(), bytes);
        FigureCanvas.Svg svg = new FigureCanvas.Svg(size.width(), size.height(), request.title(), caption);
        FigurePainter.paint(svg, figure, request, caption);
        return new Encoded(bytes.toByteArray(), svg.document().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A PNG of an RGB image: filter "none" on every row and zlib at its fastest level. Figures are mostly flat
     * colour, so this is small enough and several times faster than ImageIO's adaptive filtering.
     */
    static void writePng(java.awt.image.BufferedImage image, ByteArrayOutputStream out) throws IOException {
        int width = image.getWidth();
        int height = image.getHeight();
        int[] pixels = image.getRGB(0, 0, width, height, null, 0, width);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(width * height / 4);
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_SPEED);
        try (java.util.zip.DeflaterOutputStream zip = new java.util.zip.DeflaterOutputStream(compressed, deflater,
                1 << 16)) {
            byte[] row = new byte[1 + 3 * width];
            for (int y = 0; y < height; y++) {
                row[0] = 0;
                for (int x = 0, k = 1; x < width; x++) {
                    int rgb = pixels[y * width + x];
                    row[k++] = (byte) (rgb >> 16);
                    row[k++] = (byte) (rgb >> 8);
                    row[k++] = (byte) rgb;
                }
                zip.write(row);
            }
        } finally {
            deflater.end();
        }
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array());
        chunk(out, "IDAT", compressed.toByteArray());
        chunk(out, "IEND", new byte[0]);
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        crc.update(name);
        crc.update(data);
        out.write(java.nio.ByteBuffer.allocate(4).putInt(data.length).array());
        out.write(name);
        out.write(data);
        out.write(java.nio.ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
