import hashlib
from pathlib import Path

import pytest

from app.errors import ModelFileError
from app.model_files import ModelManifest, default_model_path, verify


def _manifest(data: bytes) -> ModelManifest:
    return ModelManifest("tiny", "tiny.gguf", len(data), hashlib.sha256(data).hexdigest(), 1, "x{n}", "p{n}")


def test_corrupt_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "tiny.gguf"
    path.write_bytes(b"GGUF-but-wrong")
    with pytest.raises(ModelFileError, match="corrupt"):
        verify(path, _manifest(b"GGUF-right-bytes"))


def test_verified_file_is_used_as_is(tmp_path: Path) -> None:
    data = b"GGUF-right-bytes"
    (tmp_path / "tiny.gguf").write_bytes(data)
    assert default_model_path(tmp_path, _manifest(data)) == tmp_path / "tiny.gguf"


def test_missing_part_package_is_named(tmp_path: Path) -> None:
    manifest = ModelManifest("tiny", "tiny.gguf", 1, "0" * 64, 1, "no_such_package_{n}", "p{n}")
    with pytest.raises(ModelFileError, match="no_such_package_1"):
        default_model_path(tmp_path, manifest)


def test_default_manifest_matches_the_published_model() -> None:
    manifest = ModelManifest.load()
    assert manifest.part_count == 22 and manifest.size == 1_117_320_768
