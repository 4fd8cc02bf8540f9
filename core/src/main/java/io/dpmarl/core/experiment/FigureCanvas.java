package io.dpmarl.core.experiment;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.Locale;

/**
 * The few drawing operations a figure needs, with two back ends that draw the same picture: {@link Svg} (a
 * compact SVG document, coordinates to one decimal) and {@link Png} (Java2D on an image, encoded by the caller).
 * Colours are {@code #rrggbb}; opacity is separate.
 */
sealed interface FigureCanvas permits FigureCanvas.Svg, FigureCanvas.Png {

    /** Where a text's x coordinate is. */
    enum Anchor { START, MIDDLE, END }

    void rectangle(double x, double y, double width, double height, String stroke);

    void line(double x1, double y1, double x2, double y2, String color, double width);

    void polyline(double[] xs, double[] ys, String color, double width, String tooltip);

    void polygon(double[] xs, double[] ys, String fill, double opacity);

    void text(String text, double x, double y, Anchor anchor, int size, boolean vertical, String cssClass);

    /** An SVG document. */
    final class Svg implements FigureCanvas {
        private final StringBuilder out = new StringBuilder(32_768);

        Svg(int width, int height, String title, String description) {
            out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                    .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                    .append("\" font-family=\"sans-serif\">\n<title>").append(escape(title)).append("</title>\n<desc>")
                    .append(escape(description))
                    .append("</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        }

        @Override
        public void rectangle(double x, double y, double width, double height, String stroke) {
            out.append("<rect x=\"").append(f(x)).append("\" y=\"").append(f(y)).append("\" width=\"").append(f(width))
                    .append("\" height=\"").append(f(height)).append("\" fill=\"none\" stroke=\"").append(stroke)
                    .append("\"/>\n");
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, double width) {
            out.append("<line x1=\"").append(f(x1)).append("\" y1=\"").append(f(y1)).append("\" x2=\"").append(f(x2))
                    .append("\" y2=\"").append(f(y2)).append("\" stroke=\"").append(color).append("\" stroke-width=\"")
                    .append(f(width)).append("\"/>\n");
        }

        @Override
        public void polyline(double[] xs, double[] ys, String color, double width, String tooltip) {
            out.append("<polyline class=\"series\" points=\"").append(points(xs, ys))
                    .append("\" fill=\"none\" stroke=\"")
                    .append(color).append("\" stroke-width=\"").append(f(width)).append("\"><title>")
                    .append(escape(tooltip)).append("</title></polyline>\n");
        }

        @Override
        public void polygon(double[] xs, double[] ys, String fill, double opacity) {
            out.append("<polygon class=\"band\" points=\"").append(points(xs, ys)).append("\" fill=\"").append(fill)
                    .append("\" fill-opacity=\"").append(String.format(Locale.ROOT, "%.2f", opacity))
                    .append("\" stroke=\"none\"/>\n");
        }

        @Override
        public void text(String text, double x, double y, Anchor anchor, int size, boolean vertical, String cssClass) {
            out.append("<text");
            if (!cssClass.isEmpty()) {
                out.append(" class=\"").append(cssClass).append('"');
            }
            if (vertical) {
                out.append(" transform=\"translate(").append(f(x)).append(',').append(f(y)).append(") rotate(-90)\"");
            } else {
                out.append(" x=\"").append(f(x)).append("\" y=\"").append(f(y)).append('"');
            }
            out.append(" font-size=\"").append(size).append('"');
            if (anchor != Anchor.START) {
                out.append(" text-anchor=\"").append(anchor == Anchor.MIDDLE ? "middle" : "end").append('"');
            }
            out.append('>').append(escape(text)).append("</text>\n");
        }

        String document() {
            return out + "</svg>\n";
        }

        private static String points(double[] xs, double[] ys) {
            StringBuilder points = new StringBuilder(xs.length * 12);
            for (int i = 0; i < xs.length; i++) {
                if (i > 0) {
                    points.append(' ');
                }
                points.append(f(xs[i])).append(',').append(f(ys[i]));
            }
            return points.toString();
        }

        /** A pixel coordinate to one decimal, without a trailing ".0" (a hot path: no String.format). */
        static String f(double value) {
            long tenths = Math.round(value * 10);
            long whole = Math.abs(tenths) / 10;
            long fraction = Math.abs(tenths) % 10;
            String sign = tenths < 0 ? "-" : "";
            return fraction == 0 ? sign + whole : sign + whole + "." + fraction;
        }

        static String escape(String text) {
            return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
        }
    }

    /** A Java2D image. */
    final class Png implements FigureCanvas {
        private final BufferedImage image;
        private final Graphics2D graphics;

        Png(int width, int height) {
            image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            graphics = image.createGraphics();
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, width, height);
        }

        @Override
        public void rectangle(double x, double y, double width, double height, String stroke) {
            graphics.setColor(Color.decode(stroke));
            graphics.setStroke(new BasicStroke(1f));
            graphics.draw(new java.awt.geom.Rectangle2D.Double(x, y, width, height));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, double width) {
            // Grid lines and legend keys are axis-parallel: no anti-aliasing needed.
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            graphics.setColor(Color.decode(color));
            graphics.setStroke(new BasicStroke((float) width));
            graphics.draw(new java.awt.geom.Line2D.Double(x1, y1, x2, y2));
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        }

        @Override
        public void polyline(double[] xs, double[] ys, String color, double width, String tooltip) {
            graphics.setColor(Color.decode(color));
            graphics.setStroke(new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            graphics.draw(path(xs, ys, false));
        }

        @Override
        public void polygon(double[] xs, double[] ys, String fill, double opacity) {
            // Bands are translucent areas: no anti-aliasing needed, and filling is the costliest operation.
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            Color color = Color.decode(fill);
            graphics.setColor(new Color(color.getRed(), color.getGreen(), color.getBlue(),
                    (int) Math.round(255 * opacity)));
            graphics.fill(path(xs, ys, true));
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        }

        @Override
        public void text(String text, double x, double y, Anchor anchor, int size, boolean vertical, String cssClass) {
            graphics.setColor(Color.decode("#303030"));
            graphics.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
            double width = graphics.getFontMetrics().stringWidth(text);
            double shift = anchor == Anchor.START ? 0 : anchor == Anchor.MIDDLE ? width / 2 : width;
            AffineTransform saved = graphics.getTransform();
            graphics.translate(x, y);
            if (vertical) {
                graphics.rotate(-Math.PI / 2);
            }
            graphics.drawString(text, (float) -shift, 0f);
            graphics.setTransform(saved);
        }

        BufferedImage image() {
            graphics.dispose();
            return image;
        }

        private static Path2D path(double[] xs, double[] ys, boolean closed) {
            Path2D.Double path = new Path2D.Double();
            for (int i = 0; i < xs.length; i++) {
                if (i == 0) {
                    path.moveTo(xs[i], ys[i]);
                } else {
                    path.lineTo(xs[i], ys[i]);
                }
            }
            if (closed) {
                path.closePath();
            }
            return path;
        }
    }
}
