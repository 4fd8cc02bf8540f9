#!/usr/bin/env bash
# The plugin author's path of examples/custom-mechanism-plugin/README.md (a privatizer) and of
# examples/custom-learner-plugin/README.md (an environment, a learner and an evaluator), step by step, with only the
# documented commands, outside this repository. CI runs it after `mvn -B verify` (.ci/run).
#
#   examples/custom-mechanism-plugin/plugin-author-path.sh [WORK_DIR]
#
# MVN_ARGS adds Maven options to every mvn call, for example MVN_ARGS="-o -Dmaven.repo.local=$HOME/plugin-test-repo" to install
# into a separate local repository instead of ~/.m2. Offline (-o), that repository must already hold the build's
# dependencies: seed it with a copy of ~/.m2/repository (without io/dpmarl), or leave out -o.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="${1:-$(mktemp -d)}"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
read -r -a EXTRA <<< "${MVN_ARGS:-}"
step() { printf '\n== %s\n' "$*"; }
fail() { echo "plugin-author-path: $*" >&2; exit 1; }

step "1. install the dpmarl artifacts (README: mvn -B -DskipTests install)"
(cd "$ROOT" && mvn -B -q "${EXTRA[@]}" -DskipTests -Ddpmarl.javadoc.skip=true install)

step "2. copy the template out of the repository"
rm -rf "$WORK/my-plugin" "$WORK/my-learner-plugin" "$WORK/project"
cp -r "$ROOT/examples/custom-mechanism-plugin" "$WORK/my-plugin"
rm -rf "$WORK/my-plugin"/target*

step "3. build the plugin (its tests run the conformance kit and the privacy audit kit)"
(cd "$WORK/my-plugin" && mvn -B -q "${EXTRA[@]}" package)
for test in ClippedLaplaceConformanceTest ClippedLaplaceAuditTest; do
  report="$WORK/my-plugin/target/surefire-reports/io.dpmarl.examples.plugin.$test.txt"
  [ -f "$report" ] || fail "$test did not run"
  grep -q 'Failures: 0, Errors: 0, Skipped: 0' "$report" || fail "$test: $(cat "$report")"
  grep -h 'Tests run' "$report"
done
JAR="$(ls "$WORK"/my-plugin/target/custom-mechanism-plugin-*.jar)"

step "4. drop the jar in plugins/"
mkdir -p "$WORK/project/plugins"
cp "$JAR" "$WORK/project/plugins/"
cd "$WORK/project"

step "5. dpmarl list shows the plugin"
"$ROOT/dpmarl" list --kind privatizer | tee list.txt
grep -q '^  clipped-laplace ' list.txt || fail "clipped-laplace is not listed"

step "6. a spec runs it"
cat > clipped.yaml <<'SPEC'
name: clipped
environment: coordination-game(horizon=3, high=1, low=0.5)
learner: independent-q(alpha=0.2, exploration=0.1, initial=1)
privatizer: "clipped-laplace(epsilon=0.5, bound=1)"
accountant: basic
delta: 1.0e-6
episodes: 20
trials: 2
seed: 7
SPEC
"$ROOT/dpmarl" run clipped.yaml --out runs --no-plots
privacy="$(find runs -name privacy.csv | head -1)"
[ -n "$privacy" ] || fail "the run wrote no privacy.csv"
grep -q 'agent' "$privacy" || fail "the run charged no privacy"

step "7. copy and build the environment, learner and evaluator template (examples/custom-learner-plugin)"
cp -r "$ROOT/examples/custom-learner-plugin" "$WORK/my-learner-plugin"
rm -rf "$WORK/my-learner-plugin"/target*
(cd "$WORK/my-learner-plugin" && mvn -B -q "${EXTRA[@]}" package)
for test in RelayChainConformanceTest TeamQLearnerTest ValueGapEvaluatorTest JavaPipelineTest; do
  report="$WORK/my-learner-plugin/target/surefire-reports/io.dpmarl.examples.learnerplugin.$test.txt"
  [ -f "$report" ] || fail "$test did not run"
  grep -q 'Failures: 0, Errors: 0, Skipped: 0' "$report" || fail "$test: $(cat "$report")"
  grep -h 'Tests run' "$report"
done
cp "$WORK"/my-learner-plugin/target/custom-learner-plugin-*.jar plugins/

step "8. dpmarl list shows the environment, the learner and the evaluator with their parameters"
"$ROOT/dpmarl" list > list-all.txt
for line in '^  relay-chain ' '^      slip (real, default 0.1, \[0, 1)): ' '^  team-q ' \
    '^      privatizer (<privatizer plugin>, default none, a privatizer plugin spec or none): ' \
    '^      records: rewards_clipped$' '^  value-gap ' '^      every (integer, default 1, \[1, 1000000\]): ' \
    '^      records: value_gap$'; do
  grep -q "$line" list-all.txt || fail "dpmarl list lacks a line matching $line"
done
grep -A4 -E '^  (relay-chain|team-q|value-gap) ' list-all.txt

step "9. the bundled spec runs them with laplace and basic; 1 and 2 threads give the same bytes"
cp "$WORK/my-learner-plugin/relay-team-q.yaml" .
"$ROOT/dpmarl" run relay-team-q.yaml --out relay-runs/1 --threads 1 --no-plots
"$ROOT/dpmarl" run relay-team-q.yaml --out relay-runs/2 --threads 2 --no-plots
for file in metrics.csv privacy.csv aggregate.csv; do
  cmp "relay-runs/1/$file" "relay-runs/2/$file" || fail "$file differs between 1 and 2 threads"
done
# 40 episodes x 6 stages: 240 reward releases per agent, epsilon 1 each under basic composition.
grep -q '^relay-team-q,0,40,agent/0,240,240.0,$' relay-runs/1/privacy.csv || fail "agent/0 is not charged 240 releases"
grep -q ',value_gap,' relay-runs/1/metrics.csv || fail "value-gap recorded nothing"
# The plugin evaluator against a built-in one on the plugin environment's model: the built-in team-regret adds
# V* - V^pi of the same policy after every episode, so its increments must equal value-gap's values.
"$ROOT/dpmarl" run relay-team-q.yaml --out relay-runs/cross --set 'evaluators=value-gap,team-regret' --set trials=1 \
  --no-plots > /dev/null || fail "the run with value-gap and team-regret failed"
awk -F, '$5 == "value_gap" { gap[$4] = $6 } $5 == "cumulative_regret" { increment[$4] = $6 - previous; previous = $6 }
  END { n = 0; for (step in gap) { n++; d = gap[step] - increment[step]; if (d > 1e-9 || d < -1e-9) bad++ }
        if (n != 40 || bad) { print "value-gap and team-regret disagree at " bad + 0 " of " n " episodes"; exit 1 } }' \
  relay-runs/cross/metrics.csv || fail "value-gap does not match the built-in team-regret"

step "10. a bad parameter is one line, exit 2, nothing written"
set +e
"$ROOT/dpmarl" run relay-team-q.yaml --out relay-runs/bad --set 'evaluators=value-gap(every=0)' > bad.out 2> bad.err
status=$?
set -e
[ "$status" = 2 ] || fail "a bad parameter exited $status, not 2"
[ "$(cat bad.err)" = "dpmarl: value-gap: parameter 'every' must be in [1, 1000000], got 0" ] \
  || fail "unexpected message: $(cat bad.err)"
[ ! -s bad.out ] && [ ! -e relay-runs/bad ] || fail "a refused spec wrote output"
echo "plugin-author-path: OK ($WORK)"
