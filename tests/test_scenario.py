import json
from pathlib import Path

from app.scenario import load_scenario_dir, parse_scenario
from app.settings import PROJECT_ROOT

DEMO = json.loads((PROJECT_ROOT / "scenario" / "hoshizora.json").read_text(encoding="utf-8"))


def test_demo_scenario_meets_the_brief() -> None:
    assert len(DEMO["intents"]) >= 10
    assert len(DEMO["locations"]) >= 4
    assert len(DEMO["characters"]) >= 3
    assert all(c["aliases"] and c["knowledge"] for c in DEMO["characters"])
    assert DEMO["entities"] and DEMO["attitudes"]


def test_duplicate_intent_id_is_reported_with_its_path() -> None:
    raw = json.loads(json.dumps(DEMO))
    raw["intents"].append(dict(raw["intents"][0]))
    scenario, problems = parse_scenario(raw, "hoshizora.json")
    assert scenario is None
    assert any(p.path == f"$.intents[{len(raw['intents']) - 1}].id" and "duplicate" in p.message for p in problems)


def test_knowledge_of_unknown_intent_is_reported() -> None:
    raw = json.loads(json.dumps(DEMO))
    raw["characters"][0]["knowledge"].append({"intent": "存在しない", "info": ""})
    _, problems = parse_scenario(raw, "hoshizora.json")
    assert any(p.path.startswith("$.characters[0].knowledge[") and "unknown intent" in p.message for p in problems)


def test_alias_shared_by_two_locations_is_reported() -> None:
    raw = json.loads(json.dumps(DEMO))
    raw["locations"][1]["aliases"].append(raw["locations"][0]["aliases"][0])
    _, problems = parse_scenario(raw, "hoshizora.json")
    assert any(p.path.startswith("$.locations[1].aliases") and "shared" in p.message for p in problems)


def test_missing_field_and_unknown_field_are_reported() -> None:
    raw = json.loads(json.dumps(DEMO))
    del raw["intents"][0]["description"]
    raw["intents"][1]["colour"] = "red"
    _, problems = parse_scenario(raw, "hoshizora.json")
    paths = {p.path for p in problems}
    assert "$.intents[0].description" in paths
    assert "$.intents[1].colour" in paths


def test_broken_file_is_skipped_and_the_others_load(tmp_path: Path) -> None:
    (tmp_path / "hoshizora.json").write_text(json.dumps(DEMO, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    wrong_id = dict(DEMO, id="other")
    (tmp_path / "mismatch.json").write_text(json.dumps(wrong_id, ensure_ascii=False), encoding="utf-8")
    loaded = load_scenario_dir(tmp_path)
    assert list(loaded.scenarios) == ["hoshizora"]
    files = sorted(p.file for p in loaded.problems)
    assert files == ["broken.json", "mismatch.json"]
