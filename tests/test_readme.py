"""The README is the entry point (issue 29): its commands exist, and its settings table is complete."""

from __future__ import annotations

import re
import shlex
import tomllib

from app.settings import PROJECT_ROOT, Settings

README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8")
SCRIPTS = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
# Tools a reader already has; every other command must be one of ours.
STANDARD_TOOLS = {"curl", "docker", "kubectl", "pytest"}


def _commands() -> list[list[str]]:
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README, flags=re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.split("#", 1)[0].strip()
            if line and not line.startswith(("'", '"', "}", "{")):
                commands.append(shlex.split(line, comments=True, posix=True) if "'" not in line else line.split())
    return commands


def test_every_command_in_the_readme_is_a_make_target_or_a_console_script() -> None:
    targets = set(re.findall(r"^([a-z][\w-]*):", MAKEFILE, flags=re.M))
    commands = _commands()
    assert commands
    for words in commands:
        program = words[0]
        if program == "make":
            assert words[1] in targets, words
        else:
            assert program in SCRIPTS or program in STANDARD_TOOLS, words
    for inline in re.findall(r"`((?:make|kikitori|eval-interpret|kikitori-bench) [^`]*)`", README):
        words = inline.split()
        assert (words[1] in targets) if words[0] == "make" else words[0] in SCRIPTS, inline


def test_the_settings_table_lists_every_setting_with_its_default() -> None:
    for name, field in Settings.model_fields.items():
        row = re.search(rf"^\| `INTERP_{name.upper()}` \| `([^`]*)` \|", README, flags=re.M)
        assert row is not None, name
        default = field.default
        shown = row.group(1)
        assert shown.endswith(str(default).removeprefix(str(PROJECT_ROOT) + "/")) or shown == str(default), name


def test_the_readme_is_a_page_read_in_minutes() -> None:
    assert len(README.splitlines()) <= 320
