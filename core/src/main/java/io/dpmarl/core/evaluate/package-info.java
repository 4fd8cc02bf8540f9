/** Evaluators: instruments that read the exact model and record regret, Nash gap, TD error and the like. */
package io.dpmarl.core.evaluate;
