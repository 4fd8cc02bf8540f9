package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.AtomicFiles;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.Csv;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The claim rows of {@code dpmarl reproduce} and {@code dpmarl claims}: {@code claims.csv}
 * ({@value #HEADER}, every cell in full) and a table on the terminal that fits in {@value #WIDTH} columns (long cells
 * are cut and end in {@code ...}).
 */
final class ClaimTable {
    /** The header of {@code claims.csv}. */
    static final String HEADER = "paper,claim,expected,measured,status";
    /** The widest table line printed. */
    static final int WIDTH = 160;
    private static final int[] CAPS = {16, 56, 32, 38, 8};

    private ClaimTable() {
    }

    /** Writes {@code claims.csv}. */
    static void write(Path file, List<Claim> claims) throws IOException {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Claim claim : claims) {
            csv.append(Csv.line(claim.paper(), claim.claim(), claim.expected(), claim.measured(),
                    claim.status().name())).append('\n');
        }
        AtomicFiles.writeText(file, csv.toString());
    }

    /** Prints the table and a summary line; returns the number of FAIL rows. */
    static long print(PrintWriter out, List<Claim> claims, Path csv) {
        if (!claims.isEmpty()) {
            String[] header = {"paper", "claim", "paper value", "measured", "status"};
            List<String[]> rows = new ArrayList<>();
            rows.add(header);
            for (Claim claim : claims) {
                rows.add(new String[] {claim.paper(), claim.claim(), claim.expected(), claim.measured(),
                    claim.status().name()});
            }
            int[] widths = new int[header.length];
            for (String[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    row[i] = cut(Main.oneLine(row[i]), CAPS[i]);
                    widths[i] = Math.max(widths[i], row[i].length());
                }
            }
            for (String[] row : rows) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < row.length; i++) {
                    line.append(i == 0 ? "" : "  ").append(i == row.length - 1 ? row[i]
                            : String.format("%-" + widths[i] + "s", row[i]));
                }
                out.println(line);
            }
        }
        long failed = count(claims, ClaimStatus.FAIL);
        out.println(claims.size() + " claim(s): " + count(claims, ClaimStatus.PASS) + " PASS, " + failed + " FAIL, "
                + count(claims, ClaimStatus.DIFFERS) + " DIFFERS, " + count(claims, ClaimStatus.RECORDED)
                + " RECORDED; full rows in " + csv);
        out.flush();
        return failed;
    }

    private static String cut(String cell, int cap) {
        return cell.length() <= cap ? cell : cell.substring(0, cap - 3) + "...";
    }

    private static long count(List<Claim> claims, ClaimStatus status) {
        return claims.stream().filter(claim -> claim.status() == status).count();
    }
}
