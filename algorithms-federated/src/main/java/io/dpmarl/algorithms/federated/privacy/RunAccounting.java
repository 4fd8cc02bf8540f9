package io.dpmarl.algorithms.federated.privacy;

/**
 * How the master's privatizer charges the ledger for the rounds of one DP federated TD(lambda) run (paper 003
 * Algorithm 2). The paper charges each round on its own; a changed cost also moves every later broadcast, so the
 * sound default accounts for the whole run.
 */
public enum RunAccounting {
    /**
     * Sound default: the run is one Gaussian (or Laplace) mechanism on the concatenated releases with the
     * {@link WholeRunSensitivity} of the step-size schedule; release n is charged the growth of the worst-case
     * whole-prefix bound, so the ledger is a true bound after every round, and at most T releases are allowed.
     */
    WHOLE_RUN,
    /**
     * PAPER-LITERAL (the paper's accounting, not a valid bound in general): every round is charged as an
     * independent release of sensitivity Delta_M (Lemma 7). It ignores that a changed cost keeps moving later
     * releases through the worker's own theta; e.g. for alpha_t = (t+1)^-0.65, gamma = 0.9, lambda = 0.5 it
     * understates the run whenever T &lt;= 266.
     */
    PAPER_PER_ROUND
}
