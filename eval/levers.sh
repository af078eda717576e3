#!/usr/bin/env bash
# The accuracy levers measured one by one on the public sets (README, "Evaluation"). ~35 min on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
SETS="eval/hoshizora.json eval/amatsu.json eval/touge.json"
mkdir -p reports/levers
run() {
  local name=$1; shift
  local report="reports/levers/${name//\//-}.json"  # a / in a lever's name must not make a folder
  env "$@" "$BIN/eval-interpret" $SETS --backend "${BACKEND:-model}" --json "$report" > /dev/null || true
  python3 - "$name" "$report" <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))
b = next(iter(r["backends"].values()))
files = ("hoshizora.json", "amatsu.json", "touge.json")
print(f"| {sys.argv[1]} | {b['accuracy']:.1%} | {b['false_actions']} | " + " | ".join(f"{b['per_file'][f]['accuracy']:.1%}" for f in files) + " |")
PY
}
echo "| lever | accuracy | false actions | hoshizora | amatsu | touge |"
echo "|---|---|---|---|---|---|"
NO_CHECK=INTERP_CONFIRM_BELOW=0
BACKEND=lexical run "lexical backend (same filters and rules)" INTERP_RULES=true
run "model, options inline, greedy, no rules" $NO_CHECK INTERP_EXAMPLE_STYLE=inline INTERP_DECISION=greedy INTERP_RULES=false
run "+ refinement rules" $NO_CHECK INTERP_EXAMPLE_STYLE=inline INTERP_DECISION=greedy
run "+ examples as demonstrations" $NO_CHECK INTERP_DECISION=greedy
run "+ full-sequence scores (argmax)" $NO_CHECK INTERP_DECISION=argmax
NO_SEMANTIC="INTERP_SEMANTIC_WEIGHT=0 INTERP_NONE_BIAS=1"
run "+ calibration (content-free, s=0.25)" $NO_CHECK INTERP_NONE_BIAS=0 INTERP_LEXICAL_WEIGHT=0 INTERP_WORDS_WEIGHT=0 INTERP_SEMANTIC_WEIGHT=0
run "+ none bias (+1 log-odds)" $NO_CHECK $NO_SEMANTIC INTERP_LEXICAL_WEIGHT=0 INTERP_WORDS_WEIGHT=0
run "+ lexical similarity (w=3)" $NO_CHECK $NO_SEMANTIC INTERP_WORDS_WEIGHT=0
run "+ required words present (+1.5)" $NO_CHECK $NO_SEMANTIC
NO_KNOWLEDGE=INTERP_SEMANTIC_KNOWLEDGE=false
NO_SECOND_LOOK=INTERP_CONFIRM_KNOWLEDGE_MIN_RATIO=0
run "+ word-vector similarity (w=3, none bias 1.5)" $NO_CHECK $NO_KNOWLEDGE
run "+ yes/no check of unsure topics (below 0.7, ratio 0.5)" $NO_KNOWLEDGE $NO_SECOND_LOOK
run "+ characters' knowledge as word-vector evidence" $NO_SECOND_LOOK
run "+ second look with the knowledge at the check (ratio 1.3): default" INTERP_RULES=true
run "default without rules" INTERP_RULES=false
