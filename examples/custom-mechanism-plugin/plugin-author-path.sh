#!/usr/bin/env bash
# The plugin author's path of examples/custom-mechanism-plugin/README.md, step by step, with only the documented
# commands, outside this repository. CI runs it after `mvn -B verify` (.ci/run).
#
#   examples/custom-mechanism-plugin/plugin-author-path.sh [WORK_DIR]
#
# MVN_ARGS adds Maven options to every mvn call, for example MVN_ARGS="-o -Dmaven.repo.local=$HOME/plugin-test-repo" to install
# into a separate local repository instead of ~/.m2.
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
rm -rf "$WORK/my-plugin" "$WORK/project"
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
echo "plugin-author-path: OK ($WORK)"
