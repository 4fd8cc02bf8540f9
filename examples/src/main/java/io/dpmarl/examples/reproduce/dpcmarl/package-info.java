/**
 * Reproduction {@code dpc-marl} of DPC-MARL from "Privacy-preserved Fully Decentralized Multi-agent Reinforcement
 * Learning for Networked Social Systems" (Section VI.B-C, Table III, Fig. 6): bundled experiment specs on the CAPC
 * platoon and a claims step over their runs.
 */
package io.dpmarl.examples.reproduce.dpcmarl;
