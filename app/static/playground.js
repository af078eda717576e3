// Kikitori playground: the public API only (GET /v1/scenarios, GET /v1/eval-states, POST /v1/interpret).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let scenarios = [];
let evalStates = [];
let scenarioLoads = 0;
let lastResult = null;

function headers() {
  const h = { "Content-Type": "application/json" };
  const key = $("api-key").value.trim();
  if (key) h.Authorization = "Bearer " + key;
  return h;
}

async function getJSON(url) {
  const response = await fetch(url, { headers: headers() });
  if (!response.ok) throw new Error(url + ": HTTP " + response.status + " " + (await response.text()));
  return response.json();
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function option(value, label) {
  return el("option", { value, text: label ?? value });
}

function scenario() {
  return scenarios.find((s) => s.id === $("scenario").value);
}

// --- the state: from an eval file, or built in the form ---------------------------------------

function fillForm(state) {
  const s = scenario();
  const chars = s.characters.map((c) => c.id);
  for (const [id, values] of [["location", s.locations.map((l) => l.id)], ["responder", chars], ["selected", chars]]) {
    const select = $(id);
    select.replaceChildren(option("", "—"), ...values.map((v) => option(v)));
    select.value = state[id] ?? "";
  }
  $("can-leave").checked = !!state.can_leave;
  $("present").replaceChildren(...chars.map((c) => checkbox("present", c, (state.present || []).includes(c))));
  const speakers = Object.fromEntries((state.available_intents || []).map((a) => [a.id, a.speaker || ""]));
  $("intents").replaceChildren(
    ...s.intents.map((i) => {
      const label = checkbox("intent", i.id, i.id in speakers);
      const who = el("select", { "data-speaker-of": i.id });
      who.append(option("", "—"), ...chars.map((c) => option(c)));
      who.value = speakers[i.id] || state.responder || "";
      label.append(who);
      return label;
    }),
  );
  $("moves").replaceChildren(...s.locations.map((l) => checkbox("move", l.id, (state.moves || []).includes(l.id))));
  $("last-line").value = state.last_line ? state.last_line.text : "";
  $("last-line").dataset.speaker = state.last_line ? state.last_line.speaker || "" : "";
  $("state-json").value = JSON.stringify(state, null, 1);
}

function checkbox(group, value, checked) {
  const box = el("input", { type: "checkbox", "data-group": group, value });
  box.checked = checked;
  box.addEventListener("change", syncJSON);
  return el("label", {}, box, value);
}

function formState() {
  const checked = (group) => [...document.querySelectorAll(`input[data-group=${group}]:checked`)].map((b) => b.value);
  const state = {
    location: $("location").value || null,
    present: checked("present"),
    responder: $("responder").value || null,
    selected: $("selected").value || null,
    available_intents: checked("intent").map((id) => ({
      id,
      speaker: document.querySelector(`select[data-speaker-of="${CSS.escape(id)}"]`).value || null,
    })),
    moves: checked("move"),
    can_leave: $("can-leave").checked,
  };
  const line = $("last-line").value.trim();
  if (line) state.last_line = { speaker: $("last-line").dataset.speaker || state.responder, text: line };
  return state;
}

function syncJSON() {
  $("state-json").value = JSON.stringify(formState(), null, 1);
}

function currentState() {
  return JSON.parse($("state-json").value || "{}");
}

function stateLabel() {
  const source = $("state-source");
  return source.options[source.selectedIndex]?.text || "custom";
}

async function loadScenario() {
  const s = scenario();
  const ticket = ++scenarioLoads;
  const states = await getJSON("/v1/eval-states?scenario=" + encodeURIComponent(s.id));
  // A scenario picked while an earlier one's states were on their way wins: the earlier answer must not fill
  // the form with another scenario's state (the interpretation would then be refused, 422).
  if (ticket !== scenarioLoads) return;
  evalStates = states;
  const source = $("state-source");
  source.replaceChildren(
    option("custom", "custom (built below)"),
    ...evalStates.map((e, i) => option(String(i), `${e.file} · ${e.name}`)),
  );
  const wanted = evalStates.findIndex((e) => e.name === params.get("state") && (!params.get("file") || e.file === params.get("file")));
  source.value = wanted >= 0 ? String(wanted) : evalStates.length ? "0" : "custom";
  pickState();
}

function pickState() {
  const value = $("state-source").value;
  const picked = value === "custom" ? null : evalStates[Number(value)];
  fillForm(picked ? picked.state : { present: [], moves: [], available_intents: [], can_leave: true });
  $("cases-title").textContent = `Cases of this state (${picked ? picked.cases.length : 0}): click one to run it`;
  $("cases").replaceChildren(
    ...(picked ? picked.cases : []).map((c) => {
      const button = el("button", { type: "button", title: "expect " + c.expect, text: c.text });
      button.addEventListener("click", () => {
        $("text").value = c.text;
        interpret();
      });
      return button;
    }),
  );
}

// --- one interpretation and its trace ---------------------------------------------------------

async function interpret() {
  const body = { scenario: $("scenario").value, text: $("text").value, state: currentState(), debug: true };
  $("decision").textContent = "…";
  const started = performance.now();
  const response = await fetch("/v1/interpret", { method: "POST", headers: headers(), body: JSON.stringify(body) });
  const answer = await response.json();
  lastResult = { answer, status: response.status, ms: performance.now() - started, label: stateLabel(), text: body.text };
  render($("current"), lastResult, true);
}

function render(container, result, current) {
  const { answer, status, ms, label, text } = result;
  const title = container.querySelector("h2") || container.appendChild(el("h2"));
  const decision = current ? $("decision") : el("span");
  decision.textContent = status === 200 ? answer.notation : "HTTP " + status;
  if (!current) title.replaceChildren("Decision: ", decision);
  const summary = current ? $("summary") : container.appendChild(el("p"));
  const detail = current ? $("detail") : container.appendChild(el("div"));
  if (status !== 200) {
    summary.replaceChildren(el("span", { class: "error", text: answer.error ? answer.error.message : "error" }));
    detail.replaceChildren();
    return;
  }
  summary.replaceChildren(
    `「${text}」 in ${label}: decided by ${answer.decided_by}`,
    answer.confidence != null ? `, confidence ${answer.confidence}` : "",
    `, ${Math.round(ms)} ms`,
    answer.error ? el("span", { class: "error", text: ` — ${answer.error.kind}: ${answer.error.message}` }) : "",
  );
  detail.replaceChildren(...traceView(answer.debug || {}));
}

function table(head, rows) {
  return el("table", {}, el("tr", {}, ...head.map((h) => el("th", { text: h }))), ...rows.map((r) => el("tr", {}, ...r.map(cell))));
}

function cell(value) {
  return value instanceof Node ? el("td", { class: "bar" }, value) : el("td", { text: value ?? "" });
}

function bar(p, after) {
  const box = el("div", { class: "barbox" + (after ? " after" : ""), title: p == null ? "" : p.toFixed(3) });
  const fill = el("span");
  fill.style.width = `${Math.round(100 * (p || 0))}%`;
  box.append(fill);
  return box;
}

function traceView(trace) {
  const parts = [];
  const removed = Object.fromEntries((trace.removed || []).map((r) => [r.token, `${r.by}: ${r.detail}`]));
  const model = trace.model;
  if (trace.correction) {
    // the line corrected itself: every stage below read what the player meant
    const c = trace.correction;
    parts.push(el("h3", { text: "Correction" }));
    parts.push(el("p", { class: "correction", text: `read as 「${c.meant}」${c.taken_back ? " (called off: なし)" : ""}; took back 「${c.dropped}」 at 「${c.marker}」` }));
  }
  parts.push(el("h3", { text: "Candidates" }));
  parts.push(
    table(
      ["token", "notation", "source", "speaker", "filtered out"],
      (trace.candidates || []).map((c) => [c.token, c.notation, c.source, c.speaker, removed[c.token] || ""]),
    ),
  );
  if (model) {
    parts.push(el("h3", { text: "Model: probability before and after calibration" }));
    const rows = Object.entries(model.options).map(([token, notation]) => {
      const chosen = notation === model.notation;
      return [
        el("span", { class: chosen ? "chosen" : "", text: `${token} ${notation}` }),
        wrap(bar(model.probabilities[token]), (model.probabilities[token] ?? 0).toFixed(3)),
        wrap(bar(model.scores[token], true), (model.scores[token] ?? 0).toFixed(3)),
        model.vetoed[notation] || "",
      ];
    });
    parts.push(table(["option", "model", "calibrated", "vetoed by"], rows));
    parts.push(el("p", { text: `greedy pick: ${model.greedy_notation}; prompt ${model.prompt_tokens} tokens, ${model.cached_tokens} cached, ${model.evaluated_tokens} evaluated` }));
  }
  if (trace.confirmation) {
    const c = trace.confirmation;
    parts.push(el("h3", { text: "Yes/no check" }));
    parts.push(el("p", { text: `${c.topic}: P(yes) ${c.p_yes}, for an empty text ${c.p_yes_content_free}, ratio ${c.ratio}` + (c.with_knowledge ? `; with knowledge ratio ${c.with_knowledge.ratio}` : "") }));
  }
  parts.push(el("h3", { text: "Rules that fired" }));
  const rules = trace.rules_fired || [];
  parts.push(rules.length ? table(["rule", "from", "to", "why"], rules.map((r) => [r.rule, r.from, r.to, r.detail])) : el("p", { text: "none" }));
  parts.push(el("h3", { text: "Timings (ms)" }));
  parts.push(table(["stage", "ms"], Object.entries(trace.timings_ms || {}).map(([k, v]) => [k, String(v)])));
  if (trace.prompt) {
    const details = el("details", {}, el("summary", { text: `Prompt (${trace.prompt.layout}, ${trace.prompt.token_count ?? "?"} tokens)` }));
    details.append(el("pre", { text: trace.prompt.text || "" }));
    parts.push(details);
  }
  return parts;
}

function wrap(node, label) {
  const box = el("div", {}, node);
  box.append(el("small", { text: label }));
  return box;
}

function pin() {
  if (!lastResult) return;
  const pinned = $("pinned");
  const card = el("article", { class: "result" });
  render(card, lastResult, false);
  pinned.prepend(card);
  while (pinned.children.length > 2) pinned.lastChild.remove(); // two or three states side by side
}

// --- start --------------------------------------------------------------------------------------

async function start() {
  $("api-key").value = localStorage.getItem("kikitori-api-key") || "";
  $("api-key").addEventListener("change", () => {
    localStorage.setItem("kikitori-api-key", $("api-key").value);
    init();
  });
  $("scenario").addEventListener("change", loadScenario);
  $("state-source").addEventListener("change", pickState);
  for (const id of ["location", "responder", "selected", "can-leave", "last-line"]) $(id).addEventListener("change", syncJSON);
  $("interpret").addEventListener("click", interpret);
  $("compare").addEventListener("click", pin);
  $("text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing) interpret();
  });
  await init();
}

async function init() {
  try {
    scenarios = await getJSON("/v1/scenarios");
  } catch (error) {
    $("summary").replaceChildren(el("span", { class: "error", text: String(error) }));
    return;
  }
  $("scenario").replaceChildren(...scenarios.map((s) => option(s.id, s.title ? `${s.id} — ${s.title}` : s.id)));
  if (params.get("scenario")) $("scenario").value = params.get("scenario");
  await loadScenario();
  if (params.get("text")) {
    $("text").value = params.get("text");
    interpret();
  }
}

start();
