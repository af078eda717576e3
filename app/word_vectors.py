"""Japanese word vectors (chiVe word2vec, as pruned and shipped in the `ja-ginza` wheel on PyPI):
extracted once into a cache directory at install time, then looked up word by word.

The wheel is fetched with `pip download --no-deps` (its pins on SudachiPy and spaCy do not matter: only
two data files are read), checked against the sha256 in models/word_vectors.json, and its vectors and
key table are saved as one .npz. Nothing is fetched at run time: without the .npz the service runs
with the semantic evidence off and says so."""

from __future__ import annotations

import hashlib
import json
import logging
import struct
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.errors import ModelFileError
from app.settings import PROJECT_ROOT

log = logging.getLogger(__name__)
MANIFEST = PROJECT_ROOT / "models" / "word_vectors.json"
_MASK = (1 << 64) - 1
_M = 0xC6A4A7935BD1E995


def murmurhash64a(data: bytes, seed: int = 1) -> int:
    """MurmurHash64A, the hash spaCy keys its strings with (seed 1)."""
    h = (seed ^ (len(data) * _M)) & _MASK
    blocks = len(data) // 8
    for (k,) in struct.iter_unpack("<Q", data[: blocks * 8]):
        k = (k * _M) & _MASK
        k ^= k >> 47
        k = (k * _M) & _MASK
        h = ((h ^ k) * _M) & _MASK
    tail = data[blocks * 8 :]
    if tail:
        for index in range(len(tail) - 1, -1, -1):
            h ^= tail[index] << (8 * index)
        h = (h * _M) & _MASK
    h ^= h >> 47
    h = (h * _M) & _MASK
    return h ^ (h >> 47)


def parse_key2row(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """spaCy's key2row file: a msgpack map of unsigned 64-bit keys to unsigned row numbers."""

    def read_uint(pos: int) -> tuple[int, int]:
        tag = data[pos]
        if tag < 0x80:
            return tag, pos + 1
        widths = {0xCC: ">B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q"}
        if tag not in widths:
            raise ModelFileError(f"key2row: unexpected msgpack tag {tag:#x} at byte {pos}")
        (value,) = struct.unpack_from(widths[tag], data, pos + 1)
        return value, pos + 1 + struct.calcsize(widths[tag])

    if data[:1] == b"\xdf":
        (count,) = struct.unpack_from(">I", data, 1)
        pos = 5
    elif data[:1] == b"\xde":
        (count,) = struct.unpack_from(">H", data, 1)
        pos = 3
    else:
        raise ModelFileError("key2row: not a msgpack map")
    keys = np.empty(count, dtype=np.uint64)
    rows = np.empty(count, dtype=np.int32)
    for index in range(count):
        keys[index], pos = read_uint(pos)
        rows[index], pos = read_uint(pos)
    order = np.argsort(keys)
    return keys[order], rows[order]


@dataclass(frozen=True)
class VectorsManifest:
    name: str
    package: str
    version: str
    wheel_sha256: str
    vectors_member: str
    key2row_member: str
    file_name: str

    @classmethod
    def load(cls, path: Path = MANIFEST) -> VectorsManifest:
        return cls(**json.loads(path.read_text(encoding="utf-8")))


def extract(wheel: Path, target: Path, manifest: VectorsManifest) -> None:
    """The wheel's vectors and key table, checked, as one .npz with unit-length rows."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != manifest.wheel_sha256:
        raise ModelFileError(f"{wheel.name}: sha256 {digest}, expected {manifest.wheel_sha256}")
    with zipfile.ZipFile(wheel) as archive:
        with archive.open(manifest.vectors_member) as handle:
            vectors = np.load(handle).astype(np.float32)
        keys, rows = parse_key2row(archive.read(manifest.key2row_member))
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors /= np.maximum(norms, 1e-9)
    partial = target.with_name(target.name + ".partial.npz")
    np.savez(partial, keys=keys, rows=rows, vectors=vectors)
    partial.replace(target)


def ensure_word_vectors(cache_dir: Path, manifest: VectorsManifest | None = None) -> Path:
    """Path of the extracted vectors, downloading the wheel from the package index the first time
    (an install step: `python -m app.model_files` runs it)."""
    manifest = manifest or VectorsManifest.load()
    target = cache_dir / manifest.file_name
    if target.exists():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
            "-d", tmp, f"{manifest.package}=={manifest.version}",
        ]  # fmt: skip
        log.info("downloading %s %s for its word vectors", manifest.package, manifest.version)
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        wheels = list(Path(tmp).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            raise ModelFileError(f"cannot download {manifest.package}=={manifest.version}: {done.stderr.strip()}")
        extract(wheels[0], target, manifest)
    return target


class WordVectors:
    """Unit word vectors by spaCy string key; a word the table lacks has no vector."""

    def __init__(self, keys: np.ndarray, rows: np.ndarray, vectors: np.ndarray) -> None:
        self._keys = keys
        self._rows = rows
        self._vectors = vectors

    @classmethod
    def load(cls, path: Path) -> WordVectors:
        with np.load(path) as data:
            return cls(data["keys"], data["rows"], data["vectors"])

    @property
    def dimensions(self) -> int:
        return int(self._vectors.shape[1])

    def vector(self, word: str) -> np.ndarray | None:
        key = np.uint64(murmurhash64a(word.encode("utf-8")))
        index = int(np.searchsorted(self._keys, key))
        if index < len(self._keys) and self._keys[index] == key:
            return self._vectors[self._rows[index]]
        return None


def load_word_vectors(cache_dir: Path) -> WordVectors | None:
    """The installed vectors, or None (with a warning) when `python -m app.model_files` has not run."""
    path = cache_dir / VectorsManifest.load().file_name
    if not path.exists():
        log.warning("word vectors not found at %s (run `python -m app.model_files`): semantic evidence off", path)
        return None
    return WordVectors.load(path)
