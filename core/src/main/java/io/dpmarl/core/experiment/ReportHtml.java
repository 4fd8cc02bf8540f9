package io.dpmarl.core.experiment;

import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes {@code report.html}: one self-contained page (inline CSS and SVG, one small inline script, no link, font or
 * image fetched from anywhere) with the claims table (status and reason of every row), every figure, the privacy
 * ledger per key with the accountant, the guarantee claimed next to computed and the neighbouring relation it holds
 * under (once, above the first ledger, a sentence on what a release's guarantee and a key's figure protect), the
 * spec and {@code config.json} of every run, and the environment (dpmarl, Java and OS versions, the noise mode). The
 * script only counts what rendered (figures with a non-empty box, claim rows) into {@code data-} attributes of the
 * body, for tests.
 */
public final class ReportHtml {
    /** The report's file name. */
    public static final String FILE = "report.html";

    /** The ledger's only row when a run recorded no private release: it makes no privacy claim (not epsilon 0). */
    static final String NO_RELEASES = "no private release was recorded: this run makes no privacy claim (a non-private"
            + " learner, privatizer: none, or noise off); its data are not protected";

    /**
     * Said once per page, above the first ledger table: the unit a release's guarantee and a key's epsilon protect.
     * A release's guarantee holds for one pair of inputs neighbouring under the privatizer's relation; a key's epsilon
     * composes every release charged to the key, so what it protects is everything released under the key.
     */
    static final String UNIT = "A release's guarantee holds for one pair of inputs neighbouring under the relation"
            + " shown; a key's epsilon composes every release charged to that key, so the unit it protects is"
            + " everything released under the key (under agent/i, all of agent i's releases, not one record).";

    private static final String STYLE = "body{font-family:sans-serif;margin:24px;color:#222;max-width:1300px}"
            + "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:4px 8px;"
            + "vertical-align:top;font-size:13px;text-align:left}th{background:#f3f3f3}.PASS{background:#d9f2d9}"
            + ".FAIL{background:#f8d0d0}.DIFFERS{background:#fbeccb}.RECORDED{background:#eef}"
            + "figure{margin:12px 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}"
            + "pre{background:#f7f7f7;padding:8px;overflow:auto;font-size:12px;max-height:400px}"
            + "h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:36px}";
    private static final String SCRIPT = "window.addEventListener('load',function(){var f=document.querySelectorAll("
            + "'figure svg'),r=0;for(var i=0;i<f.length;i++){var b=f[i].getBoundingClientRect();if(b.width>0&&"
            + "b.height>0&&f[i].querySelectorAll('polyline').length>0){r++;}}document.body.setAttribute("
            + "'data-figures',f.length);document.body.setAttribute('data-figures-rendered',r);document.body"
            + ".setAttribute('data-claim-rows',document.querySelectorAll('#claims tbody tr').length);});";

    private ReportHtml() {
    }

    /**
     * Writes the report of the run directories into {@code file}.
     *
     * @param title    the page title
     * @param claims   a {@code claims.csv} file (header {@code paper,claim,expected,measured,status}), if any
     * @param runs     run directories, each with {@code config.json}, {@code privacy.csv} and {@code plots/}
     * @param registry resolves privatizers for their guarantees, if given
     */
    public static Path write(Path file, String title, Optional<Path> claims, List<Path> runs,
                             Optional<Registry> registry) throws IOException {
        StringBuilder html = new StringBuilder(1 << 16);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">")
                .append("<title>").append(escape(title)).append("</title><style>").append(STYLE)
                .append("</style></head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n");
        if (claims.isPresent() && Files.isRegularFile(claims.get())) {
            claims(html, claims.get());
        }
        boolean first = true;
        for (Path run : runs) {
            run(html, RunReport.read(run, registry), runs.size() > 1, first);
            first = false;
        }
        environment(html, runs);
        html.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        AtomicFiles.writeText(file, html.toString());
        return file;
    }

    private static void claims(StringBuilder html, Path file) throws IOException {
        List<Csv.Row> rows = Csv.parse(Files.readString(file, StandardCharsets.UTF_8));
        html.append("<h2>Claims</h2>\n<table id=\"claims\"><thead><tr><th>paper</th><th>claim</th>")
                .append("<th>expected (threshold and source)</th><th>measured (reason)</th><th>status</th></tr>")
                .append("</thead><tbody>\n");
        for (Csv.Row row : rows.subList(Math.min(1, rows.size()), rows.size())) {
            List<String> cells = row.fields();
            String status = cells.isEmpty() ? "" : cells.get(cells.size() - 1);
            html.append("<tr class=\"").append(escape(status)).append("\">");
            for (String cell : cells) {
                html.append("<td>").append(escape(cell)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    /** One run's section; the first run's ledger is preceded by {@link #UNIT}, said once per page. */
    private static void run(StringBuilder html, RunReport report, boolean several, boolean first) {
        html.append(several ? "<h2>" : "<h2>Run ").append(escape(report.name())).append("</h2>\n");
        for (RunReport.Figure figure : report.figures()) {
            html.append("<figure>").append(stripProlog(figure.svg())).append("<figcaption>")
                    .append(escape(figure.file())).append("</figcaption></figure>\n");
        }
        html.append("<h3>Privacy ledger</h3>\n");
        if (first) {
            html.append("<p>").append(escape(UNIT)).append("</p>\n");
        }
        html.append("<table class=\"ledger\"><thead><tr><th>experiment</th><th>key</th>")
                .append("<th>rows (trials x keys)</th><th>releases (max)</th><th>epsilon (min .. max)</th>")
                .append("<th>accountant</th>")
                .append("<th>delta</th><th>guarantee (computed)</th><th>neighbouring</th>")
                .append("<th>guarantee (paper's claim)</th><th>note</th>")
                .append("</tr></thead><tbody>\n");
        for (RunReport.LedgerRow row : report.ledger()) {
            html.append("<tr><td>").append(escape(row.experiment())).append("</td><td>").append(escape(row.key()))
                    .append("</td><td>").append(row.trials()).append("</td><td>").append(row.releases())
                    .append("</td><td>").append(range(row.epsilonMin(), row.epsilonMax())).append("</td><td>")
                    .append(escape(row.accountant())).append("</td><td>").append(escape(row.delta()))
                    .append("</td><td>").append(escape(row.computed())).append("</td><td>")
                    .append(escape(row.neighbouring())).append("</td><td>")
                    .append(escape(row.claimed().isEmpty() ? "same" : row.claimed())).append("</td><td>")
                    .append(escape(row.note())).append("</td></tr>\n");
        }
        if (report.ledger().isEmpty()) {
            // An empty ledger is not epsilon 0: nothing was released under a privacy mechanism.
            html.append("<tr><td colspan=\"11\">").append(NO_RELEASES).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n<details><summary>spec and config.json (noise: ")
                .append(escape(report.noise())).append(")</summary><pre>").append(escape(report.config()))
                .append("</pre></details>\n");
    }

    private static void environment(StringBuilder html, List<Path> runs) {
        String version = Optional.ofNullable(ReportHtml.class.getPackage().getImplementationVersion())
                .orElse("development build");
        html.append("<h2>Environment</h2>\n<table><tbody><tr><th>dpmarl</th><td>").append(escape(version))
                .append("</td></tr><tr><th>Java</th><td>").append(escape(System.getProperty("java.version", "?")))
                .append(" (").append(escape(System.getProperty("java.vendor", "?")))
                .append(")</td></tr><tr><th>OS</th><td>")
                .append(escape(System.getProperty("os.name", "?") + " " + System.getProperty("os.arch", "")))
                .append("</td></tr><tr><th>runs</th><td>").append(runs.size()).append("</td></tr></tbody></table>\n");
    }

    private static String range(double min, double max) {
        return min == max ? number(min) : number(min) + " .. " + number(max);
    }

    private static String number(double value) {
        return Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : String.format(Locale.ROOT, "%.6g", value);
    }

    private static String stripProlog(String svg) {
        int start = svg.indexOf("<svg");
        return start < 0 ? "" : svg.substring(start);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
