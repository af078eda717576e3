import hashlib
import io
import struct
import zipfile
from pathlib import Path

import numpy as np
import pytest

from app.errors import ModelFileError
from app.word_vectors import VectorsManifest, WordVectors, extract, murmurhash64a, parse_key2row


def test_hash_is_spacys_string_key() -> None:
    # spaCy's documentation: nlp.vocab.strings["coffee"] == 3197928453018144401
    assert murmurhash64a(b"coffee") == 3197928453018144401


def _msgpack_map(pairs: dict[int, int]) -> bytes:
    out = b"\xdf" + struct.pack(">I", len(pairs))
    for key, row in pairs.items():
        out += b"\xcf" + struct.pack(">Q", key)
        out += bytes([row]) if row < 0x80 else b"\xcd" + struct.pack(">H", row)
    return out


def test_key2row_is_read_sorted_by_key() -> None:
    keys, rows = parse_key2row(_msgpack_map({30: 2, 10: 200, 20: 0}))
    assert keys.tolist() == [10, 20, 30] and rows.tolist() == [200, 0, 2]


def test_key2row_that_is_not_a_map_is_refused() -> None:
    with pytest.raises(ModelFileError, match="not a msgpack map"):
        parse_key2row(b"\x90")


def _wheel(tmp_path: Path, words: dict[str, list[float]]) -> tuple[Path, VectorsManifest]:
    vectors = io.BytesIO()
    np.save(vectors, np.array(list(words.values()), dtype=np.float32))
    key2row = _msgpack_map({murmurhash64a(w.encode()): i for i, w in enumerate(words)})
    wheel = tmp_path / "fake-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("fake/vocab/vectors", vectors.getvalue())
        archive.writestr("fake/vocab/key2row", key2row)
    manifest = VectorsManifest(
        name="fake",
        package="fake",
        version="1.0",
        wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        vectors_member="fake/vocab/vectors",
        key2row_member="fake/vocab/key2row",
        file_name="fake.npz",
    )
    return wheel, manifest


def test_extracted_vectors_are_unit_length_and_found_by_word(tmp_path: Path) -> None:
    wheel, manifest = _wheel(tmp_path, {"猫": [3.0, 4.0], "犬": [0.0, 2.0]})
    extract(wheel, tmp_path / manifest.file_name, manifest)
    vectors = WordVectors.load(tmp_path / manifest.file_name)
    cat = vectors.vector("猫")
    assert cat is not None and np.allclose(cat, [0.6, 0.8])
    assert vectors.vector("鳥") is None


def test_a_wheel_with_another_hash_is_refused(tmp_path: Path) -> None:
    wheel, manifest = _wheel(tmp_path, {"猫": [1.0, 0.0]})
    wrong = VectorsManifest(**{**manifest.__dict__, "wheel_sha256": "0" * 64})
    with pytest.raises(ModelFileError, match="sha256"):
        extract(wheel, tmp_path / "out.npz", wrong)


def test_manifest_names_the_pinned_wheel() -> None:
    manifest = VectorsManifest.load()
    assert (manifest.package, manifest.version) == ("ja-ginza", "5.3.0")
    assert len(manifest.wheel_sha256) == 64
    assert manifest.vectors_member.endswith("/vocab/vectors") and manifest.key2row_member.endswith("/vocab/key2row")
