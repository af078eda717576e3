"""What the deployment files promise (issue 28). No container engine runs here (no daemon, and image
registries are out of reach), so these check the files themselves; CI's clean-clone install runs the
same install steps."""

from __future__ import annotations

import re
import tomllib

import pytest
import yaml

from app.settings import PROJECT_ROOT

pytestmark = pytest.mark.issue(28)
DOCKERFILE = (PROJECT_ROOT / "Dockerfile").read_text(encoding="utf-8")


def test_the_image_runs_as_a_user_with_a_health_check_and_pinned_bases() -> None:
    stages = re.findall(r"^FROM (\S+)", DOCKERFILE, flags=re.M)
    assert stages and all(re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+( AS \w+)?", s) or ":" in s for s in stages)
    assert all(re.search(r":\d+\.\d+\.\d+", s) for s in stages)  # a patch version, not "latest"
    final = DOCKERFILE[DOCKERFILE.rindex("FROM ") :]
    assert re.search(r"^USER (?!root)\w+", final, flags=re.M)
    assert "HEALTHCHECK" in final and "/healthz" in final
    assert "python -m app.model_files" in DOCKERFILE  # the model is assembled at build time


def test_the_lock_pins_every_runtime_dependency() -> None:
    project = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lock = (PROJECT_ROOT / "deploy" / "requirements.lock").read_text(encoding="utf-8")
    pinned = {re.sub(r"[-_.]+", "-", line.split("==")[0]).lower() for line in lock.splitlines() if "==" in line}
    for requirement in project["dependencies"]:
        name = re.sub(r"[-_.]+", "-", re.split(r"[<>=!~\[ ]", requirement)[0]).lower()
        assert name in pinned, name
    assert all("==" in line for line in lock.splitlines() if line and not line.startswith("#"))


def test_the_kubernetes_manifest_probes_the_service() -> None:
    documents = list(yaml.safe_load_all((PROJECT_ROOT / "deploy" / "kubernetes.yaml").read_text(encoding="utf-8")))
    kinds = {d["kind"]: d for d in documents}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler"} <= set(kinds)
    (container,) = kinds["Deployment"]["spec"]["template"]["spec"]["containers"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["resources"]["requests"]["memory"] and container["resources"]["limits"]["memory"]


def test_compose_runs_the_image_locally() -> None:
    compose = yaml.safe_load((PROJECT_ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert compose["services"]["kikitori"]["build"] == "."
