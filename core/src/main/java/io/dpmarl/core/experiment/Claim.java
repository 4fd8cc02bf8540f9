package io.dpmarl.core.experiment;

/**
 * One row of a reproduction's claim table and of its {@code claims.csv}
 * ({@code paper,claim,expected,measured,status}).
 *
 * @param paper    the paper id, for example {@code "dp-nash-vi"}
 * @param claim    the claim's id and a short statement, for example {@code "A11 regret sublinear"}
 * @param expected what the paper or spec says, for example {@code "slope < 0.8"}
 * @param measured what this run measured
 * @param status   PASS, FAIL, DIFFERS or RECORDED
 */
public record Claim(String paper, String claim, String expected, String measured, ClaimStatus status) {

    /** A gated claim: PASS if {@code holds}, FAIL otherwise. */
    public static Claim check(String paper, String claim, String expected, String measured, boolean holds) {
        return new Claim(paper, claim, expected, measured, holds ? ClaimStatus.PASS : ClaimStatus.FAIL);
    }

    /** A claim of the paper that does not reproduce; {@code measured} must say why. */
    public static Claim differs(String paper, String claim, String expected, String measured) {
        return new Claim(paper, claim, expected, measured, ClaimStatus.DIFFERS);
    }

    /** A claim reported without gating. */
    public static Claim recorded(String paper, String claim, String expected, String measured) {
        return new Claim(paper, claim, expected, measured, ClaimStatus.RECORDED);
    }
}
